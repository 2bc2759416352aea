// List reordering on read (docs/runtime.md#list-order-on-read): services often return arrays in their own
// order; with the prior document we put elements back in the order the user wrote, so a refresh
// shows no difference. Unlike awscc, elements are matched one to one, so duplicates are kept
// (awscc collapses them and silently loses data).
import { numberText } from "../../terraform/values/number.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import {
  exactKey,
  isJsonDocNumber,
  isJsonDocObject,
  type JsonDoc,
  type JsonDocObject,
  makeJsonObject,
} from "./json-doc.js";

/** The key of a key-value element (`Key` or `key` member), or undefined. */
export function elementKey(element: JsonDoc): string | undefined {
  if (!isJsonDocObject(element)) return undefined;
  const key = element.Key ?? element.key;
  if (key === undefined || key === null) return undefined;
  return typeof key === "string" ? key : isJsonDocNumber(key) ? numberText(key) : JSON.stringify(key);
}

/** A non-empty array whose every element is an object with a non-null `Key` or `key`. */
export function isKeyValueList(items: readonly JsonDoc[]): boolean {
  return items.length > 0 && items.every((item) => elementKey(item) !== undefined);
}

function primitiveText(item: JsonDoc): string | undefined {
  if (typeof item === "string") return item;
  if (isJsonDocNumber(item)) return numberText(item);
  return undefined;
}

function isPrimitiveList(items: readonly JsonDoc[]): boolean {
  if (items.length === 0) return false;
  const allStrings = items.every((item) => typeof item === "string");
  const allNumbers = items.every((item) => isJsonDocNumber(item));
  return allStrings || allNumbers;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Elements matching a prior element, in prior order (each current element used once), then the
 * rest sorted by `sortKey` (stable). Elements match when `matchKey` gives both the same key.
 */
function priorOrder(
  current: readonly JsonDoc[],
  prior: readonly JsonDoc[],
  matchKey: (item: JsonDoc) => string | undefined,
  sortKey: (item: JsonDoc) => string,
): { ordered: JsonDoc[]; priorOf: (JsonDoc | undefined)[] } {
  const untaken = new UntakenByKey(current.map(matchKey));
  const used = new Array<boolean>(current.length).fill(false);
  const ordered: JsonDoc[] = [];
  const priorOf: (JsonDoc | undefined)[] = [];
  for (const priorItem of prior) {
    const index = untaken.take(matchKey(priorItem));
    if (index < 0) continue;
    used[index] = true;
    ordered.push(current[index] as JsonDoc);
    priorOf.push(priorItem);
  }
  const rest = current
    .map((item, i) => ({ item, i }))
    .filter(({ i }) => !used[i])
    .sort((a, b) => byText(sortKey(a.item), sortKey(b.item)) || a.i - b.i);
  for (const { item } of rest) {
    ordered.push(item);
    priorOf.push(undefined);
  }
  return { ordered, priorOf };
}

function reorderArray(current: readonly JsonDoc[], prior: JsonDoc | undefined): JsonDoc[] {
  const priorItems = Array.isArray(prior) ? (prior as readonly JsonDoc[]) : undefined;
  if (priorItems && isKeyValueList(current)) {
    const { ordered, priorOf } = priorOrder(
      current,
      priorItems,
      elementKey,
      (item) => elementKey(item) ?? "",
    );
    return ordered.map((item, i) => reorderWithPrior(item, priorOf[i]));
  }
  if (priorItems && isPrimitiveList(current)) {
    return priorOrder(current, priorItems, exactKey, (item) => primitiveText(item) ?? "").ordered;
  }
  if (!priorItems && isKeyValueList(current)) {
    return [...current]
      .map((item, i) => ({ item, i }))
      .sort((a, b) => byText(elementKey(a.item) ?? "", elementKey(b.item) ?? "") || a.i - b.i)
      .map(({ item }) => normalizeWithoutPrior(item));
  }
  // Any other array: its object elements are normalized on their own (no prior to follow). Their
  // order is the service's; unknown-fill pairs them with planned elements itself (align-fetched.ts).
  return current.map((item) => (isJsonDocObject(item) ? normalizeWithoutPrior(item) : item));
}

/**
 * The fetched document with its arrays in the prior document's order where the elements match
 * (key-value lists by key, string/number lists by value); extras follow, sorted.
 */
export function reorderWithPrior(current: JsonDoc, prior: JsonDoc | undefined): JsonDoc {
  if (Array.isArray(current)) return reorderArray(current as readonly JsonDoc[], prior);
  if (!isJsonDocObject(current)) return current;
  const priorObject: JsonDocObject | undefined = isJsonDocObject(prior) ? prior : undefined;
  const out = makeJsonObject() as Record<string, JsonDoc>;
  for (const key of Object.keys(current)) {
    const member = current[key] as JsonDoc;
    const priorMember = priorObject && Object.hasOwn(priorObject, key) ? priorObject[key] : undefined;
    if (isJsonDocObject(member)) {
      // An object without a prior counterpart is left as the service sent it.
      out[key] =
        priorMember !== undefined && isJsonDocObject(priorMember)
          ? reorderWithPrior(member, priorMember)
          : member;
    } else if (Array.isArray(member)) {
      out[key] = reorderArray(member as readonly JsonDoc[], priorMember);
    } else {
      out[key] = member;
    }
  }
  return out;
}

/** Without a prior document only key-value lists are sorted by key (recursively). */
export function normalizeWithoutPrior(current: JsonDoc): JsonDoc {
  if (Array.isArray(current)) {
    const items = current as readonly JsonDoc[];
    if (isKeyValueList(items)) return reorderArray(items, undefined);
    return items.map((item) =>
      isJsonDocObject(item) || Array.isArray(item) ? normalizeWithoutPrior(item) : item,
    );
  }
  if (!isJsonDocObject(current)) return current;
  return makeJsonObject(
    Object.keys(current).map((key) => [key, normalizeWithoutPrior(current[key] as JsonDoc)]),
  );
}
