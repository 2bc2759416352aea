// generated/provider-schema.json: the document `terraform providers schema -json` prints for the
// provider, built from the same definitions as the modules.
import { ctyType } from "../../runtime/schema/cty-type.js";
import type { Attribute, Attributes, Definition } from "../../runtime/schema/types.js";

export const PROVIDER_ADDRESS = "registry.terraform.io/hashicorp/awscc";

type JsonObject = { [k: string]: unknown };

const NESTING: Readonly<Record<string, string>> = {
  object: "single",
  listNested: "list",
  setNested: "set",
  mapNested: "map",
};

/** One attribute, with Terraform's field order and its omit-empty rules. */
export function attributeJson(a: Attribute): JsonObject {
  const out: JsonObject = {};
  if ("attributes" in a.type) {
    out.nested_type = { attributes: attributesJson(a.type.attributes), nesting_mode: NESTING[a.type.kind] };
  } else {
    out.type = ctyType(a.type);
  }
  if (a.description) out.description = a.description;
  out.description_kind = "plain";
  if (a.deprecated) out.deprecated = true;
  if (a.required) out.required = true;
  if (a.optional) out.optional = true;
  if (a.computed) out.computed = true;
  return out;
}

export function attributesJson(attributes: Attributes): JsonObject {
  const out: JsonObject = {};
  for (const name of Object.keys(attributes).sort()) out[name] = attributeJson(attributes[name]!);
  return out;
}

const pluralAttributes: Attributes = {
  id: {
    type: { kind: "string", flavor: "plain" },
    description: "Uniquely identifies the data source.",
    computed: true,
  },
  ids: {
    type: { kind: "set", element: { kind: "string", flavor: "plain" } },
    description: "Set of Resource Identifiers.",
    computed: true,
  },
};

/** The fixed attributes every plural data source has. */
export const pluralDataSourceAttributes = (): Attributes => pluralAttributes;

export function definitionSchemaJson(d: Definition): JsonObject {
  const attributes = d.kind === "pluralDataSource" ? pluralAttributes : d.attributes;
  const block: JsonObject = { attributes: attributesJson(attributes) };
  if (d.description) block.description = d.description;
  block.description_kind = "plain";
  return { version: d.kind === "resource" ? d.schemaVersion : 1, block };
}

export function providerSchemaDocument(
  providerConfig: Attributes,
  definitions: readonly Definition[],
): JsonObject {
  const resources: JsonObject = {};
  const dataSources: JsonObject = {};
  const sorted = [...definitions].sort((x, y) =>
    x.tfTypeName < y.tfTypeName ? -1 : x.tfTypeName > y.tfTypeName ? 1 : 0,
  );
  for (const d of sorted) {
    (d.kind === "resource" ? resources : dataSources)[d.tfTypeName] = definitionSchemaJson(d);
  }
  return {
    format_version: "1.0",
    provider_schemas: {
      [PROVIDER_ADDRESS]: {
        provider: {
          version: 0,
          block: { attributes: attributesJson(providerConfig), description_kind: "plain" },
        },
        resource_schemas: resources,
        data_source_schemas: dataSources,
      },
    },
  };
}
