// Keys for comparing values by meaning (prior-spelling.ts). `meaningKey` is shared by values that
// mean the same by key: JSON strings compared as canonical documents. Some JSON strings also mean
// the same without sharing that key (IAM policy equivalence is a relation: a document without a
// Version matches any Version), so where keys differ prior-spelling.ts walks the values.
// `relationKey` keys policy documents by what the relation compares, so it is shared by every two
// values that can mean the same, and pairing by meaning only has to compare values that share it.
import type { AttributeType } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { canonicalKey, isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";
import { canonicalJson, isJsonDocObject, type JsonDoc, JsonDocError, parseJsonDoc } from "./json-doc.js";
import { canonicalJsonText } from "./json-string.js";
import { isPolicyDocument, policyMeaning } from "./policy-document.js";
import type { ServiceFilled } from "./prior-spelling.js";
import { structuredForm } from "./structured-json.js";

type StringType = Extract<AttributeType, { kind: "string" }>;

/** Text that is a JSON object or array (not a scalar: "3" and 3 are different strings). */
export const looksLikeJsonDocument = (text: string): boolean => /^\s*[[{]/.test(text);

/** A string two values share exactly when they mean the same (JSON strings compared as documents). */
export function meaningKey(type: AttributeType, value: TfValue): string {
  return keyWith(type, value, (stringType, text) => {
    if (stringType.flavor === "json") {
      const canonical = canonicalJsonText(text, stringType.structured === true);
      if (canonical !== undefined) return `j${canonical}`;
    }
    return `s${JSON.stringify(text)}`;
  });
}

/**
 * A string every two values that mean the same share (sameMeaning with `filled`): JSON text, and
 * plain strings that look like JSON documents (which sameMeaning compares as documents too), keyed
 * as documents whose IAM policies count by their statements and other members, not their Version.
 * Structured JSON the service may have filled in (`filled` other than "none") covers rather than
 * equals, so it all keys alike.
 */
export function relationKey(type: AttributeType, value: TfValue, filled: ServiceFilled = "none"): string {
  return keyWith(type, value, (stringType, text) => {
    const structured = stringType.structured === true;
    if (stringType.flavor !== "json" && !looksLikeJsonDocument(text)) return `s${JSON.stringify(text)}`;
    if (structured && filled !== "none") return "J";
    try {
      const doc = parseJsonDoc(text);
      return `j${documentRelationKey(structured ? structuredForm(doc) : doc)}`;
    } catch (error) {
      if (error instanceof JsonDocError) return `s${JSON.stringify(text)}`;
      throw error;
    }
  });
}

/** Documents equivalent as jsonDocsEquivalent compares them share this text. */
function documentRelationKey(doc: JsonDoc): string {
  if (isPolicyDocument(doc)) return `P${policyMeaning(doc).body}`;
  if (Array.isArray(doc)) return `[${(doc as readonly JsonDoc[]).map(documentRelationKey).join(",")}]`;
  if (!isJsonDocObject(doc)) return canonicalJson(doc);
  const keys = Object.keys(doc).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${documentRelationKey(doc[k] as JsonDoc)}`).join(",")}}`;
}

function keyWith(
  type: AttributeType,
  value: TfValue,
  stringKey: (type: StringType, text: string) => string,
): string {
  if (value === null) return "null";
  if (isUnknown(value)) return "?";
  const key = (elementType: AttributeType) => (item: TfValue) => keyWith(elementType, item, stringKey);
  switch (type.kind) {
    case "string":
      return typeof value === "string" ? stringKey(type, value) : `s${JSON.stringify(value)}`;
    case "bool":
    case "int64":
    case "float64":
      return canonicalKey(attributeCtyType(type), value);
    case "list":
    case "set":
      return collectionKey(type.kind, value, key(type.element));
    case "listNested":
    case "setNested":
      return collectionKey(
        type.kind === "listNested" ? "list" : "set",
        value,
        key({ kind: "object", attributes: type.attributes }),
      );
    case "map":
      return mapKey(value, key(type.element));
    case "mapNested":
      return mapKey(value, key({ kind: "object", attributes: type.attributes }));
    case "object":
      if (!isRecord(value)) return `!${String(value)}`;
      return `(${Object.keys(type.attributes)
        .map((name) =>
          keyWith((type.attributes[name] as { type: AttributeType }).type, value[name] ?? null, stringKey),
        )
        .join(",")})`;
  }
}

function collectionKey(kind: "list" | "set", value: TfValue, key: (item: TfValue) => string): string {
  if (!Array.isArray(value)) return `!${String(value)}`;
  const keys = (value as readonly TfValue[]).map(key);
  return kind === "list" ? `[${keys.join(",")}]` : `{${keys.sort().join(",")}}`;
}

function mapKey(value: TfValue, key: (item: TfValue) => string): string {
  if (!isRecord(value)) return `!${String(value)}`;
  const names = Object.keys(value).sort();
  return `<${names.map((k) => `${JSON.stringify(k)}:${key(value[k] ?? null)}`).join(",")}>`;
}
