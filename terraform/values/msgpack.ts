// DynamicValue.msgpack: Terraform's MessagePack encoding of cty values (object-wire-format.md).
// null = nil, unknown = extension 0 (`d4 00 00`), refined unknown = extension 12 carrying a map
// with integer keys, a `dynamic` position = [bin type JSON, value].
import { encode, Encoder, ExtensionCodec } from "@msgpack/msgpack";
import { type CtyType, sortedAttributeNames } from "./cty-type.js";
import { asInt64, isExactDouble, numberText, parseNumber, type TfNumber } from "./number.js";
import {
  MAX_DEPTH,
  MsgpackExt,
  MsgpackFormatError,
  MsgpackMap,
  readMsgpack,
  Reader,
  type MsgpackNode,
} from "./msgpack-reader.js";
import { PathTrail, ValueError } from "./path.js";
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
import { emptyRecord } from "./plain-record.js";

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
  // One pass over the bytes guided by the type: no intermediate tree, and the path of an error is
  // only built when there is one (this runs several times per RPC).
  const reader = new Reader(bytes);
  try {
    const value = decodeTyped(reader, type, new PathTrail(), 0);
    if (reader.position !== bytes.length)
      throw new MsgpackFormatError(`${bytes.length - reader.position} unexpected trailing bytes`);
    return value;
  } catch (error) {
    if (error instanceof MsgpackFormatError)
      throw new ValueError([], `invalid MessagePack: ${error.message}`);
    throw error;
  }
}

const isExtensionHead = (head: number): boolean =>
  (head >= 0xd4 && head <= 0xd8) || (head >= 0xc7 && head <= 0xc9);

function decodeTyped(reader: Reader, type: CtyType, trail: PathTrail, depth: number): TfValue {
  if (depth > MAX_DEPTH) throw new MsgpackFormatError("nesting too deep");
  const head = reader.peek();
  if (head === 0xc0) {
    reader.position += 1;
    return null;
  }
  // Any extension at a value position means "unknown"; only type 12 carries refinements.
  if (isExtensionHead(head)) {
    const ext = reader.read(depth) as MsgpackExt;
    return new Unknown(ext.type === EXT_REFINED_UNKNOWN ? readRefinements(ext.data) : undefined);
  }
  switch (type.kind) {
    case "string": {
      const node = reader.read(depth);
      if (typeof node !== "string") throw mismatch(trail, "string", node);
      return node;
    }
    case "bool": {
      const node = reader.read(depth);
      if (typeof node !== "boolean") throw mismatch(trail, "bool", node);
      return node;
    }
    case "number":
      return nodeToNumber(reader.read(depth), trail);
    case "dynamic": {
      if (reader.arrayHeader() !== 2) throw trail.error("dynamic value must be a [type, value] pair");
      const typeNode = reader.read(depth + 1);
      if (!(typeNode instanceof Uint8Array) && typeof typeNode !== "string") {
        throw trail.error("dynamic value type must be JSON bytes");
      }
      let concrete: CtyType;
      try {
        concrete = typeFromJson(typeNode);
      } catch (error) {
        throw trail.error((error as Error).message);
      }
      const inner = decodeTyped(reader, concrete, trail, depth + 1);
      return inner === null || inner instanceof Unknown ? inner : new DynamicTyped(concrete, inner);
    }
    case "list":
    case "set": {
      const length = reader.arrayHeader();
      if (length === undefined) throw mismatch(trail, type.kind, reader.read(depth));
      const items: TfValue[] = [];
      // Set elements are not addressable: their errors point at the set.
      const indexed = type.kind === "list";
      for (let i = 0; i < length; i++) {
        if (indexed) trail.pushIndex(i);
        items.push(decodeTyped(reader, type.element, trail, depth + 1));
        if (indexed) trail.pop();
      }
      return items;
    }
    case "tuple": {
      const length = reader.arrayHeader();
      if (length === undefined) throw mismatch(trail, "tuple", reader.read(depth));
      if (length !== type.elements.length) {
        throw trail.error(`a tuple of ${type.elements.length} elements is required, got ${length}`);
      }
      const items: TfValue[] = [];
      for (let i = 0; i < length; i++) {
        trail.pushIndex(i);
        items.push(decodeTyped(reader, type.elements[i] as CtyType, trail, depth + 1));
        trail.pop();
      }
      return items;
    }
    case "map": {
      const length = reader.mapHeader();
      if (length === undefined) throw mismatch(trail, "map", reader.read(depth));
      const record = makeRecord() as Record<string, TfValue>;
      for (let i = 0; i < length; i++) {
        const key = reader.read(depth + 1);
        if (typeof key !== "string") throw trail.error("map keys must be strings");
        trail.pushKey(key);
        record[key] = decodeTyped(reader, type.element, trail, depth + 1);
        trail.pop();
      }
      return record;
    }
    case "object": {
      const length = reader.mapHeader();
      if (length === undefined) throw mismatch(trail, "object", reader.read(depth));
      const names = attributeNames(type.attributes);
      const record = makeRecord() as Record<string, TfValue>;
      let seen = 0;
      let expected = 0; // cty writes attributes in sorted order: try the next name's bytes first
      for (let i = 0; i < length; i++) {
        let key: string;
        if (expected < names.sorted.length && reader.stringEquals(names.bytes[expected]!)) {
          key = names.sorted[expected]!;
        } else {
          const node = reader.read(depth + 1);
          if (typeof node !== "string") throw trail.error("object attribute names must be strings");
          key = node;
        }
        const position = names.position.get(key);
        if (position === undefined) throw trail.error(`unsupported attribute "${key}"`);
        const attributeType = type.attributes[key] as CtyType;
        expected = position + 1;
        if (!Object.hasOwn(record, key)) seen += 1;
        trail.pushAttribute(key);
        record[key] = decodeTyped(reader, attributeType, trail, depth + 1);
        trail.pop();
      }
      // cty requires every attribute; we are lenient and read an absent one as null.
      if (seen !== names.sorted.length) {
        for (const name of names.sorted) if (!Object.hasOwn(record, name)) record[name] = null;
      }
      return record;
    }
  }
}

