// A JSON value read into a scalar attribute (string, bool, number). Shared by the model reader
// (from-cfn.ts) and the state upgrade (upgrade-state.ts): both convert where nothing is lost — a
// number or bool for a string attribute becomes its text, "true"/"false" a bool, a numeric string
// a number, an object or array for a string attribute its JSON text (keys sorted) — and differ only
// in what a value that cannot be converted becomes, which the caller's policy decides.
import type { ElementType } from "../../terraform/schema/types.js";
import { numberText, parseNumber } from "../../terraform/values/number.js";
import type { TfValue } from "../../terraform/values/value.js";
import { canonicalJson, isJsonDocNumber, type JsonDoc } from "./json-doc.js";

export type ScalarType = Extract<ElementType, { readonly kind: "string" | "bool" | "int64" | "float64" }>;

/** What a value that does not fit becomes: null (lenient reads) or an exception (the caller reports it). */
export type Unconvertible = (json: JsonDoc) => TfValue;

export function scalarFromJson(type: ScalarType, json: JsonDoc, unconvertible: Unconvertible): TfValue {
  if (json === null) return null;
  switch (type.kind) {
    case "string":
      if (typeof json === "string") return json;
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
