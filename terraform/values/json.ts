// DynamicValue.json and RawState.json: cty's JSON encoding. Same shapes as msgpack, but JSON
// cannot express unknown, and a `dynamic` position is wrapped as {"value": V, "type": T}.
import { type CtyType, sortedAttributeNames } from "./cty-type.js";
import { JsonNumberText, JsonObjectNode, JsonSyntaxError, readJson, type JsonNode } from "./json-reader.js";
import { numberText, parseNumber, type TfNumber } from "./number.js";
import { type PathStep, ValueError } from "./path.js";
import { typeFromJsonValue, typeToJsonValue } from "./type-json.js";
import {
  describeValue,
  DynamicTyped,
  isNumber,
  isRecord,
  makeRecord,
  type TfValue,
  Unknown,
} from "./value.js";
import { emptyRecord } from "./plain-record.js";

export interface JsonDecodeOptions {
  /**
   * Skip object attributes the type does not declare instead of failing (useful when reading
   * state written by an older schema version; cty itself rejects them).
   */
  readonly dropUnknownAttributes?: boolean;
}

/** Decodes cty JSON (text or UTF-8 bytes) as a value of the given type. Throws ValueError. */
export function decodeJson(
  type: CtyType,
  source: string | Uint8Array,
  options: JsonDecodeOptions = {},
): TfValue {
  const text = typeof source === "string" ? source : new TextDecoder("utf-8", { fatal: true }).decode(source);
  let node: JsonNode;
  try {
    node = readJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new ValueError([], `invalid JSON: ${error.message}`);
    throw error;
  }
  return fromJsonNode(type, node, [], options);
}

function fromJsonNode(type: CtyType, node: JsonNode, path: PathStep[], options: JsonDecodeOptions): TfValue {
  if (node === null) return null;
  switch (type.kind) {
    case "string":
      // cty converts JSON numbers and bools given for a string attribute.
      if (typeof node === "string") return node;
      if (node instanceof JsonNumberText) return numberText(numberFromString(node.text, path));
      if (typeof node === "boolean") return node ? "true" : "false";
      throw new ValueError(path, "string required");
    case "number":
      if (node instanceof JsonNumberText || typeof node === "string") {
        return numberFromString(node instanceof JsonNumberText ? node.text : node, path);
      }
      throw new ValueError(path, "number required");
    case "bool":
      if (typeof node === "boolean") return node;
      if (node === "true" || node === "false") return node === "true";
      throw new ValueError(path, "bool required");
    case "dynamic": {
      if (!(node instanceof JsonObjectNode))
        throw new ValueError(path, 'dynamic value must be {"value": …, "type": …}');
      const typeNode = node.get("type");
      if (typeNode === undefined) throw new ValueError(path, 'dynamic value is missing "type"');
      let concrete: CtyType;
      try {
        concrete = typeFromJsonValue(jsonNodeToPlain(typeNode));
      } catch (error) {
        throw new ValueError(path, (error as Error).message);
      }
      const inner = fromJsonNode(concrete, node.get("value") ?? null, path, options);
      return inner === null ? null : new DynamicTyped(concrete, inner);
    }
    case "list":
    case "set":
      if (!Array.isArray(node)) throw new ValueError(path, `${type.kind} required`);
      return (node as readonly JsonNode[]).map((item, i) =>
        fromJsonNode(type.element, item, type.kind === "list" ? [...path, { index: i }] : path, options),
      );
    case "tuple": {
      if (!Array.isArray(node)) throw new ValueError(path, "tuple required");
      const items = node as readonly JsonNode[];
      if (items.length !== type.elements.length) {
        throw new ValueError(
          path,
          `a tuple of ${type.elements.length} elements is required, got ${items.length}`,
        );
      }
      return items.map((item, i) =>
        fromJsonNode(type.elements[i] as CtyType, item, [...path, { index: i }], options),
      );
    }
    case "map":
      if (!(node instanceof JsonObjectNode)) throw new ValueError(path, "map required");
      return makeRecord(
        node.entries.map(([key, value]) => [
          key,
          fromJsonNode(type.element, value, [...path, { key }], options),
        ]),
      );
    case "object": {
      if (!(node instanceof JsonObjectNode)) throw new ValueError(path, "object required");
      const record = makeRecord() as Record<string, TfValue>;
      for (const [key, value] of node.entries) {
        const attributeType = Object.hasOwn(type.attributes, key) ? type.attributes[key] : undefined;
        if (!attributeType) {
          if (options.dropUnknownAttributes) continue;
          throw new ValueError(path, `unsupported attribute "${key}"`);
        }
        record[key] = fromJsonNode(attributeType, value, [...path, { attribute: key }], options);
      }
      // cty fills attributes missing from JSON with null.
      for (const name of Object.keys(type.attributes)) if (!Object.hasOwn(record, name)) record[name] = null;
      return record;
    }
  }
}

