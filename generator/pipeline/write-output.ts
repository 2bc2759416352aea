// Writes the generated tree: one module per definition, grouped by service, plus the index, the
// provider schema document and a manifest of every decision. Incremental by default: a type whose
// input hash matches the manifest on disk keeps its modules; the rest are re-emitted, stale
// modules removed, and the shared files rewritten, so the tree equals what a full run writes.
import fs from "node:fs";
import path from "node:path";
import { providerConfigAttributes } from "../../terraform/provider-config.js";
import { type IndexEntry, indexModule } from "../emit/index-module.js";
import { providerSchemaDocumentText } from "../emit/provider-schema.js";
import type { Adjustment } from "../load/adjust.js";
import type { Finding } from "../../cfn/findings.js";
import type { ModuleKind } from "../model/resource-model.js";
import type { PatternTally } from "../model/validators.js";
import { EFFECTIVE_SCHEMAS_DIR, type TypeOutput } from "./emit-shard.js";

const MANIFEST = "manifest.json";

interface ManifestType {
  readonly cfnTypeName: string;
  readonly file: string;
  readonly inputHash: string;
  readonly modules: readonly string[];
}

export interface Manifest {
  readonly generatorVersion: string;
  readonly types: readonly ManifestType[];
}

function readManifest(outDir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, MANIFEST), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * The previous run's manifest when an incremental run can build on it. Refuses a folder that holds
 * files and no manifest: `--out` pointed at the wrong folder must not delete someone's work.
 */
export function readUsableManifest(
  outDir: string,
  generatorVersion: string,
  full: boolean,
): Manifest | undefined {
  if (!fs.existsSync(outDir)) return undefined;
  const entries = fs.readdirSync(outDir);
  if (entries.length > 0 && !entries.includes(MANIFEST)) {
    throw new Error(`${outDir} is not empty and holds no ${MANIFEST}: refusing to replace it`);
  }
  const previous = readManifest(outDir);
  if (!full && previous?.generatorVersion === generatorVersion && Array.isArray(previous.types))
    return previous;
  return undefined;
}

/** Empties the folder for a full run. */
function resetOutDir(outDir: string): void {
  fs.rmSync(outDir, { recursive: true, force: true });
  writeIncompleteMarker(outDir);
}

/**
 * Marks the folder as ours and unfinished: a run interrupted before the real manifest is written
 * leaves a folder the next run recognises (and rebuilds in full, the version never matching).
 */
function writeIncompleteMarker(outDir: string): void {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, MANIFEST),
    JSON.stringify({ generatorVersion: "incomplete", types: [] }) + "\n",
  );
}

export interface WriteOptions {
  readonly generatorVersion: string;
  /** The schema folder the run read (the binary's build embeds the same schemas). */
  readonly schemasDir: string;
  /** The manifest of the run this one builds on; undefined for a full run. */
  readonly previous?: Manifest;
  readonly adjustments: readonly Adjustment[];
  readonly patterns: PatternTally;
  /** The run's findings, sorted: recorded in the manifest. */
  readonly findings: readonly Finding[];
  /** Modules written earlier in this run that the final types may no longer claim (name clashes). */
  readonly alsoWritten?: readonly string[];
}

export interface WriteResult {
  readonly files: number;
  readonly bytes: number;
  /** Types whose modules were (re)written in this run. */
  readonly emittedTypes: number;
  /** Modules of types no longer generated, removed. */
  readonly removedModules: number;
  readonly incremental: boolean;
}

/** Empties the output folder when the run does not build on a previous one (before modules are written). */
export function prepareOutDir(outDir: string, previous: Manifest | undefined): void {
  if (!previous) return resetOutDir(outDir);
  // Modules are about to change under the old manifest: until the new one is written, the folder
  // says it is incomplete, so a run stopped half-way is followed by a full one.
  writeIncompleteMarker(outDir);
}

