// What Cloud Control treats as nothing: the desired state leaves out null values, empty
// collections and objects of such (to-cfn.ts), and services answer them as absent.
import { isRecord, type TfValue } from "../../terraform/values/value.js";

/** A value that says "nothing": null, an empty collection, or an object of such values. */
export function isEmptyish(value: TfValue): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).every((k) => isEmptyish(value[k] ?? null));
  return false;
}
