// The load stage in one call: read every schema file of a folder, check each against the
// meta-schema and the resource-level rules, and summarise.
import { resolveMetaSchemasDir, resolveSchemasDir } from "../../cfn/paths.js";
import {
  type Finding,
  type FindingSummary,
  hasErrors,
  sortFindings,
  summarizeFindings,
} from "../../cfn/findings.js";
import { createMetaSchemaValidator } from "./meta-schema.js";
import { type LoadedSchema, readSchemaDir } from "../../cfn/read-schemas.js";

export interface CheckedSchema extends LoadedSchema {
  /** Sorted findings for this file; an error means the type cannot be generated. */
  readonly findings: readonly Finding[];
}

export interface SchemaLoadResult {
  readonly dir: string;
  /** Every readable schema, sorted by file name, with its findings. */
  readonly schemas: readonly CheckedSchema[];
  /** All findings, including files that could not be read, sorted. */
  readonly findings: readonly Finding[];
  readonly summary: FindingSummary;
}

export interface LoadOptions {
  readonly schemasDir?: string;
  readonly metaSchemasDir?: string;
}

export function isGeneratable(schema: CheckedSchema): boolean {
  return !hasErrors(schema.findings);
}

export async function loadSchemas(options: LoadOptions = {}): Promise<SchemaLoadResult> {
  const contents = await readSchemaDir(resolveSchemasDir(options.schemasDir));
  const validator = createMetaSchemaValidator(resolveMetaSchemasDir(options.metaSchemasDir));
  const schemas = contents.schemas.map((loaded) => ({
    ...loaded,
    findings: validator.validateLoaded(loaded),
  }));
  const findings = sortFindings([...contents.findings, ...schemas.flatMap((s) => s.findings)]);
  const fileCount = contents.schemas.length + contents.findings.length;
  return { dir: contents.dir, schemas, findings, summary: summarizeFindings(fileCount, findings) };
}
