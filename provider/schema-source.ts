// The CloudFormation schemas the runtime validates desired states against: embedded in the binary
// at build time (the model part of each schema, pins and patches applied, as generate read them),
// or, from source, the folder generate reads.
import { resolveGenerateSchemasDir } from "../generator/config/paths.js";
import {
  type CfnSchema,
  type CfnSchemaSource,
  directorySchemaSource,
} from "../runtime/validate/schema-source.js";
import { readAssetText, runningAsSingleExecutable } from "./assets.js";

export const schemaAssetName = (typeName: string) => `cfn-schema/${typeName}` as const;

function embeddedSchemaSource(): CfnSchemaSource {
  const cache = new Map<string, Promise<CfnSchema | undefined>>();
  return {
    get(typeName) {
      let entry = cache.get(typeName);
      if (!entry) {
        const text = readAssetText(schemaAssetName(typeName));
        entry = Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as CfnSchema));
        cache.set(typeName, entry);
      }
      return entry;
    },
  };
}

export function providerSchemaSource(): CfnSchemaSource {
  return runningAsSingleExecutable()
    ? embeddedSchemaSource()
    : directorySchemaSource(resolveGenerateSchemasDir());
}
