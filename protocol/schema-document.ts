// Reads the `terraform providers schema -json` document shape (which the generator writes as
// generated/provider-schema.json) back into wire schemas, so that a provider binary can answer
// GetProviderSchema without loading every generated module.
import type {
  AttributeMessage,
  BlockMessage,
  ObjectNesting,
  SchemaCatalog,
  SchemaMessage,
  StringKindName,
} from "./schema-message.js";

interface AttributeJson {
  readonly type?: unknown;
  readonly nested_type?: {
    readonly attributes?: Readonly<Record<string, AttributeJson>>;
    readonly nesting_mode?: string;
  };
  readonly description?: string;
  readonly description_kind?: string;
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
  readonly deprecated?: boolean;
  readonly write_only?: boolean;
}

interface SchemaJson {
  readonly version?: number;
  readonly block?: {
    readonly attributes?: Readonly<Record<string, AttributeJson>>;
    readonly block_types?: Readonly<Record<string, unknown>>;
    readonly description?: string;
    readonly description_kind?: string;
    readonly deprecated?: boolean;
  };
}

export interface ProviderSchemaJson {
  readonly provider?: SchemaJson;
  readonly resource_schemas?: Readonly<Record<string, SchemaJson>>;
  readonly data_source_schemas?: Readonly<Record<string, SchemaJson>>;
}

const NESTING: Readonly<Record<string, ObjectNesting>> = {
  single: "SINGLE",
  list: "LIST",
  set: "SET",
  map: "MAP",
};

const kind = (value: string | undefined): StringKindName => (value === "markdown" ? "MARKDOWN" : "PLAIN");

function attributeFromJson(name: string, json: AttributeJson): AttributeMessage {
  let shape: Pick<AttributeMessage, "type" | "nestedType">;
  if (json.nested_type) {
    const nesting = NESTING[json.nested_type.nesting_mode ?? ""];
    if (!nesting)
      throw new Error(`attribute ${name}: unknown nesting_mode ${String(json.nested_type.nesting_mode)}`);
    shape = { nestedType: { nesting, attributes: attributesFromJson(json.nested_type.attributes ?? {}) } };
  } else if (json.type !== undefined) {
    shape = { type: JSON.stringify(json.type) };
  } else {
    throw new Error(`attribute ${name} has neither type nor nested_type`);
  }
  return {
    name,
    ...shape,
    ...(json.description
      ? { description: json.description, descriptionKind: kind(json.description_kind) }
      : {}),
    ...(json.required ? { required: true } : {}),
    ...(json.optional ? { optional: true } : {}),
    ...(json.computed ? { computed: true } : {}),
    ...(json.sensitive ? { sensitive: true } : {}),
    ...(json.deprecated ? { deprecated: true } : {}),
    ...(json.write_only ? { writeOnly: true } : {}),
  };
}

function attributesFromJson(attributes: Readonly<Record<string, AttributeJson>>): AttributeMessage[] {
  return Object.keys(attributes)
    .sort()
    .map((name) => attributeFromJson(name, attributes[name] as AttributeJson));
}

export function schemaFromJson(json: SchemaJson): SchemaMessage {
  const block = json.block ?? {};
  if (block.block_types && Object.keys(block.block_types).length > 0) {
    throw new Error("nested blocks are not supported: this provider declares nested attributes only");
  }
  const message: BlockMessage = {
    attributes: attributesFromJson(block.attributes ?? {}),
    ...(block.description
      ? { description: block.description, descriptionKind: kind(block.description_kind) }
      : {}),
    ...(block.deprecated ? { deprecated: true } : {}),
  };
  return { version: json.version ?? 0, block: message };
}

/** The catalog held in one provider's entry of a `providers schema -json` document. */
export function catalogFromProviderSchemaJson(provider: ProviderSchemaJson): SchemaCatalog {
  const convert = (schemas: Readonly<Record<string, SchemaJson>> | undefined) =>
    Object.fromEntries(Object.entries(schemas ?? {}).map(([name, schema]) => [name, schemaFromJson(schema)]));
  return {
    resources: convert(provider.resource_schemas),
    dataSources: convert(provider.data_source_schemas),
  };
}
