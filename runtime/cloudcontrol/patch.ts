// RFC 6902 patch documents for UpdateResource (docs/runtime.md#json-patch-construction), built from the prior
// and planned desired states. An array the schema keeps in no order (insertionOrder false) is sent
// whole: Cloud Control applies the patch to the model as the service reads it, in the service's
// order, which need not be the state's, so an index into it could name another element. Ordered
// arrays of equal length are diffed element by element; arrays whose length changes get an
// order-aware edit script (longest common subsequence: removes from the end first, then adds at
// their final positions), so every op addresses the element it means — awscc's index-blind diff
// can update the wrong element or duplicate entries. Key-value arrays and arrays that only shrink
// become one whole-array op, as in awscc. Paths are RFC 6901-escaped.
import {
  isJsonDocObject,
  type JsonDoc,
  JsonDocError,
  type JsonDocObject,
  jsonDocEquals,
  parseJsonDoc,
  stringifyJsonDoc,
} from "../convert/json-doc.js";
import { withoutPointers } from "./property-pointers.js";
import { isPathOf } from "../convert/unordered-arrays.js";
import { escapePointerToken, pointerFromTokens, unescapePointerToken } from "../../cfn/json-pointer.js";

export type PatchOp =
  | { readonly op: "add" | "replace"; readonly path: string; readonly value: JsonDoc }
  | { readonly op: "remove"; readonly path: string };

/** Arrays longer than this are replaced whole instead of diffed (the edit script is quadratic). */
const MAX_DIFFED_ARRAY = 1000;

export const escapeSegment = escapePointerToken;
const unescapeSegment = unescapePointerToken;
export const pointerOf = pointerFromTokens;

export function segmentsOf(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map(unescapeSegment);
}

/**
 * Step A: the raw, order-aware difference of two documents. `unordered`: the model paths of the
 * arrays kept in no order (`*` for any element or map key), each replaced whole when it differs.
 */
export function diffDocuments(
  before: JsonDoc,
  after: JsonDoc,
  path: readonly string[] = [],
  unordered: readonly (readonly string[])[] = [],
): PatchOp[] {
  if (jsonDocEquals(before, after)) return [];
  if (isJsonDocObject(before) && isJsonDocObject(after)) return diffObjects(before, after, path, unordered);
  if (Array.isArray(before) && Array.isArray(after) && !isPathOf(unordered, path))
    return diffArrays(before, after, path, unordered);
  return [{ op: "replace", path: pointerOf(path), value: after }];
}

function diffObjects(
  before: JsonDocObject,
  after: JsonDocObject,
  path: readonly string[],
  unordered: readonly (readonly string[])[],
): PatchOp[] {
  const ops: PatchOp[] = [];
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) ops.push({ op: "remove", path: pointerOf([...path, key]) });
  }
  for (const key of Object.keys(after)) {
    const value = after[key] as JsonDoc;
    if (!Object.hasOwn(before, key)) ops.push({ op: "add", path: pointerOf([...path, key]), value });
    else ops.push(...diffDocuments(before[key] as JsonDoc, value, [...path, key], unordered));
  }
  return ops;
}

function diffArrays(
  before: readonly JsonDoc[],
  after: readonly JsonDoc[],
  path: readonly string[],
  unordered: readonly (readonly string[])[],
): PatchOp[] {
  if (before.length === after.length) {
    return before.flatMap((item, i) =>
      diffDocuments(item, after[i] as JsonDoc, [...path, String(i)], unordered),
    );
  }
  if (before.length > MAX_DIFFED_ARRAY || after.length > MAX_DIFFED_ARRAY) {
    return [{ op: "replace", path: pointerOf(path), value: after }];
  }
  const { keptBefore, keptAfter } = commonSubsequence(before, after);
  const ops: PatchOp[] = [];
  // Removes from the highest index down leave the kept elements in order...
  for (let i = before.length - 1; i >= 0; i--) {
    if (!keptBefore[i]) ops.push({ op: "remove", path: pointerOf([...path, String(i)]) });
  }
  // ...then adds in ascending final position rebuild the new array exactly.
  after.forEach((item, j) => {
    if (!keptAfter[j]) ops.push({ op: "add", path: pointerOf([...path, String(j)]), value: item });
  });
  return ops;
}

function commonSubsequence(
  before: readonly JsonDoc[],
  after: readonly JsonDoc[],
): { keptBefore: boolean[]; keptAfter: boolean[] } {
  const n = before.length;
  const m = after.length;
  const lengths: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = lengths[i] as number[];
      row[j] = jsonDocEquals(before[i], after[j])
        ? ((lengths[i + 1] as number[])[j + 1] as number) + 1
        : Math.max((lengths[i + 1] as number[])[j] as number, row[j + 1] as number);
    }
  }
  const keptBefore = new Array<boolean>(n).fill(false);
  const keptAfter = new Array<boolean>(m).fill(false);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (jsonDocEquals(before[i], after[j])) {
      keptBefore[i] = keptAfter[j] = true;
      i++;
      j++;
    } else if (((lengths[i + 1] as number[])[j] as number) >= ((lengths[i] as number[])[j + 1] as number)) {
      i++;
    } else {
      j++;
    }
  }
  return { keptBefore, keptAfter };
}

