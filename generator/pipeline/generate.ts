// The whole generate run: per schema file (emit-shard.ts, on worker threads for large runs) read →
// pins and patches → validate → model → module texts; then, across files, name clashes, the
// index, provider-schema.json and the manifest (write-output.ts).
import fs from "node:fs";
import path from "node:path";
import { type GenerationConfig, loadGenerationConfig } from "../config/generation-config.js";
import { resolveMetaSchemasDir, resolveSchemasDir } from "../../cfn/paths.js";
import type { SchemaPatch } from "../load/adjust.js";
import { createMetaSchemaValidator } from "../load/meta-schema.js";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import { addPatternTally, emptyPatternTally } from "../model/validators.js";
import { emitShard, type FileOutput, type ShardInput } from "./emit-shard.js";
import { generatorVersion } from "./input-hash.js";
import { findNameClashes, sortPlanFindings } from "./plan.js";
import { runShardsOnWorkers, workersFor } from "./shard-pool.js";
import { countPlan, type GenerationCounts, type GenerationOverview } from "./summary.js";
import { prepareOutDir, readUsableManifest, writeOutput, type WriteResult } from "./write-output.js";
import { readSchemaFileSync } from "../../cfn/read-schemas.js";

export interface GenerateOptions {
  readonly schemasDir?: string;
  readonly outDir: string;
  /** Restrict the run to these CloudFormation type names. */
  readonly only?: readonly string[];
  readonly config?: GenerationConfig;
  readonly patches?: readonly SchemaPatch[];
  /** Check every schema against the CloudFormation meta-schema first (default true). */
  readonly validate?: boolean;
  readonly metaSchemasDir?: string;
  /** Rewrite every module even when the output folder holds a usable manifest. */
  readonly full?: boolean;
  /** Worker threads to use (default: workerCount() for runs of many files, else none). */
  readonly workers?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface GenerateResult {
  readonly plan: GenerationOverview;
  readonly counts: GenerationCounts;
  readonly written: WriteResult;
}

/** Files per shard: small enough to even out slow and fast services and to keep the calling thread responsive. */
const SHARD_FILES = 40;

function shardInputs(base: Omit<ShardInput, "files">, files: readonly string[], size: number): ShardInput[] {
  const out: ShardInput[] = [];
  for (let i = 0; i < files.length; i += size) out.push({ ...base, files: files.slice(i, i + size) });
  return out;
}

function runShards(
  base: Omit<ShardInput, "files">,
  files: readonly string[],
  options: GenerateOptions,
): FileOutput[] {
  let done = 0;
  const onFileDone = (): void => options.onProgress?.(++done, files.length);
  const workers = workersFor(files.length, options);
  if (workers < 1) return emitShard({ ...base, files, onFileDone });
  const shards = shardInputs(base, files, SHARD_FILES);
  const runHere = (input: ShardInput, onFileDone: () => void): FileOutput[] =>
    emitShard({ ...input, onFileDone });
  return runShardsOnWorkers(shards, workers, runHere, (n) => options.onProgress?.(n, files.length)).flat();
}

export function generate(options: GenerateOptions): GenerateResult {
  const dir = resolveSchemasDir(options.schemasDir);
  const config = options.config ?? loadGenerationConfig();
  const files = listSchemaFiles(path.resolve(dir));
  const only = options.only && options.only.length > 0 ? options.only : undefined;
  if (only) {
    // Before anything is written: named types must exist, and the folder must hold no others.
    refuseMissing(files, dir, only);
    refuseToShrink(options.outDir, new Set(only));
  }
  const metaSchemasDir = resolveMetaSchemasDir(options.metaSchemasDir);
  // A meta-schema folder that cannot be used fails the run before the output folder is touched.
  if (options.validate ?? true) createMetaSchemaValidator(metaSchemasDir);
  const version = generatorVersion();
  const full = options.full ?? only !== undefined;
  const previous = readUsableManifest(options.outDir, version, full);
  prepareOutDir(options.outDir, previous);
  const base: Omit<ShardInput, "files"> = {
    schemasDir: path.resolve(dir),
    config,
    patches: options.patches,
    validate: options.validate ?? true,
    // Resolved here: the pool's threads keep the environment they started with.
    metaSchemasDir,
    only,
    generatorVersion: version,
    outDir: options.outDir,
    previous: previous && Object.fromEntries(previous.types.map((t) => [t.file, t])),
  };
  let outputs = runShards(base, files, options);
  // Two types claiming one Terraform name lose it both; their files are redone in-thread.
  const clashes = findNameClashes(outputs.flatMap((o) => (o.type ? [o.type] : [])));
  const alsoWritten = outputs
    .filter((o) => clashes.has(o.file))
    .flatMap((o) => o.type?.definitions.map((d) => `${d.modulePath}.ts`) ?? []);
  if (clashes.size > 0) {
    // Rewritten whatever the previous run left: the first pass may have overwritten their modules.
    const redo = {
      ...base,
      previous: undefined,
      files: [...clashes.keys()],
      clashing: Object.fromEntries(clashes),
    };
    const redone = new Map(emitShard(redo).map((o) => [o.file, o]));
    outputs = outputs.map((o) => redone.get(o.file) ?? o);
  }

  const findings = outputs.flatMap((o) => o.findings);
  sortPlanFindings(findings);
  const patterns = emptyPatternTally();
  for (const o of outputs) addPatternTally(patterns, o.patterns);
  const types = outputs.flatMap((o) => (o.type ? [o.type] : []));
  const overview: GenerationOverview = {
    types,
    adjustments: outputs.flatMap((o) => o.adjustments),
    findings,
    patterns,
  };
  const written = writeOutput(types, options.outDir, {
    generatorVersion: version,
    schemasDir: dir,
    previous,
    adjustments: overview.adjustments,
    patterns,
    alsoWritten,
    findings,
  });
  const loadedFiles = outputs.filter((o) => o.typeName !== undefined).length;
  const unreadable = outputs.filter((o) => !o.readable).length;
  return { plan: overview, counts: countPlan(overview, loadedFiles + (only ? 0 : unreadable)), written };
}

/** Every --only type must have a schema; reading each file's typeName costs a parse, only on --only runs. */
function refuseMissing(files: readonly string[], dir: string, only: readonly string[]): void {
  const found = new Set<string>();
  for (const f of files) {
    const read = readSchemaFileSync(path.join(dir, f));
    if (read.ok) found.add(read.loaded.typeName);
  }
  const missing = only.filter((t) => !found.has(t));
  if (missing.length > 0) throw new Error(`no schema in ${dir} for ${missing.join(", ")}`);
}

/** `--only` writes a tree of just those types: never over a folder that holds other types. */
function refuseToShrink(outDir: string, wanted: ReadonlySet<string>): void {
  let previous: { types?: { cfnTypeName?: string }[] } | undefined;
  try {
    previous = JSON.parse(fs.readFileSync(path.join(outDir, "manifest.json"), "utf8")) as typeof previous;
  } catch {
    return;
  }
  const others = (previous?.types ?? []).filter((t) => t.cfnTypeName && !wanted.has(t.cfnTypeName));
  if (others.length > 0) {
    throw new Error(
      `${outDir} holds ${others.length} other types that --only would remove: give --only a separate --out folder`,
    );
  }
}
