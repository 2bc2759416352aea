// `scalars`: on a seeded subset of types, every number and boolean the schema types as such comes
// back as a JSON string ("3", "true"), as handlers do that copy values through string-typed SDK
// fields or from a string-typed describe answer. Free-form JSON values are left as they are.
import { schemaNodeAt, typesOf } from "../generate/schema-nodes.js";
import { isJsonObject } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";
import { isFreeFormObject } from "./schema-kinds.js";
import { chosen } from "./seeded.js";

/** Share of types whose handler answers numbers and booleans as strings. */
export const SCALARS_TYPE_SHARE = 0.3;

export const answersScalarsAsStrings = (type: ResourceType, seed: number): boolean =>
  chosen(seed, ["scalars", type.typeName], SCALARS_TYPE_SHARE);

const SCALAR_TYPES = new Set(["number", "integer", "boolean"]);

function stringify(schema: JsonObject, value: JsonValue, path: string[]): JsonValue {
  if (Array.isArray(value)) return value.map((item) => stringify(schema, item, [...path, "*"]));
  if (isJsonObject(value)) {
    const node = schemaNodeAt(schema, path);
    // A free-form object (no declared members) is JSON the service keeps as it is.
    if (path.length > 0 && (!node || isFreeFormObject(node))) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, stringify(schema, member, [...path, key])]),
    );
  }
  if (typeof value !== "number" && typeof value !== "boolean") return value;
  const node = schemaNodeAt(schema, path);
  if (!node || !typesOf(node).some((name) => SCALAR_TYPES.has(name))) return value;
  return String(value);
}

/** The model with numbers and booleans as strings, when the seed picks this type; else unchanged. */
export function stringifyScalars(type: ResourceType, model: JsonObject, seed: number): JsonObject {
  if (!answersScalarsAsStrings(type, seed)) return model;
  return stringify(type.schema, model, []) as JsonObject;
}
