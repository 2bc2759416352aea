// Which attribute holds a resource's tags, how the provider's default_tags merge into it, and the
// computed `tags_all` attribute that carries the merge. Terraform lets a plan differ from the
// configuration only in computed-only attributes, so the merged tags cannot live in `tags` itself
// (a configured `tags = {a = 1}` must plan as exactly that): like the AWS provider, `tags` keeps
// what the user wrote and `tags_all` (sent to Cloud Control as Tags) the merge.
import type { Attribute, Attributes, AttributeType } from "../schema/types.js";
import {
  isRecord,
  isWhollyKnown,
  makeRecord,
  type TfRecord,
  type TfValue,
  UNKNOWN,
} from "../values/value.js";

export const TAGS_ATTRIBUTE = "tags";
export const TAGS_ALL_ATTRIBUTE = "tags_all";

/** The tag shapes default_tags covers: a list/set of {key, value} objects, or a map of strings. */
export type TagsShape = "keyValueList" | "map";

const isPlainString = (type: AttributeType): boolean => type.kind === "string" && type.flavor === "plain";

const shapes = new WeakMap<Attribute, TagsShape | null>();

/** The shape of a `tags` attribute, or undefined when default_tags cannot go there. */
export function tagsShape(attribute: Attribute | undefined): TagsShape | undefined {
  if (attribute === undefined || attribute.cfnName !== "Tags") return undefined;
  // Asked several times per plan and read of every tagged resource: worked out once per attribute.
  let shape = shapes.get(attribute);
  if (shape === undefined) shapes.set(attribute, (shape = shapeOf(attribute) ?? null));
  return shape ?? undefined;
}

function shapeOf(attribute: Attribute): TagsShape | undefined {
  if (!attribute.optional) return undefined; // read-only tags are not the user's to set
  const type = attribute.type;
  if (type.kind === "map") return isPlainString(type.element) ? "map" : undefined;
  if (type.kind !== "listNested" && type.kind !== "setNested") return undefined;
  const names = Object.keys(type.attributes).sort();
  // Exactly Key and Value: a third member (AutoScalingGroup's PropagateAtLaunch) has no default.
  if (names.join() !== "key,value") return undefined;
  return names.every((name) => isPlainString((type.attributes[name] as Attribute).type))
    ? "keyValueList"
    : undefined;
}

function computedOnly(type: AttributeType): AttributeType {
  if (!("attributes" in type)) return type;
  const attributes: Record<string, Attribute> = {};
  for (const [name, a] of Object.entries(type.attributes))
    attributes[name] = { type: computedOnly(a.type), computed: true };
  return { kind: type.kind, attributes };
}

/**
 * A resource's attributes with `tags_all` added where default_tags apply: a top-level Tags of a
 * covered shape that can change in place (createOnly tags would replace the object whenever a
 * default tag changed, so those types take no defaults).
 */
export function withTagsAllAttribute(
  attributes: Attributes,
  createOnlyProperties: readonly string[],
): Attributes {
  const tags = attributes[TAGS_ATTRIBUTE];
  if (Object.hasOwn(attributes, TAGS_ALL_ATTRIBUTE) || tagsShape(tags) === undefined) return attributes;
  if (createOnlyProperties.includes("/properties/Tags")) return attributes;
  const tagsAll: Attribute = {
    type: computedOnly((tags as Attribute).type),
    description:
      "The resource's tags merged with the provider's default_tags (resource tags win); what Cloud Control receives.",
    computed: true,
  };
  return { ...attributes, [TAGS_ALL_ATTRIBUTE]: tagsAll };
}

/** The tags of a value of either shape as key → value (undefined when not wholly known). */
export function tagEntries(shape: TagsShape, value: TfValue): Map<string, string> | undefined {
  const entries = new Map<string, string>();
  if (value === null) return entries;
  if (!isWhollyKnown(value)) return undefined;
  if (shape === "map") {
    if (!isRecord(value)) return undefined;
    for (const [k, v] of Object.entries(value)) if (typeof v === "string") entries.set(k, v);
    return entries;
  }
  if (!Array.isArray(value)) return undefined;
  for (const item of value as readonly TfValue[]) {
    if (!isRecord(item) || typeof item.key !== "string") continue;
    entries.set(item.key, typeof item.value === "string" ? item.value : "");
  }
  return entries;
}

