// Terraform write-only arguments for secrets (docs/mapping.md#write-only-arguments). A property
// that CloudFormation never returns (writeOnly) and that holds a secret (sensitive) gets two more
// attributes beside it, as terraform-provider-aws names them: `<name>_wo`, whose value is only in
// the configuration and so never reaches plan or state, and `<name>_wo_version`, a number the
// user changes to send a new `_wo` value on update (for a create-only secret, a change of it
// replaces the resource). At the top level and inside nested objects (any depth); not inside list,
// set or map elements, where Terraform cannot pair a version with its element across plans (sets
// cannot hold write-only attributes at all). The original attribute stays, so existing
// configurations keep working; setting both is refused at validate.
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import type { ModelNote } from "./validators.js";

export const WRITE_ONLY_SUFFIX = "_wo";
export const VERSION_SUFFIX = "_wo_version";

/** Whether `attribute` gets a `_wo` twin: a configurable, write-only, secret primitive value. */
export function wantsWriteOnlyArgument(attribute: Attribute): boolean {
  return (
    attribute.writeOnly === true &&
    attribute.sensitive === true &&
    attribute.optional === true &&
    attribute.cfnName !== undefined &&
    !("attributes" in attribute.type)
  );
}

function secretArgument(name: string, original: Attribute): Attribute {
  return {
    type: original.type,
    description: `Write-only variant of \`${name}\`: the value is sent to CloudFormation as ${original.cfnName} but never stored in the plan or state (Terraform 1.11 or later). Change \`${name}${VERSION_SUFFIX}\` to send a new value.`,
    optional: true,
    sensitive: true,
    writeOnlyArgument: true,
    secretOf: original.cfnName!,
  };
}

function versionArgument(name: string, original: Attribute): Attribute {
  // A create-only secret cannot be sent on update (an update leaves create-only values out of its
  // patch): a new version of it is a new object, as a new value of the original would be.
  const createOnly = (original.planModifiers ?? []).some(
    (m) => m.kind === "requiresReplace" || m.kind === "requiresReplaceIfConfigured",
  );
  return {
    type: { kind: "int64" },
    description: createOnly
      ? `Change this number to send the current \`${name}${WRITE_ONLY_SUFFIX}\` value: ${original.cfnName} is create-only, so the change replaces the resource.`
      : `Change this number to send the current \`${name}${WRITE_ONLY_SUFFIX}\` value on update.`,
    optional: true,
    // Never returned by CloudFormation: reads keep the configured number from the prior state.
    writeOnly: true,
    secretVersionOf: original.cfnName!,
    ...(createOnly && { planModifiers: [{ kind: "requiresReplaceIfConfigured" }] }),
  };
}

/** The attribute with the write-only arguments added inside it, when it is a nested object. */
function withNestedArguments(attribute: Attribute, pointer: string, notes: ModelNote[]): Attribute {
  if (attribute.type.kind !== "object") return attribute;
  const inner = withWriteOnlyArguments(attribute.type.attributes, notes, pointer);
  return inner === attribute.type.attributes
    ? attribute
    : { ...attribute, type: { kind: "object", attributes: inner } };
}

/**
 * The attributes with the write-only arguments added, sorted by name, here and inside nested
 * objects. A name that a property already uses is not taken: the pair is left out and a note
 * says so. `pointer` is the JSON pointer of the object holding `attributes`.
 */
export function withWriteOnlyArguments(
  attributes: Attributes,
  notes: ModelNote[],
  pointer = "/properties",
): Attributes {
  const added: [string, Attribute][] = [];
  let nestedChanged = false;
  const current: Record<string, Attribute> = {};
  for (const [name, original] of Object.entries(attributes)) {
    const attribute = withNestedArguments(original, `${pointer}/${original.cfnName ?? name}`, notes);
    if (attribute !== original) nestedChanged = true;
    current[name] = attribute;
    if (!wantsWriteOnlyArgument(attribute)) continue;
    const secretName = name + WRITE_ONLY_SUFFIX;
    const versionName = name + VERSION_SUFFIX;
    const taken = [secretName, versionName].filter((n) => Object.hasOwn(attributes, n));
    if (taken.length > 0) {
      notes.push({
        pointer: `${pointer}/${attribute.cfnName}`,
        kind: "write-only-argument-clash",
        message: `no write-only argument for "${name}": a property already maps to ${taken.map((n) => `"${n}"`).join(" and ")}`,
      });
      continue;
    }
    added.push(
      [secretName, secretArgument(name, attribute)],
      [versionName, versionArgument(name, attribute)],
    );
  }
  if (added.length === 0) return nestedChanged ? current : attributes;
  return Object.fromEntries(
    [...Object.entries(current), ...added].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
