// One place that resolves where the shared inputs live, so tests, the CLI and the emulator agree.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root (this file sits at cfn/paths.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Environment variable that overrides the schema source directory. */
export const SCHEMAS_DIR_ENV = "AWSCC_SCHEMAS_DIR";

/** Environment variable that overrides the folder holding the CloudFormation meta-schemas. */
export const META_SCHEMAS_DIR_ENV = "AWSCC_META_SCHEMAS_DIR";

const sharedCfn = path.resolve(repoRoot, "../shared/cfn");

/** The schema source: an explicit flag wins, then the env var, then ../shared/cfn/schemas. */
export function resolveSchemasDir(flag?: string): string {
  return path.resolve(flag ?? process.env[SCHEMAS_DIR_ENV] ?? path.join(sharedCfn, "schemas"));
}

export function resolveMetaSchemasDir(flag?: string): string {
  return path.resolve(flag ?? process.env[META_SCHEMAS_DIR_ENV] ?? path.join(sharedCfn, "meta-schemas"));
}

export const metaSchemaExamplesDir = path.join(sharedCfn, "meta-schema-examples");
export const olderSchemasDir = path.join(sharedCfn, "schemas-2026-05-27");
export const goSuppressionsFile = path.join(sharedCfn, "awscc-all-schemas.hcl");
export const defaultGeneratedDir = path.join(repoRoot, "generated");

/** Environment variable that moves the refreshed schema cache (default schemas/cache). */
export const SCHEMA_CACHE_DIR_ENV = "AWSCC_SCHEMA_CACHE_DIR";

/** The cache `npm run refresh-schemas` writes: an explicit flag, then the env var, then schemas/cache. */
export function resolveSchemaCacheDir(flag?: string): string {
  return path.resolve(flag ?? process.env[SCHEMA_CACHE_DIR_ENV] ?? path.join(repoRoot, "schemas", "cache"));
}

/**
 * The schemas `generate` and `docs` read: the flag, then AWSCC_SCHEMAS_DIR, then the refreshed cache
 * when it holds a manifest.json (a finished refresh), then ../shared/cfn/schemas.
 */
export function resolveGenerateSchemasDir(flag?: string): string {
  if (flag !== undefined || process.env[SCHEMAS_DIR_ENV] !== undefined) return resolveSchemasDir(flag);
  const cache = resolveSchemaCacheDir();
  return fs.existsSync(path.join(cache, "manifest.json")) ? cache : resolveSchemasDir();
}
