// JSON text that stands for a structured part of the schema (a recursive definition the generator
// cut into a JSON string, as WAFv2's rule `Statement`) follows the rule structured attributes
// follow: an empty list means the same as no list. Services answer `[]` for lists never set inside
// such structures (awscc #1586) and leave out empty ones sent, like any other list they store.
//
// Only `[]`, not `{}`: in these structures an empty object is often a choice that means something
// (WAFv2 `"FieldToMatch": {"UriPath": {}}`, `"Action": {"Block": {}}`), and the text alone cannot
// tell such a marker from an empty map. Free-form JSON (policies, event patterns, state machine
// definitions) keeps every member: there `[]` may mean "none" where an absent member means "all".
import { isJsonDocObject, type JsonDoc, makeJsonObject } from "./json-doc.js";

const isEmptyList = (doc: JsonDoc | undefined): boolean => Array.isArray(doc) && doc.length === 0;

/** The document without object members that hold an empty list, at any depth (the same object when none). */
export function withoutEmptyListMembers(doc: JsonDoc): JsonDoc {
  if (Array.isArray(doc)) {
    const items = doc as readonly JsonDoc[];
    const next = items.map(withoutEmptyListMembers);
    return next.every((item, i) => item === items[i]) ? doc : next;
  }
  if (!isJsonDocObject(doc)) return doc;
  let changed = false;
  const entries: [string, JsonDoc][] = [];
  for (const key of Object.keys(doc)) {
    const member = doc[key] as JsonDoc;
    if (isEmptyList(member)) {
      changed = true;
      continue;
    }
    const next = withoutEmptyListMembers(member);
    if (next !== member) changed = true;
    entries.push([key, next]);
  }
  return changed ? makeJsonObject(entries) : doc;
}
