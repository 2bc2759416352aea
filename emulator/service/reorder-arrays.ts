// The `reorderArrays` switch: real services often return lists of objects in an order of their own
// (tags sorted, rules by priority...). With it on, GetResource and ListResources answer every array
// of objects reversed, at any depth, so clients can be tested against a service that reorders.
import type { JsonValue } from "../types.js";

const isObject = (value: JsonValue): value is { [key: string]: JsonValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A copy with every array whose elements are all objects in reverse order (other arrays keep theirs). */
export function reverseObjectArrays<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) {
    const items = value.map((item) => reverseObjectArrays(item));
    return (items.length > 1 && items.every(isObject) ? items.reverse() : items) as T;
  }
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, reverseObjectArrays(member)]),
    ) as T;
  }
  return value;
}
