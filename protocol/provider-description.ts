// What the server needs to know about a provider's schemas, kept independent of where they come
// from: the provider block, a lookup of definitions by type name (may load modules lazily), and a
// catalog of wire schemas for GetProviderSchema (may be precomputed for thousands of types).
import type { Attributes, Definition, ResourceDefinition } from "../terraform/schema/types.js";
import type { DataSourceDefinition, MaybePromise } from "../terraform/provider-backend.js";
import { configSchemaText, definitionSchemaText } from "../terraform/schema/schema-json.js";
import { schemaFromJson } from "./schema-document.js";
import type { SchemaCatalog, SchemaMessage } from "./schema-message.js";
import { type IdentityCatalog, identityCatalogOf } from "../terraform/identity/catalog.js";

export interface ConfigSchema {
  readonly attributes: Attributes;
  readonly description?: string;
}

export type { SchemaCatalog };

export interface TypeNames {
  readonly resources: readonly string[];
  readonly dataSources: readonly string[];
}

export interface ProviderDescription {
  /** The `provider "awscc" {}` block. */
  readonly providerConfig: ConfigSchema;
  /** The `provider_meta` block, if the provider declares one. */
  readonly providerMeta?: ConfigSchema;
  resource(typeName: string): MaybePromise<ResourceDefinition | undefined>;
  dataSource(typeName: string): MaybePromise<DataSourceDefinition | undefined>;
  /** Every resource and data source schema, for GetProviderSchema and GetMetadata. */
  schemaCatalog(): MaybePromise<SchemaCatalog>;
  /** The type names alone (cheaper than the catalog when known up front), for GetMetadata. */
  typeNames?(): MaybePromise<TypeNames>;
  /** A GetProviderSchema response encoded ahead of time; answered verbatim when present. */
  encodedSchemaResponse?(): MaybePromise<Uint8Array | undefined>;
  /** Identity schemas and list resource types; without it the provider declares neither. */
  identityCatalog?(): MaybePromise<IdentityCatalog>;
}

/** The description's type names: from typeNames when it has it, else from its catalog. */
export async function typeNamesOf(description: ProviderDescription): Promise<TypeNames> {
  if (description.typeNames) return description.typeNames();
  const catalog = await description.schemaCatalog();
  return { resources: Object.keys(catalog.resources), dataSources: Object.keys(catalog.dataSources) };
}

// Descriptors reach the wire through the schema document, the one mapping both sides share.
export function configSchemaMessage(config: ConfigSchema): SchemaMessage {
  return schemaFromJson(JSON.parse(configSchemaText(config.attributes, config.description)));
}

/** The schema of a resource, singular data source or plural data source. */
export function definitionSchema(definition: Definition): SchemaMessage {
  return schemaFromJson(JSON.parse(definitionSchemaText(definition)));
}

/** Builds the catalog from loaded definitions (the generator can store the result as JSON). */
export function buildSchemaCatalog(definitions: Iterable<Definition>): SchemaCatalog {
  const resources: Record<string, SchemaMessage> = {};
  const dataSources: Record<string, SchemaMessage> = {};
  for (const definition of definitions) {
    const target = definition.kind === "resource" ? resources : dataSources;
    if (Object.hasOwn(target, definition.tfTypeName)) {
      throw new Error(`duplicate ${definition.kind} type name ${definition.tfTypeName}`);
    }
    target[definition.tfTypeName] = definitionSchema(definition);
  }
  return { resources, dataSources };
}

export interface StaticProviderOptions {
  readonly providerConfig: ConfigSchema;
  readonly providerMeta?: ConfigSchema;
  readonly definitions: readonly Definition[];
}

/** A description over definitions already in memory (tests, small providers). */
export function describeProvider(options: StaticProviderOptions): ProviderDescription {
  const resources = new Map<string, ResourceDefinition>();
  const dataSources = new Map<string, DataSourceDefinition>();
  for (const d of options.definitions) {
    if (d.kind === "resource") resources.set(d.tfTypeName, d);
    else dataSources.set(d.tfTypeName, d);
  }
  let catalog: SchemaCatalog | undefined;
  let identities: IdentityCatalog | undefined;
  return {
    providerConfig: options.providerConfig,
    ...(options.providerMeta ? { providerMeta: options.providerMeta } : {}),
    resource: (typeName) => resources.get(typeName),
    dataSource: (typeName) => dataSources.get(typeName),
    schemaCatalog: () => (catalog ??= buildSchemaCatalog(options.definitions)),
    identityCatalog: () => (identities ??= identityCatalogOf(resources.values())),
  };
}
