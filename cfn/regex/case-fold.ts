// Unicode simple case folding, as RE2's (?i) uses it: each character matches every member of its
// fold orbit (k, K and U+212A KELVIN SIGN; s, S and U+017F LONG S; …). JavaScript has no API for the
// orbits, but a `u`+`i` RegExp canonicalizes by the same simple case folding, so we find candidates
// through toLowerCase/toUpperCase and keep only the ones such a RegExp confirms. Built lazily, once,
// and only for patterns that use (?i) on something case-sensitive.
import { normalizeRanges, type Range } from "./charset.js";

/** RE2's bounds: no code point outside [0x41, 0x1E943] takes part in case folding. */
const MIN_FOLD = 0x41;
const MAX_FOLD = 0x1e943;

interface FoldTable {
  /** Every orbit with at least two members. */
  readonly orbits: readonly (readonly number[])[];
  /** Code point → its orbit, for members of non-trivial orbits only. */
  readonly orbitOf: ReadonlyMap<number, readonly number[]>;
}

let table: FoldTable | undefined;

function singleCodePoint(s: string): number | undefined {
  const cp = s.codePointAt(0);
  return cp !== undefined && String.fromCodePoint(cp).length === s.length ? cp : undefined;
}

/**
 * All code points in RE2's folding bounds as one string, so the RegExp engine can pick out the few
 * thousand that have case mappings much faster than a per-character loop could.
 */
function casedCharacters(): string {
  const chunks: string[] = [];
  const chunk: number[] = [];
  for (let cp = MIN_FOLD; cp <= MAX_FOLD; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    chunk.push(cp);
    if (chunk.length === 8192) chunks.push(String.fromCodePoint(...chunk.splice(0)));
  }
  chunks.push(String.fromCodePoint(...chunk));
  return chunks.join("");
}

function buildTable(): FoldTable {
  // Union-find over lower/upper mappings gives a superset of each orbit…
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  for (const [ch] of casedCharacters().matchAll(/\p{Changes_When_Casemapped}/gu)) {
    const cp = ch.codePointAt(0)!;
    for (const mapped of [ch.toLowerCase(), ch.toUpperCase()]) {
      if (mapped === ch) continue;
      const other = singleCodePoint(mapped);
      if (other !== undefined) union(cp, other);
    }
  }
  const groups = new Map<number, number[]>();
  for (const cp of parent.keys()) {
    const root = find(cp);
    const group = groups.get(root) ?? [];
    group.push(cp);
    groups.set(root, group);
  }
  // …which a u+i RegExp then splits into true simple-case-folding orbits.
  const orbits: number[][] = [];
  for (const group of groups.values()) {
    const pending = [...group].sort((a, b) => a - b);
    while (pending.length > 0) {
      const seed = pending.shift()!;
      const matcher = new RegExp(`^\\u{${seed.toString(16)}}$`, "iu");
      const orbit = [seed];
      for (let i = pending.length - 1; i >= 0; i--) {
        if (matcher.test(String.fromCodePoint(pending[i]!))) orbit.push(...pending.splice(i, 1));
      }
      if (orbit.length > 1) orbits.push(orbit.sort((a, b) => a - b));
    }
  }
  const orbitOf = new Map<number, readonly number[]>();
  for (const orbit of orbits) for (const cp of orbit) orbitOf.set(cp, orbit);
  return { orbits, orbitOf };
}

function foldTable(): FoldTable {
  table ??= buildTable();
  return table;
}

/** The code points that match `cp` under (?i), `cp` included, ascending. */
export function foldOrbit(cp: number): readonly number[] {
  return foldTable().orbitOf.get(cp) ?? [cp];
}

/**
 * The code points that (?i) adds to a set: members of an orbit that meets the set but are not in
 * it. `contains` is the membership test of the case-sensitive set.
 */
export function foldExtras(contains: (cp: number) => boolean): Range[] {
  const extras: Range[] = [];
  for (const orbit of foldTable().orbits) {
    const inside = orbit.map(contains);
    if (!inside.some(Boolean)) continue;
    orbit.forEach((cp, i) => {
      if (!inside[i]) extras.push([cp, cp]);
    });
  }
  return normalizeRanges(extras);
}
