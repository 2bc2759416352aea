// Unordered arrays (`insertionOrder: false`) in an order of the service's own. Two arrangements:
// `reverse` (the older `reorderArrays` switch: the order the caller sent, backwards) and `sort`
// (the `order` behaviour: elements sorted by their JSON text, as services that keep sets in sorted
// storage answer them). Arrays the schema keeps in order are never touched; the walk goes to every
// depth, so an unordered list inside an ordered one is rearranged too.
import { schemaNodeAt } from "../generate/schema-nodes.js";
import { isJsonObject } from "../schema/pointers.js";
import type { JsonObject, JsonValue } from "../types.js";

export type Arrangement = "reverse" | "sort";

function byJsonText(items: JsonValue[]): JsonValue[] {
  const keyed = items.map((item) => ({ item, text: JSON.stringify(item) }));
  keyed.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return keyed.map(({ item }) => item);
}

function rearrange(schema: JsonObject, value: JsonValue, path: string[], how: Arrangement): JsonValue {
  if (Array.isArray(value)) {
    // Inner arrays first, so an element's JSON text is the one the reader will see.
    const items = value.map((item) => rearrange(schema, item, [...path, "*"], how));
    if (items.length < 2 || schemaNodeAt(schema, path)?.insertionOrder !== false) return items;
    return how === "reverse" ? items.reverse() : byJsonText(items);
  }
  if (isJsonObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, rearrange(schema, member, [...path, key], how)]),
    );
  }
  return value;
}

/** A copy of the model with each `insertionOrder: false` array (at any depth) rearranged. */
export function rearrangeUnorderedArrays(
  schema: JsonObject,
  model: JsonObject,
  how: Arrangement,
): JsonObject {
  return rearrange(schema, model, [], how) as JsonObject;
}

/** The `reorderArrays` switch: unordered arrays answered backwards. */
export const reverseUnorderedArrays = (schema: JsonObject, model: JsonObject): JsonObject =>
  rearrangeUnorderedArrays(schema, model, "reverse");

/** The `order` behaviour: unordered arrays answered sorted by their elements' JSON text. */
export const sortUnorderedArrays = (schema: JsonObject, model: JsonObject): JsonObject =>
  rearrangeUnorderedArrays(schema, model, "sort");
