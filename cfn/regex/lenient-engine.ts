// Lenient uses of the translation for validating data (not schemas): a pattern that cannot be
// translated is not enforced, so one odd pattern never blocks a whole type's validator. Used by the
// emulator and by the runtime's desired-state check.
import type { Options } from "ajv";
import { ajvRegExpEngine, compilePattern } from "./translate.js";

/** ajv's `code.regExp` engine type. */
export type RegExpEngine = NonNullable<NonNullable<Options["code"]>["regExp"]>;
type RegExpLike = ReturnType<RegExpEngine>;

// A pattern the translation rejects is not enforced: failing the whole type's validator instead
// would make the type unusable (the corpus has none; a --schemas folder might).
const ACCEPT_ALL: RegExpLike = { test: () => true };

const engineCache = new Map<string, RegExpLike>();
const compiledCache = new Map<string, RegExp | undefined>();

/** The translated RegExp for a CloudFormation pattern, or undefined when it cannot be translated. */
export function compileCfnPattern(pattern: string): RegExp | undefined {
  if (!compiledCache.has(pattern)) {
    let compiled: RegExp | undefined;
    try {
      compiled = compilePattern(pattern);
    } catch {
      compiled = undefined;
    }
    compiledCache.set(pattern, compiled);
  }
  return compiledCache.get(pattern);
}

function lenientRegExp(pattern: string, unicode: string): RegExpLike {
  let compiled = engineCache.get(pattern);
  if (!compiled) {
    try {
      compiled = ajvRegExpEngine(pattern, unicode);
    } catch {
      compiled = ACCEPT_ALL;
    }
    engineCache.set(pattern, compiled);
  }
  return compiled;
}

/** The shared ajvRegExpEngine, made lenient for untranslatable patterns. */
export const cfnRegExpEngine: RegExpEngine = Object.assign(lenientRegExp, { code: ajvRegExpEngine.code });

/**
 * What ajv's standalone code requires for the lenient engine: a module whose exports are
 * {@link cfnRegExpEngine} (provider/precompiled-validators.ts answers this specifier).
 */
export const CFN_REGEXP_MODULE = "awscc:cfn-regexp";

/** The same engine, for compiling standalone validator code that requires it from {@link CFN_REGEXP_MODULE}. */
export const cfnRegExpEngineForStandalone: RegExpEngine = Object.assign(
  (pattern: string, unicode: string) => lenientRegExp(pattern, unicode),
  { code: `require(${JSON.stringify(CFN_REGEXP_MODULE)})` },
);
