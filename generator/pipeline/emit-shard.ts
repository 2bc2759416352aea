// Everything generate does for one schema file that needs no other file: read, pins and patches,
// meta-schema check, model, suppressions, writing its modules and serialising its provider-schema
// entries. A shard is the list of files one call handles (the whole run, or the files a name clash
// sends back for a second pass).
import fs from "node:fs";
import path from "node:path";
import { schemaPatches } from "../../schemas/patches.js";
import type { Definition, ResourceDefinition } from "../../terraform/schema/types.js";
import type { GenerationConfig } from "../config/generation-config.js";
import {
  derivedSingularDataSourceModule,
  pluralDataSourceModule,
  resourceModule,
  singularDataSourceModule,
} from "../emit/modules.js";
import { definitionSchemaText } from "../emit/provider-schema.js";
import type { Adjustment, SchemaPatch } from "../load/adjust.js";
import { type Finding, makeFinding } from "../../cfn/findings.js";
import { createMetaSchemaValidator, type MetaSchemaValidator } from "../load/meta-schema.js";
import { type LoadedSchema, parseSchemaText, readSchemaText } from "../../cfn/read-schemas.js";
import type { ModuleKind, Suppression } from "../model/resource-model.js";
import { emptyPatternTally, type PatternTally } from "../model/validators.js";
import { typeInputHash } from "./input-hash.js";
import { clashSuppression, type NameClash, prepareType } from "./plan.js";
import { type SensitiveAttribute, sensitiveAttributes } from "../model/sensitivity.js";

export const MODULE_SUFFIX: Readonly<Record<ModuleKind, string>> = {
  resource: "resource",
  singularDataSource: "singular_data_source",
  pluralDataSource: "plural_data_source",
};

/** What the previous run left on disk for one schema file (from its manifest). */
export interface PreviousOutput {
  readonly inputHash: string;
  readonly modules: readonly string[];
}

export interface ShardInput {
  readonly schemasDir: string;
  /** Schema file names, in the order their outputs are wanted. */
  readonly files: readonly string[];
  readonly config: GenerationConfig;
  /** Undefined: the project's own patches (schemas/patches.ts); functions cannot cross threads. */
  readonly patches?: readonly SchemaPatch[];
  readonly validate: boolean;
  readonly metaSchemasDir?: string;
  /** Only these CloudFormation types; the other files are read and left out. */
  readonly only?: readonly string[];
  readonly generatorVersion: string;
  /** Modules are written below it (the caller has emptied it for a full run). */
  readonly outDir: string;
  /** Previous outputs by file: a type whose hash and modules match keeps its modules on disk. */
  readonly previous?: Readonly<Record<string, PreviousOutput>>;
  /** Definitions another type also claims, by file: suppressed here (name clashes, plan.ts). */
  readonly clashing?: Readonly<Record<string, readonly NameClash[]>>;
  /** Called after each file, whatever became of it (progress). */
  readonly onFileDone?: () => void;
}

export interface GeneratedDefinition {
  readonly kind: ModuleKind;
  readonly tfTypeName: string;
  /** Module path relative to the output folder, without extension. */
  readonly modulePath: string;
  /** Bytes of the module written in this run; undefined when the module on disk was kept. */
  readonly writtenBytes?: number;
  /** The definition's entry in provider-schema.json. */
  readonly schemaJson: string;
}

/** A schema file that loaded and was modelled. */
export interface TypeOutput {
  readonly file: string;
  readonly cfnTypeName: string;
  /** The effective schema (pins and patches applied), relative to the output folder. */
  readonly schemaFile: string;
  readonly inputHash: string;
  readonly definitions: readonly GeneratedDefinition[];
  readonly suppressed: readonly Suppression[];
  /** The resource's sensitive attributes and why (listed in the manifest). */
  readonly sensitive: readonly SensitiveAttribute[];
  /** True when its modules were (re)written in this run. */
  readonly emitted: boolean;
}

