// Cloud Control model → Terraform value (docs/runtime.md#from-the-resource-model-to-terraform-values). Each attribute reads the
// property named by its own cfnName; properties the schema does not know are ignored, attributes
// the model lacks are null, and an empty array reads as null. Values whose JSON kind does not fit
// the attribute are converted where that loses nothing (a number for a string attribute) and read
// as null otherwise, so one odd property never makes the whole object unreadable.
import type { Attributes, AttributeType, ElementType } from "../../terraform/schema/types.js";
import { makeRecord, type TfRecord, type TfValue } from "../../terraform/values/value.js";
import { isJsonDocObject, type JsonDoc, type JsonDocObject } from "./json-doc.js";
import { scalarFromJson } from "./scalar-from-json.js";

/** The Terraform object for a model: every attribute present, null where the model has nothing. */
export function fromModel(attributes: Attributes, model: JsonDocObject): TfRecord {
  return objectFromJson(attributes, model);
}

function objectFromJson(attributes: Attributes, object: JsonDocObject): TfRecord {
  return makeRecord(
    Object.keys(attributes).map((name) => {
      const attribute = attributes[name] as Attributes[string];
      const cfnName = attribute.cfnName;
      if (cfnName === undefined || !Object.hasOwn(object, cfnName)) return [name, null];
      return [name, attributeFromJson(attribute.type, object[cfnName] as JsonDoc)];
    }),
  );
}

/** One attribute's value from its JSON (exported for unknown-fill and tests). */
export function attributeFromJson(type: AttributeType, json: JsonDoc): TfValue {
  if (json === null) return null;
  switch (type.kind) {
    case "object":
      return isJsonDocObject(json) ? objectFromJson(type.attributes, json) : null;
    case "listNested":
    case "setNested":
      return arrayFromJson(json, (item) =>
        isJsonDocObject(item) ? objectFromJson(type.attributes, item) : null,
      );
    case "mapNested":
      return mapFromJson(json, (item) =>
        isJsonDocObject(item) ? objectFromJson(type.attributes, item) : null,
      );
    default:
      return elementFromJson(type, json);
  }
}

function elementFromJson(type: ElementType, json: JsonDoc): TfValue {
  if (json === null) return null;
  switch (type.kind) {
    case "list":
    case "set":
      return arrayFromJson(json, (item) => elementFromJson(type.element, item));
    case "map":
      return mapFromJson(json, (item) => elementFromJson(type.element, item));
    default:
      // One odd property never makes the whole object unreadable: what does not fit is null.
      return scalarFromJson(type, json, () => null);
  }
}

function arrayFromJson(json: JsonDoc, convert: (item: JsonDoc) => TfValue): TfValue {
  if (!Array.isArray(json)) return null;
  const items = (json as readonly JsonDoc[]).map(convert).filter((item) => item !== null);
  return items.length > 0 ? items : null;
}

function mapFromJson(json: JsonDoc, convert: (item: JsonDoc) => TfValue): TfValue {
  if (!isJsonDocObject(json)) return null;
  const entries: [string, TfValue][] = [];
  for (const key of Object.keys(json)) {
    const value = convert(json[key] as JsonDoc);
    if (value !== null) entries.push([key, value]);
  }
  return makeRecord(entries);
}
