// Normalization versus drift on Read (lifecycle contract, ReadResource): where the service returns
// the same value in another form, the prior state's form is kept so refresh shows no change —
// semantically equal JSON strings at any depth (the rule the plan uses too, prior-spelling.ts),
// structured JSON the service answers with members of its own choosing added (structured-json.ts),
// multiset lists in another order, and an empty collection the service reports as absent.
// Anything else that differs is drift and is returned as read.
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { keepPriorSpelling } from "../convert/prior-spelling.js";
import { multisetPlanValue } from "../state/multiset.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import {
  isRecord,
  mapMembers,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/value.js";
import { hasPlanModifier } from "../../terraform/schema/resource-rules.js";
import { isEmptyish } from "../state/emptyish.js";
import { elementShape, PriorElements } from "./prior-elements.js";

const isMultiset = (attribute: Attribute): boolean => hasPlanModifier(attribute, "multiset");

/**
 * Elements of a multiset or a set have no position: each fresh element is paired with the prior
 * element it equals once that element's form is kept (its own nested multisets in the prior order,
 * its JSON spelling), so a service that reorders at several depths still reads as unchanged.
 */
function keepElementsForm(
  attributes: Attributes,
  fresh: readonly TfValue[],
  prior: readonly TfValue[],
): TfValue[] {
  const shape = elementShape(attributes);
  const candidates = new PriorElements(shape, prior);
  return fresh.map((item) => {
    const partner = candidates.take(item, (j) => {
      const candidate = prior[j] as TfValue;
      return valueEquals(shape.type, keepAbsenceAndOrder(attributes, item, candidate), candidate);
    });
    return partner < 0 ? item : (prior[partner] as TfValue);
  });
}

export function keepPriorForm(attributes: Attributes, fresh: TfValue, prior: TfValue): TfValue {
  return keepAbsenceAndOrder(attributes, keepPriorSpelling(attributes, fresh, prior, "value"), prior);
}

function keepAbsenceAndOrder(attributes: Attributes, fresh: TfValue, prior: TfValue): TfValue {
  if (!isRecord(fresh) || !isRecord(prior)) return fresh;
  return mapMembers(fresh, (value, name) => {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    return attribute ? keepAttributeForm(attribute, value, prior[name] ?? null) : value;
  });
}

function keepAttributeForm(attribute: Attribute, fresh: TfValue, prior: TfValue): TfValue {
  if (fresh === null) return prior !== null && isEmptyish(prior) ? prior : fresh;
  if (prior === null) return fresh;
  const type = attribute.type;
  let value: TfValue = fresh;
  if ("attributes" in type) {
    const nested = type.attributes;
    if (type.kind === "object") value = keepAbsenceAndOrder(nested, fresh, prior);
    else if (type.kind === "listNested" && Array.isArray(fresh) && Array.isArray(prior)) {
      value = isMultiset(attribute)
        ? keepElementsForm(nested, fresh, prior)
        : fresh.map((item, i) =>
            keepAbsenceAndOrder(nested, item, (prior[i] as TfRecord | undefined) ?? null),
          );
    } else if (type.kind === "setNested" && Array.isArray(fresh) && Array.isArray(prior)) {
      value = keepElementsForm(nested, fresh, prior);
    } else if (type.kind === "mapNested" && isRecord(fresh) && isRecord(prior)) {
      value = mapMembers(fresh, (member, k) => keepAbsenceAndOrder(nested, member, prior[k] ?? null));
    }
  }
  if (isMultiset(attribute)) {
    value = multisetPlanValue(attributeCtyType(type), value, prior);
  }
  return value;
}