/** What became of one schema file. */
export interface FileOutput {
  readonly file: string;
  /** Its findings, in the order generate reports them before sorting. */
  readonly findings: Finding[];
  readonly adjustments: Adjustment[];
  readonly patterns: PatternTally;
  /** False when the file could not be read as a schema at all. */
  readonly readable: boolean;
  /** The type name of a readable file that `only` kept (undefined when left out or unreadable). */
  readonly typeName?: string;
  /** The generated type; undefined when the file was unreadable, left out or blocked by an error. */
  readonly type?: TypeOutput;
}

const moduleBase = (kind: ModuleKind, baseName: string): string => `${baseName}_${MODULE_SUFFIX[kind]}`;

/** The singular data source derives from the resource module whenever that module is written. */
function moduleText(d: Definition, siblings: readonly Definition[], baseName: string): string {
  if (d.kind === "resource") return resourceModule(d);
  if (d.kind === "pluralDataSource") return pluralDataSourceModule(d);
  return siblings.some((s) => s.kind === "resource")
    ? derivedSingularDataSourceModule(d, moduleBase("resource", baseName))
    : singularDataSourceModule(d);
}

function sensitiveOf(definitions: readonly Definition[]): SensitiveAttribute[] {
  const resource = definitions.find((d): d is ResourceDefinition => d.kind === "resource");
  return resource ? sensitiveAttributes(resource.attributes) : [];
}

/** Where a type's effective schema is written: one folder, the schema file's own name. */
export const EFFECTIVE_SCHEMAS_DIR = "cfn-schemas";
const effectiveSchemaFile = (file: string): string => `${EFFECTIVE_SCHEMAS_DIR}/${file}`;

/**
 * The schema as generate used it, for every reader after generate (the binary, the runtime from
 * source, the emulator): the source text when nothing changed it, otherwise the adjusted document.
 */
function writeEffectiveSchema(
  outDir: string,
  schemaFile: string,
  sourceText: string | undefined,
  loaded: LoadedSchema,
): void {
  fs.mkdirSync(path.join(outDir, EFFECTIVE_SCHEMAS_DIR), { recursive: true });
  const text = sourceText ?? JSON.stringify(loaded.schema, null, 2) + "\n";
  fs.writeFileSync(path.join(outDir, schemaFile), text);
}

function writeModule(outDir: string, modulePath: string, text: string): number {
  fs.writeFileSync(path.join(outDir, `${modulePath}.ts`), text);
  return Buffer.byteLength(text);
}

function isUnchanged(
  input: ShardInput,
  file: string,
  inputHash: string,
  modules: readonly string[],
): boolean {
  const before = input.previous?.[file];
  return (
    before !== undefined &&
    before.inputHash === inputHash &&
    before.modules.length === modules.length &&
    before.modules.every((m, i) => m === modules[i]) &&
    modules.every((m) => fs.existsSync(path.join(input.outDir, m)))
  );
}

export function emitShard(input: ShardInput): FileOutput[] {
  const patches = input.patches ?? schemaPatches;
  const validator = input.validate ? createMetaSchemaValidator(input.metaSchemasDir) : undefined;
  const wanted = input.only && input.only.length > 0 ? new Set(input.only) : undefined;
  const madeDirs = new Set<string>();
  return input.files.map((file) => {
    const output = emitFileOrReport(input, file, { patches, validator, wanted, madeDirs });
    input.onFileDone?.();
    return output;
  });
}

/** What the files of one shard share. */
interface ShardContext {
  readonly patches: readonly SchemaPatch[];
  readonly validator: MetaSchemaValidator | undefined;
  readonly wanted: ReadonlySet<string> | undefined;
  /** Service folders this shard has created. */
  readonly madeDirs: Set<string>;
}

/**
 * A defect the checks did not foresee (a schema shape that crashes a step) costs its own file,
 * reported as an error with the step's message, and never the run.
 */
