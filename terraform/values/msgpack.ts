// DynamicValue.msgpack: Terraform's MessagePack encoding of cty values (object-wire-format.md).
// null = nil, unknown = extension 0 (`d4 00 00`), refined unknown = extension 12 carrying a map
// with integer keys, a `dynamic` position = [bin type JSON, value].
import { encode, ExtensionCodec } from "@msgpack/msgpack";
import type { CtyType } from "./cty-type.js";
import { asInt64, isExactDouble, numberText, parseNumber, type TfNumber } from "./number.js";
import {
  MsgpackExt,
  MsgpackFormatError,
  MsgpackMap,
  readMsgpack,
  type MsgpackNode,
} from "./msgpack-reader.js";
import { type AttributePath, type PathStep, ValueError } from "./path.js";
import { typeFromJson, typeToJson } from "./type-json.js";
import {
  describeValue,
  DynamicTyped,
  isNumber,
  isRecord,
  makeRecord,
  type NumberBound,
  type Refinements,
  type TfValue,
  Unknown,
} from "./value.js";

const EXT_UNKNOWN = 0;
const EXT_REFINED_UNKNOWN = 12;
const MAX_REFINEMENT_PAYLOAD = 1024;
const MAX_PREFIX_LENGTH = 256;

enum RefinementKey {
  Nullness = 1,
  StringPrefix = 2,
  NumberLowerBound = 3,
  NumberUpperBound = 4,
  LengthLowerBound = 5,
  LengthUpperBound = 6,
}

// ---------------------------------------------------------------- decoding

/** Decodes DynamicValue.msgpack bytes as a value of the given type. Throws ValueError. */
export function decodeMsgpack(type: CtyType, bytes: Uint8Array): TfValue {
  let node: MsgpackNode;
  try {
    node = readMsgpack(bytes);
  } catch (error) {
    if (error instanceof MsgpackFormatError)
      throw new ValueError([], `invalid MessagePack: ${error.message}`);
    throw error;
  }
  return fromNode(type, node, []);
}

function fromNode(type: CtyType, node: MsgpackNode, path: PathStep[]): TfValue {
  if (node === null) return null;
  // Any extension at a value position means "unknown"; only type 12 carries refinements.
  if (node instanceof MsgpackExt)
    return new Unknown(node.type === EXT_REFINED_UNKNOWN ? readRefinements(node.data) : undefined);
  switch (type.kind) {
    case "string":
      if (typeof node !== "string") throw mismatch(path, "string", node);
      return node;
    case "bool":
      if (typeof node !== "boolean") throw mismatch(path, "bool", node);
      return node;
    case "number":
      return nodeToNumber(node, path);
    case "dynamic": {
      if (!Array.isArray(node) || node.length !== 2)
        throw new ValueError(path, "dynamic value must be a [type, value] pair");
      const [typeNode, valueNode] = node as [MsgpackNode, MsgpackNode];
      if (!(typeNode instanceof Uint8Array) && typeof typeNode !== "string") {
        throw new ValueError(path, "dynamic value type must be JSON bytes");
      }
      let concrete: CtyType;
      try {
        concrete = typeFromJson(typeNode);
      } catch (error) {
        throw new ValueError(path, (error as Error).message);
      }
      const inner = fromNode(concrete, valueNode, path);
      return inner === null || inner instanceof Unknown ? inner : new DynamicTyped(concrete, inner);
    }
    case "list":
    case "set": {
      if (!Array.isArray(node)) throw mismatch(path, type.kind, node);
      const items = node as readonly MsgpackNode[];
      return items.map((item, i) =>
        fromNode(type.element, item, type.kind === "list" ? [...path, { index: i }] : path),
      );
    }
    case "tuple": {
      if (!Array.isArray(node)) throw mismatch(path, "tuple", node);
      const items = node as readonly MsgpackNode[];
      if (items.length !== type.elements.length) {
        throw new ValueError(
          path,
          `a tuple of ${type.elements.length} elements is required, got ${items.length}`,
        );
      }
      return items.map((item, i) => fromNode(type.elements[i] as CtyType, item, [...path, { index: i }]));
    }
    case "map": {
      if (!(node instanceof MsgpackMap)) throw mismatch(path, "map", node);
      return makeRecord(
        node.entries.map(([key, value]) => {
          if (typeof key !== "string") throw new ValueError(path, "map keys must be strings");
          return [key, fromNode(type.element, value, [...path, { key }])] as const;
        }),
      );
    }
    case "object": {
      if (!(node instanceof MsgpackMap)) throw mismatch(path, "object", node);
      const record = makeRecord() as Record<string, TfValue>;
      for (const [key, value] of node.entries) {
        if (typeof key !== "string") throw new ValueError(path, "object attribute names must be strings");
        const attributeType = Object.hasOwn(type.attributes, key) ? type.attributes[key] : undefined;
        if (!attributeType) throw new ValueError(path, `unsupported attribute "${key}"`);
        record[key] = fromNode(attributeType, value, [...path, { attribute: key }]);
      }
      // cty requires every attribute; we are lenient and read an absent one as null.
      for (const name of Object.keys(type.attributes)) if (!Object.hasOwn(record, name)) record[name] = null;
      return record;
    }
  }
}

