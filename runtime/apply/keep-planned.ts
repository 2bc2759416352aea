// The state an apply returns must agree with the plan (Terraform's "Provider produced inconsistent
// result after apply" check): every value the plan knew comes back exactly as planned, whatever
// form the service gave it; only the plan's unknowns take the service's values. Unknown-fill
// (unknown-fill.ts) already writes only at unknown paths, except for a set holding unknowns, which
// has no element addresses and is filled whole: here each planned element is paired with an element
// of the filled set, and keeps its known members while its unknown members take the partner's.
import type { Attribute, Attributes, AttributeType } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { compatibleValues } from "../state/correlate.js";
import { compatibilityKey } from "../state/known-members-key.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import {
  isRecord,
  isUnknown,
  isWhollyKnown,
  makeRecord,
  type TfValue,
} from "../../terraform/values/value.js";
import { nullUnknowns } from "./unknown-fill.js";

/** `filled` wherever `planned` was unknown, `planned` everywhere else. */
export function keepPlannedKnowns(attributes: Attributes, planned: TfValue, filled: TfValue): TfValue {
  return keep({ kind: "object", attributes }, planned, filled);
}

function keep(type: AttributeType, planned: TfValue, filled: TfValue): TfValue {
  if (isUnknown(planned)) return nullUnknowns(filled);
  if (planned === null || isWhollyKnown(planned)) return planned;
  switch (type.kind) {
    case "object":
      return keepMembers(type.attributes, planned, filled);
    case "listNested":
      return keepItems(planned, filled, (p, f) => keepMembers(type.attributes, p, f));
    case "list":
      return keepItems(planned, filled, (p, f) => keep(type.element, p, f));
    case "mapNested":
      return keepEntries(planned, filled, (p, f) => keepMembers(type.attributes, p, f));
    case "map":
      return keepEntries(planned, filled, (p, f) => keep(type.element, p, f));
    case "setNested":
      return keepSetItems({ kind: "object", attributes: type.attributes }, planned, filled);
    case "set":
      return keepSetItems(type.element, planned, filled);
    default:
      return nullUnknowns(planned);
  }
}

function keepMembers(attributes: Attributes, planned: TfValue, filled: TfValue): TfValue {
  if (!isRecord(planned)) return nullUnknowns(planned);
  const source = isRecord(filled) ? filled : null;
  return makeRecord(
    Object.keys(planned).map((name) => {
      const attribute: Attribute | undefined = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const value = planned[name] ?? null;
      if (!attribute) return [name, nullUnknowns(value)];
      return [name, keep(attribute.type, value, source?.[name] ?? null)];
    }),
  );
}

function keepItems(
  planned: TfValue,
  filled: TfValue,
  each: (planned: TfValue, filled: TfValue) => TfValue,
): TfValue {
  if (!Array.isArray(planned)) return nullUnknowns(planned);
  const source = Array.isArray(filled) ? (filled as readonly TfValue[]) : [];
  return (planned as readonly TfValue[]).map((item, i) => each(item, source[i] ?? null));
}

function keepEntries(
  planned: TfValue,
  filled: TfValue,
  each: (planned: TfValue, filled: TfValue) => TfValue,
): TfValue {
  if (!isRecord(planned)) return nullUnknowns(planned);
  const source = isRecord(filled) ? filled : null;
  return makeRecord(Object.keys(planned).map((k) => [k, each(planned[k] ?? null, source?.[k] ?? null)]));
}

/**
 * Set elements: a known planned element stays as it is; one holding unknowns takes them from the
 * filled element that agrees with what it knows, else from a filled element nothing else claimed.
 */
function keepSetItems(element: AttributeType, planned: TfValue, filled: TfValue): TfValue {
  if (!Array.isArray(planned)) return nullUnknowns(planned);
  const items = planned as readonly TfValue[];
  const source = Array.isArray(filled) ? (filled as readonly TfValue[]) : [];
  const cty = attributeCtyType(element);
  // Only filled elements sharing the values of the members every element knows can agree.
  const key = compatibilityKey(element, [...items, ...source]);
  const untaken = new UntakenByKey(source.map(key));
  const used = new Array<boolean>(source.length).fill(false);
  const partner = items.map(() => -1);
  const claim = (i: number, item: TfValue): void => {
    const j = untaken.take(key(item), (k) => compatibleValues(cty, item, source[k] ?? null));
    if (j < 0) return;
    used[j] = true;
    partner[i] = j;
  };
  items.forEach((item, i) => {
    if (isWhollyKnown(item)) claim(i, item);
  });
  items.forEach((item, i) => {
    if (!isWhollyKnown(item)) claim(i, item);
  });
  items.forEach((item, i) => {
    if (isWhollyKnown(item) || partner[i] !== -1) return;
    const j = used.indexOf(false);
    if (j < 0) return;
    used[j] = true;
    partner[i] = j;
  });
  return items.map((item, i) => {
    if (isWhollyKnown(item)) return item;
    const j = partner[i] as number;
    return j < 0 ? nullUnknowns(item) : keep(element, item, source[j] ?? null);
  });
}
