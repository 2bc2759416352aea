// JSON-string attributes (free-form documents, or recursive definitions, carried as text): two
// texts are the same value when they parse to semantically equal documents (whitespace, key order,
// number spelling aside), i.e. when their canonical texts are equal; IAM policy documents inside
// them are compared by meaning (policy-document.ts). prior-spelling.ts compares JSON strings this
// way. JSON text standing for a structured schema part (`structured` in its type) is compared
// without members holding `[]` and with scalars as their text, and may be covered by an answer with
// members the service filled in (structured-json.ts); free-form JSON keeps every member.
import {
  canonicalJson,
  isJsonDocObject,
  type JsonDoc,
  jsonDocEquals,
  JsonDocError,
  parseJsonDoc,
} from "./json-doc.js";
import { isPolicyDocument, policiesEquivalent } from "./policy-document.js";
import { structuredForm, structuredJsonCovers } from "./structured-json.js";

/** The document as compared: a structured one in its structured form (structured-json.ts). */
const comparable = (doc: JsonDoc, structured: boolean): JsonDoc => (structured ? structuredForm(doc) : doc);

/** The canonical text of a JSON string, or undefined when it is not valid JSON. */
export function canonicalJsonText(text: string, structured = false): string | undefined {
  try {
    return canonicalJson(comparable(parseJsonDoc(text), structured));
  } catch (error) {
    if (error instanceof JsonDocError) return undefined;
    throw error;
  }
}

/**
 * Two JSON texts mean the same: equal documents, or documents whose IAM policies (at any depth)
 * are equivalent (policy-document.ts). Texts that are not JSON are the same only when identical.
 * `structured`: the texts stand for a structured schema part (structured-json.ts).
 */
export function jsonTextsEquivalent(a: string, b: string, structured = false): boolean {
  if (a === b) return true;
  let left: JsonDoc;
  let right: JsonDoc;
  try {
    left = comparable(parseJsonDoc(a), structured);
    right = comparable(parseJsonDoc(b), structured);
  } catch (error) {
    if (error instanceof JsonDocError) return false;
    throw error;
  }
  return jsonDocsEquivalent(left, right);
}

/** Structured JSON text `fuller` holds all of `base` (structured-json.ts); false when either is not JSON. */
export function structuredJsonTextCovers(base: string, fuller: string): boolean {
  try {
    return structuredJsonCovers(parseJsonDoc(base), parseJsonDoc(fuller));
  } catch (error) {
    if (error instanceof JsonDocError) return false;
    throw error;
  }
}

export function jsonDocsEquivalent(a: JsonDoc, b: JsonDoc): boolean {
  if (isPolicyDocument(a) && isPolicyDocument(b)) return policiesEquivalent(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonDocsEquivalent(item, b[i] as JsonDoc));
  }
  if (isJsonDocObject(a) || isJsonDocObject(b)) {
    if (!isJsonDocObject(a) || !isJsonDocObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.hasOwn(b, k) && jsonDocsEquivalent(a[k] as JsonDoc, b[k] as JsonDoc));
  }
  return jsonDocEquals(a, b);
}
