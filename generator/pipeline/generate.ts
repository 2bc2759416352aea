// The whole generate run, in one thread: per schema file (emit-shard.ts) read →
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
import { emitShard, type ShardInput } from "./emit-shard.js";
import { generatorVersion } from "./input-hash.js";
import { findNameClashes, sortPlanFindings } from "./plan.js";
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
  readonly onProgress?: (done: number, total: number) => void;
}

export interface GenerateResult {
  readonly plan: GenerationOverview;
  readonly counts: GenerationCounts;
  readonly written: WriteResult;
}

/*
 * One thread on purpose: worker threads were measured with `BENCH_ONLY=threads` on this 2-core
 * machine (quiet, 3 and 5 runs): a cold `generate` CLI run took 4.17–4.35 s in one thread and
 * 4.55–4.76 s with two (1.09x slower: each worker loads the generator again), and only a warm
 * in-process run gained (0.66–0.76x). Cold is what users run, so the pool was removed.
 */

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
    metaSchemasDir,
    only,
    generatorVersion: version,
    outDir: options.outDir,
    previous: previous && Object.fromEntries(previous.types.map((t) => [t.file, t])),
  };
  let done = 0;
  const onFileDone = (): void => options.onProgress?.(++done, files.length);
  let outputs = emitShard({ ...base, files, onFileDone });
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
