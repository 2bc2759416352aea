// Values the prior state cannot know. Cloud Control never returns write-only values, so in an
// existing prior object their null means "not known" rather than "not set" after an import (the
// import marker), and always for write-only values that must be set (Required, NotNull: only an
// import leaves them null). Such a null must not make the plan replace the object.
import type { Attribute, AttributeType, ResourceDefinition } from "../../terraform/schema/types.js";
import { writeOnlyAttributes } from "../state/write-only.js";
import {
  isRecord,
  isUnknown,
  makeRecord,
  type TfRecord,
  type TfValue,
} from "../../terraform/values/value.js";

export type Unknowable = (attribute: Attribute) => boolean;

export function unknowableWhenNull(definition: ResourceDefinition, imported: boolean): Unknowable {
  const writeOnly = writeOnlyAttributes(definition);
  return (attribute) =>
    writeOnly.has(attribute) &&
    (imported ||
      Boolean(attribute.required) ||
      (attribute.validators ?? []).some((v) => v.kind === "notNull"));
}

/**
 * `value` with every nested member that is unknowable and null in `prior` set to null as well, so
 * that comparing it with `prior` (e.g. a createOnly object holding write-only members) only looks at
 * what the prior can know. Set elements have no partner: a member is masked when no prior element has it.
 */
export function withoutUnknowable(
  type: AttributeType,
  value: TfValue,
  prior: TfValue,
  unknowable: Unknowable,
): TfValue {
  if (!("attributes" in type) || value === null || isUnknown(value) || prior === null) return value;
  const attributes = type.attributes;
  const maskObject = (item: TfValue, priorItem: TfValue | undefined): TfValue => {
    if (!isRecord(item) || !isRecord(priorItem)) return item;
    return makeRecord(
      Object.keys(item).map((name) => {
        const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
        const member = item[name] ?? null;
        const priorMember = priorItem[name] ?? null;
        if (!attribute) return [name, member];
        if (priorMember === null && unknowable(attribute)) return [name, null];
        return [name, withoutUnknowable(attribute.type, member, priorMember, unknowable)];
      }),
    );
  };
  switch (type.kind) {
    case "object":
      return maskObject(value, prior);
    case "listNested":
      return Array.isArray(value) && Array.isArray(prior)
        ? value.map((item, i) => maskObject(item, (prior as readonly TfValue[])[i]))
        : value;
    case "mapNested":
      return isRecord(value) && isRecord(prior)
        ? makeRecord(Object.keys(value).map((k) => [k, maskObject(value[k] ?? null, prior[k])]))
        : value;
    case "setNested": {
      if (!Array.isArray(value) || !Array.isArray(prior)) return value;
      const priorItems = (prior as readonly TfValue[]).filter(isRecord);
      // Each member every prior element lacks: a merged prior element holding what any of them has.
      const merged: TfRecord = makeRecord(
        Object.keys(attributes).map((name) => [
          name,
          priorItems.map((item) => item[name] ?? null).find((member) => member !== null) ?? null,
        ]),
      );
      return value.map((item) => maskObject(item, merged));
    }
    default:
      return value;
  }
}
