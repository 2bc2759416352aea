// The provider's schemas: GetProviderSchema is answered from a response encoded at build time (or,
// from source, from generated/provider-schema.json), and a module is imported only when a request
// names its type.
import type { DataSourceDefinition } from "../terraform/provider-backend.js";
import type { ProviderDescription, SchemaCatalog } from "../protocol/provider-description.js";
import { catalogFromProviderSchemaJson, type ProviderSchemaJson } from "../protocol/schema-document.js";
import { providerConfigAttributes } from "../terraform/provider-config.js";
import type { ResourceDefinition } from "../terraform/schema/types.js";
import { PROVIDER_ADDRESS } from "../terraform/schema/schema-json.js";
import {
  type IdentityCatalog,
  identityCatalogOf,
  parseIdentityCatalog,
} from "../terraform/identity/catalog.js";

export { PROVIDER_ADDRESS };

type Loader<T> = () => Promise<{ readonly default: T }>;

export interface GeneratedIndex {
  readonly resources: Readonly<Record<string, Loader<ResourceDefinition>>>;
  readonly singularDataSources: Readonly<Record<string, Loader<DataSourceDefinition>>>;
  readonly pluralDataSources: Readonly<Record<string, Loader<DataSourceDefinition>>>;
}

export interface SchemaSources {
  /** generated/provider-schema.json's text. */
  readonly json: () => string | undefined;
  /** The encoded GetProviderSchema response, when the binary carries one. */
  readonly encoded?: () => Uint8Array | undefined;
  /** The identity catalog's JSON text, when precomputed (else every resource module is loaded once). */
  readonly identityCatalog?: () => string | undefined;
}

/** Every resource definition of the index, for the identity catalog (slow: loads each module). */
export async function identityCatalogOfIndex(index: GeneratedIndex): Promise<IdentityCatalog> {
  const definitions = await Promise.all(Object.values(index.resources).map(async (l) => (await l()).default));
  return identityCatalogOf(definitions);
}

async function load<T>(table: Readonly<Record<string, Loader<T>>>, name: string): Promise<T | undefined> {
  const loader = Object.hasOwn(table, name) ? table[name] : undefined;
  return loader ? (await loader()).default : undefined;
}

export function generatedProviderDescription(
  index: GeneratedIndex,
  sources: SchemaSources,
): ProviderDescription {
  let catalog: SchemaCatalog | undefined;
  let identities: Promise<IdentityCatalog> | undefined;
  return {
    providerConfig: { attributes: providerConfigAttributes },
    resource: (typeName) => load(index.resources, typeName),
    dataSource: async (typeName) =>
      (await load(index.singularDataSources, typeName)) ?? (await load(index.pluralDataSources, typeName)),
    typeNames: () => ({
      resources: Object.keys(index.resources),
      dataSources: [
        ...Object.keys(index.singularDataSources),
        ...Object.keys(index.pluralDataSources),
      ].sort(),
    }),
    encodedSchemaResponse: () => sources.encoded?.(),
    identityCatalog: () => {
      identities ??= Promise.resolve().then(() => {
        const text = sources.identityCatalog?.();
        return text === undefined
          ? identityCatalogOfIndex(index)
          : parseIdentityCatalog(text, "identity-catalog.json");
      });
      return identities;
    },
    schemaCatalog: () => {
      if (!catalog) {
        const text = sources.json();
        if (text === undefined) throw new Error("no provider schema available");
        const doc = JSON.parse(text) as { provider_schemas: Record<string, ProviderSchemaJson> };
        const provider = doc.provider_schemas[PROVIDER_ADDRESS];
        if (!provider) throw new Error(`provider-schema.json has no schema for ${PROVIDER_ADDRESS}`);
        catalog = catalogFromProviderSchemaJson(provider);
      }
      return catalog;
    },
  };
}
