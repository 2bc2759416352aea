// The `reorderArrays` switch: real services often return unordered lists in an order of their own
// (tags sorted, rules by priority...). With it on, GetResource answers every array the schema marks
// `insertionOrder: false` reversed, at any depth; arrays whose order the service keeps stay as they
// are, so clients can be tested against a service that reorders only where it may.
import { schemaNodeAt } from "../generate/schema-nodes.js";
import type { JsonObject, JsonValue } from "../types.js";

const isObject = (value: JsonValue): value is { [key: string]: JsonValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function reorder(schema: JsonObject, value: JsonValue, path: string[]): JsonValue {
  if (Array.isArray(value)) {
    const items = value.map((item) => reorder(schema, item, [...path, "*"]));
    const unordered = schemaNodeAt(schema, path)?.insertionOrder === false;
    return unordered && items.length > 1 ? items.reverse() : items;
  }
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, reorder(schema, member, [...path, key])]),
    );
  }
  return value;
}

/** A copy of the model with each array whose schema says `insertionOrder: false` in reverse order. */
export function reverseUnorderedArrays(schema: JsonObject, model: JsonObject): JsonObject {
  return reorder(schema, model, []) as JsonObject;
}
