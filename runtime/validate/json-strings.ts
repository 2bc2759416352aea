// JSON-string attributes (free-form CloudFormation objects, and recursion cut to JSON) are checked
// at validate: every known string of the json flavor, at any depth, must parse. Unknown values and
// strings inside unknown collections wait for plan. The diagnostic points at the attribute (at the
// set, for a string inside a set element, since set elements have no address).
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import { JsonDocError, parseJsonDoc } from "../convert/json-doc.js";
import type { Attributes, AttributeType, ElementType } from "../../terraform/schema/types.js";
import { type AttributePath, formatPath, type PathStep } from "../../terraform/values/path.js";
import { isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";

/** One diagnostic per JSON-string value in `config` that is not JSON. */
export function invalidJsonStrings(attributes: Attributes, config: TfValue): Diagnostic[] {
  const found: Diagnostic[] = [];
  const check = (text: string, path: AttributePath): void => {
    try {
      parseJsonDoc(text);
    } catch (error) {
      if (!(error instanceof JsonDocError)) throw error;
      found.push(
        errorDiagnostic(
          "Invalid JSON String Value",
          `${formatPath(path)}: the value is not a JSON document (${error.message}).`,
          path,
        ),
      );
    }
  };
  // Set elements have no address in a Terraform path: inside a set, errors point at the set.
  const extend = (path: AttributePath, inSet: boolean, ...steps: PathStep[]): AttributePath =>
    inSet ? path : [...path, ...steps];
  const walkObject = (attrs: Attributes, value: TfValue, path: AttributePath, inSet: boolean): void => {
    if (!isRecord(value)) return;
    for (const [name, attribute] of Object.entries(attrs)) {
      walkValue(attribute.type, value[name] ?? null, extend(path, inSet, { attribute: name }), inSet);
    }
  };
  const walkValue = (
    type: AttributeType | ElementType,
    value: TfValue,
    path: AttributePath,
    inSet: boolean,
  ): void => {
    if (value === null || isUnknown(value)) return;
    switch (type.kind) {
      case "string":
        if (type.flavor === "json" && typeof value === "string") check(value, path);
        return;
      case "object":
        walkObject(type.attributes, value, path, inSet);
        return;
      case "listNested":
      case "setNested":
      case "list":
      case "set": {
        if (!Array.isArray(value)) return;
        const itemsInSet = inSet || type.kind === "set" || type.kind === "setNested";
        (value as readonly TfValue[]).forEach((item, i) => {
          const itemPath = extend(path, itemsInSet, { index: i });
          if ("attributes" in type) walkObject(type.attributes, item, itemPath, itemsInSet);
          else walkValue(type.element, item, itemPath, itemsInSet);
        });
        return;
      }
      case "mapNested":
      case "map": {
        if (!isRecord(value)) return;
        for (const key of Object.keys(value)) {
          const item = value[key] ?? null;
          const itemPath = extend(path, inSet, { key });
          if ("attributes" in type) walkObject(type.attributes, item, itemPath, inSet);
          else walkValue(type.element, item, itemPath, inSet);
        }
        return;
      }
      default:
        return;
    }
  };
  walkObject(attributes, config, [], false);
  return found;
}

const jsonStringsFound = new WeakMap<Attributes, boolean>();

/** Whether any attribute, at any depth, is a JSON string. */
export function hasJsonStrings(attributes: Attributes): boolean {
  let found = jsonStringsFound.get(attributes);
  if (found === undefined) {
    found = Object.values(attributes).some((attribute) => typeHasJsonStrings(attribute.type));
    jsonStringsFound.set(attributes, found);
  }
  return found;
}

function typeHasJsonStrings(type: AttributeType | ElementType): boolean {
  if (type.kind === "string") return type.flavor === "json";
  if ("attributes" in type) return hasJsonStrings(type.attributes);
  if ("element" in type) return typeHasJsonStrings(type.element);
  return false;
}
