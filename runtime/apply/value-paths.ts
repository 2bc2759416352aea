// Reading and replacing the value at an attribute path inside a Terraform value.
import type { AttributePath } from "../../terraform/values/path.js";
import { isRecord, makeRecord, type TfValue } from "../../terraform/values/value.js";

/** The value at `path`, or null when some step does not exist. */
export function valueAtPath(value: TfValue, path: AttributePath): TfValue {
  let current: TfValue = value;
  for (const step of path) {
    if ("index" in step)
      current = Array.isArray(current) ? ((current as readonly TfValue[])[step.index] ?? null) : null;
    else {
      const name = "attribute" in step ? step.attribute : step.key;
      current = isRecord(current) && Object.hasOwn(current, name) ? (current[name] ?? null) : null;
    }
    if (current === null) return null;
  }
  return current;
}

/** A copy of `value` with `replacement` at `path` (unchanged when the path does not exist). */
export function withValueAtPath(value: TfValue, path: AttributePath, replacement: TfValue): TfValue {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  if ("index" in step) {
    if (!Array.isArray(value) || step.index >= value.length) return value;
    return (value as readonly TfValue[]).map((item, i) =>
      i === step.index ? withValueAtPath(item, rest, replacement) : item,
    );
  }
  const name = "attribute" in step ? step.attribute : step.key;
  if (!isRecord(value) || !Object.hasOwn(value, name)) return value;
  return makeRecord(
    Object.keys(value).map((key) => [
      key,
      key === name ? withValueAtPath(value[key] ?? null, rest, replacement) : (value[key] ?? null),
    ]),
  );
}
