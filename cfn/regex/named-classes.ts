// RE2's named character classes: the ASCII Perl classes (\d \s \w), the ASCII POSIX classes
// ([[:alpha:]] …) and the Unicode classes (\pL, \p{Greek}), with their ECMAScript spellings.
import type { Ranges } from "./charset.js";

/** RE2's Perl classes are ASCII-only; note \s has no \v (POSIX [:space:] does). */
export const PERL_CLASSES: Readonly<Record<"d" | "s" | "w", Ranges>> = {
  d: [[0x30, 0x39]],
  s: [
    [0x09, 0x0a],
    [0x0c, 0x0d],
    [0x20, 0x20],
  ],
  w: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
};

export const POSIX_CLASSES: ReadonlyMap<string, Ranges> = new Map<string, Ranges>([
  [
    "alnum",
    [
      [0x30, 0x39],
      [0x41, 0x5a],
      [0x61, 0x7a],
    ],
  ],
  [
    "alpha",
    [
      [0x41, 0x5a],
      [0x61, 0x7a],
    ],
  ],
  ["ascii", [[0x00, 0x7f]]],
  [
    "blank",
    [
      [0x09, 0x09],
      [0x20, 0x20],
    ],
  ],
  [
    "cntrl",
    [
      [0x00, 0x1f],
      [0x7f, 0x7f],
    ],
  ],
  ["digit", [[0x30, 0x39]]],
  ["graph", [[0x21, 0x7e]]],
  ["lower", [[0x61, 0x7a]]],
  ["print", [[0x20, 0x7e]]],
  [
    "punct",
    [
      [0x21, 0x2f],
      [0x3a, 0x40],
      [0x5b, 0x60],
      [0x7b, 0x7e],
    ],
  ],
  [
    "space",
    [
      [0x09, 0x0d],
      [0x20, 0x20],
    ],
  ],
  ["upper", [[0x41, 0x5a]]],
  ["word", PERL_CLASSES.w],
  [
    "xdigit",
    [
      [0x30, 0x39],
      [0x41, 0x46],
      [0x61, 0x66],
    ],
  ],
]);

/** General categories RE2 knows by their short names (unicode.Categories), except C (see below). */
const GENERAL_CATEGORIES = new Set(
  "Cc Cf Cn Co Cs L LC Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs".split(
    " ",
  ),
);

/**
 * Go's C is Cc|Cf|Co|Cs: its tables hold no unassigned code points, whereas ECMAScript's \p{C} also
 * matches Cn. The complement is spelled as a union so it also works inside a class.
 */
const GO_OTHER = ["\\p{Cc}", "\\p{Cf}", "\\p{Co}", "\\p{Cs}"];
const GO_NOT_OTHER = ["\\p{L}", "\\p{M}", "\\p{N}", "\\p{P}", "\\p{S}", "\\p{Z}", "\\p{Cn}"];

/** How a Unicode class name is written in ECMAScript: a union of property escapes, maybe negated. */
export interface UnicodeClass {
  /** Positive property escapes whose union is the class (before `negated`). */
  readonly escapes: readonly string[];
  readonly negated: boolean;
}

function compiles(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

/** Spellings tried for a name that is not an exact RE2 name (Go 1.25 matches names loosely). */
function looseCandidates(name: string): string[] {
  const words = name.split(/[\s_-]+/).filter(Boolean);
  const title = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join("_");
  return [...new Set([name, title, name.toUpperCase()])];
}

/**
 * Resolves an RE2 Unicode class name (`L`, `Greek`, `Any`; newer Go also `Letter`, `ASCII`,
 * `Assigned`) to ECMAScript property escapes. `negated` is the \P / \p{^…} sign. Undefined when the
 * name is unknown.
 */
export function resolveUnicodeClass(name: string, negated: boolean): UnicodeClass | undefined {
  if (name === "C" || name === "Other") {
    return negated ? { escapes: GO_NOT_OTHER, negated: false } : { escapes: GO_OTHER, negated: false };
  }
  if (name === "Any" || GENERAL_CATEGORIES.has(name)) return { escapes: [`\\p{${name}}`], negated };
  for (const candidate of looseCandidates(name)) {
    if (!/^[A-Za-z_]+$/.test(candidate)) continue;
    if (compiles(`\\p{Script=${candidate}}`)) return { escapes: [`\\p{Script=${candidate}}`], negated };
    if (compiles(`\\p{General_Category=${candidate}}`)) {
      if (candidate === "C" || candidate === "Other") return resolveUnicodeClass("C", negated);
      return { escapes: [`\\p{${candidate}}`], negated };
    }
    if (["ASCII", "Assigned", "Any"].includes(candidate)) return { escapes: [`\\p{${candidate}}`], negated };
  }
  return undefined;
}
