// Matching of readOnly/createOnly/writeOnly/deprecated pointers against attribute paths (docs/mapping.md#required-optional-computed).
//
// The Go provider compares a pointer with the property names along the path, arrays adding no
// segment, so pointers containing `*` never match. We keep that rule for the flags (parity of
// Required/Optional/Computed) and additionally honour `*` pointers where doing so only adds
// safety: createOnly through arrays gives RequiresReplace on the element member.
import { unescapePointerToken } from "../../cfn/json-pointer.js";

export interface PointerSet {
  /** Paths without `*`, as property names joined by "/" (arrays contribute nothing). */
  readonly plain: ReadonlySet<string>;
  /** Paths with `*` for array items and map values, joined by "/". */
  readonly wildcard: ReadonlySet<string>;
}

const PREFIX = "/properties/";

const decode = unescapePointerToken;

export function pointerSet(pointers: readonly unknown[] | undefined): PointerSet {
  const plain = new Set<string>();
  const wildcard = new Set<string>();
  for (const p of pointers ?? []) {
    if (typeof p !== "string" || !p.startsWith(PREFIX)) continue;
    const segments = p.slice(PREFIX.length).split("/").map(decode);
    if (segments.some((s) => s === "")) continue;
    if (segments.includes("*")) wildcard.add(segments.join("/"));
    else plain.add(segments.join("/"));
  }
  return { plain, wildcard };
}

/**
 * The two views of an attribute's position, as "/"-joined keys: names only (Go rule) and names
 * with `*` for array items and map values.
 */
export interface AttributePath {
  readonly names: string;
  readonly withItems: string;
}

export const rootPath: AttributePath = { names: "", withItems: "" };

const join = (base: string, segment: string): string => (base === "" ? segment : `${base}/${segment}`);

export function childPath(parent: AttributePath, cfnName: string): AttributePath {
  return { names: join(parent.names, cfnName), withItems: join(parent.withItems, cfnName) };
}

/** Entering array items or map values: a `*` segment in the wildcard view only. */
export function itemsPath(parent: AttributePath): AttributePath {
  return { names: parent.names, withItems: join(parent.withItems, "*") };
}

export function matchesPlain(set: PointerSet, path: AttributePath): boolean {
  return set.plain.has(path.names);
}

export function matchesAny(set: PointerSet, path: AttributePath): boolean {
  return set.plain.has(path.names) || set.wildcard.has(path.withItems);
}
