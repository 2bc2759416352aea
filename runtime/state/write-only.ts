// CloudFormation writeOnly properties are sent on create/update but never returned by reads, so
// the state keeps the value the user gave: Read copies it from the prior state, and an update's
// "before" document leaves it out so the value is sent again (docs/runtime.md#read).
// Unlike awscc this also covers write-only members inside list, set and map elements: the
// definition's writeOnlyProperties pointers are followed through `*` steps as well.
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { parsePropertyPointer, WILDCARD } from "../cloudcontrol/property-pointers.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { emptyRecord } from "../../terraform/values/plain-record.js";
import {
  isRecord,
  mapItems,
  mapMembers,
  recordWith,
  type TfRecord,
  type TfValue,
  EqualItems,
} from "../../terraform/values/value.js";

export type WriteOnlySet = ReadonlySet<Attribute>;

const cache = new WeakMap<ResourceDefinition, WriteOnlySet>();

/** The attributes (at any depth) that hold write-only values. */
export function writeOnlyAttributes(definition: ResourceDefinition): WriteOnlySet {
  let set = cache.get(definition);
  if (set) return set;
  const found = new Set<Attribute>();
  const collectFlags = (attributes: Attributes): void => {
    for (const attribute of Object.values(attributes)) {
      if (attribute.writeOnly) found.add(attribute);
      if ("attributes" in attribute.type) collectFlags(attribute.type.attributes);
    }
  };
  collectFlags(definition.attributes);
  for (const pointer of definition.writeOnlyProperties) {
    const segments = parsePropertyPointer(pointer);
    if (segments) {
      const attribute = followPointer(definition.attributes, segments);
      if (attribute) found.add(attribute);
    }
  }
  set = found;
  cache.set(definition, set);
  return set;
}

/** The attribute a property pointer names (`*` steps into list, set or map elements). */
export function followPointer(attributes: Attributes, segments: readonly string[]): Attribute | undefined {
  let scope: Attributes | undefined = attributes;
  let current: Attribute | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (segment === WILDCARD) {
      if (!current || !("attributes" in current.type) || current.type.kind === "object") return undefined;
      continue;
    }
    if (!scope) return undefined;
    current = Object.values(scope).find((attribute) => attribute.cfnName === segment);
    if (!current) return undefined;
    // Element members are reached with or without an explicit `*` step.
    scope = "attributes" in current.type ? current.type.attributes : undefined;
  }
  return current;
}

const touchingCache = new WeakMap<Attributes, WeakMap<WriteOnlySet, readonly string[]>>();

/**
 * The names at this schema level whose attribute is write-only or holds one deeper down. Only these
 * can change, so the walks below visit them alone instead of every attribute (known per level,
 * asked on every plan and read).
 */
function touchingNames(attributes: Attributes, writeOnly: WriteOnlySet): readonly string[] {
  let known = touchingCache.get(attributes);
  if (!known) touchingCache.set(attributes, (known = new WeakMap()));
  let names = known.get(writeOnly);
  if (names === undefined) {
    names = Object.keys(attributes).filter((name) => {
      const a = attributes[name] as Attribute;
      return (
        writeOnly.has(a) || ("attributes" in a.type && touchingNames(a.type.attributes, writeOnly).length > 0)
      );
    });
    known.set(writeOnly, names);
  }
  return names;
}

/** `record` with the members `next` gives a new value for (the same record when there are none). */
function withChanged(
  record: TfRecord,
  names: readonly string[],
  next: (member: TfValue, name: string) => TfValue,
): TfRecord {
  let changed: Record<string, TfValue> | undefined;
  for (const name of names) {
    if (!Object.hasOwn(record, name)) continue;
    const member = record[name] as TfValue;
    const value = next(member, name);
    if (value !== member) (changed ??= emptyRecord<TfValue>())[name] = value;
  }
  return changed ? recordWith(record, changed) : record;
}

/** The value with every write-only attribute (at any depth) set to null (the same value when none was set). */
export function nullWriteOnly(attributes: Attributes, value: TfValue, writeOnly: WriteOnlySet): TfValue {
  if (!isRecord(value) || writeOnly.size === 0) return value;
  const names = touchingNames(attributes, writeOnly);
  if (names.length === 0) return value;
  return withChanged(value, names, (member, name) => {
    const attribute = attributes[name] as Attribute;
    if (member === null) return member;
    if (writeOnly.has(attribute)) return null;
    if (!("attributes" in attribute.type)) return member;
    const nested = attribute.type.attributes;
    const convert = (item: TfValue): TfValue => nullWriteOnly(nested, item, writeOnly);
    if (attribute.type.kind === "object") return convert(member);
    if (Array.isArray(member)) return mapItems(member as readonly TfValue[], convert);
    if (isRecord(member)) return mapMembers(member, convert);
    return member;
  });
}

/** `fresh` (read from the service) with the write-only values of `prior` put back. */
export function carryWriteOnly(
  attributes: Attributes,
  fresh: TfValue,
  prior: TfValue,
  writeOnly: WriteOnlySet,
): TfValue {
  if (!isRecord(fresh) || !isRecord(prior) || writeOnly.size === 0) return fresh;
  const names = touchingNames(attributes, writeOnly);
  if (names.length === 0) return fresh;
  return withChanged(fresh, names, (member, name) => {
    const attribute = attributes[name] as Attribute;
    const priorMember = prior[name] ?? null;
    if (writeOnly.has(attribute)) return priorMember ?? member;
    if (!("attributes" in attribute.type) || member === null) return member;
    const nested = attribute.type.attributes;
    switch (attribute.type.kind) {
      case "object":
        return carryWriteOnly(nested, member, priorMember, writeOnly);
      case "mapNested":
        return isRecord(member)
          ? mapMembers(member, (element, key) =>
              carryWriteOnly(
                nested,
                element,
                isRecord(priorMember) ? (priorMember[key] ?? null) : null,
                writeOnly,
              ),
            )
          : member;
      default:
        return carryIntoElements(nested, member, priorMember, writeOnly);
    }
  });
}

/** List and set elements: each fresh element takes the write-only values of the prior element that matches it otherwise. */
function carryIntoElements(
  attributes: Attributes,
  fresh: TfValue,
  prior: TfValue,
  writeOnly: WriteOnlySet,
): TfValue {
  if (!Array.isArray(fresh) || !Array.isArray(prior)) return fresh;
  const type = attributeCtyType({ kind: "object", attributes });
  const priorItems = prior as readonly TfValue[];
  const strippedPrior = new EqualItems(
    type,
    priorItems.map((item) => nullWriteOnly(attributes, item, writeOnly)),
  );
  const used = new Array<boolean>(priorItems.length).fill(false);
  const freshItems = fresh as readonly TfValue[];
  // Equal elements first, all of them, so that a list the service reordered still finds its own.
  const partners = freshItems.map((item) => {
    const index = strippedPrior.take(nullWriteOnly(attributes, item, writeOnly));
    if (index >= 0) used[index] = true;
    return index;
  });
  // Elements changed by drift still line up by position when the list kept its length.
  if (freshItems.length === priorItems.length) {
    partners.forEach((index, position) => {
      if (index >= 0 || used[position]) return;
      used[position] = true;
      partners[position] = position;
    });
  }
  return freshItems.map((item, position) => {
    const index = partners[position] as number;
    return index < 0 ? item : carryWriteOnly(attributes, item, priorItems[index] as TfRecord, writeOnly);
  });
}
