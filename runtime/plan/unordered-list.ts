// A nested list CloudFormation keeps in no order (insertionOrder false: the multiset plan modifier)
// comes back in the service's own order, and after an import nothing says the user's. Terraform's
// proposed new state fills each element's members the configuration leaves null (computed ones, the
// service's defaults) from the prior element at the SAME POSITION, which then describes another
// object: the plan would move the service's values between elements and show a change nobody made,
// or, when the list really changes, send them. So each planned element is paired with the prior
// element it describes instead: when every element pairs the plan keeps the prior value; otherwise
// each element is planned from its own partner, and the later plan steps see the prior elements in
// that pairing (docs/runtime.md#plan-time-rules).
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import {
  configuredAgreement,
  isKeyValue,
  isPlainScalar,
  isRelationMember,
  memberRelationKey,
} from "./configured-agreement.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import {
  canonicalKey,
  isRecord,
  isWhollyKnown,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/value.js";

/**
 * `planned` (an element of Terraform's proposed new state) with what Terraform would have taken from
 * `partner` had it been the prior element: every computed member the configuration leaves null,
 * also inside nested objects the configuration sets.
 */
export function fillFromPartner(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  partner: TfRecord,
): TfRecord {
  return makeRecord(
    Object.keys(planned).map((name): [string, TfValue] => {
      const value = planned[name] ?? null;
      const attribute: Attribute | undefined = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      if (!attribute) return [name, value];
      const configured = config?.[name] ?? null;
      const theirs = partner[name] ?? null;
      if (configured === null) return [name, attribute.computed ? theirs : value];
      if (attribute.type.kind === "object" && isRecord(value) && isRecord(configured) && isRecord(theirs))
        return [name, fillFromPartner(attribute.type.attributes, value, configured, theirs)];
      return [name, value];
    }),
  );
}

/**
 * As many targets as possible with a partner of their own, each candidate used once (a maximum
 * matching, found by augmenting paths, so a target that could take several candidates never leaves
 * another without one): the candidate's index for each target, -1 where none is left. Target t
 * looks only at `shortlists[t]`; `pairs` is asked at most once per pair.
 */
export function matchTargets(
  shortlists: readonly (readonly number[])[],
  candidates: number,
  pairs: (target: number, candidate: number) => boolean,
): number[] {
  const known = new Map<number, boolean>();
  const agrees = (t: number, c: number): boolean => {
    const key = t * candidates + c;
    let answer = known.get(key);
    if (answer === undefined) {
      answer = pairs(t, c);
      known.set(key, answer);
    }
    return answer;
  };
  const owner = new Array<number>(candidates).fill(-1);
  const assign = (t: number, visited: Set<number>): boolean => {
    for (const c of shortlists[t] ?? []) {
      if (visited.has(c) || !agrees(t, c)) continue;
      visited.add(c);
      const previous = owner[c] as number;
      if (previous === -1 || assign(previous, visited)) {
        owner[c] = t;
        return true;
      }
    }
    return false;
  };
  for (let t = 0; t < shortlists.length; t++) assign(t, new Set<number>());
  const partners = new Array<number>(shortlists.length).fill(-1);
  owner.forEach((t, c) => {
    if (t !== -1) partners[t] = c;
  });
  return partners;
}

/**
 * For each configured element, the prior elements worth trying: those with its values of the key
 * members, the plain scalar members every configured element sets (or, `ownKeys`, that this element
 * sets). A planned element keeps what is configured there, so an element with another value can
 * never equal it. With `allKeys` (and `ownKeys`), every member the planned element keeps as set
 * counts: plain scalars inside nested objects too, those of nested collections' elements (in no
 * order), and other primitives by their relation key (planned as set unless they mean the same as
 * the prior's). Makes pairing a long list about linear.
 */
