// Normalization versus drift on Read (lifecycle contract, ReadResource): where the service returns
// the same value in another form, the prior state's form is kept so refresh shows no change —
// semantically equal JSON strings at any depth (the rule the plan uses too, prior-spelling.ts),
// multiset lists in another order, and an empty collection the service reports as absent.
// Anything else that differs is drift and is returned as read.
import type { Attribute, Attributes } from "../schema/types.js";
import { keepPriorSpelling } from "../convert/prior-spelling.js";
import { multisetPlanValue } from "../plan/multiset.js";
import { attributeCtyType } from "../values/implied-type.js";
import { isRecord, makeRecord, type TfRecord, type TfValue } from "../values/value.js";

/** A value that says "nothing": null, an empty collection, or an object of such values. */
function isEmptyish(value: TfValue): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).every((k) => isEmptyish(value[k] ?? null));
  return false;
}

export function keepPriorForm(attributes: Attributes, fresh: TfValue, prior: TfValue): TfValue {
  return keepAbsenceAndOrder(attributes, keepPriorSpelling(attributes, fresh, prior), prior);
}

function keepAbsenceAndOrder(attributes: Attributes, fresh: TfValue, prior: TfValue): TfValue {
  if (!isRecord(fresh) || !isRecord(prior)) return fresh;
  return makeRecord(
    Object.keys(fresh).map((name) => {
      const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const value = fresh[name] ?? null;
      return [name, attribute ? keepAttributeForm(attribute, value, prior[name] ?? null) : value];
    }),
  );
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
      value = fresh.map((item, i) =>
        keepAbsenceAndOrder(nested, item, (prior[i] as TfRecord | undefined) ?? null),
      );
    } else if (type.kind === "mapNested" && isRecord(fresh) && isRecord(prior)) {
      value = makeRecord(
        Object.keys(fresh).map((k) => [k, keepAbsenceAndOrder(nested, fresh[k] ?? null, prior[k] ?? null)]),
      );
    }
  }
  if ((attribute.planModifiers ?? []).some((m) => m.kind === "multiset")) {
    value = multisetPlanValue(attributeCtyType(type), value, prior);
  }
  return value;
}
