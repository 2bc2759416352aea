// The cty type constraint JSON (plugin-protocol.md §3.1) of an attribute type: what Terraform sees.
// JSON documents and RFC 3339 strings are plain strings on the wire; numbers are "number".
import type { AttributeType, Attributes } from "./types.js";

export type CtyType =
  | "string"
  | "number"
  | "bool"
  | "dynamic"
  | readonly ["list" | "set" | "map", CtyType]
  | readonly ["object", Readonly<Record<string, CtyType>>];

function objectType(attributes: Attributes): CtyType {
  const members: Record<string, CtyType> = {};
  for (const name of Object.keys(attributes).sort()) members[name] = ctyType(attributes[name]!.type);
  return ["object", members];
}

export function ctyType(type: AttributeType): CtyType {
  switch (type.kind) {
    case "string":
      return "string";
    case "bool":
      return "bool";
    case "int64":
    case "float64":
      return "number";
    case "list":
    case "set":
    case "map":
      return [type.kind, ctyType(type.element)];
    case "object":
      return objectType(type.attributes);
    case "listNested":
      return ["list", objectType(type.attributes)];
    case "setNested":
      return ["set", objectType(type.attributes)];
    case "mapNested":
      return ["map", objectType(type.attributes)];
  }
}

/** The implied object type of a whole schema (plugin-protocol.md §3.2). */
export const impliedType = (attributes: Attributes): CtyType => objectType(attributes);