/** An object type's attribute names in cty's order, with their UTF-8 bytes to match keys against. */
interface AttributeNames {
  readonly sorted: readonly string[];
  readonly bytes: readonly Uint8Array[];
  readonly position: ReadonlyMap<string, number>;
}

const namesOfAttributes = new WeakMap<object, AttributeNames>();
const keyEncoder = new TextEncoder();

/** Built once per object type: decoding reads every attribute name of every object. */
function attributeNames(attributes: Readonly<Record<string, CtyType>>): AttributeNames {
  let names = namesOfAttributes.get(attributes);
  if (!names) {
    const sorted = sortedAttributeNames(attributes);
    names = {
      sorted,
      bytes: sorted.map((name) => keyEncoder.encode(name)),
      position: new Map(sorted.map((name, i) => [name, i])),
    };
    namesOfAttributes.set(attributes, names);
  }
  return names;
}

/** A number from a MessagePack integer, float or decimal text; `trail` locates errors (none: throws plain ValueError). */
function nodeToNumber(node: MsgpackNode, trail: PathTrail): TfNumber {
  if (typeof node === "number") {
    if (Number.isNaN(node)) throw trail.error("NaN is not a valid number");
    return node === 0 ? 0 : node;
  }
  if (typeof node === "bigint") return parseNumber(node.toString());
  if (typeof node === "string") {
    try {
      return parseNumber(node);
    } catch {
      throw trail.error(`invalid number text ${JSON.stringify(node)}`);
    }
  }
  throw mismatch(trail, "number", node);
}

function mismatch(trail: PathTrail, expected: string, node: MsgpackNode): ValueError {
  return trail.error(`${expected} required, got ${describeNode(node)}`);
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
    return { value: nodeToNumber(value, new PathTrail()), inclusive };
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

// One encoder for the process: `encode()` would make a new one, with a new buffer, per value.
// Encoder.encode hands back a copy of what it wrote, so the buffer is free again at once.
const encoder = new Encoder(ENCODE_OPTIONS);
const textEncoder = new TextEncoder();

/** Encodes a value of the given type as DynamicValue.msgpack bytes. Throws ValueError on nonconformance. */
export function encodeMsgpack(type: CtyType, value: TfValue | undefined): Uint8Array {
  return encoder.encode(toEncodable(type, value, new PathTrail()));
}

function toEncodable(type: CtyType, value: TfValue | undefined, trail: PathTrail): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Unknown) return new EncodedUnknown(refinementPayload(type, value));
  switch (type.kind) {
    case "string":
      if (typeof value !== "string") throw trail.error(`string required, got ${describeValue(value)}`);
      return value;
    case "bool":
      if (typeof value !== "boolean") throw trail.error(`bool required, got ${describeValue(value)}`);
      return value;
    case "number":
      if (!isNumber(value)) throw trail.error(`number required, got ${describeValue(value)}`);
      if (Number.isNaN(value)) throw trail.error("NaN is not a valid number");
      return numberEncodable(value);
    case "dynamic": {
      if (!(value instanceof DynamicTyped)) {
        throw trail.error("a value at a dynamic position must be wrapped in DynamicTyped");
      }
      return [textEncoder.encode(typeToJson(value.type)), toEncodable(value.type, value.value, trail)];
    }
    case "list":
    case "set":
      if (!Array.isArray(value)) throw trail.error(`${type.kind} required, got ${describeValue(value)}`);
      return value.map((item, i) => {
        if (type.kind === "set") return toEncodable(type.element, item, trail);
        trail.pushIndex(i);
        const encodable = toEncodable(type.element, item, trail);
        trail.pop();
        return encodable;
      });
    case "tuple":
      if (!Array.isArray(value) || value.length !== type.elements.length) {
        throw trail.error(`a tuple of ${type.elements.length} elements is required`);
      }
      return value.map((item, i) => {
        trail.pushIndex(i);
        const encodable = toEncodable(type.elements[i] as CtyType, item, trail);
        trail.pop();
        return encodable;
      });
    case "map": {
      if (!isRecord(value)) throw trail.error(`map required, got ${describeValue(value)}`);
      const out = emptyRecord<unknown>();
      for (const key of Object.keys(value)) {
        trail.pushKey(key);
        out[key] = toEncodable(type.element, value[key], trail);
        trail.pop();
      }
      return out;
    }
    case "object": {
      if (!isRecord(value)) throw trail.error(`object required, got ${describeValue(value)}`);
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(type.attributes, key)) throw trail.error(`unsupported attribute "${key}"`);
      }
      const out = emptyRecord<unknown>();
      for (const name of Object.keys(type.attributes)) {
        trail.pushAttribute(name);
        out[name] = toEncodable(type.attributes[name] as CtyType, value[name], trail);
        trail.pop();
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