/**
 * The files shared by all types, once every type's modules are on disk (emit-shard.ts writes
 * them): index, provider schema, manifest; and the removal of modules no type produces any more.
 */
export function writeOutput(
  types: readonly TypeOutput[],
  outDir: string,
  options: WriteOptions,
): WriteResult {
  const previous = options.previous;
  const modules = types.flatMap((t) => t.definitions).filter((d) => d.writtenBytes !== undefined);
  let files = modules.length;
  let bytes = modules.reduce((sum, d) => sum + d.writtenBytes!, 0);
  const write = (relative: string, content: string): void => {
    fs.writeFileSync(path.join(outDir, relative), content);
    files++;
    bytes += Buffer.byteLength(content);
  };
  const keep = new Set(types.flatMap((t) => t.definitions.map((d) => `${d.modulePath}.ts`)));
  let removedModules = 0;
  const before = new Set((previous?.types ?? []).flatMap((t) => t.modules));
  for (const m of new Set([...before, ...(options.alsoWritten ?? [])])) {
    if (keep.has(m)) continue;
    fs.rmSync(path.join(outDir, m), { force: true });
    if (before.has(m)) removedModules++;
  }
  removeStaleSchemas(outDir, new Set(types.map((t) => t.schemaFile)));
  removeEmptyDirs(outDir);

  const entries = (kind: ModuleKind): IndexEntry[] =>
    types.flatMap((t) => t.definitions.filter((d) => d.kind === kind));
  write(
    "index.ts",
    indexModule({
      resources: entries("resource"),
      singularDataSources: entries("singularDataSource"),
      pluralDataSources: entries("pluralDataSource"),
    }),
  );
  write(
    "provider-schema.json",
    providerSchemaDocumentText(
      providerConfigAttributes,
      types.flatMap((t) => t.definitions),
      "\n",
    ),
  );
  write(MANIFEST, JSON.stringify(manifest(types, options), null, 2) + "\n");
  return {
    files,
    bytes,
    emittedTypes: types.filter((t) => t.emitted).length,
    removedModules,
    incremental: previous !== undefined,
  };
}

/** Effective schemas of types this run no longer has (removed or unreadable files). */
function removeStaleSchemas(outDir: string, keep: ReadonlySet<string>): void {
  const dir = path.join(outDir, EFFECTIVE_SCHEMAS_DIR);
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const relative = `${EFFECTIVE_SCHEMAS_DIR}/${name}`;
    if (!keep.has(relative)) fs.rmSync(path.join(outDir, relative), { force: true });
  }
}

function removeEmptyDirs(outDir: string): void {
  for (const entry of fs.readdirSync(outDir, { withFileTypes: true })) {
    const dir = path.join(outDir, entry.name);
    if (entry.isDirectory() && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  }
}

/** Every type with what it produced, why anything was left out, and its input hash. */
function manifest(types: readonly TypeOutput[], options: WriteOptions): unknown {
  return {
    generatorVersion: options.generatorVersion,
    schemasDir: options.schemasDir,
    adjustments: options.adjustments,
    patterns: options.patterns,
    // Every error and warning of the run, where the summary only counts the warnings by rule.
    findings: options.findings.map((f) => ({
      severity: f.severity,
      file: f.file,
      pointer: f.pointer,
      rule: f.rule,
      message: f.message,
    })),
    types: types.map((t) => ({
      cfnTypeName: t.cfnTypeName,
      file: t.file,
      inputHash: t.inputHash,
      modules: t.definitions.map((d) => `${d.modulePath}.ts`),
      generated: Object.fromEntries(t.definitions.map((d) => [d.kind, d.tfTypeName])),
      ...(t.sensitive.length > 0 && { sensitive: t.sensitive }),
      suppressed: t.suppressed.map((s) => ({
        module: s.module,
        reason: s.reason,
        ...(s.pointer !== undefined && { pointer: s.pointer }),
      })),
    })),
  };
}
