// Paths into resource models. Schema pointers (`/properties/A/*/B`, from readOnlyProperties and
// friends) become segment patterns where `*` stands for any array index or map key; patch paths
// are RFC 6901 pointers relative to the properties object.
import type { JsonObject, JsonValue } from "../types.js";
import { pointerFromTokens, pointerTokens } from "../../cfn/json-pointer.js";

export type Path = readonly string[];
export const WILDCARD = "*";

/** `/properties/A/*\/B` → ["A", "*", "B"]; undefined for pointers outside `/properties`. */
export function parseSchemaPointer(pointer: string): string[] | undefined {
  const segments = parseJsonPointer(pointer);
  if (!segments || segments.length < 2 || segments[0] !== "properties") return undefined;
  return segments.slice(1);
}

/** RFC 6901: "" is the whole document; "~1" is "/" and "~0" is "~". */
export const parseJsonPointer = pointerTokens;

export function formatJsonPointer(path: Path): string {
  return pointerFromTokens(path);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function children(value: JsonValue | undefined): Array<[string, JsonValue]> {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item]);
  if (isJsonObject(value)) return Object.entries(value);
  return [];
}

function child(value: JsonValue | undefined, segment: string): JsonValue | undefined {
  if (Array.isArray(value)) {
    if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
    return value[Number(segment)];
  }
  if (isJsonObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) return value[segment];
  return undefined;
}

export interface PathMatch {
  path: string[];
  value: JsonValue;
}

/** Every concrete location in `model` that a (possibly wildcarded) pattern names and that holds a value. */
export function findMatches(model: JsonValue, pattern: Path): PathMatch[] {
  const out: PathMatch[] = [];
  const walk = (value: JsonValue, index: number, path: string[]): void => {
    if (index === pattern.length) {
      out.push({ path, value });
      return;
    }
    const segment = pattern[index] as string;
    const candidates: Array<[string, JsonValue]> =
      segment === WILDCARD
        ? children(value)
        : ((): Array<[string, JsonValue]> => {
            const next = child(value, segment);
            return next === undefined ? [] : [[segment, next]];
          })();
    for (const [key, next] of candidates) walk(next, index + 1, [...path, key]);
  };
  walk(model, 0, []);
  return out;
}

export function getAtPath(model: JsonValue, path: Path): JsonValue | undefined {
  let current: JsonValue | undefined = model;
  for (const segment of path) {
    current = child(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Sets a value whose parent exists (an array index may append). Returns false otherwise. */
export function setAtPath(model: JsonValue, path: Path, value: JsonValue): boolean {
  if (path.length === 0) return false;
  const parent = getAtPath(model, path.slice(0, -1));
  const last = path[path.length - 1] as string;
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) return false;
    parent[index] = value;
    return true;
  }
  if (isJsonObject(parent)) {
    parent[last] = value;
    return true;
  }
  return false;
}

/** Removes every location a pattern names; array elements are removed back to front. */
export function removeMatches(model: JsonValue, pattern: Path): void {
  const matches = findMatches(model, pattern).reverse();
  for (const { path } of matches) {
    const parent = getAtPath(model, path.slice(0, -1));
    const last = path[path.length - 1] as string;
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (isJsonObject(parent)) delete parent[last];
  }
}

function segmentMatches(patternSegment: string, segment: string): boolean {
  return patternSegment === WILDCARD || patternSegment === segment;
}

/** True when `path` is the location a pattern names or lies inside it. */
export function isAtOrBelow(path: Path, pattern: Path): boolean {
  if (path.length < pattern.length) return false;
  return pattern.every((segment, index) => segmentMatches(segment, path[index] as string));
}

/** True when `path` strictly contains locations the pattern names. */
export function isStrictAncestor(path: Path, pattern: Path): boolean {
  if (path.length >= pattern.length) return false;
  return path.every((segment, index) => segmentMatches(pattern[index] as string, segment));
}

export function deepClone<T extends JsonValue>(value: T): T {
  return structuredClone(value);
}

/** Structural equality of JSON values (object key order ignored). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** Do two models hold the same values at every location a pattern names? */
export function sameValuesAt(a: JsonValue, b: JsonValue, pattern: Path): boolean {
  const left = findMatches(a, pattern);
  const right = findMatches(b, pattern);
  return (
    left.length === right.length &&
    left.every(
      (match, index) =>
        formatJsonPointer(match.path) === formatJsonPointer(right[index]?.path ?? []) &&
        jsonEqual(match.value, right[index]?.value),
    )
  );
}
