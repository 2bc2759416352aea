// Terraform values as plain data: null and unknown may appear at any depth. The shape of a value is
// interpreted through its CtyType (an array is a list, set or tuple; a record is a map or object).
import { type CtyType, sortedAttributeNames } from "./cty-type.js";
import { DecimalNumber, numbersEqual, numberText, type TfNumber } from "./number.js";
import { emptyRecord } from "./plain-record.js";
import { UntakenByKey } from "./untaken.js";

/** Facts Terraform knows about a value it cannot know yet (cty "refinements"). */
export interface Refinements {
  /** The eventual value is definitely not null. */
  readonly notNull?: boolean;
  /** Strings only: the eventual value starts with this prefix. */
  readonly stringPrefix?: string;
  /** Numbers only: bounds of the eventual value. */
  readonly numberLowerBound?: NumberBound;
  readonly numberUpperBound?: NumberBound;
  /** Collections only: bounds of the eventual length. */
  readonly lengthLowerBound?: number;
  readonly lengthUpperBound?: number;
}

export interface NumberBound {
  readonly value: TfNumber;
  readonly inclusive: boolean;
}

/** A value not known until apply ("known after apply"), optionally refined. */
export class Unknown {
  readonly refinements: Refinements | undefined;
  constructor(refinements?: Refinements) {
    this.refinements = refinements && hasRefinements(refinements) ? refinements : undefined;
  }
}

/** The plain unknown, without refinements. */
export const UNKNOWN = new Unknown();

/** A known value at a `dynamic` type position: its concrete type travels with it. */
export class DynamicTyped {
  readonly type: CtyType;
  readonly value: TfValue;
  constructor(type: CtyType, value: TfValue) {
    this.type = type;
    this.value = value;
  }
}

export type TfList = readonly TfValue[];
/** Object attributes or map elements. Decoders build these with a null prototype. */
export interface TfRecord {
  readonly [key: string]: TfValue;
}

export type TfValue = null | Unknown | string | boolean | TfNumber | TfList | TfRecord | DynamicTyped;

export const isNull = (v: TfValue | undefined): v is null | undefined => v === null || v === undefined;
export const isUnknown = (v: TfValue | undefined): v is Unknown => v instanceof Unknown;
export const isKnown = (v: TfValue | undefined): boolean => !isUnknown(v);

export function isRecord(v: TfValue | undefined): v is TfRecord {
  return (
    typeof v === "object" &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Unknown) &&
    !(v instanceof DecimalNumber) &&
    !(v instanceof DynamicTyped)
  );
}

/** An empty list, set or map (an empty object value too). */
export const isEmptyCollection = (value: TfValue): boolean =>
  Array.isArray(value) ? value.length === 0 : isRecord(value) && Object.keys(value).length === 0;

export function isNumber(v: TfValue | undefined): v is TfNumber {
  return typeof v === "number" || v instanceof DecimalNumber;
}

/** Maps list items; the same list comes back when no item changed (callers compare by identity). */
export function mapItems(items: readonly TfValue[], convert: (item: TfValue, i: number) => TfValue): TfValue {
  let changed = false;
  const next = items.map((item, i) => {
    const converted = convert(item, i);
    if (converted !== item) changed = true;
    return converted;
  });
  return changed ? next : items;
}

/** Maps record members; the same record comes back when no member changed (callers compare by identity). */
export function mapMembers(record: TfRecord, convert: (value: TfValue, key: string) => TfValue): TfRecord {
  const keys = Object.keys(record);
  let copy: Record<string, TfValue> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = record[key] as TfValue;
    const next = convert(value, key);
    if (next !== value && copy === undefined) {
      copy = emptyRecord<TfValue>();
      for (let j = 0; j < i; j++) copy[keys[j] as string] = record[keys[j] as string] as TfValue;
    }
    if (copy !== undefined) copy[key] = next;
  }
  return copy ?? record;
}

/** A fresh record (plain-record.ts: any key is plain data) holding the given entries. */
export function makeRecord(entries: Iterable<readonly [string, TfValue]> = []): TfRecord {
  const record: Record<string, TfValue> = emptyRecord<TfValue>();
  for (const [key, value] of entries) record[key] = value;
  return record;
}

/**
 * A copy of the record with the given members set (replaced in place, or added at the end). Copies
 * key by key: building entry arrays to spread costs two to three times as much on records of many
 * attributes, which V8 keeps as hash tables.
 */
export function recordWith(record: TfRecord, members: Readonly<Record<string, TfValue>>): TfRecord {
  const copy: Record<string, TfValue> = emptyRecord<TfValue>();
  for (const key of Object.keys(record)) copy[key] = record[key] as TfValue;
  for (const key of Object.keys(members)) copy[key] = members[key] as TfValue;
  return copy;
}

function hasRefinements(r: Refinements): boolean {
  return (
    r.notNull === true ||
    r.stringPrefix !== undefined ||
    r.numberLowerBound !== undefined ||
    r.numberUpperBound !== undefined ||
    r.lengthLowerBound !== undefined ||
    r.lengthUpperBound !== undefined
  );
}

/** True when no unknown appears anywhere in the value. */
export function isWhollyKnown(v: TfValue | undefined): boolean {
  if (v instanceof Unknown) return false;
  if (v instanceof DynamicTyped) return isWhollyKnown(v.value);
  if (Array.isArray(v)) return v.every(isWhollyKnown);
  if (isRecord(v)) return Object.keys(v).every((k) => isWhollyKnown(v[k]));
  return true;
}

