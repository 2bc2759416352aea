// IAM policy documents compared by what they mean (docs/runtime.md#values-a-service-rewrites). IAM
// and the services that store resource policies give a document back in their own form: a
// one-element array where a string was sent and the reverse, statements and value lists in another
// order, a `Version` added, condition values as strings. Those forms grant the same access, so they
// are no change. The rules, in the spirit of the AWS provider's awspolicyequivalence:
//  - a document is a policy when it is a JSON object with a `Statement` member;
//  - `Statement` as one object or an array of them; statements compared as an unordered collection;
//  - Action, NotAction, Resource, NotResource and each principal kind's value as a set of strings
//    (a string ≡ a one-element array; order and duplicates do not matter);
//  - Principal "*" ≡ {"AWS": "*"}; a 12-digit account id ≡ arn:<partition>:iam::<id>:root;
//  - each condition value as a set of strings, numbers and booleans by their text ("3" ≡ 3);
//  - `Version` compared only when both documents give one (a service adds it where it was left out);
//  - key order and whitespace never matter; anything else is compared as JSON.
import {
  canonicalJson,
  isJsonDocNumber,
  isJsonDocObject,
  type JsonDoc,
  type JsonDocObject,
} from "./json-doc.js";
import { numberText } from "../../terraform/values/number.js";

/** Statement members whose value is one string or a list of them. */
const STRING_SET_MEMBERS: ReadonlySet<string> = new Set(["Action", "NotAction", "Resource", "NotResource"]);
const PRINCIPAL_MEMBERS: ReadonlySet<string> = new Set(["Principal", "NotPrincipal"]);
const ACCOUNT_ROOT_ARN = /^arn:[a-z-]+:iam::(\d{12}):root$/;

export function isPolicyDocument(doc: JsonDoc): doc is JsonDocObject {
  if (!isJsonDocObject(doc) || !Object.hasOwn(doc, "Statement")) return false;
  const statement = doc.Statement as JsonDoc;
  return isJsonDocObject(statement) || Array.isArray(statement);
}

/** The text of a scalar as IAM compares it; objects and arrays as canonical JSON. */
function scalarText(value: JsonDoc): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (isJsonDocNumber(value)) return numberText(value);
  return canonicalJson(value);
}

/** One string or a list of values, as a sorted list of distinct texts. */
function stringSet(value: JsonDoc, normalise: (text: string) => string = (t) => t): string[] {
  const items = Array.isArray(value) ? (value as readonly JsonDoc[]) : [value];
  return [...new Set(items.map((item) => normalise(scalarText(item))))].sort();
}

const principalText = (text: string): string => ACCOUNT_ROOT_ARN.exec(text)?.[1] ?? text;

function principal(value: JsonDoc): JsonDoc {
  if (value === "*") return { AWS: ["*"] };
  if (!isJsonDocObject(value)) return canonicalJson(value);
  const out: Record<string, JsonDoc> = {};
  for (const kind of Object.keys(value).sort()) {
    const set = stringSet(value[kind] as JsonDoc, principalText);
    if (set.length > 0) out[kind] = set;
  }
  return out;
}

function condition(value: JsonDoc): JsonDoc {
  if (!isJsonDocObject(value)) return canonicalJson(value);
  const out: Record<string, JsonDoc> = {};
  for (const operator of Object.keys(value).sort()) {
    const block = value[operator] as JsonDoc;
    if (!isJsonDocObject(block)) {
      out[operator] = canonicalJson(block);
      continue;
    }
    const keys: Record<string, JsonDoc> = {};
    for (const key of Object.keys(block).sort()) keys[key] = stringSet(block[key] as JsonDoc);
    out[operator] = keys;
  }
  return out;
}

/** A statement in one canonical text. */
function statementText(statement: JsonDoc): string {
  if (!isJsonDocObject(statement)) return canonicalJson(statement);
  const out: Record<string, JsonDoc> = {};
  for (const name of Object.keys(statement)) {
    const value = statement[name] as JsonDoc;
    if (STRING_SET_MEMBERS.has(name)) out[name] = stringSet(value);
    else if (PRINCIPAL_MEMBERS.has(name)) out[name] = principal(value);
    else if (name === "Condition") out[name] = condition(value);
    else if (name === "Effect" && typeof value === "string") out[name] = value.toLowerCase();
    else out[name] = value;
  }
  return canonicalJson(out);
}

export interface PolicyMeaning {
  /** Undefined when the document gives no Version. */
  readonly version: string | undefined;
  /** Everything else, canonical. */
  readonly body: string;
}

export function policyMeaning(doc: JsonDocObject): PolicyMeaning {
  const statements = doc.Statement as JsonDoc;
  const list = Array.isArray(statements) ? (statements as readonly JsonDoc[]) : [statements];
  const rest: Record<string, JsonDoc> = {};
  for (const name of Object.keys(doc)) {
    if (name !== "Version" && name !== "Statement") rest[name] = doc[name] as JsonDoc;
  }
  const version = doc.Version;
  return {
    version: version === undefined || version === null ? undefined : scalarText(version),
    body: `${canonicalJson(rest)}|${[...new Set(list.map(statementText))].sort().join(",")}`,
  };
}

export function policiesEquivalent(a: JsonDocObject, b: JsonDocObject): boolean {
  const left = policyMeaning(a);
  const right = policyMeaning(b);
  if (left.body !== right.body) return false;
  return left.version === undefined || right.version === undefined || left.version === right.version;
}
