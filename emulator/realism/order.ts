// Unordered arrays (`insertionOrder: false`) in an order of the service's own. Two arrangements:
// `reverse` (the older `reorderArrays` switch: the order the caller sent, backwards) and `sort`
// (the `order` behaviour: elements sorted by their JSON text, as services that keep sets in sorted
// storage answer them). Arrays the schema keeps in order are never touched; the walk goes to every
// depth, so an unordered list inside an ordered one is rearranged too. Under `order` an update's
// patch is applied to the stored model in that sorted order too (sortUnorderedArraysAsShown), as
// Cloud Control applies a patch document to the model the read handler returns.
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

/** `stored` with each unordered array sorted like `shown`'s (the same model, members removed). */
function sortAsShown(
  schema: JsonObject,
  stored: JsonValue,
  shown: JsonValue | undefined,
  path: string[],
): { stored: JsonValue; shown: JsonValue | undefined } {
  if (Array.isArray(stored)) {
    const shownItems = Array.isArray(shown) && shown.length === stored.length ? shown : undefined;
    const pairs = stored.map((item, i) => sortAsShown(schema, item, shownItems?.[i], [...path, "*"]));
    if (pairs.length >= 2 && schemaNodeAt(schema, path)?.insertionOrder === false) {
      const keyed = pairs.map((pair) => ({ pair, text: JSON.stringify(pair.shown ?? pair.stored) }));
      keyed.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
      pairs.splice(0, pairs.length, ...keyed.map(({ pair }) => pair));
    }
    return {
      stored: pairs.map((pair) => pair.stored),
      shown: shownItems && pairs.map((pair) => pair.shown as JsonValue),
    };
  }
  if (isJsonObject(stored)) {
    const shownObject = isJsonObject(shown) ? shown : undefined;
    const members = Object.entries(stored).map(([key, member]) => {
      const shownMember = shownObject && Object.hasOwn(shownObject, key) ? shownObject[key] : undefined;
      return [key, sortAsShown(schema, member, shownMember, [...path, key])] as const;
    });
    return {
      stored: Object.fromEntries(members.map(([key, pair]) => [key, pair.stored])),
      shown:
        shownObject &&
        Object.fromEntries(
          members
            .filter(([key]) => Object.hasOwn(shownObject, key))
            .map(([key, pair]) => [key, pair.shown as JsonValue]),
        ),
    };
  }
  return { stored, shown };
}

/**
 * The `order` behaviour for an update: the stored model with each unordered array in the order a
 * read answers it, i.e. sorted by the JSON text of its elements as `shown` (the stored model as
 * reads show it: write-only values removed). The patch's indices then address the elements a
 * reader saw at those positions. Other read-time behaviours are not applied to it: the update
 * handler must still get a model the schema accepts.
 */
export const sortUnorderedArraysAsShown = (
  schema: JsonObject,
  stored: JsonObject,
  shown: JsonObject,
): JsonObject => sortAsShown(schema, stored, shown, []).stored as JsonObject;
