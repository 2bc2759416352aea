// Parse tree of an RE2-family pattern. Every node records the flags in force where it was written
// (RE2's (?i)/(?m)/(?s)/(?U) are scoped to the enclosing group), so the emitter can decide per node.

export type ClassItem =
  /** One character; `raw` is how the pattern spelled it (`a`, `\.`, `\x41`, `\x{41}`). */
  | { readonly kind: "char"; readonly cp: number; readonly raw: string }
  | {
      readonly kind: "range";
      readonly lo: number;
      readonly hi: number;
      readonly loRaw: string;
      readonly hiRaw: string;
    }
  /** \d \s \w and their negations (ASCII in RE2). */
  | { readonly kind: "perl"; readonly name: "d" | "s" | "w"; readonly negated: boolean; readonly raw: string }
  /** [:alpha:] or [:^alpha:] inside a class. */
  | { readonly kind: "posix"; readonly name: string; readonly negated: boolean; readonly raw: string }
  /** \pL, \p{Greek}, \P{…}, \p{^…}: a union of ECMAScript property escapes, maybe negated. */
  | {
      readonly kind: "prop";
      readonly escapes: readonly string[];
      readonly negated: boolean;
      readonly raw: string;
    };

export type AssertionKind = "^" | "$" | "\\A" | "\\z" | "\\Z" | "\\b" | "\\B";

export type GroupKind =
  | "capture"
  | "named"
  | "noncapture"
  | "lookahead"
  | "negative-lookahead"
  | "lookbehind"
  | "negative-lookbehind"
  | "atomic";

export type Node =
  | { readonly kind: "empty" }
  | {
      readonly kind: "literal";
      readonly cp: number;
      /** Source spelling; "" for characters quoted by \Q…\E. */
      readonly raw: string;
      readonly fold: boolean;
    }
  | { readonly kind: "dot"; readonly dotAll: boolean }
  | { readonly kind: "assertion"; readonly what: AssertionKind; readonly multiLine: boolean }
  | {
      readonly kind: "class";
      readonly negated: boolean;
      readonly items: readonly ClassItem[];
      readonly fold: boolean;
      /** Written as a bare escape (\d, \pL) rather than in brackets. */
      readonly bare: boolean;
      readonly raw: string;
    }
  | {
      readonly kind: "group";
      readonly group: GroupKind;
      /** Capture name as written (named groups only). */
      readonly name?: string;
      /** Source spelling of the opening, e.g. `(`, `(?:`, `(?P<id>`, `(?i:`. */
      readonly open: string;
      readonly body: Node;
    }
  | { readonly kind: "concat"; readonly parts: readonly Node[] }
  | { readonly kind: "alternation"; readonly branches: readonly Node[] }
  | {
      readonly kind: "repeat";
      readonly sub: Node;
      readonly min: number;
      /** Infinity when unbounded. */
      readonly max: number;
      /** Greediness as RE2 means it, i.e. after (?U) swapped it. */
      readonly greedy: boolean;
      readonly possessive: boolean;
      /** Source spelling of the quantifier, e.g. `{2,5}?`. */
      readonly raw: string;
      /** (?U) was in force and swapped the greediness of what was written. */
      readonly swapped: boolean;
    }
  | {
      readonly kind: "backref";
      /** Group number or name. */
      readonly ref: number | string;
      readonly raw: string;
      readonly fold: boolean;
      /** The next pattern character is a digit, so `\1` must be delimited in the output. */
      readonly beforeDigit: boolean;
    };

export interface ParsedPattern {
  readonly root: Node;
  /** Capture groups in order of their opening parenthesis (1-based numbering = index + 1). */
  readonly captureNames: readonly (string | undefined)[];
  /** Inline flag letters that were written anywhere (i, m, s, U). */
  readonly flagsSeen: ReadonlySet<string>;
  /** Rewrite notes the parser itself causes (e.g. a dropped comment). */
  readonly notes: readonly string[];
}
