// The whole generate run: load → validate → model → emit.
import { type GenerationConfig, loadGenerationConfig } from "../config/generation-config.js";
import { resolveSchemasDir } from "../config/paths.js";
import { createMetaSchemaValidator } from "../load/meta-schema.js";
import { readSchemaDirSync } from "../load/read-schemas.js";
import { type GenerationPlan, planGeneration } from "./plan.js";
import { countPlan, type GenerationCounts } from "./summary.js";
import { writeOutput, type WriteResult } from "./write-output.js";

export interface GenerateOptions {
  readonly schemasDir?: string;
  readonly outDir: string;
  /** Restrict the run to these CloudFormation type names. */
  readonly only?: readonly string[];
  readonly config?: GenerationConfig;
  /** Check every schema against the CloudFormation meta-schema first (default true). */
  readonly validate?: boolean;
  readonly metaSchemasDir?: string;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface GenerateResult {
  readonly plan: GenerationPlan;
  readonly counts: GenerationCounts;
  readonly written: WriteResult;
}

export function generate(options: GenerateOptions): GenerateResult {
  const dir = resolveSchemasDir(options.schemasDir);
  const contents = readSchemaDirSync(dir);
  let schemas = contents.schemas;
  if (options.only && options.only.length > 0) {
    const wanted = new Set(options.only);
    schemas = schemas.filter((s) => wanted.has(s.typeName));
    const missing = [...wanted].filter((t) => !schemas.some((s) => s.typeName === t));
    if (missing.length > 0) throw new Error(`no schema in ${dir} for ${missing.join(", ")}`);
  }
  const findings = [...contents.findings];
  if (options.validate ?? true) {
    const validator = createMetaSchemaValidator(options.metaSchemasDir);
    for (const s of schemas) findings.push(...validator.validateLoaded(s));
  }
  const plan = planGeneration(schemas, findings, options.config ?? loadGenerationConfig());
  let done = 0;
  const total = plan.types.length;
  const written = writeOutput(plan, options.outDir, () => options.onProgress?.(++done, total));
  const fileCount = schemas.length + (options.only ? 0 : contents.findings.length);
  return { plan, counts: countPlan(plan, fileCount), written };
}