function nodeToNumber(node: MsgpackNode, path: AttributePath): TfNumber {
  if (typeof node === "number") {
    if (Number.isNaN(node)) throw new ValueError(path, "NaN is not a valid number");
    return node === 0 ? 0 : node;
  }
  if (typeof node === "bigint") return parseNumber(node.toString());
  if (typeof node === "string") {
    try {
      return parseNumber(node);
    } catch {
      throw new ValueError(path, `invalid number text ${JSON.stringify(node)}`);
    }
  }
  throw mismatch(path, "number", node);
}

function mismatch(path: AttributePath, expected: string, node: MsgpackNode): ValueError {
  return new ValueError(path, `${expected} required, got ${describeNode(node)}`);
}

function describeNode(node: MsgpackNode): string {
  if (node instanceof MsgpackMap) return "map";
  if (node instanceof Uint8Array) return "binary";
  if (Array.isArray(node)) return "array";
  return typeof node;
}

function readRefinements(payload: Uint8Array): Refinements | undefined {
  if (payload.length === 0 || payload.length > MAX_REFINEMENT_PAYLOAD) return undefined;
  let node: MsgpackNode;
  try {
    node = readMsgpack(payload);
  } catch {
    return undefined; // refinements are advisory: dropping malformed ones is always safe
  }
  if (!(node instanceof MsgpackMap)) return undefined;
  const refinements: { -readonly [K in keyof Refinements]: Refinements[K] } = {};
  for (const [key, value] of node.entries) {
    switch (key) {
      case RefinementKey.Nullness:
        if (value === false) refinements.notNull = true;
        break;
      case RefinementKey.StringPrefix:
        if (typeof value === "string" && value !== "") refinements.stringPrefix = value;
        break;
      case RefinementKey.NumberLowerBound:
      case RefinementKey.NumberUpperBound: {
        const bound = readBound(value);
        if (bound && key === RefinementKey.NumberLowerBound) refinements.numberLowerBound = bound;
        if (bound && key === RefinementKey.NumberUpperBound) refinements.numberUpperBound = bound;
        break;
      }
      case RefinementKey.LengthLowerBound:
        if (typeof value === "number") refinements.lengthLowerBound = value;
        break;
      case RefinementKey.LengthUpperBound:
        if (typeof value === "number") refinements.lengthUpperBound = value;
        break;
      default:
        break; // unknown refinement keys must be ignored
    }
  }
  return refinements;
}

