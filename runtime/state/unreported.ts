// Properties the service never reports back (docs/runtime.md#properties-the-service-never-reports).
// Many read handlers leave out settable properties they were sent (CloudFormation does not mark
// them write-only; the Go provider's fix each time is a schema patch). After an apply, each
// property whose planned value was known and set but which the service's answer lacks is recorded
// in the resource's private state (configured-record.ts); reads then keep the prior state's value
// for it while the service keeps reporting nothing, like a write-only value. A value the service
// does report, changed or not, is read as it is: drift stays visible.
//
// Paths name attributes from the top through nested objects only ("/settings/mode"); a property
// inside list, set or map elements is recorded as its collection.
import type { Attributes } from "../../terraform/schema/types.js";
import { isRecord, isUnknown, mapMembers, type TfValue } from "../../terraform/values/value.js";
import { childPath } from "../plan/configured-paths.js";
import type { WriteOnlySet } from "./write-only.js";
import { isEmptyish } from "./emptyish.js";

/** The paths whose value was sent (known, not empty) and is absent from what the service reported. */
export function unreportedPaths(
  attributes: Attributes,
  sent: TfValue,
  reported: TfValue,
  writeOnly: WriteOnlySet,
): string[] {
  const out: string[] = [];
  const walk = (scope: Attributes, value: TfValue, answer: TfValue, path: string): void => {
    if (!isRecord(value) || !isRecord(answer)) return;
    for (const name of Object.keys(scope)) {
      const attribute = scope[name] as Attributes[string];
      if (attribute.cfnName === undefined || writeOnly.has(attribute)) continue;
      const member = value[name] ?? null;
      if (isUnknown(member) || isEmptyish(member)) continue;
      const reportedMember = answer[name] ?? null;
      const here = childPath(path, name);
      if (reportedMember === null) out.push(here);
      else if (attribute.type.kind === "object")
        walk(attribute.type.attributes, member, reportedMember, here);
    }
  };
  walk(attributes, sent, reported, "");
  return out.sort();
}

/** `fresh` with the prior value at each unreported path where the service reported nothing. */
export function keepUnreported(
  attributes: Attributes,
  fresh: TfValue,
  prior: TfValue,
  paths: ReadonlySet<string>,
): TfValue {
  if (paths.size === 0) return fresh;
  const walk = (scope: Attributes, value: TfValue, before: TfValue, path: string): TfValue => {
    if (!isRecord(value) || !isRecord(before)) return value;
    return mapMembers(value, (member, name) => {
      const attribute = Object.hasOwn(scope, name) ? scope[name] : undefined;
      if (!attribute) return member;
      const here = childPath(path, name);
      const priorMember = before[name] ?? null;
      if (paths.has(here) && member === null && priorMember !== null) return priorMember;
      if (attribute.type.kind === "object") return walk(attribute.type.attributes, member, priorMember, here);
      return member;
    });
  };
  return walk(attributes, fresh, prior, "");
}
