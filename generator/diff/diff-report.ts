// The change report between two schema snapshots: added, removed and changed types, each change
// classified for provider users. Pure over loaded schemas and the generation config; the
// generation plan of each side says which Terraform resources and data sources exist.
import { isDeepStrictEqual } from "node:util";
import type { Attributes } from "../../terraform/schema/types.js";
import { type GenerationConfig, loadGenerationConfig } from "../config/generation-config.js";
import type { Finding } from "../../cfn/findings.js";
import { type LoadedSchema, readSchemaDirSync } from "../../cfn/read-schemas.js";
import type { CfnResourceSchema } from "../model/cfn-schema.js";
import { typeNames } from "../../terraform/naming/naming.js";
import type { ModuleKind } from "../model/resource-model.js";
import { type PlannedType, planGeneration } from "../pipeline/plan.js";
import { type Change, compareChanges, compareText } from "./change.js";
import { propertyChanges } from "./property-changes.js";
import { nextPlanText } from "./next-plan.js";
import { modelNodes } from "./model-nodes.js";
import { terraformPaths } from "./tf-paths.js";
import {
  type GeneratedModules,
  generatedModules,
  handlerChanges,
  identifierChanges,
  MODULE_KINDS,
  moduleChanges,
} from "./type-changes.js";

export interface SchemaSet {
  /** How the report names this side, e.g. the directory given on the command line. */
  readonly label: string;
  readonly schemas: readonly LoadedSchema[];
  readonly findings: readonly Finding[];
}

export interface TypeEntry {
  readonly cfnTypeName: string;
  readonly tfTypeName: string;
  readonly file: string;
  /** Generated modules: kind → Terraform type name. */
  readonly modules: Partial<Record<ModuleKind, string>>;
  /** Modules not generated, with the reason. */
  readonly notGenerated: Partial<Record<ModuleKind, string>>;
}

export interface ChangedType extends TypeEntry {
  readonly breaking: boolean;
  /** Top-level schema keys whose value differs (including ones no change item covers, e.g. tagging). */
  readonly changedKeys: readonly string[];
  /** The schemas differ only in `description` texts. */
  readonly descriptionsOnly: boolean;
  readonly changes: readonly Change[];
}

export interface UnreadableFile {
  readonly side: "old" | "new";
  readonly file: string;
  readonly message: string;
}

export interface DiffSummary {
  readonly oldTypes: number;
  readonly newTypes: number;
  readonly added: number;
  readonly removed: number;
  /** Types whose parsed schema differs (key order and formatting do not count). */
  readonly changed: number;
  readonly unchanged: number;
  readonly breakingChanges: number;
  readonly typesWithBreakingChanges: number;
  /** Changed types with no itemised change (descriptions, tagging metadata, …). */
  readonly typesWithoutItemisedChanges: number;
}

export interface DiffReport {
  readonly old: string;
  readonly new: string;
  readonly summary: DiffSummary;
  readonly addedTypes: readonly TypeEntry[];
  readonly removedTypes: readonly TypeEntry[];
  readonly changedTypes: readonly ChangedType[];
  readonly unreadable: readonly UnreadableFile[];
}

interface Side {
  readonly loaded: LoadedSchema;
  readonly planned?: PlannedType;
}

/** First schema per type name (a duplicate type name is the generator's problem, not the diff's). */
function schemasByType(set: SchemaSet): Map<string, LoadedSchema> {
  const out = new Map<string, LoadedSchema>();
  for (const loaded of set.schemas) if (!out.has(loaded.typeName)) out.set(loaded.typeName, loaded);
  return out;
}

/** Types whose Terraform names another type of the set also claims (the plan drops those). */
function typesWithNameClashes(schemas: ReadonlyMap<string, LoadedSchema>): Set<string> {
  const claimants = new Map<string, string[]>();
  for (const typeName of schemas.keys()) {
    let names: ReturnType<typeof typeNames>;
    try {
      names = typeNames(typeName);
    } catch {
      continue;
    }
    for (const n of new Set([names.tfTypeName, names.pluralTfTypeName]))
      claimants.set(n, [...(claimants.get(n) ?? []), typeName]);
  }
  return new Set([...claimants.values()].filter((c) => c.length > 1).flat());
}

/**
 * Plans only the types the report needs (planning is most of the cost), plus every type involved
 * in a Terraform name clash so the plan's clash rule decides exactly as it would for the whole set.
 */
function sidesFor(
  set: SchemaSet,
  schemas: ReadonlyMap<string, LoadedSchema>,
  wanted: ReadonlySet<string>,
  config: GenerationConfig,
): Map<string, Side> {
  const include = new Set([...wanted, ...typesWithNameClashes(schemas)]);
  const subset = [...schemas.values()].filter((s) => include.has(s.typeName));
  const plan = planGeneration(subset, set.findings, config);
  const planned = new Map(plan.types.map((t) => [t.model.cfnTypeName, t]));
  const out = new Map<string, Side>();
  for (const typeName of wanted) {
    const loaded = schemas.get(typeName)!;
    const p = planned.get(typeName);
    out.set(typeName, { loaded, ...(p && { planned: p }) });
  }
  return out;
}

function tfTypeNameOf(cfnTypeName: string): string {
  try {
    return typeNames(cfnTypeName).tfTypeName;
  } catch {
    return "";
  }
}

function typeEntry(side: Side, modules: GeneratedModules): TypeEntry {
  const names: Partial<Record<ModuleKind, string>> = {};
  const notGenerated: Partial<Record<ModuleKind, string>> = {};
  for (const k of MODULE_KINDS) {
    const name = modules.names.get(k);
    if (name !== undefined) names[k] = name;
    const why = modules.suppressed.get(k);
    if (name === undefined && why !== undefined) notGenerated[k] = why;
  }
  return {
    cfnTypeName: side.loaded.typeName,
    tfTypeName: tfTypeNameOf(side.loaded.typeName),
    file: side.loaded.file,
    modules: names,
    notGenerated,
  };
}