function readBound(node: MsgpackNode): NumberBound | undefined {
  if (!Array.isArray(node) || node.length !== 2) return undefined;
  const [value, inclusive] = node as [MsgpackNode, MsgpackNode];
  if (typeof inclusive !== "boolean") return undefined;
  try {
    return { value: nodeToNumber(value, []), inclusive };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- encoding

/** An unknown on its way to the encoder, with its extension already chosen. */
class EncodedUnknown {
  constructor(readonly payload: Uint8Array | undefined) {}
}

const extensionCodec = new ExtensionCodec();
extensionCodec.register({
  type: EXT_UNKNOWN,
  encode: (input) => (input instanceof EncodedUnknown && !input.payload ? Uint8Array.of(0) : null),
  decode: () => null,
});
extensionCodec.register({
  type: EXT_REFINED_UNKNOWN,
  encode: (input) => (input instanceof EncodedUnknown && input.payload ? input.payload : null),
  decode: () => null,
});

const ENCODE_OPTIONS = {
  extensionCodec,
  useBigInt64: true,
  maxDepth: 1024,
  initialBufferSize: 1024,
} as const;

/** Encodes a value of the given type as DynamicValue.msgpack bytes. Throws ValueError on nonconformance. */
export function encodeMsgpack(type: CtyType, value: TfValue | undefined): Uint8Array {
  return encode(toEncodable(type, value, []), ENCODE_OPTIONS);
}

function toEncodable(type: CtyType, value: TfValue | undefined, path: PathStep[]): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Unknown) return new EncodedUnknown(refinementPayload(type, value));
  switch (type.kind) {
    case "string":
      if (typeof value !== "string")
        throw new ValueError(path, `string required, got ${describeValue(value)}`);
      return value;
    case "bool":
      if (typeof value !== "boolean")
        throw new ValueError(path, `bool required, got ${describeValue(value)}`);
      return value;
    case "number":
      if (!isNumber(value)) throw new ValueError(path, `number required, got ${describeValue(value)}`);
      if (Number.isNaN(value)) throw new ValueError(path, "NaN is not a valid number");
      return numberEncodable(value);
    case "dynamic": {
      if (!(value instanceof DynamicTyped)) {
        throw new ValueError(path, "a value at a dynamic position must be wrapped in DynamicTyped");
      }
      return [new TextEncoder().encode(typeToJson(value.type)), toEncodable(value.type, value.value, path)];
    }
    case "list":
    case "set":
      if (!Array.isArray(value))
        throw new ValueError(path, `${type.kind} required, got ${describeValue(value)}`);
      return value.map((item, i) =>
        toEncodable(type.element, item, type.kind === "list" ? [...path, { index: i }] : path),
      );
    case "tuple":
      if (!Array.isArray(value) || value.length !== type.elements.length) {
        throw new ValueError(path, `a tuple of ${type.elements.length} elements is required`);
      }
      return value.map((item, i) => toEncodable(type.elements[i] as CtyType, item, [...path, { index: i }]));
    case "map": {
      if (!isRecord(value)) throw new ValueError(path, `map required, got ${describeValue(value)}`);
      const out = Object.create(null) as Record<string, unknown>;
      for (const key of Object.keys(value))
        out[key] = toEncodable(type.element, value[key], [...path, { key }]);
      return out;
    }
    case "object": {
      if (!isRecord(value)) throw new ValueError(path, `object required, got ${describeValue(value)}`);
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(type.attributes, key))
          throw new ValueError(path, `unsupported attribute "${key}"`);
      }
      const out = Object.create(null) as Record<string, unknown>;
      for (const name of Object.keys(type.attributes)) {
        out[name] = toEncodable(type.attributes[name] as CtyType, value[name], [
          ...path,
          { attribute: name },
        ]);
      }
      return out;
    }
  }
}

/** cty's choice: int64 when integral and in range, float64 when exact, else the decimal text. */
function numberEncodable(n: TfNumber): number | bigint | string {
  const asInt = asInt64(n);
  if (asInt !== undefined) {
    return asInt >= BigInt(Number.MIN_SAFE_INTEGER) && asInt <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(asInt)
      : asInt;
  }
  const double = typeof n === "number" ? n : Number(n.text);
  if (!Number.isFinite(double)) return typeof n === "number" ? n : n.text; // ±Inf travels as float64
  if (numberText(double) === numberText(n) && isExactDouble(double)) return double;
  return numberText(n);
}

function refinementPayload(type: CtyType, unknown: Unknown): Uint8Array | undefined {
  const r = unknown.refinements;
  if (!r) return undefined;
  const entries: [RefinementKey, unknown][] = [];
  if (r.notNull) entries.push([RefinementKey.Nullness, false]);
  if (type.kind === "string" && r.stringPrefix)
    entries.push([RefinementKey.StringPrefix, truncatePrefix(r.stringPrefix)]);
  if (type.kind === "number") {
    if (r.numberLowerBound)
      entries.push([RefinementKey.NumberLowerBound, boundEncodable(r.numberLowerBound)]);
    if (r.numberUpperBound)
      entries.push([RefinementKey.NumberUpperBound, boundEncodable(r.numberUpperBound)]);
  }
  if (type.kind === "list" || type.kind === "set" || type.kind === "map") {
    if (r.lengthLowerBound !== undefined) entries.push([RefinementKey.LengthLowerBound, r.lengthLowerBound]);
    if (r.lengthUpperBound !== undefined) entries.push([RefinementKey.LengthUpperBound, r.lengthUpperBound]);
  }
  if (entries.length === 0) return undefined;
  // A map with integer keys: @msgpack/msgpack only writes string keys, so we lay out the header ourselves.
  const parts: Uint8Array[] = [Uint8Array.of(0x80 | entries.length)];
  for (const [key, value] of entries) parts.push(Uint8Array.of(key), encode(value, ENCODE_OPTIONS));
  const payload = concat(parts);
  return payload.length <= MAX_REFINEMENT_PAYLOAD ? payload : undefined;
}

function boundEncodable(bound: NumberBound): unknown[] {
  return [numberEncodable(bound.value), bound.inclusive];
}

function truncatePrefix(prefix: string): string {
  if (prefix.length <= MAX_PREFIX_LENGTH) return prefix;
  // A shorter prefix is a weaker but still true refinement; avoid splitting a surrogate pair.
  let cut = MAX_PREFIX_LENGTH;
  const code = prefix.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return prefix.slice(0, cut);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
