// Set elements cannot be addressed by position, so planning pairs each planned element with the
// prior (or configured) element that describes the same object: an equal one if there is one,
// otherwise one that agrees on every member both sides know.
import type { Attributes } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import type { CtyType } from "../../terraform/values/cty-type.js";
import { EqualItems, isRecord, isUnknown, type TfValue, valueEquals } from "../../terraform/values/value.js";
import { hasPlanModifier } from "../../terraform/schema/resource-rules.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import { compatibilityKey } from "./known-members-key.js";

/** Equal where both sides are known and non-null; null or unknown on either side matches anything. */
export function compatibleValues(type: CtyType, a: TfValue | undefined, b: TfValue | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return true;
  if (isUnknown(a) || isUnknown(b)) return true;
  if (type.kind === "object" && isRecord(a) && isRecord(b)) {
    return Object.keys(type.attributes).every((name) =>
      compatibleValues(type.attributes[name] as CtyType, a[name], b[name]),
    );
  }
  if (type.kind === "list" && Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => compatibleValues(type.element, item, b[i]));
  }
  return valueEquals(type, a, b, { ignoreRefinements: true });
}

/** `compatibleValues`, except that lists CloudFormation keeps in no order (multiset) may differ in order. */
function compatibleIgnoringUnorderedLists(attributes: Attributes, a: TfValue, b: TfValue): boolean {
  if (!isRecord(a) || !isRecord(b))
    return compatibleValues(attributeCtyType({ kind: "object", attributes }), a, b);
  return Object.entries(attributes).every(([name, attribute]) => {
    const x = a[name] ?? null;
    const y = b[name] ?? null;
    const type = attributeCtyType(attribute.type);
    if (x === null || y === null || isUnknown(x) || isUnknown(y)) return true;
    if (attribute.type.kind === "object")
      return compatibleIgnoringUnorderedLists(attribute.type.attributes, x, y);
    const unordered = hasPlanModifier(attribute, "multiset");
    if (!unordered || type.kind !== "list" || !Array.isArray(x) || !Array.isArray(y))
      return compatibleValues(type, x, y);
    if (x.length !== y.length) return false;
    const remaining = [...(y as readonly TfValue[])];
    return (x as readonly TfValue[]).every((item) => {
      const index = remaining.findIndex((candidate) => compatibleValues(type.element, item, candidate));
      if (index >= 0) remaining.splice(index, 1);
      return index >= 0;
    });
  });
}

/**
 * For each target element, the index of its partner among the candidates (or -1): exact matches
 * first, then compatible ones, then ones compatible but for the order of unordered (multiset)
 * lists, which the service may give back in any order; each candidate is used at most once.
 */
export function correlateElements(
  attributes: Attributes,
  targets: readonly TfValue[],
  candidates: readonly TfValue[],
): number[] {
  const type: CtyType = attributeCtyType({ kind: "object", attributes });
  const used = new Array<boolean>(candidates.length).fill(false);
  const partners = new Array<number>(targets.length).fill(-1);
  // Only candidates sharing the values of the members every element knows can be compatible.
  const knownKey = compatibilityKey({ kind: "object", attributes }, [...targets, ...candidates]);
  const pass = (matches: (candidate: TfValue, target: TfValue) => boolean): void => {
    const untaken = new UntakenByKey(
      candidates.map((candidate, c) => (used[c] ? undefined : knownKey(candidate))),
    );
    targets.forEach((target, t) => {
      if (partners[t] !== -1) return;
      const index = untaken.take(knownKey(target), (c) => matches(candidates[c] as TfValue, target));
      if (index >= 0) {
        used[index] = true;
        partners[t] = index;
      }
    });
  };
  // Equal ones first: keyed once each, so that long lists pair in linear time.
  const equal = new EqualItems(type, candidates, { ignoreRefinements: true });
  targets.forEach((target, t) => {
    const index = equal.take(target);
    if (index < 0) return;
    used[index] = true;
    partners[t] = index;
  });
  pass((candidate, target) => compatibleValues(type, candidate, target));
  pass((candidate, target) => compatibleIgnoringUnorderedLists(attributes, candidate, target));
  return partners;
}

/** The partner of each target (undefined when none). */
export function partnersOf(
  attributes: Attributes,
  targets: readonly TfValue[],
  candidates: TfValue | undefined,
): (TfValue | undefined)[] {
  if (!Array.isArray(candidates)) return targets.map(() => undefined);
  const list = candidates as readonly TfValue[];
  return correlateElements(attributes, targets, list).map((index) => (index >= 0 ? list[index] : undefined));
}