export function shortlistsByKeyMembers(
  attributes: Attributes,
  configItems: readonly TfRecord[],
  priorItems: readonly TfRecord[],
  ownKeys = false,
  allKeys = false,
): number[][] {
  const members = keyMembersOf(attributes, ownKeys && allKeys);
  const setBy = (item: TfRecord, member: KeyMember): boolean => member.sets(member.valueIn(item));
  const common = members.filter((member) => configItems.every((item) => setBy(item, member)));
  const keyOf = (item: TfRecord, chosen: readonly KeyMember[]): string =>
    JSON.stringify(chosen.map((member) => member.key(member.valueIn(item))));
  // One index of the prior elements per distinct set of key members (one, unless `ownKeys`).
  const indexes = new Map<string, Map<string, number[]>>();
  const indexFor = (keyMembers: readonly KeyMember[]): Map<string, number[]> => {
    const id = keyMembers.map((member) => member.id).join("\u0000");
    let index = indexes.get(id);
    if (!index) {
      const built = new Map<string, number[]>();
      priorItems.forEach((item, c) => {
        const key = keyOf(item, keyMembers);
        const bucket = built.get(key);
        if (bucket) bucket.push(c);
        else built.set(key, [c]);
      });
      indexes.set(id, built);
      index = built;
    }
    return index;
  };
  return configItems.map((item) => {
    const keyMembers = ownKeys ? members.filter((member) => setBy(item, member)) : common;
    return indexFor(keyMembers).get(keyOf(item, keyMembers)) ?? [];
  });
}

interface KeyMember {
  /** The member's path, for telling sets of key members apart. */
  readonly id: string;
  readonly valueIn: (item: TfRecord) => TfValue;
  /** The configured value is one the planned element keeps as set. */
  readonly sets: (value: TfValue) => boolean;
  readonly key: (value: TfValue) => string;
}

/** How deep key members are looked for: rule statements sit five levels down in license asset rules. */
const NESTED_KEY_DEPTH = 6;

/** The members an element can be shortlisted by (see shortlistsByKeyMembers). */
function keyMembersOf(attributes: Attributes, all: boolean, path: readonly string[] = []): KeyMember[] {
  return Object.keys(attributes).flatMap((name): KeyMember[] => {
    const attribute = attributes[name] as Attribute;
    const steps = [...path, name];
    const valueIn = (item: TfRecord): TfValue => {
      let value: TfValue = item;
      for (const step of steps) value = isRecord(value) ? (value[step] ?? null) : null;
      return value;
    };
    const id = steps.join(".");
    if (isPlainScalar(attribute)) {
      const type = attributeCtyType(attribute.type);
      return [{ id, valueIn, sets: isKeyValue, key: (value) => canonicalKey(type, value) }];
    }
    if (!all) return [];
    if (attribute.type.kind === "object" && steps.length < NESTED_KEY_DEPTH)
      return keyMembersOf(attribute.type.attributes, all, steps);
    if ("attributes" in attribute.type && steps.length < NESTED_KEY_DEPTH)
      return nestedScalarMembers(attribute.type.attributes, id, valueIn);
    if (!isRelationMember(attribute)) return [];
    const sets = (value: TfValue): boolean => value !== null && isWhollyKnown(value);
    return [{ id, valueIn, sets, key: memberRelationKey(attribute) }];
  });
}

/**
 * Key members of a nested list, set or map of objects: per plain scalar of its elements, the values
 * its elements hold there, in no order. Where every configured element sets that scalar, each keeps
 * it, and a planned collection equal to the prior's holds the same values, counted with repeats
 * (the cheap agreement's test, configured-agreement.ts). An empty or null collection sets no key:
 * services answer `[]` for one never set, and the plan may keep that.
 */
function nestedScalarMembers(
  attributes: Attributes,
  id: string,
  collectionIn: (item: TfRecord) => TfValue,
): KeyMember[] {
  return Object.keys(attributes)
    .filter((name) => isPlainScalar(attributes[name] as Attribute))
    .map((name) => {
      const type = attributeCtyType((attributes[name] as Attribute).type);
      return {
        id: `${id}[*].${name}`,
        valueIn: collectionIn,
        sets: (value) => {
          const items = elements(value);
          return items.length > 0 && items.every((e) => isRecord(e) && isKeyValue(e[name] ?? null));
        },
        key: (value) =>
          JSON.stringify(
            elements(value)
              .map((e) => canonicalKey(type, isRecord(e) ? (e[name] ?? null) : null))
              .sort(),
          ),
      };
    });
}