function valueAt(doc: JsonDoc, segments: readonly string[]): JsonDoc | undefined {
  let current: JsonDoc | undefined = doc;
  for (const segment of segments) {
    if (Array.isArray(current))
      current = /^\d+$/.test(segment) ? (current as readonly JsonDoc[])[Number(segment)] : undefined;
    else if (isJsonDocObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

const isIndex = (segment: string | undefined): boolean => segment !== undefined && /^\d+$/.test(segment);

function isKeyValueArray(value: JsonDoc | undefined): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first = (value as readonly JsonDoc[])[0];
  return isJsonDocObject(first) && (Object.hasOwn(first, "Key") || Object.hasOwn(first, "key"));
}

const isAtOrBelow = (pointer: string, parent: string): boolean =>
  pointer === parent || pointer.startsWith(`${parent}/`);

/**
 * Step B: ops on elements of a key-value array, or only removing elements of an array, become one
 * op on the whole array (`replace` with the new array, or `remove` when it is gone). `after` may be
 * text; when it cannot be parsed the ops are returned unchanged.
 */
export function consolidateArrayOps(ops: readonly PatchOp[], after: JsonDoc | string): PatchOp[] {
  let doc: JsonDoc;
  try {
    doc = typeof after === "string" ? parseJsonDoc(after) : after;
  } catch (error) {
    if (error instanceof JsonDocError) return [...ops];
    throw error;
  }
  const parents = new Map<string, PatchOp[]>();
  for (const op of ops) {
    const segments = segmentsOf(op.path);
    if (!isIndex(segments[segments.length - 1])) continue;
    const parent = pointerOf(segments.slice(0, -1));
    parents.set(parent, [...(parents.get(parent) ?? []), op]);
  }
  const consolidated = [...parents.entries()]
    .filter(
      ([parent, under]) =>
        isKeyValueArray(valueAt(doc, segmentsOf(parent))) || under.every((op) => op.op === "remove"),
    )
    .map(([parent]) => parent)
    .sort();
  if (consolidated.length === 0) return [...ops];
  const kept = ops.filter((op) => !consolidated.some((parent) => isAtOrBelow(op.path, parent)));
  for (const parent of consolidated) {
    const value = valueAt(doc, segmentsOf(parent));
    kept.push(value === undefined ? { op: "remove", path: parent } : { op: "replace", path: parent, value });
  }
  return kept;
}

/**
 * The "descending" order of remove paths: segment by segment, integers numerically and anything
 * else as strings, greater first; a path before any path it is a prefix of... the longer first.
 */
export function compareRemovePaths(a: string, b: string): number {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] as string;
    const y = right[i] as string;
    if (x === y) continue;
    if (isIndex(x) && isIndex(y)) return Number(y) - Number(x);
    return x < y ? 1 : -1;
  }
  return right.length - left.length;
}

/** Step C: removes first (descending, so earlier removes never shift later ones), then the rest. */
export function orderPatchOps(ops: readonly PatchOp[]): PatchOp[] {
  const removes = ops.filter((op) => op.op === "remove").sort((a, b) => compareRemovePaths(a.path, b.path));
  return [...removes, ...ops.filter((op) => op.op !== "remove")];
}

export interface PatchOptions {
  /** readOnly and createOnly property pointers (segments): never part of an update. */
  readonly excluded?: readonly (readonly string[])[];
  /** Model paths of the arrays kept in no order (unorderedArrayPaths): sent whole when changed. */
  readonly unordered?: readonly (readonly string[])[];
}

/** The complete patch from the prior to the planned desired state. */
export function buildPatch(before: JsonDoc, after: JsonDoc, options: PatchOptions = {}): PatchOp[] {
  const excluded = options.excluded ?? [];
  const from = withoutPointers(before, excluded);
  const to = withoutPointers(after, excluded);
  return orderPatchOps(consolidateArrayOps(diffDocuments(from, to, [], options.unordered), to));
}

export function serializePatch(ops: readonly PatchOp[]): string {
  return `[${ops
    .map((op) =>
      op.op === "remove"
        ? `{"op":"remove","path":${JSON.stringify(op.path)}}`
        : `{"op":"${op.op}","path":${JSON.stringify(op.path)},"value":${stringifyJsonDoc(op.value)}}`,
    )
    .join(",")}]`;
}
