// A cheap test that must pass for a configured element of an unordered list to plan equal to a
// prior element (unordered-list.ts), checked before planning it in full. Pairing tries the
// configured elements against the prior ones, and a list whose elements all changed (or whose
// members hold no plain scalars to shortlist by) would otherwise plan every element against every
// prior one: seconds for a few hundred elements. What planning keeps, and so what must agree:
// - a plain scalar it sets stays as set; one it leaves null stays null unless filled (computed or
//   a default);
// - other values it sets stay as set unless they mean the same as the prior's (JSON spelling,
//   prior-spelling.ts) or hold the same items (multisets): their relation keys agree either way;
// - a nested list it sets keeps its length and, in no order, the values of the plain scalars all
//   its elements set; an ordered list of objects is planned by position;
// - nested objects and maps of objects are planned member by member and entry by entry.
import type { Attribute, Attributes, AttributeType } from "../../terraform/schema/types.js";
import { hasPlanModifier } from "../../terraform/schema/resource-rules.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import type { CtyType } from "../../terraform/values/cty-type.js";
import {
  canonicalKey,
  isRecord,
  isUnknown,
  isWhollyKnown,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/value.js";
import { looksLikeJsonDocument, relationKey } from "../convert/meaning-key.js";

type Agreement = (config: TfRecord, prior: TfRecord) => boolean;
type MemberAgreement = (configured: TfValue, theirs: TfValue) => boolean;

/**
 * A configured value the planned element keeps as it is: known, not null, and not a JSON document
 * in a plain string (the prior's spelling of the same document is kept, prior-spelling.ts).
 */
export const isKeyValue = (value: TfValue): boolean =>
  value !== null && !isUnknown(value) && !(typeof value === "string" && looksLikeJsonDocument(value));

/** A member planned as configured, whatever the prior holds: no prior spelling, no nested values. */
export function isPlainScalar(attribute: Attribute): boolean {
  const type = attribute.type;
  const scalar = type.kind === "bool" || type.kind === "int64" || type.kind === "float64";
  return scalar || (type.kind === "string" && type.flavor === "plain");
}

const agreements = new WeakMap<Attributes, Agreement>();

/** The test for elements of these attributes (built once per nested attribute block). */
export function configuredAgreement(attributes: Attributes): Agreement {
  let agreement = agreements.get(attributes);
  if (!agreement) {
    const members = Object.keys(attributes).map((name) => ({
      name,
      agrees: memberAgreement(attributes[name] as Attribute),
    }));
    agreement = (config, prior) =>
      members.every(({ name, agrees }) => agrees(config[name] ?? null, prior[name] ?? null));
    agreements.set(attributes, agreement);
  }
  return agreement;
}

const plainScalarTypes = new WeakMap<Attributes, readonly { name: string; type: CtyType }[]>();

function plainScalarsOf(attributes: Attributes): readonly { name: string; type: CtyType }[] {
  let scalars = plainScalarTypes.get(attributes);
  if (!scalars) {
    scalars = Object.keys(attributes)
      .filter((name) => isPlainScalar(attributes[name] as Attribute))
      .map((name) => ({ name, type: attributeCtyType((attributes[name] as Attribute).type) }));
    plainScalarTypes.set(attributes, scalars);
  }
  return scalars;
}

/**
 * Elements in no order plan equal to the prior's only if each pairs with a prior element of its
 * own, which then holds its key values: so the plain scalars every configured element sets hold
 * the same values, counted with repeats, in both lists.
 */
function sameKeyValues(
  attributes: Attributes,
  configured: readonly TfValue[],
  theirs: readonly TfValue[],
): boolean {
  const common = plainScalarsOf(attributes).filter(({ name }) =>
    configured.every((item) => isRecord(item) && isKeyValue(item[name] ?? null)),
  );
  if (common.length === 0) return true;
  const keys = (items: readonly TfValue[]): string[] =>
    items
      .map((item) =>
        isRecord(item)
          ? common.map(({ name, type }) => canonicalKey(type, item[name] ?? null)).join(",")
          : "",
      )
      .sort();
  const mine = keys(configured);
  const prior = keys(theirs);
  return mine.every((key, i) => key === prior[i]);
}

function memberAgreement(attribute: Attribute): MemberAgreement {
  const type = attribute.type;
  if (isPlainScalar(attribute)) {
    const filled = Boolean(attribute.computed) || attribute.default !== undefined;
    const cty = attributeCtyType(type);
    return (configured, theirs) => {
      if (configured === null) return filled || theirs === null;
      return !isKeyValue(configured) || valueEquals(cty, configured, theirs);
    };
  }
  const unlessUnset =
    (agrees: MemberAgreement): MemberAgreement =>
    (configured, theirs) =>
      configured === null || theirs === null || !isWhollyKnown(configured) || agrees(configured, theirs);
  switch (type.kind) {
    case "object": {
      const nested = type.attributes;
      return unlessUnset(
        (configured, theirs) =>
          !isRecord(configured) || !isRecord(theirs) || configuredAgreement(nested)(configured, theirs),
      );
    }
    case "listNested":
    case "setNested": {
      const nested = type.attributes;
      const byPosition = type.kind === "listNested" && !hasPlanModifier(attribute, "multiset");
      return unlessUnset((configured, theirs) => {
        if (!Array.isArray(configured) || !Array.isArray(theirs)) return true;
        if (configured.length !== theirs.length) return false;
        if (!byPosition) return sameKeyValues(nested, configured, theirs);
        const agrees = configuredAgreement(nested);
        return configured.every((item, i) => {
          const prior = theirs[i] ?? null;
          return !isRecord(item) || !isRecord(prior) || agrees(item, prior);
        });
      });
    }
    case "mapNested": {
      const nested = type.attributes;
      return unlessUnset((configured, theirs) => {
        if (!isRecord(configured) || !isRecord(theirs)) return true;
        const keys = Object.keys(configured);
        if (keys.length !== Object.keys(theirs).length) return false;
        const agrees = configuredAgreement(nested);
        return keys.every((k) => {
          const item = configured[k] ?? null;
          const prior = Object.hasOwn(theirs, k) ? (theirs[k] ?? null) : null;
          return !isRecord(item) || (isRecord(prior) && agrees(item, prior));
        });
      });
    }
    default: {
      const key = memberRelationKey(attribute);
      return unlessUnset((configured, theirs) => key(configured) === key(theirs));
    }
  }
}

/**
 * A member whose configured value is planned as set unless it means the same as the prior's
 * (JSON spelling) or holds the same items (a multiset): primitives other than plain scalars.
 */
export function isRelationMember(attribute: Attribute): boolean {
  return !isPlainScalar(attribute) && !("attributes" in attribute.type);
}

/**
 * The key a relation member's configured value shares with every prior value it can plan equal to.
 * Taken as if the prior may hold members the service filled into structured JSON: a plan without a
 * record of the configuration (after an import) keeps such a prior (plan-resource.ts), and the
 * configured text then differs from it; this key holds for both ways of planning.
 */
export function memberRelationKey(attribute: Attribute): (value: TfValue) => string {
  const keyType = relationKeyType(attribute);
  return (value) => relationKey(keyType, value, "prior");
}

/** The type to take a member's relationKey by: a list kept in no order compares as a set. */
function relationKeyType(attribute: Attribute): AttributeType {
  const type = attribute.type;
  return type.kind === "list" && hasPlanModifier(attribute, "multiset")
    ? { kind: "set", element: type.element }
    : type;
}