/** The elements of a nested list, set or map value (none for null or unknown). */
const elements = (value: TfValue): readonly TfValue[] =>
  Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];

/** Which prior element each planned element of a nested multiset list describes. */
export interface ElementPairing {
  /** Per planned element: the prior element it equals once filled and planned from it, or -1. */
  readonly same: readonly number[];
  /**
   * Per planned element without one (a changed element): the one prior element left over with its
   * values of the key members (`shortlistsByKeyMembers`) that no other changed element could take;
   * failing that, in a list still in the configuration's order (every element that pairs sits at
   * its own index), the prior element left over at its index, as Terraform pairs; or -1 (an added
   * element, or no such choice).
   */
  readonly changedFrom: readonly number[];
  /** Prior elements no planned element describes (removed ones). */
  readonly leftover: readonly number[];
}

/**
 * Pairs each planned element (Terraform's proposed new state, in the configuration's order) with
 * the prior element it describes: first those that, filled from a prior element (`fillFromPartner`)
 * and planned against it (`planElement`: defaults, prior spelling, nested lists), equal it (as many
 * as possible, each prior element once); then each remaining element with the remaining prior
 * element of the same key values when that choice is unique both ways, or, in a list still in the
 * configuration's order, the one at its index. Null when the values are not lists of objects.
 */
export function pairElements(
  attributes: Attributes,
  planned: TfValue,
  config: TfValue,
  prior: TfValue,
  planElement: (planned: TfRecord, config: TfRecord | null, prior: TfRecord) => TfRecord,
): ElementPairing | null {
  if (!Array.isArray(planned) || !Array.isArray(prior) || !Array.isArray(config)) return null;
  const plannedItems = planned as readonly TfValue[];
  const priorItems = prior as readonly TfValue[];
  const configItems = config as readonly TfValue[];
  if (configItems.length !== plannedItems.length) return null;
  if (![...plannedItems, ...priorItems, ...configItems].every(isRecord)) return null;
  const configRecords = configItems as readonly TfRecord[];
  const priorRecords = priorItems as readonly TfRecord[];
  const elementType = attributeCtyType({ kind: "object", attributes });
  const agrees = configuredAgreement(attributes);
  const candidates = shortlistsByKeyMembers(attributes, configRecords, priorRecords, true, true);
  const same = matchTargets(candidates, priorRecords.length, (t, c) => {
    const configured = configRecords[t] as TfRecord;
    const partner = priorRecords[c] as TfRecord;
    if (!agrees(configured, partner)) return false;
    const filled = fillFromPartner(attributes, plannedItems[t] as TfRecord, configured, partner);
    const element = planElement(filled, configured, partner);
    return isWhollyKnown(element) && valueEquals(elementType, element, partner);
  });
  const shortlists = shortlistsByKeyMembers(attributes, configRecords, priorRecords);
  const taken = new Set(same.filter((c) => c >= 0));
  const open = shortlists.map((list, t) => (same[t] === -1 ? list.filter((c) => !taken.has(c)) : []));
  const claims = new Map<number, number>();
  for (const list of open) for (const c of list) claims.set(c, (claims.get(c) ?? 0) + 1);
  const changedFrom = open.map((list) =>
    list.length === 1 && claims.get(list[0] as number) === 1 ? (list[0] as number) : -1,
  );
  for (const c of changedFrom) if (c >= 0) taken.add(c);
  const inConfiguredOrder = same.every((c, t) => c === -1 || c === t);
  if (inConfiguredOrder)
    changedFrom.forEach((c, t) => {
      if (c !== -1 || same[t] !== -1 || t >= priorRecords.length || taken.has(t)) return;
      changedFrom[t] = t;
      taken.add(t);
    });
  const leftover = priorRecords.map((_, c) => c).filter((c) => !taken.has(c));
  return { same, changedFrom, leftover };
}