function fromEntries(shape: TagsShape, entries: Iterable<readonly [string, string]>): TfValue {
  const list = [...entries];
  if (list.length === 0) return null; // an empty Tags is never sent and reads back as absent
  if (shape === "map") return makeRecord(list);
  return list.map(([key, value]) =>
    makeRecord([
      ["key", key],
      ["value", value],
    ]),
  );
}

/**
 * The resource's tags merged with the defaults: the resource's own first (in its order), then the
 * defaults it does not set, by key. Unknown while the resource's tags are not wholly known.
 */
export function mergeTags(
  shape: TagsShape,
  resourceTags: TfValue,
  defaults: ReadonlyMap<string, string>,
): TfValue {
  const own = tagEntries(shape, resourceTags);
  if (own === undefined) return UNKNOWN;
  const merged = new Map(own);
  for (const key of [...defaults.keys()].sort()) if (!own.has(key)) merged.set(key, defaults.get(key)!);
  return fromEntries(shape, merged);
}

/** Same keys with the same values, whatever the order. */
export function sameTags(shape: TagsShape, a: TfValue, b: TfValue): boolean {
  const x = tagEntries(shape, a);
  const y = tagEntries(shape, b);
  if (x === undefined || y === undefined || x.size !== y.size) return false;
  for (const [k, v] of x) if (y.get(k) !== v) return false;
  return true;
}

/**
 * The tags a prior state holds because of default_tags: those of `tags_all` whose key is not in
 * `tags` (the user's own). Whatever the provider block says now, these are not the user's.
 */
export function tagsFromDefaults(
  shape: TagsShape,
  priorAll: TfValue,
  priorOwn: TfValue,
): Map<string, string> {
  const all = tagEntries(shape, priorAll);
  const own = tagEntries(shape, priorOwn);
  const out = new Map<string, string>();
  if (all === undefined || own === undefined) return out;
  for (const [key, value] of all) if (!own.has(key)) out.set(key, value);
  return out;
}

/**
 * The user's part of the tags read from the service: all of them, less the default tags the object
 * carries unchanged (today's defaults, or those the prior state had from them) — unless the prior
 * `tags` held that key too (the user set it to the same value). The service's value is filtered,
 * not rebuilt, so duplicates and spellings stay as they were.
 */
export function ownTagsOf(
  shape: TagsShape,
  remote: TfValue,
  priorOwn: TfValue,
  defaults: ReadonlyMap<string, string>,
  priorFromDefaults: ReadonlyMap<string, string> = new Map(),
): TfValue {
  if (defaults.size === 0 && priorFromDefaults.size === 0) return remote;
  if (remote === null || !isWhollyKnown(remote)) return remote;
  const ownKeys = new Set(tagEntries(shape, priorOwn)?.keys() ?? []);
  const isDefault = (key: TfValue | undefined, value: TfValue | undefined): boolean =>
    typeof key === "string" &&
    !ownKeys.has(key) &&
    (defaults.get(key) === value || priorFromDefaults.get(key) === value);
  let kept: TfValue;
  if (shape === "map") {
    if (!isRecord(remote)) return remote;
    kept = makeRecord(Object.entries(remote).filter(([k, v]) => !isDefault(k, v)));
  } else {
    if (!Array.isArray(remote)) return remote;
    kept = (remote as readonly TfValue[]).filter(
      (item) => !(isRecord(item) && isDefault(item.key, item.value)),
    );
  }
  const empty = Array.isArray(kept) ? kept.length === 0 : Object.keys(kept as TfRecord).length === 0;
  return empty && priorOwn === null ? null : kept;
}

/** The tags record of a state or plan, if the value is an object. */
export const recordOf = (value: TfValue): TfRecord | null => (isRecord(value) ? value : null);
