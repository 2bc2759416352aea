// The pluralization rules of the Go provider (jinzhu/inflection plus awscc's own additions, see
// docs/mapping.md#plural-names), loaded into the `pluralize` npm package.
//
// `pluralize` ships with its own English rules. Its built-in *regex* rules are shadowed here by a
// catch-all no-op rule that outranks them. Its built-in *whole-word* dictionaries (for example
// schema→schemata) cannot be removed, so callers must only pass strings that are not bare English
// words. Terraform type names always contain `_`, and no dictionary word does.
import pluralize from "pluralize";

/** Whole-string, case-insensitive uncountables: these never fire on `awscc_…` names. */
export const UNCOUNTABLE_WORDS: readonly string[] = [
  "equipment",
  "information",
  "rice",
  "money",
  "species",
  "series",
  "fish",
  "sheep",
  "jeans",
  "police",
  "milk",
  "salt",
  "time",
  "water",
  "paper",
  "food",
  "art",
  "cash",
  "music",
  "help",
  "luck",
  "oil",
  "progress",
  "rain",
  "research",
  "shopping",
  "software",
  "traffic",
];

/** Irregular suffixes in priority order; each matches at the end of the string. */
export const IRREGULAR_SUFFIXES: readonly (readonly [singular: string, plural: string])[] = [
  ["person", "people"],
  ["man", "men"],
  ["child", "children"],
  ["sex", "sexes"],
  ["move", "moves"],
  ["ombie", "ombies"],
  ["goose", "geese"],
  ["foot", "feet"],
  ["moose", "moose"],
  ["tooth", "teeth"],
  ["leaf", "leaves"],
  ["chassis", "chassis"],
  // Added by terraform-provider-awscc (AWS::S3::StorageLens).
  ["lens", "lenses"],
];

/**
 * Regular rules, highest priority first, in Go regexp syntax with `${n}` replacements.
 * The already-plural forms (octopi, mice, oxen) map to themselves, as in inflection.
 */
export const REGULAR_RULES: readonly (readonly [pattern: string, replacement: string])[] = [
  ["(drive)$", "${1}s"],
  ["(quiz)$", "${1}zes"],
  ["^(oxen)$", "${1}"],
  ["^(ox)$", "${1}en"],
  ["^(m|l)ice$", "${1}ice"],
  ["^(m|l)ouse$", "${1}ice"],
  ["(matr|vert|ind)(?:ix|ex)$", "${1}ices"],
  ["(x|ch|ss|sh)$", "${1}es"],
  ["([^aeiouy]|qu)y$", "${1}ies"],
  ["(hive)$", "${1}s"],
  ["(?:([^f])fe|([lr])f)$", "${1}${2}ves"],
  ["sis$", "ses"],
  ["([ti])a$", "${1}a"],
  ["([ti])um$", "${1}a"],
  ["(buffal|tomat)o$", "${1}oes"],
  ["(bu)s$", "${1}ses"],
  ["(alias|status|campus)$", "${1}es"],
  ["(octop|vir)i$", "${1}i"],
  ["(octop|vir)us$", "${1}i"],
  ["^(ax|test)is$", "${1}es"],
  ["s$", "s"],
  ["([a-z])$", "${1}s"],
];

/**
 * Names that inflection leaves unchanged and the provider treats as "custom": they get an explicit
 * suffix (`_plural` for type names) instead of colliding with the singular.
 */
export const CUSTOM_PLURAL_ENDINGS: readonly RegExp[] = [
  /((e|hd|n|z)fs|(E|HD|N|Z)FS)$/,
  /tions$/,
  /issions$/,
  /(W|w)indows$/,
  /(S|s)ettings$/,
];

type CompiledRule = readonly [RegExp, string];

/** Go writes `${1}`; pluralize interpolates `$1`. */
function toPluralizeReplacement(goReplacement: string): string {
  return goReplacement.replace(/\$\{(\d)\}/g, "$$$1");
}

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** All compiled rules, highest priority first, mirroring how inflection expands each entry. */
export function compiledPluralRules(): CompiledRule[] {
  const rules: CompiledRule[] = [];
  for (const word of UNCOUNTABLE_WORDS) rules.push([new RegExp(`^(${word})$`, "i"), "$1"]);
  // Irregulars are tried as UPPER, Title and lower case, each case-sensitively.
  for (const [singular, plural] of IRREGULAR_SUFFIXES) {
    rules.push([new RegExp(`${singular.toUpperCase()}$`), plural.toUpperCase()]);
    rules.push([new RegExp(`${titleCase(singular)}$`), titleCase(plural)]);
    rules.push([new RegExp(`${singular}$`), plural]);
  }
  // Regular rules are tried as an UPPER-cased pattern, as written, then case-insensitively.
  for (const [pattern, replacement] of REGULAR_RULES) {
    const jsReplacement = toPluralizeReplacement(replacement);
    rules.push([new RegExp(pattern.toUpperCase()), jsReplacement.toUpperCase()]);
    rules.push([new RegExp(pattern), jsReplacement]);
    rules.push([new RegExp(pattern, "i"), jsReplacement]);
  }
  return rules;
}

let configured = false;

/** Loads the Go rules into the shared `pluralize` instance once; returns its `plural` function. */
export function goCompatiblePlural(): (word: string) => string {
  if (!configured) {
    // pluralize tries the most recently added rule first, so add the lowest priority first. The
    // first rule is a no-op that matches everything and so hides all of pluralize's own rules.
    pluralize.addPluralRule(/$/, "");
    for (const [pattern, replacement] of compiledPluralRules().reverse()) {
      pluralize.addPluralRule(pattern, replacement);
    }
    configured = true;
  }
  return pluralize.plural;
}
