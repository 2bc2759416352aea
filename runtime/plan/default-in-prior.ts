// Whether an existing object already holds a schema default, for an attribute the configuration
// leaves null (docs/runtime.md#values-a-service-rewrites). The service keeps a default in a form of
// its own: spelled otherwise (sameMeaning), or, for an object default, with values of its choosing
// in the members the default leaves unset. CloudFront answers the default viewer certificate
// (`CloudFrontDefaultCertificate: true`) with a `MinimumProtocolVersion` and `SSLSupportMethod` of
// its own; planning the bare default again would be a change after every apply.
import type { AttributeType } from "../../terraform/schema/types.js";
import { isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";
import { sameMeaning } from "../convert/prior-spelling.js";

/**
 * True when `prior` is `fallback` (the default as a value) in the service's form: every member the
 * default sets is held (in this sense, at any depth of nested objects), and every member it leaves
 * null is null in the prior or computed (the service's to fill, as the create planned it unknown).
 */
export function priorHoldsDefault(type: AttributeType, fallback: TfValue, prior: TfValue): boolean {
  if (prior === null || isUnknown(prior)) return false;
  if (sameMeaning(type, fallback, prior)) return true;
  if (type.kind !== "object" || !isRecord(fallback) || !isRecord(prior)) return false;
  return Object.keys(type.attributes).every((name) => {
    const member = type.attributes[name];
    if (member === undefined) return true;
    const given = fallback[name] ?? null;
    const held = prior[name] ?? null;
    if (given === null) return held === null || member.computed === true;
    return priorHoldsDefault(member.type, given, held);
  });
}
