// JSON text that stands for a structured part of the schema (a recursive definition the generator
// cut into a JSON string, as WAFv2's rule `Statement`) follows the rule structured attributes
// follow: an empty list means the same as no list. Services answer `[]` for lists never set inside
// such structures (awscc #1586) and leave out empty ones sent, like any other list they store.
//
// Only `[]`, not `{}`: in these structures an empty object is often a choice that means something
// (WAFv2 `"FieldToMatch": {"UriPath": {}}`, `"Action": {"Block": {}}`), and the text alone cannot
// tell such a marker from an empty map. Free-form JSON (policies, event patterns, state machine
// definitions) keeps every member: there `[]` may mean "none" where an absent member means "all".
//
// Such a structure may also come back with members the caller left out, filled with the service's
// choice (a setting's default). As with structured attributes, a value the service chose where the
// configuration says nothing is the service's: an answer that holds every member of the document
// sent, equal, plus members of its own "covers" it (structuredJsonCovers) and is no change.
//
// And like a structured attribute's, its numbers and booleans may come back as strings (`"1"` for
// `1`): the schema types them, so a scalar and its text are the same value there (structuredForm).
import { numberText } from "../../terraform/values/number.js";
import { isJsonDocNumber, isJsonDocObject, type JsonDoc, jsonDocEquals, makeJsonObject } from "./json-doc.js";

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

/** The document as structured JSON is compared: no empty-list members, numbers and booleans as their text. */
export function structuredForm(doc: JsonDoc): JsonDoc {
  return scalarsAsText(withoutEmptyListMembers(doc));
}

function scalarsAsText(doc: JsonDoc): JsonDoc {
  if (typeof doc === "boolean") return doc ? "true" : "false";
  if (isJsonDocNumber(doc)) return numberText(doc);
  if (Array.isArray(doc)) {
    const items = doc as readonly JsonDoc[];
    const next = items.map(scalarsAsText);
    return next.every((item, i) => item === items[i]) ? doc : next;
  }
  if (!isJsonDocObject(doc)) return doc;
  const keys = Object.keys(doc);
  const next = keys.map((key) => scalarsAsText(doc[key] as JsonDoc));
  return next.every((member, i) => member === doc[keys[i] as string])
    ? doc
    : makeJsonObject(keys.map((key, i) => [key, next[i] as JsonDoc]));
}

/**
 * `fuller` holds all of `base` (members holding `[]` aside, scalars compared as their text): every
 * member of each `base` object is in the matching `fuller` object and covered there, arrays have the
 * same length and are covered element by element, other values are equal. Members only `fuller`
 * has are the extra it may carry.
 */
export function structuredJsonCovers(base: JsonDoc, fuller: JsonDoc): boolean {
  return covers(structuredForm(base), structuredForm(fuller));
}

function covers(base: JsonDoc, fuller: JsonDoc): boolean {
  if (Array.isArray(base) || Array.isArray(fuller)) {
    if (!Array.isArray(base) || !Array.isArray(fuller) || base.length !== fuller.length) return false;
    const items = fuller as readonly JsonDoc[];
    return (base as readonly JsonDoc[]).every((item, i) => covers(item, items[i] as JsonDoc));
  }
  if (isJsonDocObject(base) || isJsonDocObject(fuller)) {
    if (!isJsonDocObject(base) || !isJsonDocObject(fuller)) return false;
    return Object.keys(base).every(
      (key) => Object.hasOwn(fuller, key) && covers(base[key] as JsonDoc, fuller[key] as JsonDoc),
    );
  }
  return jsonDocEquals(base, fuller);
}