/** Every planned element equals a prior element of its own and none is left over: no change. */
export const isUnchangedList = (pairing: ElementPairing): boolean =>
  pairing.leftover.length === 0 && pairing.same.every((c) => c >= 0);

/**
 * `planned` (an element planned from the prior element it describes) where Terraform accepts it at
 * its position: Terraform checks a list's elements by index, and a configured member must be planned
 * as configured or as the prior element AT THE SAME INDEX has it (`positional`). A configured member
 * that is neither (a prior spelling or order of the partner's) takes `fallback`'s (Terraform's
 * proposed element); a configured object is checked member by member.
 */
export function validAtPosition(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  positional: TfRecord | null,
  fallback: TfRecord,
): TfRecord {
  return makeRecord(
    Object.keys(planned).map((name): [string, TfValue] => {
      const value = planned[name] ?? null;
      const attribute: Attribute | undefined = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const configured = config?.[name] ?? null;
      if (!attribute || configured === null || (attribute.computed && !attribute.optional))
        return [name, value];
      const type = attributeCtyType(attribute.type);
      const atPosition = positional?.[name] ?? null;
      const options = { ignoreRefinements: true };
      if (valueEquals(type, value, configured, options)) return [name, value];
      if (atPosition !== null && valueEquals(type, value, atPosition, options)) return [name, value];
      const theirs = fallback[name] ?? null;
      if (attribute.type.kind === "object" && isRecord(value) && isRecord(configured) && isRecord(theirs))
        return [
          name,
          validAtPosition(
            attribute.type.attributes,
            value,
            configured,
            isRecord(atPosition) ? atPosition : null,
            theirs,
          ),
        ];
      return [name, theirs];
    }),
  );
}

/** A nested multiset list planned element by element from the prior elements they describe. */
export interface PairedList {
  readonly elements: TfRecord[];
  /** The prior element each planned element describes (null for an added one), then the removed ones. */
  readonly alignedPrior: TfValue[];
}

/**
 * The plan of a nested multiset list that changes (docs/runtime.md#plan-time-rules): an element equal
 * to a prior element is planned as that element; a changed element takes its unset computed members
 * from the prior element of the same key (`fillFromPartner`), an added one from none (the
 * configuration as is, as Terraform proposes an element with no prior), each planned by `planElement`
 * against that partner; nothing comes from the prior element that merely sits at the same index.
 */
export function planPairedList(
  attributes: Attributes,
  planned: readonly TfRecord[],
  config: readonly TfRecord[],
  prior: readonly TfRecord[],
  pairing: ElementPairing,
  planElement: (index: number, planned: TfRecord, config: TfRecord, prior: TfRecord | null) => TfRecord,
): PairedList {
  const partners = pairing.same.map((c, t) => (c >= 0 ? c : (pairing.changedFrom[t] as number)));
  const elements = planned.map((proposed, t) => {
    const configured = config[t] as TfRecord;
    const positional = prior[t] ?? null;
    const same = pairing.same[t] as number;
    if (same >= 0)
      return validAtPosition(attributes, prior[same] as TfRecord, configured, positional, proposed);
    const c = partners[t] as number;
    if (c < 0) return planElement(t, configured, configured, null);
    const partner = prior[c] as TfRecord;
    const element = planElement(
      t,
      fillFromPartner(attributes, proposed, configured, partner),
      configured,
      partner,
    );
    return validAtPosition(attributes, element, configured, positional, proposed);
  });
  const alignedPrior: TfValue[] = partners.map((c) => (c >= 0 ? (prior[c] as TfRecord) : null));
  for (const c of pairing.leftover) alignedPrior.push(prior[c] as TfRecord);
  return { elements, alignedPrior };
}
