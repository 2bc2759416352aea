// ajv's `code.regExp` engine built on the shared pattern translation, so the emulator reads every
// CloudFormation `pattern` (and patternProperties key) exactly as the generator does.
import type { Options } from "ajv";
import { translatePattern } from "../../generator/regex/translate.js";

type RegExpEngine = NonNullable<NonNullable<Options["code"]>["regExp"]>;
type RegExpLike = ReturnType<RegExpEngine>;

const cache = new Map<string, RegExpLike>();

// A pattern the translation cannot express is not enforced: rejecting every value instead would
// make the type unusable, and the real service evidently accepts such values.
const ACCEPT_ALL: RegExpLike = { test: () => true };

/** The translated RegExp for a CloudFormation pattern, or undefined when it cannot be translated. */
export function compileCfnPattern(pattern: string): RegExp | undefined {
  const translation = translatePattern(pattern);
  if (!translation.ok) return undefined;
  try {
    // `test` on a global or sticky RegExp is stateful; validation needs a pure predicate.
    return new RegExp(translation.source, translation.flags.replace(/[gy]/g, ""));
  } catch {
    return undefined;
  }
}

function cfnRegExp(pattern: string): RegExpLike {
  let compiled = cache.get(pattern);
  if (!compiled) {
    compiled = compileCfnPattern(pattern) ?? ACCEPT_ALL;
    cache.set(pattern, compiled);
  }
  return compiled;
}

export const cfnRegExpEngine: RegExpEngine = Object.assign((pattern: string) => cfnRegExp(pattern), {
  code: "cfnRegExp",
});
