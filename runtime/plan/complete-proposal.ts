// Terraform's proposed new state (its ProposedNew, 1.11) leaves out two things a plan against a
// service that fills in values needs, and a plan built on it shows those values changing after
// every refresh:
// - an optional+computed nested attribute the configuration leaves null is proposed null, not as
//   the prior value, when the prior holds members that are not computed (Terraform concludes the
//   configuration once set it); a service that fills in a default sets such members too;
// - a set's configured element is paired with a prior element only where every value of the prior
//   element the configuration does not hold is a computed leaf: a prior element with a nested
//   object or collection that the configuration leaves null (the service's) is not paired, and the
//   proposed element has none of the prior's computed values.
// This completes the proposal: a computed attribute the configuration leaves null is proposed as
// the prior value, and each configured set element is paired with the first unused prior element
// that holds everything configured. A value the user configured and then removed is still planned
// away (removed-attributes.ts, from the record of what was configured).
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import {
  isRecord,
  isUnknown,
  makeRecord,
  mapItems,
  mapMembers,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/value.js";
import { shortlistsByKeyMembers } from "./unordered-list.js";

/** Terraform's `proposed` with the prior's values where Terraform left them out (the same object when none). */
export function completeProposal(
  attributes: Attributes,
  proposed: TfValue,
  prior: TfValue,
  config: TfValue,
): TfValue {
  if (!isRecord(proposed) || !isRecord(config)) return proposed;
  const before = isRecord(prior) ? prior : null;
  return mapMembers(proposed, (value, name) => {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    return attribute
      ? completeAttribute(attribute, value, before?.[name] ?? null, config[name] ?? null)
      : value;
  });
}

function completeAttribute(
  attribute: Attribute,
  value: TfValue,
  prior: TfValue,
  configured: TfValue,
): TfValue {
  if (configured === null) return attribute.computed && value === null && prior !== null ? prior : value;
  const type = attribute.type;
  if (!("attributes" in type) || isUnknown(configured) || value === null || isUnknown(value)) return value;
  const nested = type.attributes;
  switch (type.kind) {
    case "object":
      return completeProposal(nested, value, prior, configured);
    case "listNested":
      // Terraform pairs list elements by index.
      if (!Array.isArray(value) || !Array.isArray(configured)) return value;
      return mapItems(value, (item, i) =>
        completeProposal(
          nested,
          item,
          Array.isArray(prior) ? (prior[i] ?? null) : null,
          configured[i] ?? null,
        ),
      );
    case "mapNested":
      if (!isRecord(value) || !isRecord(configured)) return value;
      return mapMembers(value, (item, key) =>
        completeProposal(
          nested,
          item,
          isRecord(prior) ? (prior[key] ?? null) : null,
          configured[key] ?? null,
        ),
      );
    case "setNested":
      if (!Array.isArray(configured) || !Array.isArray(prior) || !mayBeUnpaired(nested, prior)) return value;
      return pairedSet(nested, configured, prior);
    default:
      return value;
  }
}

/**
 * Terraform left a prior element unpaired only if it holds a value it cannot walk from the
 * configuration: a nested object or collection, or a set (tags of keys and values never are).
 */
function mayBeUnpaired(attributes: Attributes, prior: readonly TfValue[]): boolean {
  const walled = Object.keys(attributes).filter((name) => {
    const type = (attributes[name] as Attribute).type;
    return "attributes" in type || type.kind === "set";
  });
  return (
    walled.length > 0 &&
    prior.some((item) => isRecord(item) && walled.some((name) => (item[name] ?? null) !== null))
  );
}

/**
 * Each configured element proposed from the first unused prior element holding everything it
 * configures. Only prior elements with its values of the plain scalars every configured element
 * sets can (shortlistsByKeyMembers), so a long set is not paired element against element.
 */
function pairedSet(
  attributes: Attributes,
  configured: readonly TfValue[],
  prior: readonly TfValue[],
): TfValue[] {
  if (!configured.every(isRecord) || !prior.every(isRecord)) return [...configured];
  const shortlists = shortlistsByKeyMembers(attributes, configured as TfRecord[], prior as TfRecord[]);
  const used = new Set<number>();
  return configured.map((item, t) => {
    const at = (shortlists[t] ?? []).find(
      (c) => !used.has(c) && holdsConfigured(attributes, prior[c] ?? null, item),
    );
    if (at !== undefined) used.add(at);
    return proposeElement(attributes, at === undefined ? null : (prior[at] ?? null), item);
  });
}

/** Everything `config` sets is equal in `prior`, inside nested objects too. */
function holdsConfigured(attributes: Attributes, prior: TfValue, config: TfValue): boolean {
  if (!isRecord(prior) || !isRecord(config)) return false;
  return Object.keys(attributes).every((name) => {
    const type = (attributes[name] as Attribute).type;
    const configured = config[name] ?? null;
    if (configured === null) return true;
    if (type.kind === "object" && isRecord(configured))
      return holdsConfigured(type.attributes, prior[name] ?? null, configured);
    return valueEquals(attributeCtyType(type), prior[name] ?? null, configured);
  });
}

/** A configured element with its partner's values where it leaves a computed attribute null. */
function proposeElement(attributes: Attributes, prior: TfValue, config: TfValue): TfValue {
  if (!isRecord(config)) return config;
  const before = isRecord(prior) ? prior : null;
  return makeRecord(
    Object.keys(config).map((name): [string, TfValue] => {
      const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const configured = config[name] ?? null;
      const theirs = before?.[name] ?? null;
      if (!attribute) return [name, configured];
      if (configured === null) return [name, attribute.computed ? theirs : null];
      return [name, completeAttribute(attribute, configured, theirs, configured)];
    }),
  );
}
