// Translates a CloudFormation `pattern` (written for the RE2/Java family of dialects) into an
// ECMAScript RegExp source + flags with the same meaning. Shared by the generator (validators),
// the meta-schema check and the emulator (ajv's regExp engine), so every part agrees on a pattern.
//
// Semantics are RE2's (Go regexp with Perl flags), matched code point by code point, so the output
// always uses the `u` flag (never a non-u fallback). Deliberate choices:
// - `.` becomes `[^\n]` unless (?s) is on: RE2's dot excludes only \n, JS's also \r, U+2028, U+2029.
// - `\s`/`\S` are narrowed to RE2's ASCII `[\t\n\f\r ]` (JS's \s has \v and the Unicode spaces);
//   `\d`, `\w`, `\b` are ASCII in both and stay as written.
// - (?m) is never the JS `m` flag (which also breaks lines at \r, U+2028, U+2029): multi-line `^`/`$`
//   become `(?<=^|\n)`/`(?=\n|$)`.
// - (?i) over the whole pattern becomes the `i` flag (u+i folds exactly like RE2); on part of it, or
//   next to \b (which JS's `i` widens), case variants are spelled out from Unicode simple folding.
// - Beyond RE2, constructs JS can express are kept: lookarounds, backreferences (JS semantics: an
//   unset group matches empty), \Z, atomic groups and possessive quantifiers (as lookahead + capture).
// - `ok: false` only for patterns that are invalid in every dialect (or a case-insensitive
//   backreference inside a partly case-sensitive pattern).
import type { Options } from "ajv";
import { emitPattern, UntranslatableError } from "./emit.js";
import { parsePattern, PatternSyntaxError } from "./parse.js";

export type PatternTranslation =
  | {
      readonly ok: true;
      /** ECMAScript source, ready for `new RegExp(source, flags)`. */
      readonly source: string;
      readonly flags: string;
      /** What was rewritten, for the generate summary (empty when the pattern was used as is). */
      readonly rewrites: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

/** Translations are pure, so a bounded memo saves re-parsing the many repeated corpus patterns. */
const MEMO_LIMIT = 4096;
const memo = new Map<string, PatternTranslation>();

export function translatePattern(pattern: string): PatternTranslation {
  const cached = memo.get(pattern);
  if (cached) return cached;
  const result = translateUncached(pattern);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(pattern, result);
  return result;
}

function translateUncached(pattern: string): PatternTranslation {
  let emitted;
  try {
    emitted = emitPattern(parsePattern(pattern));
  } catch (error) {
    if (error instanceof PatternSyntaxError)
      return { ok: false, reason: `invalid pattern: ${error.message}` };
    if (error instanceof UntranslatableError) return { ok: false, reason: error.message };
    // A translator bug must not take the generator down; the reason says so plainly.
    return { ok: false, reason: `internal translator error: ${(error as Error).message}` };
  }
  try {
    new RegExp(emitted.source, emitted.flags);
  } catch (error) {
    // A bug guard: the emitter should only produce valid u-mode source.
    return { ok: false, reason: `translation is not valid JavaScript (${(error as Error).message})` };
  }
  const unchanged = emitted.source === pattern && emitted.flags === "u";
  return {
    ok: true,
    source: emitted.source,
    flags: emitted.flags,
    rewrites: unchanged ? [] : emitted.notes.length > 0 ? emitted.notes : ["rewritten"],
  };
}

/** ajv does not export its RegExpEngine type from the package root. */
type RegExpEngine = NonNullable<NonNullable<Options["code"]>["regExp"]>;

/** Compiles a pattern with RE2 meaning, or throws an Error that names the pattern and the reason. */
export function compilePattern(pattern: string): RegExp {
  const translation = translatePattern(pattern);
  if (!translation.ok) {
    throw new Error(
      `cannot translate pattern ${JSON.stringify(pattern)} to JavaScript: ${translation.reason}`,
    );
  }
  return new RegExp(translation.source, translation.flags);
}

/**
 * ajv v8 `code.regExp` engine: `new Ajv({ code: { regExp: ajvRegExpEngine } })`. The `u` argument
 * (ajv's unicodeRegExp option) is ignored: the translation chooses the flags, always including `u`.
 * Untranslatable patterns make ajv's compile throw with the reason. ajv only uses `code` for
 * standalone validation code, which this engine does not support; evaluating it throws.
 */
export const ajvRegExpEngine: RegExpEngine = Object.assign(
  (pattern: string, _u: string): RegExp => compilePattern(pattern),
  {
    code: '(() => { throw new Error("awscc-ts ajvRegExpEngine cannot be used in ajv standalone code"); })()',
  },
);
