// Pairing rules that let a null or unknown member match anything (compatibleValues, an apply's
// fitsPlanned) cannot key elements by their whole value. But a member that every element on both
// sides knows is compared as it is (collections other than lists compared whole, unknowns inside
// them included), so elements can only pair where those members agree: keying by them narrows each
// element's candidates without changing which pairs a rule accepts.
import type { Attribute, Attributes, AttributeType } from "../../terraform/schema/types.js";
import type { CtyType } from "../../terraform/values/cty-type.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import {
  canonicalKey,
  isRecord,
  isUnknown,
  isWhollyKnown,
  type TfValue,
} from "../../terraform/values/value.js";

// As the rules compare: a value holding unknowns equals one with unknowns at the same places.
const EXACT = { ignoreRefinements: true };

/** Kinds of attribute a rule compares exactly once both sides are known and not null. */
export type ExactKinds = ReadonlySet<AttributeType["kind"]>;

/** Primitives: compared exactly by compatibleValues and by fitsPlanned. */
export const PRIMITIVE_KINDS: ExactKinds = new Set(["string", "bool", "int64", "float64", "set", "map"]);
/** compatibleValues compares sets of objects exactly too (only objects and lists are walked). */
const COMPATIBLE_KINDS: ExactKinds = new Set([...PRIMITIVE_KINDS, "setNested", "mapNested"]);

/**
 * A key each element shares with every element the rule can pair it with: the values of the
 * members of `kinds` that all `elements` hold known and not null. With none such, every element
 * has the same key (every pair is tried, as without one).
 */
export function knownMembersKey(
  attributes: Attributes,
  elements: readonly TfValue[],
  kinds: ExactKinds,
): (element: TfValue) => string {
  const known = Object.keys(attributes).filter((name) => {
    const attribute = attributes[name] as Attribute;
    return (
      kinds.has(attribute.type.kind) &&
      elements.every((element) => {
        if (!isRecord(element)) return false;
        const value = element[name] ?? null;
        return value !== null && !isUnknown(value);
      })
    );
  });
  const types: CtyType[] = known.map((name) => attributeCtyType((attributes[name] as Attribute).type));
  return (element) =>
    isRecord(element)
      ? known.map((name, k) => canonicalKey(types[k] as CtyType, element[name] ?? null, EXACT)).join(",")
      : "";
}

/**
 * A key for elements of `element`'s type under compatibleValues: an object's known members
 * (knownMembersKey), or the element itself when every one is known and not null.
 */
export function compatibilityKey(
  element: AttributeType,
  values: readonly TfValue[],
): (value: TfValue) => string {
  if (element.kind === "object") return knownMembersKey(element.attributes, values, COMPATIBLE_KINDS);
  const type = attributeCtyType(element);
  const allKnown = values.every((value) => value !== null && isWhollyKnown(value));
  return allKnown ? (value) => canonicalKey(type, value, EXACT) : () => "";
}
