// Cloud Control documents (DesiredState, Properties, patch values) as plain data whose numbers are
// Terraform numbers: a JS double when it carries the decimal exactly, a DecimalNumber otherwise, so
// big or precise numbers survive a round trip (JSON.parse would round them).
import {
  JsonNumberText,
  JsonObjectNode,
  readJson,
  type JsonNode,
} from "../../terraform/values/json-reader.js";
import {
  DecimalNumber,
  numbersEqual,
  numberText,
  parseNumber,
  type TfNumber,
} from "../../terraform/values/number.js";
import { emptyRecord } from "../../terraform/values/plain-record.js";

export type JsonDoc = null | boolean | string | TfNumber | readonly JsonDoc[] | JsonDocObject;

/** A JSON object; built with a null prototype so any key ("__proto__" included) is plain data. */
export interface JsonDocObject {
  readonly [key: string]: JsonDoc;
}

export class JsonDocError extends Error {}

export function isJsonDocObject(doc: JsonDoc | undefined): doc is JsonDocObject {
  return typeof doc === "object" && doc !== null && !Array.isArray(doc) && !(doc instanceof DecimalNumber);
}

export function isJsonDocNumber(doc: JsonDoc | undefined): doc is TfNumber {
  return typeof doc === "number" || doc instanceof DecimalNumber;
}

export function makeJsonObject(entries: Iterable<readonly [string, JsonDoc]> = []): JsonDocObject {
  const object = emptyRecord<JsonDoc>();
  for (const [key, value] of entries) object[key] = value;
  return object;
}

/**
 * Parses JSON text, keeping every number's exact value. Throws JsonDocError on invalid JSON.
 * Most documents go through the engine's JSON.parse (two to four times faster than the exact reader,
 * most of all in a fresh process); those with a number literal a double may not carry exactly
 * take the exact reader, as do invalid or too deeply nested ones, for its error message.
 */
export function parseJsonDoc(text: string): JsonDoc {
  if (!MAYBE_INEXACT_NUMBER.test(text)) {
    const doc = fromParsed(text);
    if (doc !== NOT_PARSED) return doc;
  }
  return parseJsonDocExactly(text);
}

/**
 * Text in which a number literal may hold more than a double carries: 16 or more digits and points
 * in a row (a decimal of at most 15 significant digits comes back unchanged from a double), or an
 * exponent after a value's start. It also matches inside strings (a long numeric id), which only
 * sends that document to the exact reader.
 */
const MAYBE_INEXACT_NUMBER = /\d[\d.]{15}|(?:^|[:,[\s])-?\d+(?:\.\d+)?[eE]/;

/** The exact reader's depth limit, kept on the fast path too. */
const MAX_DEPTH = 512;

const NOT_PARSED: unique symbol = Symbol("not parsed");

function fromParsed(text: string): JsonDoc | typeof NOT_PARSED {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return NOT_PARSED;
  }
  return fromPlainParsed(parsed, 0);
}

/** JSON.parse's result as a document: objects with a null prototype, -0 as 0. */
function fromPlainParsed(value: unknown, depth: number): JsonDoc | typeof NOT_PARSED {
  if (depth > MAX_DEPTH) return NOT_PARSED;
  if (typeof value !== "object" || value === null) {
    return value === 0 ? 0 : (value as null | boolean | string | number);
  }
  if (Array.isArray(value)) {
    const items: JsonDoc[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = fromPlainParsed(value[i], depth + 1);
      if (item === NOT_PARSED) return NOT_PARSED;
      items[i] = item;
    }
    return items;
  }
  const object = emptyRecord<JsonDoc>();
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const member = fromPlainParsed(source[key], depth + 1);
    if (member === NOT_PARSED) return NOT_PARSED;
    object[key] = member;
  }
  return object;
}

/** parseJsonDoc through the exact reader alone (the tests compare both paths). */
export function parseJsonDocExactly(text: string): JsonDoc {
  let node: JsonNode;
  try {
    node = readJson(text);
  } catch (error) {
    throw new JsonDocError(`invalid JSON: ${(error as Error).message}`);
  }
  return fromNode(node);
}

