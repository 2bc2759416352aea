// Pairing the elements of a list the service returned with the prior state's elements, so that
// each follows its prior element's order (order-by-schema.ts). Pairs are found by key where every
// pair a rule can make shares a key (untaken.ts): a long list answered in another order than the
// state would otherwise cost the square of its length on every read.
import { numberText } from "../../terraform/values/number.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import { isJsonDocNumber, isJsonDocObject, type JsonDoc, jsonDocEquals } from "./json-doc.js";
import { elementKey } from "./reorder.js";

/** `prior` agrees with `current`: every member prior holds is there and equal (lists in any order). */
export function agreesWith(prior: JsonDoc | undefined, current: JsonDoc | undefined): boolean {
  if (prior === undefined || prior === null) return true;
  if (current === undefined || current === null) return false;
  if (Array.isArray(prior)) {
    if (!Array.isArray(current) || prior.length !== current.length) return false;
    const used = new Array<boolean>(current.length).fill(false);
    return (prior as readonly JsonDoc[]).every((item) => {
      const j = (current as readonly JsonDoc[]).findIndex((c, k) => !used[k] && agreesWith(item, c));
      if (j >= 0) used[j] = true;
      return j >= 0;
    });
  }
  if (isJsonDocObject(prior)) {
    if (!isJsonDocObject(current)) return false;
    return Object.keys(prior).every((k) =>
      agreesWith(prior[k], Object.hasOwn(current, k) ? current[k] : undefined),
    );
  }
  return jsonDocEquals(prior, current);
}

/**
 * A text two documents share whenever each agrees with the other: members holding null left out
 * (a null agrees with anything, so null both ways is absent both ways) and list items in sorted
 * order. Agreement both ways implies equal texts, since agreeing is a preorder whose two-way
 * pairs are equal up to list order and nulls; the converse need not hold (agreesWith pairs list
 * items greedily), so the texts only narrow down whom to ask.
 */
export function agreementKey(doc: JsonDoc | undefined): string {
  if (doc === undefined || doc === null) return "null";
  if (typeof doc === "boolean") return doc ? "true" : "false";
  if (typeof doc === "string") return JSON.stringify(doc);
  if (isJsonDocNumber(doc)) return `n${numberText(doc)}`;
  if (Array.isArray(doc)) return `[${(doc as readonly JsonDoc[]).map(agreementKey).sort().join(",")}]`;
  const object = doc as Readonly<Record<string, JsonDoc>>;
  const members = Object.keys(object)
    .filter((k) => object[k] !== null)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${agreementKey(object[k])}`);
  return `{${members.join(",")}}`;
}

type Fits = (prior: JsonDoc, current: JsonDoc) => boolean;

/**
 * For each current element, the index of its prior element (-1: none). Elements equal up to list
 * order pair first, then elements the prior agrees with, then key-value elements by key; a single
 * element left on each side last (one the service changed in place). Each pass takes, for one
 * current element after another, the first prior element not yet taken that fits.
 */
export function pairWithPrior(current: readonly JsonDoc[], prior: readonly JsonDoc[]): number[] {
  const partners = new Array<number>(current.length).fill(-1);
  const used = new Array<boolean>(prior.length).fill(false);
  const pass = (fits: Fits, keyOf?: (item: JsonDoc) => string | undefined): void => {
    const untaken = keyOf && new UntakenByKey(prior.map((p, j) => (used[j] ? undefined : keyOf(p))));
    current.forEach((item, i) => {
      if (partners[i] !== -1) return;
      const j = untaken
        ? untaken.take(keyOf(item), (k) => fits(prior[k] as JsonDoc, item))
        : prior.findIndex((p, k) => !used[k] && fits(p, item));
      if (j < 0) return;
      partners[i] = j;
      used[j] = true;
    });
  };
  pass((p, c) => agreesWith(p, c) && agreesWith(c, p), agreementKey);
  // A prior that agrees without being agreed with has no key in common to look it up by.
  pass(agreesWith);
  pass(() => true, elementKey);
  const leftCurrent = partners.flatMap((p, i) => (p === -1 ? [i] : []));
  const leftPrior = used.flatMap((u, j) => (u ? [] : [j]));
  if (leftCurrent.length === 1 && leftPrior.length === 1)
    partners[leftCurrent[0] as number] = leftPrior[0] as number;
  return partners;
}
