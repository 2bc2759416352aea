// Wire shapes for resource identity and list resources: identity schemas as
// GetResourceIdentitySchemas sends them, the (empty) configuration schema of each list resource,
// and the ResourceIdentityData wrapper.
import type { IdentityCatalog } from "../terraform/identity/catalog.js";
import { IDENTITY_VERSION, identityType } from "../terraform/identity/identity.js";
import type { ResourceDefinition } from "../terraform/schema/types.js";
import type { ObjectType } from "../terraform/values/index.js";
import type { SchemaMessage } from "./schema-message.js";

/** Identity attributes are all strings: the cty type JSON of a string. */
const STRING_TYPE_JSON = Buffer.from(JSON.stringify("string"));

/** A list block's `config` takes no arguments: every object of the type is listed. */
export const LIST_CONFIG_TYPE: ObjectType = { kind: "object", attributes: {} };

const identityTypes = new WeakMap<ResourceDefinition, ObjectType>();

/** The identity's object type, built once per type (every plan, read and apply answer encodes one). */
export function resourceIdentityType(definition: ResourceDefinition): ObjectType {
  let type = identityTypes.get(definition);
  if (!type) identityTypes.set(definition, (type = identityType(definition)));
  return type;
}

export const identityProto = (identityData: { msgpack: Buffer }) => ({ identity_data: identityData });

export function identitySchemasProto(catalog: IdentityCatalog | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalog?.identities ?? {}).map(([typeName, attributes]) => [
      typeName,
      {
        version: IDENTITY_VERSION,
        identity_attributes: attributes.map((a) => ({
          name: a.name,
          type: STRING_TYPE_JSON,
          required_for_import: a.requiredForImport,
          optional_for_import: a.optionalForImport,
          description: a.description,
        })),
      },
    ]),
  );
}

export const listResourceTypeNames = (catalog: IdentityCatalog | undefined): readonly string[] =>
  catalog?.listResources ?? [];

/** One configuration schema per list resource, named like its resource type. */
export function listResourceSchemas(catalog: IdentityCatalog | undefined): Record<string, SchemaMessage> {
  return Object.fromEntries(
    listResourceTypeNames(catalog).map((typeName) => [
      typeName,
      {
        version: 0,
        block: {
          attributes: [],
          description: `Lists every ${typeName} in the provider's account and Region. Takes no arguments.`,
          descriptionKind: "PLAIN" as const,
        },
      },
    ]),
  );
}
