// List order on read, guided by the schema. A list the schema calls ordered (insertionOrder true)
// keeps the order the service returns; only when it holds exactly the prior elements in another
// order (a service that reorders anyway) does the prior order, which is the user's, stand. A list
// the schema calls unordered (a set, or a multiset: insertionOrder false) takes the prior order for
// the elements it shares with the prior, extras after. Each element is paired with its prior
// element before going down, so lists inside list elements follow their own prior at every depth
// instead of being sorted on their own. Parts the schema does not describe (JSON documents) keep
// the schema-less rules of reorder.ts.
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import { exactKey, isJsonDocObject, type JsonDoc, type JsonDocObject, makeJsonObject } from "./json-doc.js";
import { pairWithPrior } from "./pair-with-prior.js";
import { elementKey, isKeyValueList, normalizeWithoutPrior, reorderWithPrior } from "./reorder.js";
import { isUnordered } from "./unordered-arrays.js";

const schemaLess = (current: JsonDoc, prior: JsonDoc | undefined): JsonDoc =>
  prior === undefined ? normalizeWithoutPrior(current) : reorderWithPrior(current, prior);

/** The fetched model with each list in the order its schema calls for (see the header). */
export function orderLikePrior(
  attributes: Attributes,
  current: JsonDocObject,
  prior: JsonDoc | undefined,
): JsonDocObject {
  const priorObject = isJsonDocObject(prior) ? prior : undefined;
  const byCfnName = new Map<string, Attribute>();
  for (const attribute of Object.values(attributes)) {
    if (attribute.cfnName !== undefined) byCfnName.set(attribute.cfnName, attribute);
  }
  return makeJsonObject(
    Object.keys(current).map((key) => {
      const member = current[key] as JsonDoc;
      const priorMember = priorObject && Object.hasOwn(priorObject, key) ? priorObject[key] : undefined;
      const attribute = byCfnName.get(key);
      return [key, attribute ? orderMember(attribute, member, priorMember) : schemaLess(member, priorMember)];
    }),
  );
}

function orderMember(attribute: Attribute, member: JsonDoc, prior: JsonDoc | undefined): JsonDoc {
  const type = attribute.type;
  switch (type.kind) {
    case "object":
      return isJsonDocObject(member) ? orderLikePrior(type.attributes, member, prior) : member;
    case "mapNested": {
      if (!isJsonDocObject(member)) return member;
      const priorMap = isJsonDocObject(prior) ? prior : undefined;
      return makeJsonObject(
        Object.keys(member).map((k) => {
          const item = member[k] as JsonDoc;
          const priorItem = priorMap && Object.hasOwn(priorMap, k) ? priorMap[k] : undefined;
          return [k, isJsonDocObject(item) ? orderLikePrior(type.attributes, item, priorItem) : item];
        }),
      );
    }
    case "listNested":
    case "setNested":
      return Array.isArray(member)
        ? orderObjects(type.attributes, member as readonly JsonDoc[], prior, !isUnordered(attribute))
        : member;
    case "list":
    case "set":
      if (Array.isArray(member) && isScalarElement(type.element))
        return orderScalars(member as readonly JsonDoc[], prior, !isUnordered(attribute));
      return schemaLess(member, prior);
    default:
      return schemaLess(member, prior); // JSON documents and scalars
  }
}

function isScalarElement(element: { kind: string; flavor?: string }): boolean {
  return (
    (element.kind === "string" && element.flavor !== "json") ||
    ["bool", "int64", "float64"].includes(element.kind)
  );
}

/** Positions of `current` in the order to return them (see the header). */
function orderOf(partners: readonly number[], priorLength: number, ordered: boolean): number[] {
  const service = partners.map((_, i) => i);
  const allPaired = partners.length === priorLength && partners.every((p) => p >= 0);
  if (ordered && !allPaired) return service;
  const paired = service.filter((i) => (partners[i] as number) >= 0);
  paired.sort((a, b) => (partners[a] as number) - (partners[b] as number));
  return [...paired, ...service.filter((i) => (partners[i] as number) < 0)];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function orderObjects(
  attributes: Attributes,
  items: readonly JsonDoc[],
  prior: JsonDoc | undefined,
  ordered: boolean,
): JsonDoc[] {
  const down = (item: JsonDoc, priorItem: JsonDoc | undefined): JsonDoc =>
    isJsonDocObject(item) ? orderLikePrior(attributes, item, priorItem) : item;
  if (!Array.isArray(prior)) {
    const out = items.map((item) => down(item, undefined));
    // Without a prior an unordered key-value list is sorted by key, so reads are stable.
    if (ordered || !isKeyValueList(out)) return out;
    return out
      .map((item, i) => ({ item, i }))
      .sort((a, b) => byText(elementKey(a.item) ?? "", elementKey(b.item) ?? "") || a.i - b.i)
      .map(({ item }) => item);
  }
  const priorItems = prior as readonly JsonDoc[];
  // Pairing compares nested lists in any order, so an element whose own lists the service
  // reordered still finds its prior element, whose order those lists then follow.
  const partners = pairWithPrior(items, priorItems);
  const downed = items.map((item, i) => {
    const p = partners[i] as number;
    return down(item, p >= 0 ? priorItems[p] : undefined);
  });
  return orderOf(partners, priorItems.length, ordered).map((i) => downed[i] as JsonDoc);
}

function orderScalars(items: readonly JsonDoc[], prior: JsonDoc | undefined, ordered: boolean): JsonDoc[] {
  if (!Array.isArray(prior)) return [...items];
  const priorItems = prior as readonly JsonDoc[];
  const untaken = new UntakenByKey(priorItems.map(exactKey));
  const partners = items.map((item) => untaken.take(exactKey(item)));
  return orderOf(partners, priorItems.length, ordered).map((i) => items[i] as JsonDoc);
}
