// IAM's normalisation of a policy document, as it answers one it stored: `Version` added where the
// caller left it out, and element values rewritten between their two equivalent spellings (a single
// value and a one-element list), for Statement, Action/NotAction, Resource/NotResource, the
// principal lists of Principal/NotPrincipal, and condition values; an account id given as an AWS
// principal answered as the account's root ARN. The policy grammar allows both spellings; the AWS
// provider's `awspolicyequivalence` compares by meaning for these reasons.
import { isJsonObject } from "../schema/pointers.js";
import type { JsonObject, JsonValue } from "../types.js";

/** The policy language version IAM assumes for a document without one. */
export const DEFAULT_POLICY_VERSION = "2012-10-17";

/** Properties that hold IAM-style policy documents (`PolicyDocument`, `AssumeRolePolicyDocument`, `KeyPolicy`...). */
export const isPolicyDocumentName = (name: string): boolean => /(PolicyDocument|Policy)$/.test(name);

/** A single value becomes a one-element list, a one-element list its value; longer lists stay. */
export function flipSingle(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.length === 1 ? (value[0] as JsonValue) : value;
  return [value];
}

const LIST_ELEMENTS = ["Action", "NotAction", "Resource", "NotResource"];
const PRINCIPALS = ["Principal", "NotPrincipal"];

/** IAM answers an account id given as an AWS principal as the account's root ARN. */
function principalIds(kind: string, ids: JsonValue): JsonValue {
  if (kind !== "AWS") return ids;
  const root = (id: JsonValue): JsonValue =>
    typeof id === "string" && /^[0-9]{12}$/.test(id) ? `arn:aws:iam::${id}:root` : id;
  return Array.isArray(ids) ? ids.map(root) : root(ids);
}

function normaliseStatement(statement: JsonValue): JsonValue {
  if (!isJsonObject(statement)) return statement;
  const out: JsonObject = { ...statement };
  for (const key of LIST_ELEMENTS) if (out[key] !== undefined) out[key] = flipSingle(out[key] as JsonValue);
  for (const key of PRINCIPALS) {
    const principal = out[key];
    // "*" alone means everyone and is kept as it is.
    if (isJsonObject(principal)) {
      out[key] = Object.fromEntries(
        Object.entries(principal).map(([kind, ids]) => [kind, flipSingle(principalIds(kind, ids))]),
      );
    }
  }
  const condition = out.Condition;
  if (isJsonObject(condition)) {
    out.Condition = Object.fromEntries(
      Object.entries(condition).map(([operator, entries]) => [
        operator,
        isJsonObject(entries)
          ? Object.fromEntries(Object.entries(entries).map(([key, values]) => [key, flipSingle(values)]))
          : entries,
      ]),
    );
  }
  return out;
}

/** The document as IAM answers it; anything that is not a policy-shaped object is returned as is. */
export function normaliseIamPolicy(document: JsonValue): JsonValue {
  if (!isJsonObject(document) || document.Statement === undefined) return document;
  const out: JsonObject = { ...document };
  if (out.Version === undefined) out.Version = DEFAULT_POLICY_VERSION;
  const statements = flipSingle(document.Statement);
  out.Statement = Array.isArray(statements)
    ? statements.map(normaliseStatement)
    : normaliseStatement(statements);
  return out;
}
