// Which resource types have an identity and a list resource, with their identity schemas, as plain
// JSON: the binary carries it precomputed so GetResourceIdentitySchemas and GetProviderSchema do not
// load every resource module.
import type { ResourceDefinition } from "../schema/types.js";
import { type IdentityAttributeSchema, identitySchemaOf } from "./identity.js";

export interface IdentityCatalog {
  /** Identity attributes by resource type name (identity schema version 0). */
  readonly identities: Readonly<Record<string, readonly IdentityAttributeSchema[]>>;
  /** Resource types offered as list resources (a list handler that needs no arguments), sorted. */
  readonly listResources: readonly string[];
}

export function identityCatalogOf(definitions: Iterable<ResourceDefinition>): IdentityCatalog {
  const identities: Record<string, readonly IdentityAttributeSchema[]> = {};
  const listResources: string[] = [];
  for (const definition of definitions) {
    if (definition.identity.length > 0) identities[definition.tfTypeName] = identitySchemaOf(definition);
    if (definition.listable) listResources.push(definition.tfTypeName);
  }
  return { identities, listResources: listResources.sort() };
}

/** Reads a catalog written with JSON.stringify, checking its shape enough to fail clearly. */
export function parseIdentityCatalog(text: string, source: string): IdentityCatalog {
  const parsed = JSON.parse(text) as Partial<IdentityCatalog>;
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    typeof parsed.identities !== "object" ||
    !Array.isArray(parsed.listResources)
  ) {
    throw new Error(`${source}: not an identity catalog (needs "identities" and "listResources")`);
  }
  return parsed as IdentityCatalog;
}
