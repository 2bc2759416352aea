// CloudFormation writeOnly properties are sent on create/update but never returned by reads, so
// the state keeps the value the user gave: Read copies it from the prior state, and an update's
// "before" document leaves it out so the value is sent again (docs/runtime.md#read).
// Unlike awscc this also covers write-only members inside list, set and map elements: the
// definition's writeOnlyProperties pointers are followed through `*` steps as well.
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { parsePropertyPointer, WILDCARD } from "../cloudcontrol/property-pointers.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import {
  isRecord,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
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

const touches = (attributes: Attributes, writeOnly: WriteOnlySet): boolean =>
  Object.values(attributes).some(
    (a) => writeOnly.has(a) || ("attributes" in a.type && touches(a.type.attributes, writeOnly)),
  );

/** The value with every write-only attribute (at any depth) set to null. */
export function nullWriteOnly(attributes: Attributes, value: TfValue, writeOnly: WriteOnlySet): TfValue {
  if (!isRecord(value) || writeOnly.size === 0 || !touches(attributes, writeOnly)) return value;
  return makeRecord(
    Object.keys(value).map((name) => {
      const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const member = value[name] ?? null;
      if (!attribute) return [name, member];
      if (writeOnly.has(attribute)) return [name, null];
      if (!("attributes" in attribute.type) || member === null) return [name, member];
      const nested = attribute.type.attributes;
      const convert = (item: TfValue): TfValue => nullWriteOnly(nested, item, writeOnly);
      if (attribute.type.kind === "object") return [name, convert(member)];
      if (Array.isArray(member)) return [name, (member as readonly TfValue[]).map(convert)];
      if (isRecord(member))
        return [name, makeRecord(Object.keys(member).map((k) => [k, convert(member[k] ?? null)]))];
      return [name, member];
    }),
  );
}

/** `fresh` (read from the service) with the write-only values of `prior` put back. */
export function carryWriteOnly(
  attributes: Attributes,
  fresh: TfValue,
  prior: TfValue,
  writeOnly: WriteOnlySet,
): TfValue {
  if (!isRecord(fresh) || !isRecord(prior) || writeOnly.size === 0 || !touches(attributes, writeOnly))
    return fresh;
  return makeRecord(
    Object.keys(fresh).map((name) => {
      const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const member = fresh[name] ?? null;
      const priorMember = prior[name] ?? null;
      if (!attribute) return [name, member];
      if (writeOnly.has(attribute)) return [name, priorMember ?? member];
      if (!("attributes" in attribute.type) || member === null) return [name, member];
      const nested = attribute.type.attributes;
      switch (attribute.type.kind) {
        case "object":
          return [name, carryWriteOnly(nested, member, priorMember, writeOnly)];
        case "mapNested":
          return [
            name,
            isRecord(member)
              ? makeRecord(
                  Object.keys(member).map((k) => [
                    k,
                    carryWriteOnly(
                      nested,
                      member[k] ?? null,
                      isRecord(priorMember) ? (priorMember[k] ?? null) : null,
                      writeOnly,
                    ),
                  ]),
                )
              : member,
          ];
        default:
          return [name, carryIntoElements(nested, member, priorMember, writeOnly)];
      }
    }),
  );
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
  const strippedPrior = priorItems.map((item) => nullWriteOnly(attributes, item, writeOnly));
  const used = new Array<boolean>(priorItems.length).fill(false);
  const freshItems = fresh as readonly TfValue[];
  // Equal elements first, all of them, so that a list the service reordered still finds its own.
  const partners = freshItems.map((item) => {
    const stripped = nullWriteOnly(attributes, item, writeOnly);
    const index = strippedPrior.findIndex(
      (candidate, i) => !used[i] && valueEquals(type, candidate, stripped),
    );
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
