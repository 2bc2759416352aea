// `awstags`: objects carry tags with the reserved `aws:` prefix that the caller never set and
// cannot set or remove (CloudFormation's `aws:cloudformation:*` stack tags, `aws:createdBy`...). On
// a seeded share of tagged types, every read answers one or two such tags in the type's own tag
// shape: a list of key/value objects, or a map.
import { resolveRefs, typesOf } from "../generate/schema-nodes.js";
import { isJsonObject, parseSchemaPointer } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";
import { chosen, decisionKey, decisionRandom } from "./seeded.js";

/** Share of tagged types whose objects carry `aws:` tags. */
export const AWSTAGS_TYPE_SHARE = 0.5;

/** Where a type keeps its tags and in which shape. */
export type TagShape =
  | { readonly property: string; readonly kind: "list"; readonly key: string; readonly value: string }
  | { readonly property: string; readonly kind: "map" };

/** The top-level tag property (schema `tagging.tagProperty`, else `Tags`), when it has a known shape. */
export function tagShapeOf(type: ResourceType): TagShape | undefined {
  const tagging = isJsonObject(type.schema.tagging) ? type.schema.tagging : {};
  if (tagging.taggable === false) return undefined;
  const pointer =
    typeof tagging.tagProperty === "string" ? parseSchemaPointer(tagging.tagProperty) : ["Tags"];
  if (!pointer || pointer.length !== 1) return undefined;
  const property = pointer[0] as string;
  const properties = isJsonObject(type.schema.properties) ? type.schema.properties : {};
  const node = Object.hasOwn(properties, property)
    ? resolveRefs(type.schema, properties[property])
    : undefined;
  if (!node) return undefined;
  const types = typesOf(node);
  if (types.includes("array")) {
    const items = resolveRefs(type.schema, node.items);
    const members = items && isJsonObject(items.properties) ? Object.keys(items.properties) : [];
    const key = members.find((name) => name === "Key" || name === "key");
    const value = members.find((name) => name === "Value" || name === "value");
    return key && value ? { property, kind: "list", key, value } : undefined;
  }
  if (types.includes("object") && !isJsonObject(node.properties)) return { property, kind: "map" };
  return undefined;
}

const RESERVED_KEYS = [
  "aws:cloudformation:stack-name",
  "aws:cloudformation:logical-id",
  "aws:cloudformation:stack-id",
  "aws:createdBy",
] as const;

export interface AccountRegion {
  readonly accountId: string;
  readonly region: string;
}

/** The reserved tags a type's objects carry under this seed (none when the type is not chosen). */
export function awsTagsOf(type: ResourceType, seed: number, where: AccountRegion): Array<[string, string]> {
  if (!tagShapeOf(type) || !chosen(seed, ["awstags", type.typeName], AWSTAGS_TYPE_SHARE)) return [];
  const random = decisionRandom(seed, ["awstags-keys", type.typeName]);
  const first = Math.floor(random() * RESERVED_KEYS.length);
  const count = random() < 0.5 ? 1 : 2;
  const keys = Array.from(
    { length: count },
    (_, i) => RESERVED_KEYS[(first + i) % RESERVED_KEYS.length] as string,
  );
  const stack = `awscc-${decisionKey(seed, ["awstags-stack", type.typeName]).toString(16)}`;
  return keys.map((key): [string, string] => {
    switch (key as (typeof RESERVED_KEYS)[number]) {
      case "aws:cloudformation:stack-name":
        return [key, stack];
      case "aws:cloudformation:logical-id":
        return [key, type.resourceName];
      case "aws:cloudformation:stack-id":
        return [key, `arn:aws:cloudformation:${where.region}:${where.accountId}:stack/${stack}/${stack}`];
      default:
        return [key, `arn:aws:iam::${where.accountId}:user/emulator`];
    }
  });
}

/** The model with the type's reserved tags added to its tag property (created when absent). */
export function addAwsTags(
  type: ResourceType,
  model: JsonObject,
  seed: number,
  where: AccountRegion,
): JsonObject {
  const shape = tagShapeOf(type);
  const tags = awsTagsOf(type, seed, where);
  if (!shape || tags.length === 0) return model;
  const current = model[shape.property];
  let next: JsonValue;
  if (shape.kind === "map") {
    const map: JsonObject = isJsonObject(current) ? { ...current } : {};
    for (const [key, value] of tags) map[key] = value;
    next = map;
  } else {
    const list: JsonValue[] = Array.isArray(current) ? [...current] : [];
    const present = new Set(list.map((tag) => (isJsonObject(tag) ? tag[shape.key] : undefined)));
    for (const [key, value] of tags)
      if (!present.has(key)) list.push({ [shape.key]: key, [shape.value]: value });
    next = list;
  }
  return { ...model, [shape.property]: next };
}

const isReservedKey = (key: JsonValue | undefined): boolean =>
  typeof key === "string" && key.startsWith("aws:");

/**
 * Always on, not part of the profile: an update never takes the service's own `aws:` tags away,
 * since users cannot remove them. Those the stored object had in its tag property (put there by
 * the control API) and the updated `model` lacks are put back, after the schema check, as they
 * were before it.
 */
export function keepReservedTags(type: ResourceType, before: JsonObject, model: JsonObject): void {
  const shape = tagShapeOf(type);
  const old = shape && before[shape.property];
  if (!shape || old === undefined) return;
  const current = model[shape.property];
  if (shape.kind === "map") {
    if (!isJsonObject(old)) return;
    const kept: JsonObject = isJsonObject(current) ? { ...current } : {};
    const missing = Object.keys(old).filter((key) => isReservedKey(key) && !Object.hasOwn(kept, key));
    for (const key of missing) kept[key] = old[key] as JsonValue;
    if (missing.length > 0) model[shape.property] = kept;
    return;
  }
  if (!Array.isArray(old)) return;
  const list: JsonValue[] = Array.isArray(current) ? [...current] : [];
  const present = new Set(list.map((tag) => (isJsonObject(tag) ? tag[shape.key] : undefined)));
  const missing = old.filter(
    (tag) => isJsonObject(tag) && isReservedKey(tag[shape.key]) && !present.has(tag[shape.key]),
  );
  if (missing.length > 0) model[shape.property] = [...list, ...missing];
}
