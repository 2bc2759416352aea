// Translates a CloudFormation `pattern` (written for the RE2/Java family of dialects) into an
// ECMAScript RegExp source + flags with the same meaning. Shared by the generator (validators),
// the meta-schema check and the emulator (ajv's regExp engine), so every part agrees on a pattern.
// PLACEHOLDER: the real translation is being written; the signature below is the contract.

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

export function translatePattern(pattern: string): PatternTranslation {
  try {
    new RegExp(pattern, "u");
    return { ok: true, source: pattern, flags: "u", rewrites: [] };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}
