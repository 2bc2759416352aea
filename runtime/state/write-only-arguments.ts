// The generated `<name>_wo` arguments (Terraform write_only) and their `<name>_wo_version`
// (docs/runtime.md#write-only-arguments). Terraform passes a write-only value only in the
// configuration of ValidateResourceConfig, PlanResourceChange and ApplyResourceChange; plan and
// state must hold null. So the plan nulls it, and an apply reads it from the configuration: a
// create sends every configured one, an update only those whose `_wo_version` changed.
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { isRecord, makeRecord, type TfValue, valueEquals } from "../../terraform/values/value.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { type JsonDoc, type JsonDocObject, makeJsonObject } from "../convert/json-doc.js";

export interface WriteOnlyArgument {
  /** The `<name>_wo` attribute name. */
  readonly secret: string;
  readonly attribute: Attribute;
  /** Its `<name>_wo_version` attribute name, when the definition has one. */
  readonly version: string | undefined;
  /** The CloudFormation property the value is sent as. */
  readonly cfnName: string;
}

/** The suffix of a write-only argument's name (the generator's WRITE_ONLY_SUFFIX). */
export const WRITE_ONLY_SUFFIX = "_wo";

const cache = new WeakMap<Attributes, readonly WriteOnlyArgument[]>();

/** The top-level write-only arguments of a resource. */
export function writeOnlyArguments(attributes: Attributes): readonly WriteOnlyArgument[] {
  let found = cache.get(attributes);
  if (found) return found;
  const versions = new Map<string, string>();
  for (const [name, a] of Object.entries(attributes)) {
    if (a.secretVersionOf !== undefined) versions.set(a.secretVersionOf, name);
  }
  found = Object.entries(attributes).flatMap(([name, a]) =>
    a.writeOnlyArgument && a.secretOf !== undefined
      ? [{ secret: name, attribute: a, version: versions.get(a.secretOf), cfnName: a.secretOf }]
      : [],
  );
  cache.set(attributes, found);
  return found;
}

/** The value with every write-only argument null, as plan and state must hold them. */
export function nullWriteOnlyArguments(definition: ResourceDefinition, value: TfValue): TfValue {
  const args = writeOnlyArguments(definition.attributes);
  if (args.length === 0 || !isRecord(value)) return value;
  if (args.every((a) => (value[a.secret] ?? null) === null)) return value;
  const secrets = new Set(args.map((a) => a.secret));
  return makeRecord(Object.keys(value).map((k) => [k, secrets.has(k) ? null : (value[k] ?? null)]));
}

const member = (value: TfValue | null, name: string): TfValue =>
  isRecord(value) ? (value[name] ?? null) : null;

/**
 * The CloudFormation properties to send from the configuration's write-only arguments: on create
 * (prior null) every one that is set, on update those whose `_wo_version` differs from the prior
 * state's. The values are converted as their attribute's type says.
 */
export function writeOnlySecretsToSend(
  definition: ResourceDefinition,
  config: TfValue,
  prior: TfValue | null,
  planned: TfValue,
): JsonDocObject {
  const entries: [string, JsonDoc][] = [];
  for (const arg of writeOnlyArguments(definition.attributes)) {
    const value = member(config, arg.secret);
    if (value === null) continue;
    if (prior !== null) {
      if (arg.version === undefined) continue;
      const versionType = attributeCtyType(definition.attributes[arg.version]!.type);
      if (valueEquals(versionType, member(prior, arg.version), member(planned, arg.version))) continue;
    }
    const converted = toDesiredState(
      { [arg.secret]: { ...arg.attribute, cfnName: arg.cfnName } },
      makeRecord([[arg.secret, value]]),
    );
    const json = (converted as Record<string, JsonDoc>)[arg.cfnName];
    if (json !== undefined) entries.push([arg.cfnName, json]);
  }
  return makeJsonObject(entries);
}

/** The desired state with the write-only secrets added (they never collide: validate refuses both). */
export function withSecrets(desired: JsonDocObject, secrets: JsonDocObject | undefined): JsonDocObject {
  if (!secrets || Object.keys(secrets).length === 0) return desired;
  return makeJsonObject([...Object.entries(desired), ...Object.entries(secrets)] as [string, JsonDoc][]);
}