function numberFromString(text: string, path: PathStep[]): TfNumber {
  try {
    return parseNumber(text);
  } catch {
    throw new ValueError(path, `invalid number text ${JSON.stringify(text)}`);
  }
}

function jsonNodeToPlain(node: JsonNode): unknown {
  if (node instanceof JsonNumberText) return Number(node.text);
  if (Array.isArray(node)) return (node as readonly JsonNode[]).map(jsonNodeToPlain);
  if (node instanceof JsonObjectNode) {
    const out = emptyRecord<unknown>();
    for (const [key, value] of node.entries) out[key] = jsonNodeToPlain(value);
    return out;
  }
  return node;
}

/** Encodes a wholly known value as cty JSON text (attributes in sorted order, numbers exact). */
export function encodeJson(type: CtyType, value: TfValue | undefined): string {
  return writeJson(type, value, []);
}

function writeJson(type: CtyType, value: TfValue | undefined, path: PathStep[]): string {
  if (value === null || value === undefined) return "null";
  if (value instanceof Unknown) throw new ValueError(path, "unknown values cannot be encoded as JSON");
  switch (type.kind) {
    case "string":
      if (typeof value !== "string")
        throw new ValueError(path, `string required, got ${describeValue(value)}`);
      return JSON.stringify(value);
    case "bool":
      if (typeof value !== "boolean")
        throw new ValueError(path, `bool required, got ${describeValue(value)}`);
      return value ? "true" : "false";
    case "number": {
      if (!isNumber(value)) throw new ValueError(path, `number required, got ${describeValue(value)}`);
      if (Number.isNaN(value)) throw new ValueError(path, "NaN is not a valid number");
      const text = numberText(value);
      if (text.endsWith("Inf")) throw new ValueError(path, "infinity cannot be encoded as JSON");
      return text;
    }
    case "dynamic":
      if (!(value instanceof DynamicTyped))
        throw new ValueError(path, "a value at a dynamic position must be DynamicTyped");
      return `{"value":${writeJson(value.type, value.value, path)},"type":${JSON.stringify(typeToJsonValue(value.type))}}`;
    case "list":
    case "set":
      if (!Array.isArray(value))
        throw new ValueError(path, `${type.kind} required, got ${describeValue(value)}`);
      return `[${value.map((item, i) => writeJson(type.element, item, type.kind === "list" ? [...path, { index: i }] : path)).join(",")}]`;
    case "tuple":
      if (!Array.isArray(value) || value.length !== type.elements.length) {
        throw new ValueError(path, `a tuple of ${type.elements.length} elements is required`);
      }
      return `[${value.map((item, i) => writeJson(type.elements[i] as CtyType, item, [...path, { index: i }])).join(",")}]`;
    case "map": {
      if (!isRecord(value)) throw new ValueError(path, `map required, got ${describeValue(value)}`);
      const keys = Object.keys(value).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${writeJson(type.element, value[k], [...path, { key: k }])}`).join(",")}}`;
    }
    case "object": {
      if (!isRecord(value)) throw new ValueError(path, `object required, got ${describeValue(value)}`);
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(type.attributes, key))
          throw new ValueError(path, `unsupported attribute "${key}"`);
      }
      const names = sortedAttributeNames(type.attributes);
      const members = names.map(
        (n) =>
          `${JSON.stringify(n)}:${writeJson(type.attributes[n] as CtyType, value[n], [...path, { attribute: n }])}`,
      );
      return `{${members.join(",")}}`;
    }
  }
}
