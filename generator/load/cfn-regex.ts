// How the load stage judges `pattern` values and patternProperties keys. The meta-schema declares
// them `format: "regex"` (ECMAScript), but CloudFormation writes them for the RE2/Java family, so
// translatePattern is the judge of whether a pattern is usable; ECMAScript decides only whether it
// is on-spec as written.
import type { Options } from "ajv";
import { type PatternTranslation, translatePattern } from "../../cfn/regex/translate.js";

export type PatternAssessment =
  /** A valid ECMAScript regex as written, and translatable: nothing to report. */
  | { readonly kind: "valid" }
  /** Off-spec (not ECMAScript as written) but usable after translation. */
  | { readonly kind: "translated"; readonly rewrites: readonly string[] }
  /** Not translatable: the generated provider cannot enforce it. */
  | { readonly kind: "untranslatable"; readonly reason: string };

// The corpus repeats the same patterns many times; both judgements are pure, so they are memoised.
const translations = new Map<string, PatternTranslation>();
const assessments = new Map<string, PatternAssessment>();

function translate(pattern: string): PatternTranslation {
  let result = translations.get(pattern);
  if (result === undefined) {
    try {
      result = translatePattern(pattern);
    } catch (e) {
      result = { ok: false, reason: `translator failed: ${e instanceof Error ? e.message : String(e)}` };
    }
    translations.set(pattern, result);
  }
  return result;
}

function compiles(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

// Without the u flag, \A \z \Z compile as the letters A, z, Z: valid syntax, silently wrong meaning.
const ANCHOR_LOOKALIKE = /(^|[^\\])(\\\\)*\\[AzZ]/;

/** Whether a pattern is an ECMAScript regex as written (in either unicode or legacy mode). */
export function isEcmaScriptRegex(pattern: string): boolean {
  return compiles(pattern, "u") || (compiles(pattern, "") && !ANCHOR_LOOKALIKE.test(pattern));
}

export function assessPattern(pattern: string): PatternAssessment {
  let result = assessments.get(pattern);
  if (result === undefined) {
    const t = translate(pattern);
    if (!t.ok) result = { kind: "untranslatable", reason: t.reason };
    else if (isEcmaScriptRegex(pattern)) result = { kind: "valid" };
    else result = { kind: "translated", rewrites: t.rewrites };
    assessments.set(pattern, result);
  }
  return result;
}

/** The `format: "regex"` check given to ajv; failures are worded by the findings stage. */
export function isAcceptablePattern(pattern: string): boolean {
  return assessPattern(pattern).kind === "valid";
}

/**
 * A regExp engine for ajv (`code.regExp`): CloudFormation patterns are translated first. Patterns
 * the translator rejects fall back to plain ECMAScript, because the meta-schemas themselves use
 * ECMAScript-only syntax (a `(?!CloudFormation)` lookahead, which RE2 lacks).
 */
function cfnRegExp(pattern: string, u: string): RegExp {
  const t = translate(pattern);
  if (t.ok) {
    try {
      // `test` on a global or sticky RegExp is stateful; validation needs a pure predicate.
      return new RegExp(t.source, t.flags.replace(/[gy]/g, ""));
    } catch {
      // a translation ajv cannot compile: fall through to the pattern as written
    }
  }
  return new RegExp(pattern, u);
}
cfnRegExp.code = "cfnRegExp"; // only used by ajv's standalone code generation, which we do not use

/** ajv does not export its RegExpEngine type from the package root. */
type RegExpEngine = NonNullable<NonNullable<Options["code"]>["regExp"]>;

export const cfnRegExpEngine: RegExpEngine = cfnRegExp;
