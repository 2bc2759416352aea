// Where the emulator gets CloudFormation resource schemas: the same folder and the same reader
// as the generator (generator/load), looked up lazily so a server start does not parse 1,500 files.
import path from "node:path";
import { listSchemaFiles, readSchemaDirSync, readSchemaFileSync } from "../../generator/load/read-schemas.js";
import type { JsonObject } from "../types.js";

export interface SchemaSource {
  /** The raw resource schema of a type, or undefined when the source has none. */
  get(typeName: string): JsonObject | undefined;
}

/** File name the corpus uses for a type: `AWS::Logs::LogGroup` → `AWS_Logs_LogGroup.json`. */
function conventionalFileName(typeName: string): string {
  return `${typeName.replaceAll("::", "_")}.json`;
}

const CONVENTIONAL_NAME = /^[A-Za-z0-9]+_[A-Za-z0-9]+_[A-Za-z0-9]+\.json$/;

/** The one function to swap if the loader's API changes: one file → its schema (or undefined). */
function readOneSchema(filePath: string): { typeName: string; schema: JsonObject } | undefined {
  const outcome = readSchemaFileSync(filePath);
  return outcome.ok
    ? { typeName: outcome.loaded.typeName, schema: outcome.loaded.schema as JsonObject }
    : undefined;
}

export function directorySchemaSource(dir: string): SchemaSource {
  const absolute = path.resolve(dir);
  let files: Set<string> | undefined;
  let fullIndex: Map<string, JsonObject> | undefined;
  const cache = new Map<string, JsonObject | undefined>();

  // Files not named after their type are found by reading the whole folder once.
  const fromFullIndex = (typeName: string): JsonObject | undefined => {
    fullIndex ??= new Map(
      readSchemaDirSync(absolute).schemas.map((loaded) => [loaded.typeName, loaded.schema as JsonObject]),
    );
    return fullIndex.get(typeName);
  };

  return {
    get(typeName) {
      if (cache.has(typeName)) return cache.get(typeName);
      files ??= new Set(listSchemaFiles(absolute));
      const fileName = conventionalFileName(typeName);
      let schema: JsonObject | undefined;
      if (files.has(fileName)) {
        const read = readOneSchema(path.join(absolute, fileName));
        if (read && read.typeName === typeName) schema = read.schema;
      }
      // Only a folder with files off the naming convention can hold the type under another name.
      if (schema === undefined && [...files].some((name) => !CONVENTIONAL_NAME.test(name))) {
        schema = fromFullIndex(typeName);
      }
      cache.set(typeName, schema);
      return schema;
    },
  };
}

/** A fixed set of schemas (tests that need a type the corpus lacks). */
export function inMemorySchemaSource(schemas: readonly JsonObject[], fallback?: SchemaSource): SchemaSource {
  const byName = new Map<string, JsonObject>();
  for (const schema of schemas) {
    if (typeof schema.typeName === "string") byName.set(schema.typeName, schema);
  }
  return { get: (typeName) => byName.get(typeName) ?? fallback?.get(typeName) };
}
