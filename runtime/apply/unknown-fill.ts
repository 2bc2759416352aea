// After a create or update, the values the plan left unknown are read back from the service
// (docs/runtime.md#reading-back-after-apply). Known planned values are never touched: Terraform requires them
// to come back exactly as planned.
import type { Attributes, AttributeType } from "../../terraform/schema/types.js";
import type { AttributePath, PathStep } from "../../terraform/values/path.js";
import {
  isRecord,
  isUnknown,
  isWhollyKnown,
  makeRecord,
  type TfValue,
} from "../../terraform/values/value.js";
import { valueAtPath, withValueAtPath } from "./value-paths.js";

/** Paths of the unknown values (not descending into them); a set holding any unknown counts whole. */
export function unknownPaths(attributes: Attributes, value: TfValue): AttributePath[] {
  const out: AttributePath[] = [];
  if (isRecord(value)) collectObject(attributes, value, [], out);
  return out;
}

function collectObject(
  attributes: Attributes,
  record: Readonly<Record<string, TfValue>>,
  path: PathStep[],
  out: AttributePath[],
): void {
  for (const name of Object.keys(attributes)) {
    const attribute = attributes[name] as Attributes[string];
    collectValue(attribute.type, record[name] ?? null, [...path, { attribute: name }], out);
  }
}

function collectValue(type: AttributeType, value: TfValue, path: PathStep[], out: AttributePath[]): void {
  if (value === null) return;
  if (isUnknown(value)) {
    out.push(path);
    return;
  }
  switch (type.kind) {
    case "set":
    case "setNested":
      if (!isWhollyKnown(value)) out.push(path);
      return;
    case "object":
      if (isRecord(value)) collectObject(type.attributes, value, path, out);
      return;
    case "listNested":
      if (Array.isArray(value)) {
        (value as readonly TfValue[]).forEach((item, i) => {
          if (isUnknown(item)) out.push([...path, { index: i }]);
          else if (isRecord(item)) collectObject(type.attributes, item, [...path, { index: i }], out);
        });
      }
      return;
    case "mapNested":
      if (isRecord(value)) {
        for (const key of Object.keys(value)) {
          const item = value[key] ?? null;
          if (isUnknown(item)) out.push([...path, { key }]);
          else if (isRecord(item)) collectObject(type.attributes, item, [...path, { key }], out);
        }
      }
      return;
    case "list":
    case "map":
      if (Array.isArray(value)) {
        (value as readonly TfValue[]).forEach((item, i) =>
          collectValue(type.element, item, [...path, { index: i }], out),
        );
      } else if (isRecord(value)) {
        for (const key of Object.keys(value))
          collectValue(type.element, value[key] ?? null, [...path, { key }], out);
      }
      return;
    default:
      return;
  }
}

/**
 * `planned` with the value at each path taken from `source` (null where the source has none). List
 * paths hold indexes: `source` must have its lists lined up with the plan (align-fetched.ts).
 */
export function fillUnknowns(planned: TfValue, source: TfValue, paths: readonly AttributePath[]): TfValue {
  return paths.reduce<TfValue>(
    (value, path) => withValueAtPath(value, path, valueAtPath(source, path)),
    planned,
  );
}

/** The value with every remaining unknown replaced by null (a state must be wholly known). */
export function nullUnknowns(value: TfValue): TfValue {
  if (isUnknown(value)) return null;
  if (Array.isArray(value)) return (value as readonly TfValue[]).map(nullUnknowns);
  if (isRecord(value))
    return makeRecord(Object.keys(value).map((key) => [key, nullUnknowns(value[key] ?? null)]));
  return value;
}
