// What the build reads from a generated tree: the types generate wrote (its manifest) and each
// type's effective schema (<generated>/cfn-schemas, pins and patches applied).
import fs from "node:fs";
import path from "node:path";
import { type CfnSchema, directorySchemaSource, effectiveSchemasDir } from "../cfn/schema-source.js";

export interface GeneratedType {
  readonly cfnTypeName: string;
  readonly file: string;
  /** The Terraform names written for it: resource, singularDataSource, pluralDataSource. */
  readonly generated: Readonly<Record<string, string>>;
}

/** The types generate wrote, from its manifest. */
export function generatedTypes(generatedDir: string): GeneratedType[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(generatedDir, "manifest.json"), "utf8")) as {
    types: GeneratedType[];
  };
  return manifest.types;
}

/** Each type's effective schema as generate wrote it (pins and patches applied). */
export function effectiveSchemas(generatedDir: string): (typeName: string) => CfnSchema {
  const source = directorySchemaSource(effectiveSchemasDir(generatedDir));
  return (typeName) => {
    const schema = source.get(typeName);
    if (schema === undefined)
      throw new Error(`${generatedDir}/cfn-schemas has no schema for ${typeName}: run \`npm run generate\``);
    return schema;
  };
}
