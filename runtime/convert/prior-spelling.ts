// Values that mean the same but are spelled differently — JSON strings with other whitespace, key
// order or number spelling, IAM policy documents in another of their equivalent forms
// (policy-document.ts), at any depth (inside lists, sets, maps and nested attributes) — are not
// a change: plan and read both keep the prior spelling (lifecycle contract: a re-serialisation is
// not drift). One rule for both, so a plan never shows a diff that a refresh has just hidden.
//
// A collection of primitives (list, set or map of JSON strings...) takes the prior value only as a
// whole: Terraform accepts a planned attribute value only when it equals the configuration or the
// prior state, never a mix of the two. Nested attributes are checked member by member, so there
// the walk goes down: list elements by position, map elements by key, set elements by meaning.
//
// Structured JSON (a recursive definition carried as text) the service answers with members of its
// own choosing added, everything sent kept as it was, also keeps the prior text (structured-json.ts)
// — but only in the direction the caller names (ServiceFilled): on read the value read may carry
// them; a plan against an imported object has them in the prior. A configuration with members the
// prior lacks is always a change.
import type { Attributes, AttributeType } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import {
  canonicalKey,
  isRecord,
  isUnknown,
  mapItems,
  mapMembers,
  type TfRecord,
  type TfValue,
} from "../../terraform/values/value.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import { jsonTextsEquivalent, structuredJsonTextCovers } from "./json-string.js";
import { looksLikeJsonDocument, meaningKey, relationKey } from "./meaning-key.js";

/**
 * Which side may hold members the service filled in inside structured JSON: the value (read from the
 * service, compared with the prior state), the prior (the service's answer imported, compared with
 * the configuration), or neither.
 */
export type ServiceFilled = "none" | "value" | "prior";

/** `value` with `prior`'s spelling wherever the two mean the same (the same object when nothing changes). */
export function keepPriorSpelling(
  attributes: Attributes,
  value: TfValue,
  prior: TfValue,
  filled: ServiceFilled = "none",
): TfValue {
  if (!isRecord(value) || !isRecord(prior)) return value;
  return mapMembers(value, (member, name) => {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    return attribute ? spell(attribute.type, member, prior[name] ?? null, filled) : member;
  });
}

/**
 * The two values mean the same. Their meaning keys (meaning-key.ts) decide most cases; JSON strings
 * also compare by meaning (IAM policy equivalence is a relation, not a key: a document without a
 * Version matches any Version), so where the keys differ and JSON strings are inside, the values
 * are walked.
 */
export function sameMeaning(
  type: AttributeType,
  a: TfValue,
  b: TfValue,
  filled: ServiceFilled = "none",
): boolean {
  if (meaningKey(type, a) === meaningKey(type, b)) return true;
  if (!holdsJson(type) || a === null || b === null || isUnknown(a) || isUnknown(b)) return false;
  switch (type.kind) {
    case "string":
      if (typeof a !== "string" || typeof b !== "string") return false;
      // A plain string may carry a JSON document too (schema type ["object", "string"], as IAM
      // Role's AssumeRolePolicyDocument): services answer it as an object, read back as its text.
      if (type.flavor !== "json" && !(looksLikeJsonDocument(a) && looksLikeJsonDocument(b))) return false;
      if (jsonTextsEquivalent(a, b, type.structured === true)) return true;
      if (type.structured !== true || filled === "none") return false;
      return filled === "value" ? structuredJsonTextCovers(b, a) : structuredJsonTextCovers(a, b);
    case "list":
    case "set":
      return sameItems(a, b, type.element, filled, type.kind === "list");
    case "listNested":
    case "setNested": {
      const element: AttributeType = { kind: "object", attributes: type.attributes };
      return sameItems(a, b, element, filled, type.kind === "listNested");
    }
    case "map":
      return sameEntries(a, b, (x, y) => sameMeaning(type.element, x, y, filled));
    case "mapNested": {
      const element: AttributeType = { kind: "object", attributes: type.attributes };
      return sameEntries(a, b, (x, y) => sameMeaning(element, x, y, filled));
    }
    case "object":
      return (
        isRecord(a) &&
        isRecord(b) &&
        Object.keys(type.attributes).every((name) =>
          sameMeaning(
            (type.attributes[name] as Attributes[string]).type,
            a[name] ?? null,
            b[name] ?? null,
            filled,
          ),
        )
      );
    default:
      return false;
  }
}

