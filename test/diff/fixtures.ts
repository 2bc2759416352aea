// Tiny schema pairs for the diff tests: a base schema, and helpers to load sets of them.
import type { GenerationConfig } from "../../generator/config/generation-config.js";
import { parseGenerationConfig } from "../../generator/config/generation-config.js";
import type { SchemaSet } from "../../generator/diff/diff-report.js";
import type { JsonObject } from "../../cfn/json.js";

export const noSuppressions: GenerationConfig = parseGenerationConfig("test", '{"suppressions": []}');

const handler = (name: string) => ({ permissions: [`test:${name}`] });

/** A valid, listable type with one identifier property; `extra` replaces top-level members. */
export function schema(typeName: string, extra: Record<string, unknown> = {}): JsonObject {
  return {
    typeName,
    description: "A test type.",
    properties: { Name: { type: "string" } },
    required: ["Name"],
    primaryIdentifier: ["/properties/Name"],
    createOnlyProperties: ["/properties/Name"],
    handlers: {
      create: handler("Create"),
      read: handler("Read"),
      update: handler("Update"),
      delete: handler("Delete"),
      list: handler("List"),
    },
    ...extra,
  } as JsonObject;
}

export function schemaSet(label: string, schemas: readonly JsonObject[]): SchemaSet {
  return {
    label,
    schemas: schemas.map((s) => {
      const typeName = s.typeName as string;
      const file = typeName.replace(/::/g, "_") + ".json";
      return { file, path: `/fixture/${label}/${file}`, typeName, schema: s };
    }),
    findings: [],
  };
}
