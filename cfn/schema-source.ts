// Where every reader after generate gets a type's CloudFormation schema: the binary (embedded),
// the runtime run from source, the emulator and the tests. By default that is the effective schema
// generate wrote (generated/cfn-schemas: pins and patches applied), so all of them see the schema
// the provider was generated from.
import fs from "node:fs";
import path from "node:path";
import { defaultGeneratedDir, resolveGenerateSchemasDir } from "./paths.js";
import type { JsonObject } from "./json.js";
import { listSchemaFiles, readSchemaDirSync, readSchemaFileSync } from "./read-schemas.js";

export type CfnSchema = JsonObject;

export interface SchemaSource {
  /** The resource schema of a type, or undefined when the source has none. */
  get(typeName: string): CfnSchema | undefined;
}

/** The folder generate writes effective schemas to, below its output folder. */
export const effectiveSchemasDir = (generatedDir: string = defaultGeneratedDir): string =>
  path.join(generatedDir, "cfn-schemas");

/**
 * The default folder: the effective schemas once generate has run, otherwise the folder generate
 * would read (the schemas as published, without the project's pins and patches).
 */
export function defaultSchemasDir(): string {
  const effective = effectiveSchemasDir();
  return fs.existsSync(effective) ? effective : resolveGenerateSchemasDir();
}

/** File name the corpus uses for a type: `AWS::Logs::LogGroup` → `AWS_Logs_LogGroup.json`. */
export const conventionalFileName = (typeName: string): string => `${typeName.replaceAll("::", "_")}.json`;

const CONVENTIONAL_NAME = /^[A-Za-z0-9]+_[A-Za-z0-9]+_[A-Za-z0-9]+\.json$/;

function readOneSchema(filePath: string): { typeName: string; schema: CfnSchema } | undefined {
  const outcome = readSchemaFileSync(filePath);
  return outcome.ok ? { typeName: outcome.loaded.typeName, schema: outcome.loaded.schema } : undefined;
}

/** Schemas from a folder of schema files, read lazily (a server start does not parse 1,500 files). */
export function directorySchemaSource(dir: string = defaultSchemasDir()): SchemaSource {
  const absolute = path.resolve(dir);
  let files: Set<string> | undefined;
  let fullIndex: Map<string, CfnSchema> | undefined;
  const cache = new Map<string, CfnSchema | undefined>();

  // Files not named after their type are found by reading the whole folder once.
  const fromFullIndex = (typeName: string): CfnSchema | undefined => {
    fullIndex ??= new Map(
      readSchemaDirSync(absolute).schemas.map((loaded) => [loaded.typeName, loaded.schema]),
    );
    return fullIndex.get(typeName);
  };

  return {
    get(typeName) {
      if (cache.has(typeName)) return cache.get(typeName);
      files ??= new Set(listSchemaFiles(absolute));
      const fileName = conventionalFileName(typeName);
      let schema: CfnSchema | undefined;
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

/** A fixed set of schemas in front of another source (tests that need a type the corpus lacks). */
export function inMemorySchemaSource(schemas: readonly CfnSchema[], fallback?: SchemaSource): SchemaSource {
  const byName = new Map<string, CfnSchema>();
  for (const schema of schemas) {
    if (typeof schema.typeName === "string") byName.set(schema.typeName, schema);
  }
  return { get: (typeName) => byName.get(typeName) ?? fallback?.get(typeName) };
}
