// The generated `<name>_wo` arguments (Terraform write_only) and their `<name>_wo_version`
// (docs/runtime.md#write-only-arguments), at the top level or inside nested objects. Terraform
// passes a write-only value only in the configuration of ValidateResourceConfig,
// PlanResourceChange and ApplyResourceChange; plan and state must hold null. So the plan nulls it,
// and an apply reads it from the configuration: a create sends every configured one, an update
// those whose `_wo_version` changed, and the others only inside an object it sends whole.
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { isRecord, makeRecord, type TfValue, valueEquals } from "../../terraform/values/value.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { type JsonDoc, type JsonDocObject, isJsonDocObject, makeJsonObject } from "../convert/json-doc.js";
import { nullWriteOnly } from "./write-only.js";

/** A nested object on the way to a write-only argument: its attribute name and property name. */
export interface ObjectStep {
  readonly name: string;
  readonly cfnName: string;
}

export interface WriteOnlyArgument {
  /** The nested objects holding the argument, outermost first (empty at the top level). */
  readonly parents: readonly ObjectStep[];
  /** The `<name>_wo` attribute name. */
  readonly secret: string;
  readonly attribute: Attribute;
  /** Its `<name>_wo_version` attribute name (beside it), when the definition has one. */
  readonly version: string | undefined;
  /** The CloudFormation property the value is sent as (beside the parents' properties). */
  readonly cfnName: string;
  /** The original attribute the secret stands for (`<name>`), when it exists beside it. */
  readonly original: string | undefined;
}

/** A configured secret: the property path and the value. */
export interface SecretToSend {
  readonly cfnPath: readonly string[];
  readonly value: JsonDoc;
  /**
   * False on an update whose `_wo_version` is unchanged: the service keeps the value, so it is sent
   * only inside an object the update sends whole (which would otherwise drop it).
   */
  readonly changed: boolean;
}

/** The suffix of a write-only argument's name (the generator's WRITE_ONLY_SUFFIX). */
export const WRITE_ONLY_SUFFIX = "_wo";

const cache = new WeakMap<Attributes, readonly WriteOnlyArgument[]>();

function collect(attributes: Attributes, parents: readonly ObjectStep[], out: WriteOnlyArgument[]): void {
  const versions = new Map<string, string>();
  for (const [name, a] of Object.entries(attributes)) {
    if (a.secretVersionOf !== undefined) versions.set(a.secretVersionOf, name);
  }
  for (const [name, a] of Object.entries(attributes)) {
    if (a.writeOnlyArgument && a.secretOf !== undefined) {
      const original = name.endsWith(WRITE_ONLY_SUFFIX) ? name.slice(0, -WRITE_ONLY_SUFFIX.length) : "";
      out.push({
        parents,
        secret: name,
        attribute: a,
        version: versions.get(a.secretOf),
        cfnName: a.secretOf,
        original: Object.hasOwn(attributes, original) ? original : undefined,
      });
    }
    // The generator adds them inside nested objects only (never in list, set or map elements).
    if (a.type.kind === "object" && a.cfnName !== undefined)
      collect(a.type.attributes, [...parents, { name, cfnName: a.cfnName }], out);
  }
}

/** The write-only arguments of a resource, at any depth of nested objects. */
export function writeOnlyArguments(attributes: Attributes): readonly WriteOnlyArgument[] {
  let found = cache.get(attributes);
  if (!found) {
    const out: WriteOnlyArgument[] = [];
    collect(attributes, [], out);
    found = out;
    cache.set(attributes, found);
  }
  return found;
}

/** The value of the object holding `arg` (undefined when a parent is null, unknown or absent). */
export function holderOf(
  value: TfValue | null,
  arg: WriteOnlyArgument,
): Readonly<Record<string, TfValue>> | undefined {
  let current = value;
  for (const step of arg.parents) {
    if (!isRecord(current)) return undefined;
    current = current[step.name] ?? null;
  }
  return isRecord(current) ? current : undefined;
}

const secretAttributes = new WeakMap<ResourceDefinition, ReadonlySet<Attribute>>();

/** The value with every write-only argument null (at any depth), as plan and state must hold them. */
export function nullWriteOnlyArguments(definition: ResourceDefinition, value: TfValue): TfValue {
  let secrets = secretAttributes.get(definition);
  if (!secrets) {
    secrets = new Set(writeOnlyArguments(definition.attributes).map((a) => a.attribute));
    secretAttributes.set(definition, secrets);
  }
  if (secrets.size === 0) return value;
  return nullWriteOnly(definition.attributes, value, secrets);
}

/**
 * The configuration's write-only arguments as CloudFormation properties: every one that is set,
 * marked changed on create (prior null) and, on update, where its `_wo_version` differs from the
 * prior state's. The values are converted as their attribute's type says.
 */