function fromNode(node: JsonNode): JsonDoc {
  if (node instanceof JsonNumberText) return parseNumber(node.text);
  if (node instanceof JsonObjectNode) return makeJsonObject(node.entries.map(([k, v]) => [k, fromNode(v)]));
  if (Array.isArray(node)) return (node as readonly JsonNode[]).map(fromNode);
  return node as null | boolean | string;
}

export interface StringifyOptions {
  /** Sort object keys (a canonical form for comparisons and JSON-string attributes). */
  readonly sortKeys?: boolean;
}

/** Compact JSON text; numbers are written exactly. */
export function stringifyJsonDoc(doc: JsonDoc, options: StringifyOptions = {}): string {
  if (doc === null) return "null";
  if (typeof doc === "boolean") return doc ? "true" : "false";
  if (typeof doc === "string") return JSON.stringify(doc);
  if (isJsonDocNumber(doc)) {
    const text = numberText(doc);
    if (text.endsWith("Inf")) throw new JsonDocError("infinity cannot be written as JSON");
    return text;
  }
  if (Array.isArray(doc)) return `[${doc.map((item) => stringifyJsonDoc(item, options)).join(",")}]`;
  const object = doc as JsonDocObject;
  const keys = Object.keys(object);
  if (options.sortKeys) keys.sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stringifyJsonDoc(object[k] as JsonDoc, options)}`).join(",")}}`;
}

/** The canonical text of a document: equal exactly when the documents are semantically equal. */
export function canonicalJson(doc: JsonDoc): string {
  return stringifyJsonDoc(doc, { sortKeys: true });
}

/**
 * A text two documents share exactly when they are equal (jsonDocEquals), for looking equal
 * documents up by key. Unlike canonicalJson it is not JSON: infinities have a text too.
 */
export function exactKey(doc: JsonDoc): string {
  if (isJsonDocNumber(doc)) return numberText(doc);
  if (Array.isArray(doc)) return `[${(doc as readonly JsonDoc[]).map(exactKey).join(",")}]`;
  if (!isJsonDocObject(doc)) return stringifyJsonDoc(doc);
  const keys = Object.keys(doc).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${exactKey(doc[k] as JsonDoc)}`).join(",")}}`;
}

/** Deep equality: object key order is irrelevant, numbers compare by value. */
export function jsonDocEquals(a: JsonDoc | undefined, b: JsonDoc | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  if (isJsonDocNumber(a) || isJsonDocNumber(b)) {
    return isJsonDocNumber(a) && isJsonDocNumber(b) && numbersEqual(a, b);
  }
  if (typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonDocEquals(item, b[i]));
  }
  const left = a as JsonDocObject;
  const right = b as JsonDocObject;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((k) => Object.hasOwn(right, k) && jsonDocEquals(left[k], right[k]));
}

/** Converts plain JS data (e.g. a generated default or a test fixture) into a document. */
export function jsonDocFromPlain(value: unknown): JsonDoc {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return parseNumber(String(value));
  if (value instanceof DecimalNumber) return value;
  if (Array.isArray(value)) return value.map(jsonDocFromPlain);
  if (typeof value === "object") {
    return makeJsonObject(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, jsonDocFromPlain(v)]),
    );
  }
  throw new JsonDocError(`not JSON data: ${typeof value}`);
}

/** Plain JS data (numbers as doubles: lossy for DecimalNumber) for tests and ajv. */
export function jsonDocToPlain(doc: JsonDoc): unknown {
  if (doc instanceof DecimalNumber) return Number(doc.text);
  if (Array.isArray(doc)) return doc.map(jsonDocToPlain);
  if (isJsonDocObject(doc)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(doc)) {
      Object.defineProperty(out, key, {
        value: jsonDocToPlain(doc[key] as JsonDoc),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return doc;
}
