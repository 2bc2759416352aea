// The docs run: load → plan (with the generation config) → pages → files. The output folder is
// replaced as a whole, so pages of types that disappeared do not linger.
import fs from "node:fs";
import path from "node:path";
import { type GenerationConfig, loadGenerationConfig } from "../config/generation-config.js";
import { repoRoot, resolveSchemasDir } from "../../cfn/paths.js";
import { readSchemaDirSync } from "../../cfn/read-schemas.js";
import { type GenerationPlan, planGeneration } from "../pipeline/plan.js";
import { docPages } from "./doc-set.js";
import { DOCS_MARKER, type DocPage } from "./pages.js";

export const defaultDocsDir = path.join(repoRoot, "docs/generated");

export interface DocsOptions {
  readonly schemasDir?: string;
  readonly outDir?: string;
  /** Restrict the run to these CloudFormation type names. */
  readonly only?: readonly string[];
  readonly config?: GenerationConfig;
}

export interface DocsResult {
  readonly outDir: string;
  readonly plan: GenerationPlan;
  readonly files: number;
  readonly bytes: number;
}

/** Refuses a non-empty folder whose index.md we did not write: `--out` must not delete someone's work. */
function prepareOutDir(outDir: string): void {
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) {
    const index = path.join(outDir, "index.md");
    const ours = fs.existsSync(index) && fs.readFileSync(index, "utf8").includes(DOCS_MARKER);
    if (!ours)
      throw new Error(`${outDir} is not empty and holds no generated index.md: refusing to replace it`);
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  for (const sub of ["resources", "data-sources"]) fs.mkdirSync(path.join(outDir, sub), { recursive: true });
}

export function writePages(pages: readonly DocPage[], outDir: string): { files: number; bytes: number } {
  prepareOutDir(outDir);
  let bytes = 0;
  for (const p of pages) {
    fs.writeFileSync(path.join(outDir, p.path), p.text);
    bytes += Buffer.byteLength(p.text);
  }
  return { files: pages.length, bytes };
}

export function planForDocs(options: DocsOptions): GenerationPlan {
  const dir = resolveSchemasDir(options.schemasDir);
  const contents = readSchemaDirSync(dir);
  let schemas = contents.schemas;
  if (options.only && options.only.length > 0) {
    const wanted = new Set(options.only);
    schemas = schemas.filter((s) => wanted.has(s.typeName));
    const missing = [...wanted].filter((t) => !schemas.some((s) => s.typeName === t));
    if (missing.length > 0) throw new Error(`no schema in ${dir} for ${missing.join(", ")}`);
  }
  return planGeneration(schemas, contents.findings, options.config ?? loadGenerationConfig());
}

export function generateDocs(options: DocsOptions = {}): DocsResult {
  const outDir = path.resolve(options.outDir ?? defaultDocsDir);
  const plan = planForDocs(options);
  const written = writePages(docPages(plan), outDir);
  return { outDir, plan, ...written };
}