export function writeOnlySecretsToSend(
  definition: ResourceDefinition,
  config: TfValue,
  prior: TfValue | null,
  planned: TfValue,
): SecretToSend[] {
  const out: SecretToSend[] = [];
  for (const arg of writeOnlyArguments(definition.attributes)) {
    const value = holderOf(config, arg)?.[arg.secret] ?? null;
    if (value === null) continue;
    const changed = prior === null || versionChanged(definition, arg, prior, planned);
    const converted = toDesiredState(
      { [arg.secret]: { ...arg.attribute, cfnName: arg.cfnName } },
      makeRecord([[arg.secret, value]]),
    );
    const json = (converted as Record<string, JsonDoc>)[arg.cfnName];
    if (json !== undefined)
      out.push({ cfnPath: [...arg.parents.map((p) => p.cfnName), arg.cfnName], value: json, changed });
  }
  return out;
}

function versionChanged(
  definition: ResourceDefinition,
  arg: WriteOnlyArgument,
  prior: TfValue,
  planned: TfValue,
): boolean {
  if (arg.version === undefined) return false;
  const holder = holderOf(planned, arg);
  const versionAttribute = holder && findAttribute(definition.attributes, arg, arg.version);
  if (!versionAttribute) return false;
  const versionType = attributeCtyType(versionAttribute.type);
  const before = holderOf(prior, arg)?.[arg.version] ?? null;
  return !valueEquals(versionType, before, holder[arg.version] ?? null);
}

/** The attribute `name` beside `arg`. */
function findAttribute(attributes: Attributes, arg: WriteOnlyArgument, name: string): Attribute | undefined {
  let scope = attributes;
  for (const step of arg.parents) {
    const parent = scope[step.name];
    if (!parent || !("attributes" in parent.type)) return undefined;
    scope = parent.type.attributes;
  }
  return scope[name];
}

/** `doc` with `value` at `path`, making the objects on the way that the document lacks. */
function setAt(doc: JsonDocObject, path: readonly string[], value: JsonDoc): JsonDocObject {
  const [head, ...rest] = path as [string, ...string[]];
  const existing = doc[head];
  const next =
    rest.length === 0 ? value : setAt(isJsonDocObject(existing) ? existing : makeJsonObject(), rest, value);
  return makeJsonObject([...Object.entries(doc).filter(([k]) => k !== head), [head, next]] as [
    string,
    JsonDoc,
  ][]);
}

/**
 * The desired state with the changed write-only secrets added (a secret and its original never
 * collide: validate refuses both).
 */
export function withSecrets(
  desired: JsonDocObject,
  secrets: readonly SecretToSend[] | undefined,
): JsonDocObject {
  let out = desired;
  for (const secret of secrets ?? []) if (secret.changed) out = setAt(out, secret.cfnPath, secret.value);
  return out;
}

/**
 * An add or replace of an object that holds an unchanged secret below it sends that object whole,
 * and the service would take the object without the secret as its new value: the secret goes along.
 * (SES DkimSigningAttributes is write-only, so every update re-sends it.) `path` holds the op's
 * property path; the result is the value to send.
 */
export function withUnchangedSecretsBelow(
  path: readonly string[],
  value: JsonDoc,
  secrets: readonly SecretToSend[] | undefined,
): JsonDoc {
  let out = value;
  for (const secret of secrets ?? []) {
    if (secret.changed || secret.cfnPath.length <= path.length) continue;
    if (!path.every((segment, i) => secret.cfnPath[i] === segment) || !isJsonDocObject(out)) continue;
    out = setAt(out, secret.cfnPath.slice(path.length), secret.value);
  }
  return out;
}

/**
 * The configuration as CloudFormation will see it: each set `<name>_wo` value moved into its
 * `<name>`, for the checks at validate that know only the original (a member its object requires,
 * the type's CloudFormation schema). Never planned or stored.
 */
export function withSecretsInOriginals(attributes: Attributes, config: TfValue): TfValue {
  let out = config;
  for (const arg of writeOnlyArguments(attributes)) {
    if (arg.original === undefined) continue;
    const value = holderOf(out, arg)?.[arg.secret] ?? null;
    if (value === null) continue;
    out = replaceIn(out, arg.parents, (holder) =>
      makeRecord(
        Object.keys(holder).map((k) => [
          k,
          k === arg.secret
            ? null
            : k === arg.original && (holder[k] ?? null) === null
              ? value
              : (holder[k] ?? null),
        ]),
      ),
    );
  }
  return out;
}

function replaceIn(
  value: TfValue,
  parents: readonly ObjectStep[],
  change: (holder: Readonly<Record<string, TfValue>>) => TfValue,
): TfValue {
  if (!isRecord(value)) return value;
  if (parents.length === 0) return change(value);
  const [step, ...rest] = parents as [ObjectStep, ...ObjectStep[]];
  return makeRecord(
    Object.keys(value).map((k) => [
      k,
      k === step.name ? replaceIn(value[k] ?? null, rest, change) : (value[k] ?? null),
    ]),
  );
}
