// The report as a changelog fragment: Breaking changes, New resources, Enhancements / other
// changes, Removed resources. Names are Terraform names; each line says what changed and why it
// matters (or does not) to someone using the provider.
import type { ModuleKind } from "../model/resource-model.js";
import type { Change, ScalarValue } from "./change.js";
import type { ChangedType, DiffReport, TypeEntry } from "./diff-report.js";
import { MODULE_KINDS, MODULE_LABEL } from "./type-changes.js";

const MAX_LISTED_VALUES = 12;

const code = (s: string): string => {
  // A backtick inside needs a longer fence (CommonMark code spans).
  const fence = s.includes("`") ? "``" : "`";
  return `${fence}${s.includes("`") ? ` ${s} ` : s}${fence}`;
};

function valueList(values: readonly ScalarValue[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).map((v) => code(String(v)));
  const more = values.length - shown.length;
  return shown.join(", ") + (more > 0 ? ` and ${more} more` : "");
}

function enumDetail(c: Change): string {
  const parts: string[] = [];
  if (c.added && c.added.length > 0) parts.push(`added ${valueList(c.added)}`);
  if (c.removed && c.removed.length > 0) parts.push(`removed ${valueList(c.removed)}`);
  return parts.length > 0 ? ` (${parts.join("; ")})` : "";
}

/** Breaking changes always say what the next plan shows; other changes only when it is not "no change". */
function nextPlanNote(c: Change): string {
  if (c.nextPlan === undefined || (!c.breaking && c.nextPlan.startsWith("no change"))) return "";
  return `. Next plan after upgrading: ${c.nextPlan}`;
}

function changeLine(c: Change): string {
  const where = c.pointer === undefined ? "" : `${code(c.tfPath ?? c.pointer)} `;
  const detail = c.kind === "enumChanged" ? enumDetail(c) : "";
  return `  - ${where}${c.summary}${detail}: ${c.reason}${nextPlanNote(c)}`;
}

function typeHeading(t: TypeEntry): string {
  return `- **${code(t.tfTypeName || t.cfnTypeName)}** (${code(t.cfnTypeName)})`;
}

function modulesPhrase(t: TypeEntry): string {
  const made = MODULE_KINDS.flatMap((k) => {
    const name = t.modules[k];
    return name === undefined ? [] : [`${MODULE_LABEL[k]} ${code(name)}`];
  });
  return made.length > 0 ? made.join(", ") : "nothing generated";
}

function notGeneratedPhrase(t: TypeEntry): string {
  const entries = MODULE_KINDS.flatMap((k: ModuleKind) => {
    const why = t.notGenerated[k];
    return why === undefined ? [] : [`${MODULE_LABEL[k]}: ${why}`];
  });
  return entries.length > 0 ? ` (not generated: ${entries.join("; ")})` : "";
}

function changeGroups(types: readonly ChangedType[], breaking: boolean): string[] {
  const lines: string[] = [];
  for (const t of types) {
    const selected = t.changes.filter((c) => c.breaking === breaking);
    if (selected.length === 0) continue;
    lines.push(typeHeading(t), ...selected.map(changeLine));
  }
  return lines;
}

function section(title: string, lines: readonly string[]): string {
  return `### ${title}\n\n${lines.length > 0 ? lines.join("\n") : "None."}\n`;
}

function breakingSection(report: DiffReport): string {
  const lines = changeGroups(report.changedTypes, true);
  for (const t of report.removedTypes) {
    if (Object.keys(t.modules).length === 0) continue;
    lines.push(
      `${typeHeading(t)}: type removed; ${modulesPhrase(t)} no longer available. Next plan after upgrading: ` +
        'error "Invalid resource type" (or "Invalid data source") wherever the configuration uses them; ' +
        "remove the objects from the state (terraform state rm) before upgrading",
    );
  }
  return section("Breaking changes", lines);
}

function newResourcesSection(report: DiffReport): string {
  const lines = report.addedTypes.map(
    (t) => `${typeHeading(t)}: ${modulesPhrase(t)}${notGeneratedPhrase(t)}`,
  );
  for (const t of report.changedTypes) {
    for (const c of t.changes) {
      if (c.moduleEffect?.effect !== "appears") continue;
      lines.push(
        `- ${code(c.moduleEffect.tfTypeName)} ${MODULE_LABEL[c.moduleEffect.module]} (${code(t.cfnTypeName)}): ${c.summary}`,
      );
    }
  }
  return section("New resources", lines);
}

function otherSection(report: DiffReport): string {
  const lines = changeGroups(report.changedTypes, false);
  const quiet = report.changedTypes.filter((t) => t.changes.length === 0);
  if (quiet.length > 0) {
    const docsOnly = quiet.filter((t) => t.descriptionsOnly);
    const metadata = quiet.filter((t) => !t.descriptionsOnly);
    const names = (ts: readonly ChangedType[]) =>
      ts.map((t) => code(t.tfTypeName || t.cfnTypeName)).join(", ");
    if (docsOnly.length > 0) lines.push(`- Descriptions only (${docsOnly.length} types): ${names(docsOnly)}`);
    if (metadata.length > 0) {
      const withKeys = metadata.map(
        (t) => `${code(t.tfTypeName || t.cfnTypeName)} (${t.changedKeys.join(", ")})`,
      );
      lines.push(
        `- Schema metadata only, no change to the Terraform schema (${metadata.length} types): ${withKeys.join(", ")}`,
      );
    }
  }
  return section("Enhancements / other changes", lines);
}

function removedSection(report: DiffReport): string {
  const lines = report.removedTypes.map((t) => `${typeHeading(t)}: ${modulesPhrase(t)}`);
  for (const t of report.changedTypes) {
    for (const c of t.changes) {
      if (c.moduleEffect?.effect !== "disappears") continue;
      lines.push(
        `- ${code(c.moduleEffect.tfTypeName)} ${MODULE_LABEL[c.moduleEffect.module]} (${code(t.cfnTypeName)}): ${c.reason}`,
      );
    }
  }
  return section("Removed resources", lines);
}

export function reportMarkdown(report: DiffReport): string {
  const s = report.summary;
  const intro =
    `<!-- awscc-ts diff ${report.old} → ${report.new} -->\n` +
    `Schema changes: ${s.added} new types, ${s.removed} removed, ${s.changed} changed ` +
    `(${s.typesWithBreakingChanges} with breaking changes, ${s.breakingChanges} breaking changes in all).\n`;
  return [
    intro,
    breakingSection(report),
    newResourcesSection(report),
    otherSection(report),
    removedSection(report),
  ].join("\n");
}