/**
 * Equal lengths and each item meaning the same as an item of `b`: the one at its position, or in
 * no order the first not yet taken that does. Only items sharing their relation key can mean the
 * same, so only those are compared (a long set in another order would cost the square otherwise).
 */
function sameItems(
  a: TfValue,
  b: TfValue,
  type: AttributeType,
  filled: ServiceFilled,
  ordered: boolean,
): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  const left = a as readonly TfValue[];
  const right = b as readonly TfValue[];
  if (ordered) return left.every((item, i) => sameMeaning(type, item, right[i] ?? null, filled));
  const untaken = new UntakenByKey(right.map((item) => relationKey(type, item, filled)));
  return left.every(
    (item) =>
      untaken.take(relationKey(type, item, filled), (k) =>
        sameMeaning(type, item, right[k] ?? null, filled),
      ) >= 0,
  );
}

function sameEntries(a: TfValue, b: TfValue, same: (x: TfValue, y: TfValue) => boolean): boolean {
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && same(a[k] ?? null, b[k] ?? null));
}

const jsonInside = new WeakMap<AttributeType, boolean>();

/**
 * The type holds a string somewhere (only then can two spellings mean the same): a JSON string, or
 * a plain string that may carry a JSON document.
 */
function holdsJson(type: AttributeType): boolean {
  let known = jsonInside.get(type);
  if (known === undefined) {
    if (type.kind === "string") known = true;
    else if ("element" in type) known = holdsJson(type.element);
    else if ("attributes" in type)
      known = Object.values(type.attributes).some((attribute) => holdsJson(attribute.type));
    else known = false;
    jsonInside.set(type, known);
  }
  return known;
}

function spell(type: AttributeType, value: TfValue, prior: TfValue, filled: ServiceFilled): TfValue {
  if (value === prior) return value;
  if (value === null || prior === null || isUnknown(value) || isUnknown(prior)) return value;
  if (!holdsJson(type)) return value;
  if (sameMeaning(type, value, prior, filled)) return prior;
  // Collections of primitives only as a whole (above); nested attributes member by member.
  switch (type.kind) {
    case "object":
      return keepPriorSpelling(type.attributes, value, prior, filled);
    case "listNested": {
      if (!Array.isArray(value) || !Array.isArray(prior)) return value;
      const priorItems = prior as readonly TfValue[];
      return mapItems(value as readonly TfValue[], (item, i) =>
        i < priorItems.length
          ? keepPriorSpelling(type.attributes, item, priorItems[i] ?? null, filled)
          : item,
      );
    }
    case "mapNested": {
      if (!isRecord(value) || !isRecord(prior)) return value;
      return mapMembers(value, (item, key) =>
        keepPriorSpelling(type.attributes, item, prior[key] ?? null, filled),
      );
    }
    case "setNested":
      if (!Array.isArray(value) || !Array.isArray(prior)) return value;
      return priorElementsOfSameMeaning(
        type.attributes,
        value as readonly TfValue[],
        prior as readonly TfValue[],
        filled,
      );
    default:
      return value;
  }
}

/**
 * Set elements have no address: each element that means the same as a prior element becomes that
 * prior element. Exact matches are paired first, so an element equal to a prior one is never
 * crowded out by a re-spelled twin (which would put two equal elements in the set).
 */
function priorElementsOfSameMeaning(
  attributes: Attributes,
  items: readonly TfValue[],
  priorItems: readonly TfValue[],
  filled: ServiceFilled,
): TfValue {
  const objectType: AttributeType = { kind: "object", attributes };
  const ctyType = attributeCtyType(objectType);
  const partner = new Array<number>(items.length).fill(-1);
  const used = new Array<boolean>(priorItems.length).fill(false);
  const pair = (key: (item: TfValue) => string, fits?: (item: TfValue, prior: TfValue) => boolean): void => {
    const untaken = new UntakenByKey(priorItems.map((prior, j) => (used[j] ? undefined : key(prior))));
    items.forEach((item, i) => {
      if (partner[i] !== -1) return;
      const index = untaken.take(key(item), fits && ((j) => fits(item, priorItems[j] ?? null)));
      if (index < 0) return;
      used[index] = true;
      partner[i] = index;
    });
  };
  pair((item) => canonicalKey(ctyType, item));
  // Only elements sharing their relation key can mean the same.
  pair(
    (item) => relationKey(objectType, item, filled),
    (item, prior) => sameMeaning(objectType, item, prior, filled),
  );
  return mapItems(items, (item, i) => {
    const index = partner[i] as number;
    return index >= 0 ? (priorItems[index] as TfRecord) : item;
  });
}
