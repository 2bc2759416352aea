// What a type's generated modules depend on, as hashes: the generator's own sources (one version
// for the run) and, per type, its adjusted schema and configured suppression. Equal hashes mean
// the modules already on disk are the ones a full run would write.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { GenerationConfig } from "../config/generation-config.js";
import { repoRoot } from "../../cfn/paths.js";

/**
 * Everything whose change can change a module's text without changing its schema: the generator
 * (parsing and checks included, since the input hash covers the schema text as read), the
 * runtime's descriptor API, the templates and the locked dependency versions (ajv, change-case,
 * pluralize…).
 */
const GENERATOR_SOURCES = ["generator", "cfn", "terraform/schema", "templates", "package-lock.json"];

function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return [dir];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export function generatorVersion(): string {
  const hash = createHash("sha256");
  for (const folder of GENERATOR_SOURCES) {
    for (const file of filesBelow(path.join(repoRoot, folder))) {
      hash.update(path.relative(repoRoot, file)).update("\0").update(fs.readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * `schemaText` is the schema as read, or, when a pin or patch changed it, the adjusted schema
 * serialised: hashing the text spares re-serialising every schema.
 */
export function typeInputHash(
  version: string,
  typeName: string,
  schemaText: string,
  config: GenerationConfig,
): string {
  return createHash("sha256")
    .update(version)
    .update(schemaText)
    .update(JSON.stringify(config.suppressions.get(typeName) ?? null))
    .digest("hex")
    .slice(0, 16);
}