function emitFileOrReport(input: ShardInput, file: string, shard: ShardContext): FileOutput {
  const filePath = path.join(input.schemasDir, file);
  const text = readSchemaText(filePath);
  const read = "text" in text ? parseSchemaText(file, filePath, text.text) : { ok: false as const, ...text };
  const patterns = emptyPatternTally();
  if (!read.ok) return { file, findings: [read.finding], adjustments: [], patterns, readable: false };
  const typeName = read.loaded.typeName;
  if (shard.wanted && !shard.wanted.has(typeName))
    return { file, findings: [], adjustments: [], patterns, readable: true };
  try {
    return emitLoaded(input, read.loaded, "text" in text ? text.text : undefined, shard);
  } catch (e) {
    const message = `cannot be generated (internal error, please report): ${e instanceof Error ? e.message : String(e)}`;
    const findings = [makeFinding("error", file, "", message, "internal")];
    return { file, findings, adjustments: [], patterns, readable: true, typeName };
  }
}

/** One loaded file's output. */
function emitLoaded(
  input: ShardInput,
  read: LoadedSchema,
  sourceText: string | undefined,
  shard: ShardContext,
): FileOutput {
  const { patches, validator, madeDirs } = shard;
  const { file, typeName } = read;
  const patterns = emptyPatternTally();
  const prepared = prepareType(read, input.config, patches, validator);
  const { loaded, findings, adjustments } = prepared;
  const result = { file, findings, adjustments: [...adjustments], patterns, readable: true, typeName };
  const planned = prepared.planned;
  if (!planned) return result;
  Object.assign(patterns, planned.model.patterns);

  const lost = input.clashing?.[file] ?? [];
  const clashOf = (kind: ModuleKind): NameClash | undefined => lost.find((c) => c.kind === kind);
  const definitions = planned.definitions.filter((d) => !clashOf(d.kind));
  const suppressed = [...planned.suppressed];
  for (const d of planned.definitions) {
    const clash = clashOf(d.kind);
    if (!clash) continue;
    const { suppression, message } = clashSuppression(d, clash.others);
    suppressed.push(suppression);
    findings.push(makeFinding("error", file, "/typeName", message, "name-clash"));
  }
  const { serviceDir, moduleBaseName } = planned.model.names;
  const modulePaths = definitions.map((d) => `${serviceDir}/${moduleBase(d.kind, moduleBaseName)}`);
  const schemaText =
    adjustments.length === 0 && sourceText !== undefined ? sourceText : JSON.stringify(loaded.schema);
  const inputHash = typeInputHash(input.generatorVersion, typeName, schemaText, input.config);
  const emitted = !isUnchanged(
    input,
    file,
    inputHash,
    modulePaths.map((p) => `${p}.ts`),
  );
  // Everything that can fail is done before the first module is written.
  const texts = emitted ? definitions.map((d) => moduleText(d, definitions, moduleBaseName)) : [];
  const entries = definitions.map(definitionSchemaText);
  const schemaFile = effectiveSchemaFile(file);
  if (emitted || !fs.existsSync(path.join(input.outDir, schemaFile))) {
    writeEffectiveSchema(input.outDir, schemaFile, adjustments.length === 0 ? schemaText : undefined, loaded);
  }
  if (emitted && definitions.length > 0 && !madeDirs.has(serviceDir)) {
    fs.mkdirSync(path.join(input.outDir, serviceDir), { recursive: true });
    madeDirs.add(serviceDir);
  }
  const type: TypeOutput = {
    file,
    cfnTypeName: planned.model.cfnTypeName,
    schemaFile,
    inputHash,
    suppressed,
    sensitive: sensitiveOf(definitions),
    emitted,
    definitions: definitions.map((d, i) => ({
      kind: d.kind,
      tfTypeName: d.tfTypeName,
      modulePath: modulePaths[i]!,
      ...(emitted && { writtenBytes: writeModule(input.outDir, modulePaths[i]!, texts[i]!) }),
      schemaJson: entries[i]!,
    })),
  };
  return { ...result, type };
}
