// Decides, for every loaded schema, which modules are generated and why others are not.
// Pure over its inputs: loaded schemas, their load findings and the configuration.
import type { Definition } from "../../terraform/schema/types.js";
import type { GenerationConfig } from "../config/generation-config.js";
import { type Adjustment, applyPinsAndPatches, type SchemaPatch } from "../load/adjust.js";
import type { MetaSchemaValidator } from "../load/meta-schema.js";
import { schemaPatches } from "../../schemas/patches.js";
import { type Finding, makeFinding } from "../../cfn/findings.js";
import type { LoadedSchema } from "../../cfn/read-schemas.js";
import type { CfnResourceSchema } from "../model/cfn-schema.js";
import {
  buildTypeModel,
  type ModuleKind,
  type Suppression,
  type TypeModel,
} from "../model/resource-model.js";
import { addPatternTally, emptyPatternTally, type PatternTally } from "../model/validators.js";

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

/** A definition that loses its Terraform name, with the other files that claim it. */
export interface NameClash {
  readonly kind: ModuleKind;
  readonly others: readonly string[];
}

/**
 * Two types must not claim the same Terraform name (e.g. a plural equal to another type's
 * singular, or two files of one type): for every file that claims a contested name, the
 * definitions it loses.
 */
export function findNameClashes(
  types: readonly { readonly file: string; readonly definitions: readonly NamedDefinition[] }[],
): Map<string, NameClash[]> {
  const claims = new Map<string, string[]>();
  for (const t of types)
    for (const d of t.definitions) claims.set(nameKey(d), [...(claims.get(nameKey(d)) ?? []), t.file]);
  const clashing = new Map<string, NameClash[]>();
  for (const t of types) {
    const lost = t.definitions
      .filter((d) => claims.get(nameKey(d))!.length > 1)
      .map((d) => ({ kind: d.kind, others: claims.get(nameKey(d))!.filter((f) => f !== t.file) }));
    if (lost.length > 0) clashing.set(t.file, lost);
  }
  return clashing;
}

const MODULE_LABEL: Readonly<Record<ModuleKind, string>> = {
  resource: "resource",
  singularDataSource: "data source",
  pluralDataSource: "data source",
};

/** The suppression and the error finding of a definition dropped for a name clash. */
export function clashSuppression(
  d: NamedDefinition,
  others: readonly string[],
): { suppression: Suppression; message: string } {
  const by = others.length > 0 ? others.join(", ") : "another type";
  return {
    suppression: { module: d.kind, reason: `Terraform name ${d.tfTypeName} clashes with another type` },
    message: `the Terraform ${MODULE_LABEL[d.kind]} name ${d.tfTypeName} is also claimed by ${by}; neither gets it`,
  };
}

function dropNameClashes(types: PlannedType[], findings: Finding[]): PlannedType[] {
  const clashes = findNameClashes(types);
  return types.map((t) => {
    const lost = clashes.get(t.file);
    if (!lost) return t;
    const clashing = t.definitions.flatMap((d) => {
      const clash = lost.find((c) => c.kind === d.kind);
      return clash ? [{ d, ...clashSuppression(d, clash.others) }] : [];
    });
    for (const c of clashing)
      findings.push(makeFinding("error", t.file, "/typeName", c.message, "name-clash"));
    return {
      ...t,
      definitions: t.definitions.filter((d) => !clashing.some((c) => c.d === d)),
      suppressed: [...t.suppressed, ...clashing.map((c) => c.suppression)],
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

/** One schema file as generate sees it: pins and patches applied, checked, modelled and decided. */
export interface PreparedType {
  /** The effective schema (pins and patches applied). */
  readonly loaded: LoadedSchema;
  readonly adjustments: readonly Adjustment[];
  readonly findings: Finding[];
  /** Undefined when an error blocks the type (meta-schema, model). */
  readonly planned?: PlannedType;
}

/**
 * The per-type step of generation, shared by generate (per shard) and every planning caller
 * (diff, docs, tests), so all of them see the schema and the decisions generate would.
 */
export function prepareType(
  read: LoadedSchema,
  config: GenerationConfig,
  patches: readonly SchemaPatch[] = schemaPatches,
  validator?: MetaSchemaValidator,
): PreparedType {
  const adjusted = applyPinsAndPatches([read], config, patches);
  const loaded = adjusted.schemas[0]!;
  const findings: Finding[] = [...adjusted.findings];
  if (validator) findings.push(...validator.validateLoaded(loaded));
  const prepared = { loaded, adjustments: adjusted.applied, findings };
  if (findings.some((f) => f.severity === "error")) return prepared;
  const planned = planType(loaded, config, findings);
  return planned ? { ...prepared, planned } : prepared;
}

/** Findings in report order: by file, then pointer; the order of discovery otherwise. */
export function sortPlanFindings(findings: Finding[]): void {
  findings.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0,
  );
}

/** Plans a set of loaded schemas as generate would (pins, patches, the name-clash rule), without writing. */
export function planGeneration(
  schemas: readonly LoadedSchema[],
  loadFindings: readonly Finding[],
  config: GenerationConfig,
  patches: readonly SchemaPatch[] = schemaPatches,
): GenerationPlan {
  const findings: Finding[] = [...loadFindings];
  const blocked = new Set(loadFindings.filter((f) => f.severity === "error").map((f) => f.file));
  const planned: PlannedType[] = [];
  const adjustments: Adjustment[] = [];
  const patterns = emptyPatternTally();
  for (const read of schemas) {
    if (blocked.has(read.file)) continue;
    const prepared = prepareType(read, config, patches);
    findings.push(...prepared.findings);
    adjustments.push(...prepared.adjustments);
    const type = prepared.planned;
    if (!type) continue;
    addPatternTally(patterns, type.model.patterns);
    planned.push(type);
  }
  const types = dropNameClashes(planned, findings);
  sortPlanFindings(findings);
  return { types, adjustments, findings, patterns };
}
