// CloudFormation patterns are written for the RE2/Java family, so ECMAScript's RegExp is the wrong
// judge of them. Every regex decision here goes through translatePattern instead.
import type { Options } from "ajv";
import { type PatternTranslation, translatePattern } from "../regex/translate.js";

export type PatternAssessment =
  /** Valid ECMAScript with the same meaning: nothing to report. */
  | { readonly kind: "as-is"; readonly source: string; readonly flags: string }
  /** Valid in the CloudFormation dialect, usable after rewriting. */
  | {
      readonly kind: "translated";
      readonly source: string;
      readonly flags: string;
      readonly rewrites: readonly string[];
    }
  /** Not translatable: the generated provider cannot enforce it. */
  | { readonly kind: "untranslatable"; readonly reason: string };

// The corpus repeats the same patterns many times; translations are pure, so they are memoised.
const translations = new Map<string, PatternTranslation>();

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

export function assessPattern(pattern: string): PatternAssessment {
  const t = translate(pattern);
  if (!t.ok) return { kind: "untranslatable", reason: t.reason };
  if (t.rewrites.length === 0) return { kind: "as-is", source: t.source, flags: t.flags };
  return { kind: "translated", source: t.source, flags: t.flags, rewrites: t.rewrites };
}

/** ajv `format: "regex"` check: true only for patterns usable without any rewrite. */
export function isPatternUsableAsWritten(pattern: string): boolean {
  return assessPattern(pattern).kind === "as-is";
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
