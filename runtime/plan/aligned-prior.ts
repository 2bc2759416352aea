// Where the plan paired an unordered list's elements with prior elements other than by position
// (unordered-list.ts), the later plan steps that take values from the prior must take them from the
// same prior element: they walk lists by index, so they get a prior value whose such lists hold, at
// each planned index, the prior element that planned element describes.
import type { AttributeType, Attributes } from "../../terraform/schema/types.js";
import type { PathStep } from "../../terraform/values/path.js";
import { isRecord, mapMembers, type TfRecord, type TfValue } from "../../terraform/values/value.js";

/** The prior elements in planned order, by the list's path (`pathKey`) in the planned value. */
export type Alignments = Map<string, readonly TfValue[]>;

export const pathKey = (path: readonly PathStep[]): string => JSON.stringify(path);

/** `prior` with every aligned list replaced by its alignment, also inside the aligned elements. */
export function alignPrior(
  attributes: Attributes,
  prior: TfRecord,
  alignments: Alignments,
  path: readonly PathStep[] = [],
): TfRecord {
  if (alignments.size === 0) return prior;
  return mapMembers(prior, (value, name) => {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    if (!attribute) return value;
    const here = [...path, { attribute: name }];
    return alignNested(attribute.type, alignments.get(pathKey(here)) ?? value, alignments, here);
  });
}

function alignNested(
  type: AttributeType,
  value: TfValue,
  alignments: Alignments,
  path: readonly PathStep[],
): TfValue {
  if (!("attributes" in type)) return value;
  const inner = type.attributes;
  if (type.kind === "object") return isRecord(value) ? alignPrior(inner, value, alignments, path) : value;
  if (type.kind === "listNested" && Array.isArray(value)) {
    const items = value as readonly TfValue[];
    const next = items.map((item, index) =>
      isRecord(item) ? alignPrior(inner, item, alignments, [...path, { index }]) : item,
    );
    return next.every((item, i) => item === items[i]) ? value : next;
  }
  if (type.kind === "mapNested" && isRecord(value)) {
    return mapMembers(value, (item, key) =>
      isRecord(item) ? alignPrior(inner, item, alignments, [...path, { key }]) : item,
    );
  }
  // Set elements have no address: the plan pairs them by what they hold (nested.ts), never aligns them.
  return value;
}
