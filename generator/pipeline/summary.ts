// The closing summary of a generate run: counts, suppressions by reason, findings by rule.
import type { Adjustment } from "../load/adjust.js";
import { type Finding, formatFinding } from "../../cfn/findings.js";
import type { ModuleKind, Suppression } from "../model/resource-model.js";
import type { SensitiveAttribute } from "../model/sensitivity.js";
import type { PatternTally } from "../model/validators.js";

/** What a generate run decided, type by type: enough to count and summarise it. */
export interface GenerationOverview {
  readonly types: readonly {
    readonly cfnTypeName: string;
    readonly definitions: readonly { readonly kind: ModuleKind; readonly tfTypeName: string }[];
    readonly suppressed: readonly Suppression[];
    readonly sensitive?: readonly SensitiveAttribute[];
  }[];
  readonly adjustments: readonly Adjustment[];
  readonly findings: readonly Finding[];
  readonly patterns: PatternTally;
}

export interface GenerationCounts {
  readonly types: number;
  readonly resources: number;
  readonly singularDataSources: number;
  readonly pluralDataSources: number;
  readonly errors: number;
  readonly warnings: number;
}

export function countPlan(plan: GenerationOverview, schemaFiles: number): GenerationCounts {
  const defs = plan.types.flatMap((t) => t.definitions);
  return {
    types: schemaFiles,
    resources: defs.filter((d) => d.kind === "resource").length,
    singularDataSources: defs.filter((d) => d.kind === "singularDataSource").length,
    pluralDataSources: defs.filter((d) => d.kind === "pluralDataSource").length,
    errors: plan.findings.filter((f) => f.severity === "error").length,
    warnings: plan.findings.filter((f) => f.severity === "warning").length,
  };
}

const MODULE_LABEL = {
  resource: "resource",
  singularDataSource: "singular data source",
  pluralDataSource: "plural data source",
};

function tally<T>(items: readonly T[], key: (t: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
}

/** Human-readable summary; errors are listed one per line so none is lost in a count. */
/** Sensitive attributes of resources, and how many of them are generated write-only arguments. */
function sensitiveLine(plan: GenerationOverview): string {
  const all = plan.types.flatMap((t) => t.sensitive ?? []);
  const writeOnly = all.filter((s) => s.reason.startsWith("write-only argument")).length;
  const types = plan.types.filter((t) => (t.sensitive ?? []).length > 0).length;
  return `Sensitive attributes: ${all.length} in ${types} resources (${writeOnly} of them write-only arguments \`<name>_wo\`; each in manifest.json under sensitive)`;
}

export function formatSummary(
  plan: GenerationOverview,
  counts: GenerationCounts,
  seconds: number,
  options: { readonly listWarnings?: boolean } = {},
): string {
  const lines: string[] = [];
  lines.push(`Generated from ${counts.types} schemas in ${seconds.toFixed(1)} s:`);
  lines.push(`  resources:              ${counts.resources}`);
  lines.push(`  singular data sources:  ${counts.singularDataSources}`);
  lines.push(`  plural data sources:    ${counts.pluralDataSources}`);
  if (plan.adjustments.length > 0) {
    lines.push(`Pins and patches applied: ${plan.adjustments.length}`);
    for (const a of plan.adjustments) lines.push(`  ${a.kind} ${a.type}: ${a.reason}`);
  }
  // By module and reason; the types are named where a reason concerns only a few of them.
  const suppressed = plan.types.flatMap((t) => t.suppressed.map((s) => ({ ...s, type: t.cfnTypeName })));
  lines.push(`Suppressed modules: ${suppressed.length}`);
  const reasonOf = (s: (typeof suppressed)[number]) => `${MODULE_LABEL[s.module]}: ${s.reason.split(":")[0]}`;
  for (const [reason, n] of tally(suppressed, reasonOf)) {
    const types =
      n <= 3
        ? ` (${suppressed
            .filter((s) => reasonOf(s) === reason)
            .map((s) => s.type)
            .join(", ")})`
        : "";
    lines.push(`  ${String(n).padStart(5)}  ${reason}${types}`);
  }
  lines.push(sensitiveLine(plan));
  const p = plan.patterns;
  const total = p.kept + p.rewritten + p.dropped + p.blank;
  lines.push(
    `Patterns: ${total} (${p.kept} used as written, ${p.rewritten} translated to ECMAScript, ${p.dropped} dropped with a warning, ${p.blank} blank in the schema)`,
  );
  const warnings = plan.findings.filter((f) => f.severity === "warning");
  lines.push(
    `Warnings: ${warnings.length}` +
      (warnings.length > 0 && !options.listWarnings
        ? " (each in manifest.json under findings; --verbose lists them)"
        : ""),
  );
  for (const [rule, n] of tally(warnings, (f) => f.rule ?? "other"))
    lines.push(`  ${String(n).padStart(5)}  ${rule}`);
  if (options.listWarnings) for (const w of warnings) lines.push(`  ${formatFinding(w)}`);
  const errors = plan.findings.filter((f) => f.severity === "error");
  lines.push(`Errors: ${errors.length}`);
  for (const e of errors) lines.push(`  ${formatFinding(e)}`);
  return lines.join("\n");
}