export interface EqualityOptions {
  /** Compare unknowns without looking at their refinements (Terraform's plan checks do this). */
  readonly ignoreRefinements?: boolean;
}

/** Equality under the type: sets compare as sets, numbers by decimal value, unknown only equals unknown. */
export function valueEquals(
  type: CtyType,
  a: TfValue | undefined,
  b: TfValue | undefined,
  options: EqualityOptions = {},
): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (left === right) return true;
  if (left === null || right === null) return false;
  if (left instanceof Unknown || right instanceof Unknown) {
    if (!(left instanceof Unknown && right instanceof Unknown)) return false;
    return options.ignoreRefinements === true || refinementKey(left) === refinementKey(right);
  }
  // Member by member, stopping at the first difference: what canonicalKey's texts would say, without
  // building them (a plan compares whole resources). Sets and dynamic values compare by their keys.
  switch (type.kind) {
    case "string":
    case "bool":
      return false; // not the same primitive (checked above)
    case "number":
      return numbersEqual(left as TfNumber, right as TfNumber);
    case "list":
    case "tuple": {
      const l = left as TfList;
      const r = right as TfList;
      if (l.length !== r.length) return false;
      for (let i = 0; i < l.length; i++) {
        const elementType = type.kind === "tuple" ? (type.elements[i] ?? DYNAMIC) : type.element;
        if (!valueEquals(elementType, l[i], r[i], options)) return false;
      }
      return true;
    }
    case "map": {
      const l = left as TfRecord;
      const r = right as TfRecord;
      const keys = Object.keys(l);
      if (keys.length !== Object.keys(r).length) return false;
      for (const key of keys) {
        if (!Object.hasOwn(r, key) || !valueEquals(type.element, l[key], r[key], options)) return false;
      }
      return true;
    }
    case "object": {
      const l = left as TfRecord;
      const r = right as TfRecord;
      for (const name of Object.keys(type.attributes)) {
        if (!valueEquals(type.attributes[name] as CtyType, l[name], r[name], options)) return false;
      }
      return true;
    }
    default:
      return canonicalKey(type, left, options) === canonicalKey(type, right, options);
  }
}

const DYNAMIC: CtyType = { kind: "dynamic" };

/**
 * The items of a list, keyed once each (canonicalKey), to find for one value after another the first
 * item not yet taken that equals it (valueEquals): linear where pairing by valueEquals item against
 * item is quadratic, which lists of hundreds of elements (security group rules) made plans feel.
 */
export class EqualItems {
  private readonly untaken: UntakenByKey;

  constructor(
    private readonly type: CtyType,
    items: readonly TfValue[],
    private readonly options: EqualityOptions = {},
  ) {
    this.untaken = new UntakenByKey(items.map((item) => canonicalKey(type, item, options)));
  }

  /** The index of the first item not yet taken that equals `value`, now taken; -1 when there is none. */
  take(value: TfValue): number {
    return this.untaken.take(canonicalKey(this.type, value, this.options));
  }
}

function refinementKey(u: Unknown): string {
  const r = u.refinements;
  if (!r) return "";
  const bound = (b: NumberBound | undefined) => (b ? `${numberText(b.value)}${b.inclusive ? "]" : ")"}` : "");
  return JSON.stringify([
    r.notNull ?? false,
    r.stringPrefix ?? null,
    bound(r.numberLowerBound),
    bound(r.numberUpperBound),
    r.lengthLowerBound ?? null,
    r.lengthUpperBound ?? null,
  ]);
}

/** A string that two values share exactly when they are equal under the type. */
export function canonicalKey(type: CtyType, v: TfValue | undefined, options: EqualityOptions = {}): string {
  if (v === null || v === undefined) return "null";
  if (v instanceof Unknown) return options.ignoreRefinements ? "?" : `?${refinementKey(v)}`;
  switch (type.kind) {
    case "string":
      return JSON.stringify(v);
    case "bool":
      return v === true ? "true" : "false";
    case "number":
      return `n${numberText(v as TfNumber)}`;
    case "dynamic": {
      if (!(v instanceof DynamicTyped)) return `dyn:${JSON.stringify(String(v))}`;
      return `dyn(${JSON.stringify(v.type)}):${canonicalKey(v.type, v.value, options)}`;
    }
    case "list":
      return `[${(v as TfList).map((e) => canonicalKey(type.element, e, options)).join(",")}]`;
    case "tuple":
      return `[${(v as TfList).map((e, i) => canonicalKey(type.elements[i] ?? { kind: "dynamic" }, e, options)).join(",")}]`;
    case "set": {
      const keys = [...new Set((v as TfList).map((e) => canonicalKey(type.element, e, options)))].sort();
      return `{${keys.join(",")}}`;
    }
    case "map": {
      const record = v as TfRecord;
      const keys = Object.keys(record).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalKey(type.element, record[k], options)}`).join(",")}}`;
    }
    case "object": {
      const record = v as TfRecord;
      const names = sortedAttributeNames(type.attributes);
      return `{${names.map((n) => `${JSON.stringify(n)}:${canonicalKey(type.attributes[n] as CtyType, record[n], options)}`).join(",")}}`;
    }
  }
}

/** A short description of a value's shape, for error messages. */
export function describeValue(value: TfValue): string {
  if (value === null) return "null";
  if (value instanceof Unknown) return "unknown";
  if (value instanceof DynamicTyped) return "dynamic value";
  if (isNumber(value)) return "number";
  if (Array.isArray(value)) return "array";
  if (isRecord(value)) return "object";
  return typeof value;
}
