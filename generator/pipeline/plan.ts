// Decides, for every loaded schema, which modules are generated and why others are not.
// Pure over its inputs: loaded schemas, their load findings and the configuration.
import type { Definition } from "../../runtime/schema/types.js";
import type { GenerationConfig } from "../config/generation-config.js";
import type { Adjustment } from "../load/adjust.js";
import { type Finding, makeFinding } from "../load/findings.js";
import type { LoadedSchema } from "../load/read-schemas.js";
import type { CfnResourceSchema } from "../model/cfn-schema.js";
import {
  buildTypeModel,
  type ModuleKind,
  type Suppression,
  type TypeModel,
} from "../model/resource-model.js";
import type { PatternTally } from "../model/validators.js";

export interface PlannedType {
  readonly file: string;
  readonly model: TypeModel;
  /** Final decisions: generated definitions and suppressed modules with reasons. */
  readonly definitions: readonly Definition[];
  readonly suppressed: readonly Suppression[];
}

export interface GenerationPlan {
  readonly types: readonly PlannedType[];
  /** Pins and patches applied at load, with their reasons. */
  readonly adjustments: readonly Adjustment[];
  /** Errors (a type or module could not be generated) and warnings, sorted by file. */
  readonly findings: readonly Finding[];
  readonly patterns: PatternTally;
}

const MODULES: readonly ModuleKind[] = ["resource", "singularDataSource", "pluralDataSource"];

function definitionOf(model: TypeModel, module: ModuleKind): Definition | undefined {
  if (module === "resource") return model.resource;
  if (module === "singularDataSource") return model.singular;
  return model.plural;
}

/** Applies the configured suppressions; mapping failures nobody configured are errors. */
function decide(file: string, model: TypeModel, config: GenerationConfig, findings: Finding[]): PlannedType {
  const configured = config.suppressions.get(model.cfnTypeName);
  const definitions: Definition[] = [];
  const suppressed: Suppression[] = [];
  for (const module of MODULES) {
    const definition = definitionOf(model, module);
    const ruleSuppression = model.suppressed.find((s) => s.module === module);
    if (configured?.modules.includes(module)) {
      suppressed.push({ module, reason: `configured: ${configured.reason}` });
      continue;
    }
    if (definition) {
      definitions.push(definition);
    } else if (ruleSuppression) {
      suppressed.push(ruleSuppression);
      if (ruleSuppression.mappingError) {
        findings.push(
          makeFinding(
            "error",
            file,
            ruleSuppression.pointer ?? "",
            `${module} not generated: ${ruleSuppression.reason}`,
            "mapping",
          ),
        );
      }
    }
  }
  for (const note of model.notes)
    findings.push(makeFinding("warning", file, note.pointer, note.message, note.kind));
  return { file, model, definitions, suppressed };
}

/** What a definition needs to take part in the name-clash check. */
export interface NamedDefinition {
  readonly kind: ModuleKind;
  readonly tfTypeName: string;
}

/** Resources and data sources live in separate Terraform namespaces. */
const nameKey = (d: NamedDefinition): string =>
  `${d.kind === "resource" ? "resource" : "data source"} ${d.tfTypeName}`;

/**
 * Two types must not claim the same Terraform name (e.g. a plural equal to another type's
 * singular): the kinds each file loses, for every file that claims a contested name.
 */
export function findNameClashes(
  types: readonly { readonly file: string; readonly definitions: readonly NamedDefinition[] }[],
): Map<string, ModuleKind[]> {
  const claims = new Map<string, number>();
  for (const d of types.flatMap((t) => t.definitions))
    claims.set(nameKey(d), (claims.get(nameKey(d)) ?? 0) + 1);
  const clashing = new Map<string, ModuleKind[]>();
  for (const t of types) {
    const kinds = t.definitions.filter((d) => claims.get(nameKey(d))! > 1).map((d) => d.kind);
    if (kinds.length > 0) clashing.set(t.file, kinds);
  }
  return clashing;
}

/** The suppression and the error finding of a definition dropped for a name clash. */
export function clashSuppression(d: NamedDefinition): { suppression: Suppression; message: string } {
  return {
    suppression: { module: d.kind, reason: `Terraform name ${d.tfTypeName} clashes with another type` },
    message: `the Terraform name ${d.tfTypeName} is claimed by more than one type`,
  };
}

function dropNameClashes(types: PlannedType[], findings: Finding[]): PlannedType[] {
  const clashes = findNameClashes(types);
  return types.map((t) => {
    const kinds = clashes.get(t.file);
    if (!kinds) return t;
    const clashing = t.definitions.filter((d) => kinds.includes(d.kind));
    for (const d of clashing)
      findings.push(makeFinding("error", t.file, "/typeName", clashSuppression(d).message, "name-clash"));
    return {
      ...t,
      definitions: t.definitions.filter((d) => !clashing.includes(d)),
      suppressed: [...t.suppressed, ...clashing.map((d) => clashSuppression(d).suppression)],
    };
  });
}

/** Models one loaded schema and applies the configured suppressions; undefined when it cannot be modelled. */
export function planType(
  loaded: LoadedSchema,
  config: GenerationConfig,
  findings: Finding[],
): PlannedType | undefined {
  let model: TypeModel;
  try {
    model = buildTypeModel(loaded.schema as unknown as CfnResourceSchema);
  } catch (e) {
    findings.push(
      makeFinding("error", loaded.file, "", `cannot be generated: ${(e as Error).message}`, "model"),
    );
    return undefined;
  }
  return decide(loaded.file, model, config, findings);
}

/** Findings in report order: by file, then pointer; the order of discovery otherwise. */
export function sortPlanFindings(findings: Finding[]): void {
  findings.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0,
  );
}

export function planGeneration(
  schemas: readonly LoadedSchema[],
  loadFindings: readonly Finding[],
  config: GenerationConfig,
  adjustments: readonly Adjustment[] = [],
): GenerationPlan {
  const findings: Finding[] = [...loadFindings];
  const blocked = new Set(loadFindings.filter((f) => f.severity === "error").map((f) => f.file));
  const planned: PlannedType[] = [];
  const patterns: PatternTally = { kept: 0, rewritten: 0, dropped: 0, blank: 0 };
  for (const loaded of schemas) {
    if (blocked.has(loaded.file)) continue;
    const type = planType(loaded, config, findings);
    if (!type) continue;
    for (const k of Object.keys(patterns) as (keyof PatternTally)[]) patterns[k] += type.model.patterns[k];
    planned.push(type);
  }
  const types = dropNameClashes(planned, findings);
  sortPlanFindings(findings);
  return { types, adjustments, findings, patterns };
}
