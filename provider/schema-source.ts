// The CloudFormation schemas the runtime compiles desired-state validators from: in the binary, the
// model part of the effective schema of each type whose validator the build could not precompile
// (provider/precompiled-validators.ts has the others); from source, generated/cfn-schemas.
import { type CfnSchema, directorySchemaSource, type SchemaSource } from "../cfn/schema-source.js";
import { readAssetText, runningAsSingleExecutable } from "./assets.js";

export const schemaAssetName = (typeName: string) => `cfn-schema/${typeName}` as const;

function embeddedSchemaSource(): SchemaSource {
  const cache = new Map<string, CfnSchema | undefined>();
  return {
    get(typeName) {
      if (!cache.has(typeName)) {
        const text = readAssetText(schemaAssetName(typeName));
        cache.set(typeName, text === undefined ? undefined : (JSON.parse(text) as CfnSchema));
      }
      return cache.get(typeName);
    },
  };
}

export function providerSchemaSource(): SchemaSource {
  return runningAsSingleExecutable() ? embeddedSchemaSource() : directorySchemaSource();
}
