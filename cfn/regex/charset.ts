// Code-point sets as sorted, merged inclusive ranges, and how to spell code points in ECMAScript
// `u`-mode source. RE2 builds every character class as such a range list; we do the same whenever a
// class has to be rewritten (POSIX classes, negated Perl classes, case folding).

export type Range = readonly [lo: number, hi: number];
export type Ranges = readonly Range[];

export const MAX_CODE_POINT = 0x10ffff;

/** Sorts and merges overlapping or adjacent ranges. */
export function normalizeRanges(input: Iterable<Range>): Range[] {
  const sorted = [...input].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) {
      if (hi > last[1]) last[1] = hi;
    } else {
      out.push([lo, hi]);
    }
  }
  return out;
}

/** Every code point not in `set` (which must be normalized). */
export function complementRanges(set: Ranges): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

export function rangesContain(set: Ranges, cp: number): boolean {
  let low = 0;
  let high = set.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [lo, hi] = set[mid]!;
    if (cp < lo) high = mid - 1;
    else if (cp > hi) low = mid + 1;
    else return true;
  }
  return false;
}

const SYNTAX_CHARACTERS = new Set("^$\\.*+?()[]{}|/");
const CLASS_SPECIALS = new Set("\\]-[^");
const CONTROL_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x09, "\\t"],
  [0x0a, "\\n"],
  [0x0b, "\\v"],
  [0x0c, "\\f"],
  [0x0d, "\\r"],
]);

/** True for the characters `u` mode accepts after a backslash as themselves (outside a class). */
export function isSyntaxCharacter(ch: string): boolean {
  return SYNTAX_CHARACTERS.has(ch);
}

function hex(cp: number, width: number): string {
  return cp.toString(16).toUpperCase().padStart(width, "0");
}

/**
 * Spells a code point that is not printable ASCII. Synthesized text escapes everything non-ASCII, so
 * look-alikes (K and U+212A KELVIN SIGN) stay distinguishable in generated code.
 */
function escapeNonPrintable(cp: number): string | undefined {
  const control = CONTROL_ESCAPES.get(cp);
  if (control) return control;
  if (cp >= 0x20 && cp < 0x7f) return undefined;
  if (cp <= 0xff) return `\\x${hex(cp, 2)}`;
  return cp <= 0xffff ? `\\u${hex(cp, 4)}` : `\\u{${hex(cp, 4)}}`;
}

/** A code point as a literal outside a character class (u mode). */
export function literalOutsideClass(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (SYNTAX_CHARACTERS.has(ch)) return `\\${ch}`;
  return escapeNonPrintable(cp) ?? ch;
}

/** A code point as a class atom (u mode); `- ] [ ^ \` are always escaped so position never matters. */
export function literalInClass(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (CLASS_SPECIALS.has(ch)) return `\\${ch}`;
  return escapeNonPrintable(cp) ?? ch;
}

/** The body of a class (without brackets) that matches exactly `set`. */
export function rangesToClassBody(set: Ranges): string {
  let out = "";
  for (const [lo, hi] of set) {
    if (lo === hi) out += literalInClass(lo);
    else if (hi === lo + 1) out += literalInClass(lo) + literalInClass(hi);
    else out += `${literalInClass(lo)}-${literalInClass(hi)}`;
  }
  return out;
}
