// Read-only members of collection elements (`/properties/Rules/*/Id`): the definition leaves them
// Optional+Computed (pointers through `*` do not set flags, docs/mapping.md#required-optional-computed), but an update
// never sends them (update.ts leaves read-only values out of the patch). An element the update
// changes is written without them, so the service gives it new ones: the plan must leave them
// unknown instead of promising the prior element's values (e.g. IoTSiteWise AssetModel
// AssetModelProperties/*/Id). An array the schema keeps in no order is sent whole when it changes
// (cloudcontrol/patch.ts), so then every element of it is written again without them: whether the
// service keeps an unchanged element's values (matching it to the sub-object it has) or makes new
// ones is its own affair, so the plan promises none of them.
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { parsePropertyPointer, WILDCARD } from "../cloudcontrol/property-pointers.js";
import { followPointer } from "../state/write-only.js";
import { impliedObjectType } from "../../terraform/values/implied-type.js";
import {
  isRecord,
  isUnknown,
  makeRecord,
  type TfRecord,
  type TfValue,
  UNKNOWN,
  valueEquals,
} from "../../terraform/values/value.js";
import { isUnordered } from "../convert/unordered-arrays.js";
import { mapNested } from "./nested.js";

const cache = new WeakMap<ResourceDefinition, ReadonlySet<Attribute>>();

export function readOnlyElementMembers(definition: ResourceDefinition): ReadonlySet<Attribute> {
  let members = cache.get(definition);
  if (!members) {
    const found = new Set<Attribute>();
    for (const pointer of definition.readOnlyProperties) {
      const segments = parsePropertyPointer(pointer);
      if (!segments?.includes(WILDCARD)) continue;
      const attribute = followPointer(definition.attributes, segments);
      if (attribute) found.add(attribute);
    }
    members = found;
    cache.set(definition, members);
  }
  return members;
}

/** The value with every unknown taken from the prior value at the same place. */
function knownFromPrior(value: TfValue, prior: TfValue): TfValue {
  if (isUnknown(value)) return prior;
  if (isRecord(value) && isRecord(prior))
    return makeRecord(Object.keys(value).map((k) => [k, knownFromPrior(value[k] ?? null, prior[k] ?? null)]));
  if (Array.isArray(value) && Array.isArray(prior) && value.length === prior.length)
    return (value as readonly TfValue[]).map((item, i) =>
      knownFromPrior(item, (prior as readonly TfValue[])[i] ?? null),
    );
  return value;
}

/** A planned element differs from its prior partner in what is known (a new element has no partner). */
function elementChanges(attributes: Attributes, planned: TfRecord, prior: TfRecord | null): boolean {
  if (prior === null) return true;
  return !valueEquals(impliedObjectType(attributes), knownFromPrior(planned, prior), prior, {
    ignoreRefinements: true,
  });
}

/**
 * Whether an update sends the unordered collection `planned` whole: it differs from the prior in
 * length or in an element (each compared with the prior element `mapNested` pairs it with).
 */
function unorderedRewritten(attribute: Attribute, planned: TfValue, prior: TfValue): boolean {
  if (!isUnordered(attribute) || !Array.isArray(planned)) return false;
  if (!Array.isArray(prior) || prior.length !== planned.length) return true;
  let differs = false;
  mapNested(attribute.type, planned, null, prior, [], (v) => {
    differs ||= elementChanges(v.attributes, v.planned, v.prior);
    return v.planned;
  });
  return differs;
}

/**
 * Step 3b of the plan (updates only): in every collection element that changes, and in every
 * element of an unordered collection that changes, the read-only members the configuration leaves
 * unset become unknown (Terraform proposed the prior element's).
 */
export function unknownRegeneratedMembers(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  prior: TfRecord | null,
  members: ReadonlySet<Attribute>,
  rewritten = false,
): TfRecord {
  if (members.size === 0) return planned;
  let changed = false;
  const entries = Object.keys(planned).map((name): [string, TfValue] => {
    const value = planned[name] ?? null;
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    if (!attribute || value === null || isUnknown(value)) return [name, value];
    const configured = config?.[name] ?? null;
    if (rewritten && members.has(attribute) && configured === null) {
      changed = true;
      return [name, UNKNOWN];
    }
    const elements = attribute.type.kind !== "object";
    const priorValue = prior?.[name] ?? null;
    const sentWhole = unorderedRewritten(attribute, value, priorValue);
    const next = mapNested(attribute.type, value, configured, priorValue, [], (v) =>
      unknownRegeneratedMembers(
        v.attributes,
        v.planned,
        v.config,
        v.prior,
        members,
        rewritten || sentWhole || (elements && elementChanges(v.attributes, v.planned, v.prior)),
      ),
    );
    if (next !== value) changed = true;
    return [name, next];
  });
  return changed ? makeRecord(entries) : planned;
}
