// Terraform value → Cloud Control desired state (docs/runtime.md#from-terraform-values-to-the-desired-state). Null and unknown
// values are omitted, empty arrays/objects/maps are omitted, JSON-string attributes are embedded
// as JSON, and each attribute is renamed to its own CloudFormation name.
import type { Attribute, Attributes, AttributeType, ElementType } from "../../terraform/schema/types.js";
import { formatPath, type PathStep } from "../../terraform/values/path.js";
import { isNumber, isRecord, isUnknown, type TfRecord, type TfValue } from "../../terraform/values/value.js";
import { type JsonDoc, JsonDocError, type JsonDocObject, makeJsonObject, parseJsonDoc } from "./json-doc.js";

export class DesiredStateError extends Error {
  readonly path: readonly PathStep[];
  constructor(path: readonly PathStep[], message: string) {
    super(path.length > 0 ? `${formatPath(path)}: ${message}` : message);
    this.path = path;
  }
}

/** The desired-state document of a resource value (always an object, `{}` when all is omitted). */
export function toDesiredState(attributes: Attributes, value: TfValue): JsonDocObject {
  if (value === null || isUnknown(value)) return makeJsonObject();
  if (!isRecord(value)) throw new DesiredStateError([], "the resource value is not an object");
  return objectToJson(attributes, value, []) ?? makeJsonObject();
}

function objectToJson(attributes: Attributes, record: TfRecord, path: PathStep[]): JsonDocObject | undefined {
  const out = makeJsonObject() as Record<string, JsonDoc>;
  let members = 0;
  for (const name of Object.keys(record)) {
    const member = record[name] ?? null;
    if (member === null || isUnknown(member)) continue;
    const attribute: Attribute | undefined = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    if (!attribute) throw new DesiredStateError(path, `attribute name mapping not found: ${name}`);
    if (attribute.cfnName === undefined) continue; // the synthetic `id` is never sent
    const json = attributeToJson(attribute.type, member, [...path, { attribute: name }]);
    if (json === undefined) continue;
    out[attribute.cfnName] = json;
    members++;
  }
  return members > 0 ? out : undefined;
}

function attributeToJson(type: AttributeType, value: TfValue, path: PathStep[]): JsonDoc | undefined {
  switch (type.kind) {
    case "object":
      if (!isRecord(value)) throw new DesiredStateError(path, "object expected");
      return objectToJson(type.attributes, value, path);
    case "listNested":
    case "setNested":
      return arrayToJson(value, path, type.kind === "listNested", (item, itemPath) => {
        if (!isRecord(item)) throw new DesiredStateError(itemPath, "object expected");
        return objectToJson(type.attributes, item, itemPath);
      });
    case "mapNested":
      return mapToJson(value, path, (item, itemPath) => {
        if (!isRecord(item)) throw new DesiredStateError(itemPath, "object expected");
        return objectToJson(type.attributes, item, itemPath);
      });
    default:
      return elementToJson(type, value, path);
  }
}

function elementToJson(type: ElementType, value: TfValue, path: PathStep[]): JsonDoc | undefined {
  if (value === null || isUnknown(value)) return undefined;
  switch (type.kind) {
    case "string":
      if (typeof value !== "string") throw new DesiredStateError(path, "string expected");
      if (type.flavor !== "json") return value;
      try {
        return parseJsonDoc(value);
      } catch (error) {
        if (error instanceof JsonDocError)
          throw new DesiredStateError(path, `not a JSON document: ${error.message}`);
        throw error;
      }
    case "bool":
      if (typeof value !== "boolean") throw new DesiredStateError(path, "bool expected");
      return value;
    case "int64":
    case "float64":
      if (!isNumber(value)) throw new DesiredStateError(path, "number expected");
      return value;
    case "list":
    case "set":
      return arrayToJson(value, path, type.kind === "list", (item, itemPath) =>
        elementToJson(type.element, item, itemPath),
      );
    case "map":
      return mapToJson(value, path, (item, itemPath) => elementToJson(type.element, item, itemPath));
  }
}

function arrayToJson(
  value: TfValue,
  path: PathStep[],
  indexed: boolean,
  convert: (item: TfValue, itemPath: PathStep[]) => JsonDoc | undefined,
): JsonDoc | undefined {
  if (!Array.isArray(value)) throw new DesiredStateError(path, "list or set expected");
  const items: JsonDoc[] = [];
  (value as readonly TfValue[]).forEach((item, i) => {
    if (item === null || isUnknown(item)) return;
    const json = convert(item, indexed ? [...path, { index: i }] : path);
    if (json !== undefined) items.push(json);
  });
  return items.length > 0 ? items : undefined;
}

function mapToJson(
  value: TfValue,
  path: PathStep[],
  convert: (item: TfValue, itemPath: PathStep[]) => JsonDoc | undefined,
): JsonDoc | undefined {
  if (!isRecord(value)) throw new DesiredStateError(path, "map expected");
  const out = makeJsonObject() as Record<string, JsonDoc>;
  let entries = 0;
  for (const key of Object.keys(value)) {
    const item = value[key] ?? null;
    if (item === null || isUnknown(item)) continue;
    const json = convert(item, [...path, { key }]);
    if (json === undefined) continue;
    out[key] = json;
    entries++;
  }
  return entries > 0 ? out : undefined;
}
