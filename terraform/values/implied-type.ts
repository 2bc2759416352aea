// The object type Terraform derives from a schema (docs/protocol.md#implied-type), computed from the
// attribute model the generated modules declare (terraform/schema/types.ts). Our schemas use nested
// attributes only (no blocks), so each nested kind maps directly to a cty collection of objects.
import type { AttributeType, Attributes, Definition } from "../schema/types.js";
import type { CtyType, ObjectType } from "./cty-type.js";
import { attributesOf } from "./definition-attributes.js";
import { emptyRecord } from "./plain-record.js";

/** The cty type of one attribute's value. */
export function attributeCtyType(type: AttributeType): CtyType {
  switch (type.kind) {
    case "string":
      return { kind: "string" }; // plain, JSON-string and RFC 3339 flavours are all strings on the wire
    case "bool":
      return { kind: "bool" };
    case "int64":
    case "float64":
      return { kind: "number" };
    case "list":
    case "set":
    case "map":
      return { kind: type.kind, element: attributeCtyType(type.element) };
    case "object":
      return impliedObjectType(type.attributes);
    case "listNested":
      return { kind: "list", element: impliedObjectType(type.attributes) };
    case "setNested":
      return { kind: "set", element: impliedObjectType(type.attributes) };
    case "mapNested":
      return { kind: "map", element: impliedObjectType(type.attributes) };
  }
}

/** The object type of a block of attributes: one attribute per schema attribute. */
export function impliedObjectType(attributes: Attributes): ObjectType {
  const types = emptyRecord<CtyType>();
  for (const name of Object.keys(attributes))
    types[name] = attributeCtyType((attributes[name] as Attributes[string]).type);
  return { kind: "object", attributes: types };
}

const cache = new WeakMap<Definition, ObjectType>();

/** The implied type of a resource or data source (memoised per definition object). */
export function definitionImpliedType(definition: Definition): ObjectType {
  let type = cache.get(definition);
  if (!type) {
    type = impliedObjectType(attributesOf(definition));
    cache.set(definition, type);
  }
  return type;
}
