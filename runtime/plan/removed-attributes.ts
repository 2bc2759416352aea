// Removal of configured attributes. Every optional attribute is also computed, so Terraform's
// proposed new state keeps the prior value of an attribute the configuration leaves null: without
// help, deleting `retention_in_days = 7` from the configuration plans no change. The paths the user
// configured at the last apply (configured-paths.ts) tell a removal from a value the service
// filled in, which was never configured and so never planned away.
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { isUnknown, mapMembers, type TfRecord, type TfValue, UNKNOWN } from "../../terraform/values/value.js";
import { childPath, SET_ELEMENT } from "./configured-paths.js";
import { mapNested } from "./nested.js";
import { hasPlanModifier } from "../../terraform/schema/resource-rules.js";

export const isCreateOnlyAttribute = (attribute: Attribute): boolean =>
  hasPlanModifier(attribute, "requiresReplace") || hasPlanModifier(attribute, "requiresReplaceIfConfigured");

/**
 * The planned value of an attribute the user removed: null where the user may leave it unset;
 * unknown for a createOnly one (a new object decides it, e.g. a generated name); unchanged where the
 * plan already holds the schema default, where only the service decides (computed-only), and for
 * write-only values (the service never reports them, so a removal could not be checked).
 */
export function removedValue(attribute: Attribute, planned: TfValue): TfValue {
  if (!attribute.optional || attribute.writeOnly) return planned;
  if (attribute.default !== undefined) return planned;
  return isCreateOnlyAttribute(attribute) ? UNKNOWN : null;
}

/**
 * The plan with every attribute removed since the last apply set to its `removedValue`. An
 * attribute counts as removed when its path was configured then, its configured value is null now
 * (unknown is not a removal), and the prior state holds a value. Idempotent.
 */
export function planRemovals(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  prior: TfRecord | null,
  configuredBefore: ReadonlySet<string>,
  path = "",
): TfRecord {
  return mapMembers(planned, (value, name) => {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    if (!attribute) return value;
    return planAttribute(attribute, value, config?.[name] ?? null, prior?.[name] ?? null, {
      configuredBefore,
      path: childPath(path, name),
    });
  });
}

interface Where {
  readonly configuredBefore: ReadonlySet<string>;
  readonly path: string;
}

function planAttribute(
  attribute: Attribute,
  value: TfValue,
  configured: TfValue,
  priorValue: TfValue,
  { configuredBefore, path }: Where,
): TfValue {
  if (configured === null) {
    const removed = configuredBefore.has(path) && priorValue !== null && value !== null;
    return removed ? removedValue(attribute, value) : value;
  }
  if (isUnknown(configured) || value === null || isUnknown(value)) return value;
  return mapNested(attribute.type, value, configured, priorValue, [], (v) => {
    // mapNested addresses list elements by index and map elements by key; set elements have none.
    const step = v.path[0];
    const elementPath = v.inSet
      ? childPath(path, SET_ELEMENT)
      : step === undefined
        ? path
        : childPath(path, "index" in step ? step.index : "key" in step ? step.key : step.attribute);
    return planRemovals(v.attributes, v.planned, v.config, v.prior, configuredBefore, elementPath);
  });
}