/** A copy without `description` strings, to tell documentation-only changes apart. */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "description" && typeof v === "string") continue;
    out[k] = withoutDescriptions(v);
  }
  return out;
}

function changedKeys(before: object, after: object): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter(
      (k) =>
        !isDeepStrictEqual((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k]),
    )
    .sort(compareText);
}

function attributesOf(planned: PlannedType | undefined): Attributes | undefined {
  for (const d of planned?.definitions ?? []) if (d.kind === "resource") return d.attributes;
  for (const d of planned?.definitions ?? []) if (d.kind === "singularDataSource") return d.attributes;
  return undefined;
}

function diffChangedType(before: Side, after: Side): ChangedType {
  const b = before.loaded.schema as unknown as CfnResourceSchema;
  const a = after.loaded.schema as unknown as CfnResourceSchema;
  const beforeModules = generatedModules(before.planned);
  const afterModules = generatedModules(after.planned);
  const handlers = handlerChanges(b, a, beforeModules, afterModules);
  const explained = new Set(handlers.flatMap((c) => (c.moduleEffect ? [c.moduleEffect.module] : [])));
  const beforeAttributes = attributesOf(before.planned);
  const afterAttributes = attributesOf(after.planned);
  // Without a model on one side there are no attributes to compare: the modules appearing or
  // disappearing say it all.
  const properties =
    beforeAttributes === undefined || afterAttributes === undefined
      ? []
      : propertyChanges(
          { nodes: modelNodes(beforeAttributes), tfPaths: terraformPaths(beforeAttributes) },
          { nodes: modelNodes(afterAttributes), tfPaths: terraformPaths(afterAttributes) },
        );
  const changes = [
    ...moduleChanges(beforeModules, afterModules, explained),
    ...identifierChanges(b, a),
    ...handlers,
    ...properties,
  ]
    .sort(compareChanges)
    .map((c) => ({ ...c, nextPlan: nextPlanText(c) }));
  return {
    ...typeEntry(after, afterModules),
    breaking: changes.some((c) => c.breaking),
    changedKeys: changedKeys(before.loaded.schema, after.loaded.schema),
    // Any itemised change is more than a description edit, so the deep comparison runs only without one.
    descriptionsOnly:
      changes.length === 0 &&
      isDeepStrictEqual(withoutDescriptions(before.loaded.schema), withoutDescriptions(after.loaded.schema)),
    changes,
  };
}

function unreadable(side: "old" | "new", findings: readonly Finding[]): UnreadableFile[] {
  return findings
    .filter((f) => f.severity === "error")
    .map((f) => ({ side, file: f.file, message: f.message }));
}

const byType = (x: TypeEntry, y: TypeEntry): number => compareText(x.cfnTypeName, y.cfnTypeName);

export function diffSchemaSets(
  oldSet: SchemaSet,
  newSet: SchemaSet,
  config: GenerationConfig = loadGenerationConfig(),
): DiffReport {
  const oldSchemas = schemasByType(oldSet);
  const newSchemas = schemasByType(newSet);
  const added = [...newSchemas.keys()].filter((t) => !oldSchemas.has(t));
  const removed = [...oldSchemas.keys()].filter((t) => !newSchemas.has(t));
  const changed = [...newSchemas.keys()].filter(
    (t) => oldSchemas.has(t) && !isDeepStrictEqual(oldSchemas.get(t)!.schema, newSchemas.get(t)!.schema),
  );
  const unchanged = newSchemas.size - added.length - changed.length;
  const oldSides = sidesFor(oldSet, oldSchemas, new Set([...removed, ...changed]), config);
  const newSides = sidesFor(newSet, newSchemas, new Set([...added, ...changed]), config);
  const entry = (side: Side) => typeEntry(side, generatedModules(side.planned));
  const addedTypes = added.map((t) => entry(newSides.get(t)!));
  const removedTypes = removed.map((t) => entry(oldSides.get(t)!));
  const changedTypes = changed.map((t) => diffChangedType(oldSides.get(t)!, newSides.get(t)!));
  addedTypes.sort(byType);
  removedTypes.sort(byType);
  changedTypes.sort(byType);
  const breakingChanges = changedTypes.reduce((n, t) => n + t.changes.filter((c) => c.breaking).length, 0);
  return {
    old: oldSet.label,
    new: newSet.label,
    summary: {
      oldTypes: oldSchemas.size,
      newTypes: newSchemas.size,
      added: addedTypes.length,
      removed: removedTypes.length,
      changed: changedTypes.length,
      unchanged,
      breakingChanges,
      typesWithBreakingChanges: changedTypes.filter((t) => t.breaking).length,
      typesWithoutItemisedChanges: changedTypes.filter((t) => t.changes.length === 0).length,
    },
    addedTypes,
    removedTypes,
    changedTypes,
    unreadable: [...unreadable("old", oldSet.findings), ...unreadable("new", newSet.findings)],
  };
}

/** Reads both directories (labels are the paths as given) and diffs them. */
export function diffSchemaDirs(oldDir: string, newDir: string, config?: GenerationConfig): DiffReport {
  const read = (dir: string): SchemaSet => {
    const contents = readSchemaDirSync(dir);
    return { label: dir, schemas: contents.schemas, findings: contents.findings };
  };
  return diffSchemaSets(read(oldDir), read(newDir), config);
}
