// Keys for comparing values by meaning (prior-spelling.ts). `meaningKey` is shared by values that
// mean the same by key: JSON strings compared as canonical documents. Some JSON strings also mean
// the same without sharing a key (IAM policy equivalence is a relation, not a key), so where keys
// differ prior-spelling.ts walks the values; `jsonBlindKey` leaves JSON text out, so it is shared
// by every two values that can mean the same, and pairing set elements by meaning only has to
// compare elements that share it.
import type { AttributeType } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { canonicalKey, isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";
import { canonicalJsonText } from "./json-string.js";

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
 * A string every two values that may mean the same share: JSON strings, and plain strings that
 * look like JSON documents (which sameMeaning compares as documents too), all key alike.
 */
export function jsonBlindKey(type: AttributeType, value: TfValue): string {
  return keyWith(type, value, (stringType, text) =>
    stringType.flavor === "json" || looksLikeJsonDocument(text) ? "J" : `s${JSON.stringify(text)}`,
  );
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
