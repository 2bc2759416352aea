// A JSON value read into a scalar attribute (string, bool, number). Shared by the model reader
// (from-cfn.ts) and the state upgrade (upgrade-state.ts): both convert where nothing is lost — a
// number or bool for a string attribute becomes its text, "true"/"false" a bool, a numeric string
// a number, an object or array for a string attribute its JSON text (keys sorted) — and differ only
// in what a value that cannot be converted becomes, which the caller's policy decides. A string for
// a JSON-string attribute is taken as the document's text when it is JSON (handlers answer some
// documents as text); otherwise it can only be a string value (an `anyOf` with a string branch, as
// ControlTower EnabledBaseline parameter values), so it becomes that string's JSON text.
import type { ElementType } from "../../terraform/schema/types.js";
import { numberText, parseNumber } from "../../terraform/values/number.js";
import type { TfValue } from "../../terraform/values/value.js";
import { canonicalJson, isJsonDocNumber, type JsonDoc, JsonDocError, parseJsonDoc } from "./json-doc.js";

export type ScalarType = Extract<ElementType, { readonly kind: "string" | "bool" | "int64" | "float64" }>;

/** What a value that does not fit becomes: null (lenient reads) or an exception (the caller reports it). */
export type Unconvertible = (json: JsonDoc) => TfValue;

export function scalarFromJson(type: ScalarType, json: JsonDoc, unconvertible: Unconvertible): TfValue {
  if (json === null) return null;
  switch (type.kind) {
    case "string":
      if (typeof json === "string") return type.flavor === "json" ? jsonStringText(json) : json;
      if (typeof json === "boolean") return json ? "true" : "false";
      if (isJsonDocNumber(json)) return type.flavor === "json" ? canonicalJson(json) : numberText(json);
      return canonicalJson(json);
    case "bool":
      if (typeof json === "boolean") return json;
      if (json === "true" || json === "false") return json === "true";
      return unconvertible(json);
    case "int64":
    case "float64":
      if (isJsonDocNumber(json)) return json;
      if (typeof json === "string") {
        try {
          return parseNumber(json);
        } catch {
          return unconvertible(json);
        }
      }
      return unconvertible(json);
  }
}

/** A string answered for a JSON-string attribute: the text itself when it is JSON, else the string as JSON. */
function jsonStringText(text: string): string {
  try {
    parseJsonDoc(text);
    return text;
  } catch (error) {
    if (error instanceof JsonDocError) return JSON.stringify(text);
    throw error;
  }
}
