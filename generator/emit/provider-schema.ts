// generated/provider-schema.json: the document `terraform providers schema -json` prints for the
// provider, built from the same definitions as the modules.
import type { Attribute, Attributes, Definition } from "../../runtime/schema/types.js";
import { attributesOf } from "../../runtime/values/definition-attributes.js";
import { attributeCtyType } from "../../runtime/values/implied-type.js";
import { typeToJsonValue } from "../../runtime/values/type-json.js";

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
    out.type = typeToJsonValue(attributeCtyType(a.type));
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

export function definitionSchemaJson(d: Definition): JsonObject {
  const block: JsonObject = { attributes: attributesJson(attributesOf(d)) };
  if (d.description) block.description = d.description;
  block.description_kind = "plain";
  // Data source schemas carry no version in the plugin framework: Terraform reports 0.
  return { version: d.kind === "resource" ? d.schemaVersion : 0, block };
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

/** A definition whose schema entry was already serialised (`JSON.stringify(definitionSchemaJson(d))`). */
export interface SerializedDefinition {
  readonly kind: Definition["kind"];
  readonly tfTypeName: string;
  readonly schemaJson: string;
}

/**
 * The same document as `JSON.stringify(providerSchemaDocument(...))`, assembled from entries
 * serialised one by one (on worker threads, in generate), without building the whole tree again.
 */
export function providerSchemaDocumentText(
  providerConfig: Attributes,
  definitions: readonly SerializedDefinition[],
): string {
  const sorted = [...definitions].sort((x, y) =>
    x.tfTypeName < y.tfTypeName ? -1 : x.tfTypeName > y.tfTypeName ? 1 : 0,
  );
  const members = (kind: "resources" | "dataSources"): string =>
    sorted
      .filter((d) => (d.kind === "resource") === (kind === "resources"))
      .map((d) => `${JSON.stringify(d.tfTypeName)}:${d.schemaJson}`)
      .join(",");
  const provider = JSON.stringify({
    version: 0,
    block: { attributes: attributesJson(providerConfig), description_kind: "plain" },
  });
  return (
    `{"format_version":"1.0","provider_schemas":{${JSON.stringify(PROVIDER_ADDRESS)}:{` +
    `"provider":${provider},"resource_schemas":{${members("resources")}},` +
    `"data_source_schemas":{${members("dataSources")}}}}}`
  );
}
