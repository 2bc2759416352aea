// The whole generate run: load → pins and patches → validate → model → emit.
import fs from "node:fs";
import path from "node:path";
import { schemaPatches } from "../../schemas/patches.js";
import { type GenerationConfig, loadGenerationConfig } from "../config/generation-config.js";
import { resolveSchemasDir } from "../config/paths.js";
import { applyPinsAndPatches, type SchemaPatch } from "../load/adjust.js";
import { createMetaSchemaValidator } from "../load/meta-schema.js";
import { readSchemaDirSync } from "../load/read-schemas.js";
import { generatorVersion, typeInputHash } from "./input-hash.js";
import { type GenerationPlan, planGeneration } from "./plan.js";
import { countPlan, type GenerationCounts } from "./summary.js";
import { writeOutput, type WriteResult } from "./write-output.js";

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
  readonly plan: GenerationPlan;
  readonly counts: GenerationCounts;
  readonly written: WriteResult;
}

export function generate(options: GenerateOptions): GenerateResult {
  const dir = resolveSchemasDir(options.schemasDir);
  const config = options.config ?? loadGenerationConfig();
  const contents = readSchemaDirSync(dir);
  let loaded = contents.schemas;
  if (options.only && options.only.length > 0) {
    const wanted = new Set(options.only);
    loaded = loaded.filter((s) => wanted.has(s.typeName));
    const missing = [...wanted].filter((t) => !loaded.some((s) => s.typeName === t));
    if (missing.length > 0) throw new Error(`no schema in ${dir} for ${missing.join(", ")}`);
  }
  if (options.only && options.only.length > 0) refuseToShrink(options.outDir, new Set(options.only));
  const adjusted = applyPinsAndPatches(loaded, config, options.patches ?? schemaPatches);
  const schemas = adjusted.schemas;
  const findings = [...contents.findings, ...adjusted.findings];
  if (options.validate ?? true) {
    const validator = createMetaSchemaValidator(options.metaSchemasDir);
    for (const s of schemas) findings.push(...validator.validateLoaded(s));
  }
  const plan = planGeneration(schemas, findings, config, adjusted.applied);
  const version = generatorVersion();
  const inputHashes = new Map(schemas.map((s) => [s.file, typeInputHash(version, s, config)]));
  let done = 0;
  const total = plan.types.length;
  const written = writeOutput(plan, options.outDir, {
    generatorVersion: version,
    schemasDir: dir,
    inputHashes,
    full: options.full ?? (options.only !== undefined && options.only.length > 0),
    onType: () => options.onProgress?.(++done, total),
  });
  const fileCount = schemas.length + (options.only ? 0 : contents.findings.length);
  return { plan, counts: countPlan(plan, fileCount), written };
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
