// Static defaults as the generated modules declare them (plain JSON in Terraform terms: attribute
// names, not CloudFormation names) turned into Terraform values of the attribute's type.
import type { AttributeType, ElementType, JsonValue } from "../../terraform/schema/types.js";
import { parseNumber } from "../../terraform/values/number.js";
import { makeRecord, type TfValue } from "../../terraform/values/value.js";

export function defaultToValue(type: AttributeType, value: JsonValue | undefined): TfValue {
  if (value === null || value === undefined) return null;
  switch (type.kind) {
    case "object": {
      const record = value as { readonly [k: string]: JsonValue };
      // Members the default leaves out are null (docs/runtime.md#plan-time-rules object defaults).
      return makeRecord(
        Object.keys(type.attributes).map((name) => [
          name,
          defaultToValue((type.attributes[name] as { type: AttributeType }).type, record[name]),
        ]),
      );
    }
    case "listNested":
    case "setNested":
      return (value as readonly JsonValue[]).map((item) =>
        defaultToValue({ kind: "object", attributes: type.attributes }, item),
      );
    case "mapNested": {
      const record = value as { readonly [k: string]: JsonValue };
      return makeRecord(
        Object.keys(record).map((k) => [
          k,
          defaultToValue({ kind: "object", attributes: type.attributes }, record[k]),
        ]),
      );
    }
    default:
      return elementDefault(type, value);
  }
}

function elementDefault(type: ElementType, value: JsonValue): TfValue {
  switch (type.kind) {
    case "string":
      return typeof value === "string" ? value : JSON.stringify(value);
    case "bool":
      return value === true || value === "true";
    case "int64":
    case "float64":
      return parseNumber(String(value));
    case "list":
    case "set":
      return (value as readonly JsonValue[]).map((item) => elementDefault(type.element, item));
    case "map": {
      const record = value as { readonly [k: string]: JsonValue };
      return makeRecord(
        Object.keys(record).map((k) => [k, elementDefault(type.element, record[k] as JsonValue)]),
      );
    }
  }
}
