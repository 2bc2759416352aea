// Tags whose key starts with `aws:` are the service's own (aws:cloudformation:stack-name, ...):
// users cannot set or remove them, and AWS adds them to objects it tags. They are left out of every
// model read (tags and tags_all included), so a plan never sees them, never plans them away and an
// update never sends them (docs/runtime.md#values-a-service-rewrites).
import { isTagPropertyName } from "../../terraform/tags/tag-property.js";
import { isJsonDocObject, type JsonDoc, type JsonDocObject, makeJsonObject } from "../convert/json-doc.js";

export const RESERVED_TAG_PREFIX = "aws:";

const isReserved = (key: JsonDoc | undefined): boolean =>
  typeof key === "string" && key.toLowerCase().startsWith(RESERVED_TAG_PREFIX);

/** The tags value without reserved tags: key/value lists by their `Key`, maps by their keys. */
export function withoutReservedTags(tags: JsonDoc): JsonDoc {
  if (Array.isArray(tags)) {
    const items = tags as readonly JsonDoc[];
    const kept = items.filter((item) => !(isJsonDocObject(item) && isReserved(item.Key ?? item.key)));
    return kept.length === items.length ? tags : kept;
  }
  if (isJsonDocObject(tags)) {
    const keys = Object.keys(tags);
    if (!keys.some(isReserved)) return tags;
    return makeJsonObject(keys.filter((k) => !isReserved(k)).map((k) => [k, tags[k] as JsonDoc]));
  }
  return tags;
}

/**
 * The model with reserved tags taken out of its tag properties: those named `...Tags`, and the
 * type's own `tagProperty` (terraform/tags/tag-property.ts).
 */
export function modelWithoutReservedTags(model: JsonDocObject, tagProperty?: string): JsonDocObject {
  const present = Object.keys(model).filter((name) => isTagPropertyName(name) || name === tagProperty);
  if (present.length === 0) return model;
  return makeJsonObject(
    Object.keys(model).map((name) => [
      name,
      present.includes(name) ? withoutReservedTags(model[name] as JsonDoc) : (model[name] as JsonDoc),
    ]),
  );
}
