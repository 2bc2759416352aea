// A nested list CloudFormation keeps in no order (insertionOrder false: the multiset plan modifier)
// comes back in the service's own order, and after an import nothing says the user's. Terraform's
// proposed new state fills each element's members the configuration leaves null (computed ones, the
// service's defaults) from the prior element at the SAME POSITION, which then describes another
// object: the plan would move the service's values between elements and show a change nobody made.
// So each configured element is paired with the prior element it describes instead, and when every
// element pairs the plan keeps the prior value (docs/runtime.md#plan-time-rules).
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import {
  canonicalKey,
  isRecord,
  isUnknown,
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
 * A partner for every target, each candidate used once (a perfect matching, found by augmenting
 * paths, so a target that could take several candidates never leaves another without one), or null
 * when there is none. Target t looks only at `shortlists[t]`; `pairs` is asked at most once per pair.
 */
export function pairEveryTarget(
  shortlists: readonly (readonly number[])[],
  candidates: number,
  pairs: (target: number, candidate: number) => boolean,
): number[] | null {
  if (shortlists.length !== candidates) return null;
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
  for (let t = 0; t < shortlists.length; t++) {
    if (!assign(t, new Set<number>())) return null;
  }
  const partners = new Array<number>(shortlists.length).fill(-1);
  owner.forEach((t, c) => {
    partners[t] = c;
  });
  return partners;
}

/**
 * For each configured element, the prior elements worth trying: those with its values of the plain
 * scalar members every configured element sets (a planned element keeps what is configured, so an
 * element with another value there can never equal it). Makes pairing a long list about linear.
 */
export function shortlistsByKeyMembers(
  attributes: Attributes,
  configItems: readonly TfRecord[],
  priorItems: readonly TfRecord[],
): number[][] {
  const keyMembers = Object.keys(attributes).filter((name) => {
    const type = (attributes[name] as Attribute).type;
    const scalar = type.kind === "bool" || type.kind === "int64" || type.kind === "float64";
    if (!scalar && !(type.kind === "string" && type.flavor === "plain")) return false;
    return configItems.every((item) => {
      const value = item[name] ?? null;
      return value !== null && !isUnknown(value);
    });
  });
  const keyOf = (item: TfRecord): string =>
    JSON.stringify(
      keyMembers.map((name) =>
        canonicalKey(attributeCtyType((attributes[name] as Attribute).type), item[name] ?? null),
      ),
    );
  const byKey = new Map<string, number[]>();
  priorItems.forEach((item, c) => {
    const key = keyOf(item);
    const bucket = byKey.get(key);
    if (bucket) bucket.push(c);
    else byKey.set(key, [c]);
  });
  return configItems.map((item) => byKey.get(keyOf(item)) ?? []);
}

/**
 * Whether a nested multiset list plans no change: every planned element, filled from a prior
 * element of its own (`fillFromPartner`) and planned against it (`planElement`: defaults, prior
 * spelling, nested lists at any depth), equals that prior element. The plan is then the prior
 * value; otherwise it stays as Terraform proposed. Which partner an element takes when several fit
 * does not matter: any pairing found makes the planned elements the prior's, so the plan is the same.
 */
export function everyElementPairs(
  attributes: Attributes,
  planned: TfValue,
  config: TfValue,
  prior: TfValue,
  planElement: (planned: TfRecord, config: TfRecord | null, prior: TfRecord) => TfRecord,
): boolean {
  if (!Array.isArray(planned) || !Array.isArray(prior) || !Array.isArray(config)) return false;
  const plannedItems = planned as readonly TfValue[];
  const priorItems = prior as readonly TfValue[];
  const configItems = config as readonly TfValue[];
  if (plannedItems.length !== priorItems.length || configItems.length !== plannedItems.length) return false;
  if (![...plannedItems, ...priorItems, ...configItems].every(isRecord)) return false;
  const configRecords = configItems as readonly TfRecord[];
  const priorRecords = priorItems as readonly TfRecord[];
  const elementType = attributeCtyType({ kind: "object", attributes });
  const shortlists = shortlistsByKeyMembers(attributes, configRecords, priorRecords);
  const pairing = pairEveryTarget(shortlists, priorRecords.length, (t, c) => {
    const configured = configRecords[t] as TfRecord;
    const partner = priorRecords[c] as TfRecord;
    const filled = fillFromPartner(attributes, plannedItems[t] as TfRecord, configured, partner);
    const element = planElement(filled, configured, partner);
    return isWhollyKnown(element) && valueEquals(elementType, element, partner);
  });
  return pairing !== null;
}
