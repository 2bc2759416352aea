// translatePattern: RE2 (Go regexp, Perl flags) patterns → ECMAScript with the same meaning.
// The behavioural expectations below are RE2's answers (checked against Go's regexp while writing).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { ajvRegExpEngine, compilePattern, translatePattern } from "../../cfn/regex/translate.js";

function translated(pattern: string): { source: string; flags: string; rewrites: readonly string[] } {
  const result = translatePattern(pattern);
  assert.ok(result.ok, `${pattern} should translate, got: ${result.ok ? "" : result.reason}`);
  return result;
}

describe("translatePattern: given → want", () => {
  // [given, want source, want flags, a rewrite note that must be present (or "" for none)]
  const cases: [string, string, string, string][] = [
    ["^[a-z0-9-]+$", "^[a-z0-9-]+$", "u", ""],
    ["^(?!aws:)[a-zA-Z+=,.@-]{1,64}$", "^(?!aws:)[a-zA-Z+=,.@-]{1,64}$", "u", ""],
    ["(?s).+", ".+", "su", "inline (?s) → flag s"],
    ["(?s).*", ".*", "su", "inline (?s) → flag s"],
    ["(?is)a.", "a.", "isu", "inline (?i) → flag i"],
    ["(?i)abc", "abc", "iu", "inline (?i) → flag i"],
    ["(?i)[0-9]+", "[0-9]+", "u", "(?i) dropped: nothing case-sensitive under it"],
    ["^ab(?i)cd$", "^ab[Cc][Dd]$", "u", "(?i) on part of the pattern → case variants spelled out"],
    ["x(?i:k)", "x(?:[Kk\\u212A])", "u", "(?i) on part of the pattern → case variants spelled out"],
    ["(?i)\\bk", "\\b[Kk\\u212A]", "u", "(?i) on part of the pattern → case variants spelled out"],
    ["(?i)\\P{Lu}", "[^\\p{Lu}]", "iu", "\\P{Lu} → [^\\p{Lu}]"],
    ["(?m)^a$", "(?<=^|\\n)a(?=\\n|$)", "u", "(?m) → ^/$ as lookarounds"],
    ["(?U)a+b*?", "a+?b*", "u", "(?U) → greedy and lazy quantifiers swapped"],
    ["x(?s:.).", "x(?:[\\s\\S])[^\\n]", "u", "(?s) on part of the pattern → . as [\\s\\S]"],
    ["^arn:.*$", "^arn:[^\\n]*$", "u", ". → [^\\n] (RE2's . excludes only \\n)"],
    ["\\A[a-z]+\\z", "^[a-z]+$", "u", "\\A → ^"],
    ["^a\\Z", "^a(?=\\n?$)", "u", "\\Z → (?=\\n?$) (end of text or before a final \\n)"],
    ["\\Qa.b*\\E+", "a\\.b\\*+", "u", "\\Q…\\E → escaped literals"],
    ["\\x{41}[\\x{60}-\\x{7A}]", "\\u{41}[\\u{60}-\\u{7A}]", "u", "\\x{41} → \\u{41}"],
    ["\\x41", "\\x41", "u", ""],
    ["\\101\\0", "A\\x00", "u", "\\101 → A"],
    ["\\a", "\\x07", "u", "\\a → \\x07"],
    ["(?P<year>\\d{4})", "(?<year>\\d{4})", "u", "(?P<year> → (?<year>"],
    ["(?<year>\\d{4})", "(?<year>\\d{4})", "u", ""],
    ["(?P<1x>a)", "(?<_1x>a)", "u", "capture name 1x → _1x"],
    ["[[:alpha:]]", "[A-Za-z]", "u", "POSIX [:alpha:] → explicit ranges"],
    ["[[:^digit:]]", "[^0-9]", "u", "[[:^digit:]] → [^0-9]"],
    ["[[:space:]_]", "[\\t-\\r _]", "u", "POSIX [:space:] → explicit ranges"],
    ["\\pL\\PN", "\\p{L}\\P{N}", "u", "\\pL → \\p{L}"],
    ["\\p{Greek}", "\\p{Script=Greek}", "u", "\\p{Greek} → \\p{Script=Greek}"],
    ["\\p{^Greek}", "\\P{Script=Greek}", "u", "\\p{^Greek} → \\P{Script=Greek}"],
    ["[\\p{L}\\p{C}]", "[\\p{L}\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}]", "u", "\\p{C} → \\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}"],
    ["\\s", "[\\t\\n\\f\\r ]", "u", "\\s narrowed to RE2's ASCII [\\t\\n\\f\\r ]"],
    ["\\S+", "[^\\t\\n\\f\\r ]+", "u", "\\S → [^\\t\\n\\f\\r ]"],
    ["[\\w\\s]", "[\\w\\t\\n\\f\\r ]", "u", "\\s narrowed to RE2's ASCII [\\t\\n\\f\\r ]"],
    ["^\\w+\\:\\/\\/", "^\\w+:\\/\\/", "u", "identity escape \\: → :"],
    ["[A-Za-z0-9_\\-\\ ]+", "[A-Za-z0-9_\\- ]+", "u", "identity escape \\  →  "],
    ["^[a-zA-Z0-9\\-\\_]{2,50}$", "^[a-zA-Z0-9\\-_]{2,50}$", "u", "identity escape \\_ → _"],
    ["[\\w-.~]+", "[\\w\\-.~]+", "u", "literal - in class escaped (JS would read a range)"],
    ["[]a]", "[\\]a]", "u", "literal ] → \\] (u mode needs it escaped)"],
    ["a{,2}}", "a\\{,2\\}\\}", "u", "literal { → \\{ (u mode needs it escaped)"],
    ["^*a", "(?:^)*a", "u", "quantified assertion wrapped in (?:…)"],
    ["(?>a+)b", "(?=(a+))(?:\\1)b", "u", "atomic group (?>…) → lookahead + backreference"],
    ["(a)*+\\1", "(?=((a)*))(?:\\1)(?:\\2)", "u", "possessive quantifier → lookahead + backreference"],
    ["(a|b)\\1", "(a|b)\\1", "u", ""],
    [
      "[ -\ud7ff\ue000-\ufffd\ud800\udc00-\udbff\udfff\r\n\t]*",
      "[ -\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}\r\n\t]*",
      "u",
      "",
    ],
    ["(?#note)a", "a", "u", "(?#…) comment removed"],
  ];
  for (const [given, source, flags, note] of cases) {
    test(JSON.stringify(given), () => {
      const result = translated(given);
      assert.equal(result.source, source);
      assert.equal(result.flags, flags);
      if (note === "") assert.deepEqual(result.rewrites, []);
      else
        assert.ok(
          result.rewrites.some((rewrite) => rewrite.startsWith(note)),
          `expected a rewrite starting ${JSON.stringify(note)}, got ${JSON.stringify(result.rewrites)}`,
        );
    });
  }

  test("rewrites are empty exactly when the pattern is used as is", () => {
    for (const [given] of cases) {
      const result = translated(given);
      const unchanged = result.source === given && result.flags === "u";
      assert.equal(result.rewrites.length === 0, unchanged, given);
    }
  });
});

describe("translatePattern: behaviour matches RE2", () => {
  // [pattern, strings RE2 matches, strings RE2 does not match] (RegExp.test: a match anywhere)
  const cases: [string, string[], string[]][] = [
    // \A and \z are anchors, not the letters A and z
    ["\\A[a-z]+\\z", ["abc"], ["A", "Abc", "abcz\n", "Aabcz", "abc\n"]],
    [
      "\\A(25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)){3}\\z",
      ["10.0.0.1"],
      ["A10.0.0.1z"],
    ],
    // (?s): dot matches \n; without it RE2's dot excludes only \n
    ["^(?s).+$", ["a\nb", "a"], [""]],
    ["^.+$", ["a\rb", "a\u2028b", "a\u0085b"], ["a\nb"]],
    ["^a(?s:.)b.$", ["a\nbc"], ["a\nb\n"]],
    // mid-pattern and scoped (?i)
    ["^ab(?i)cd$", ["abcd", "abCD", "abCd"], ["ABcd", "Abcd"]],
    ["^(?:x|(?i)[0-9a-f]{2})$", ["x", "aF", "0b"], ["X", "ag"]],
    ["^(?i:k)k$", ["Kk", "\u212Ak", "kk"], ["kK", "k\u212A"]],
    ["(?i)^ſ$", ["s", "S", "ſ"], ["t"]],
    ["^a(?i)σ$", ["aΣ", "aς", "aσ"], ["AΣ"]],
    ["(?i)^\\bs", ["S", "s"], ["ſ"]],
    ["(?i)^\\W$", ["-", " "], ["ſ", "\u212A", "a"]],
    ["x(?i)[^k]", ["xa"], ["xk", "xK", "x\u212A"]],
    ["x(?i)[[:^alpha:]]", ["x1", "xé"], ["xa", "xſ", "x\u212A"]],
    // RE2 folds before negating: é folds to É (Lu), so \P{Lu} under (?i) excludes it
    ["^(?i)\\P{Lu}$", ["1", "-"], ["A", "a", "É", "é"]],
    ["^x(?i:[\\P{Lu}a])$", ["x1", "xa", "xA"], ["xB", "xb"]],
    // (?m): ^ and $ at \n only, never at \r or U+2028
    ["(?m)^b$", ["a\nb\nc", "b"], ["a\rb\rc", "a\u2028b", "ab"]],
    ["(?m)^$", ["a\n\nb", ""], ["\ud83d\ude00", "a"]],
    // $ without (?m) is the end of text (\z), unlike Perl
    ["^a$", ["a"], ["a\n"]],
    ["^a\\Z", ["a", "a\n"], ["a\n\n", "ab"]],
    // ASCII Perl classes: RE2's \s is [\t\n\f\r ]
    ["^\\s$", ["\t", "\n", "\f", "\r", " "], ["\v", "\u00a0", "\u2028", "\ufeff"]],
    ["^\\S$", ["\u00a0", "\v", "a"], [" ", "\t"]],
    ["^[\\S\\d]+$", ["\u00a0x1"], [" "]],
    ["^\\d\\w$", ["1a"], ["١a", "1é"]],
    // POSIX and Unicode classes
    ["^[[:alpha:]]+$", ["abcXYZ"], ["é", "a1"]],
    ["^[[:^digit:]]$", ["a", "é"], ["5"]],
    ["^[[:space:]]$", ["\v", " "], ["\u00a0"]],
    ["^\\pL+$", ["héllo", "αβγ"], ["a1"]],
    ["^\\p{Greek}+$", ["αβγ"], ["abc"]],
    ["^\\p{^Greek}$", ["a"], ["α"]],
    ["^\\PL$", ["1"], ["a"]],
    ["^\\p{C}$", ["\u0000", "\u00ad"], ["\u0378", "a"]],
    ["^\\P{C}$", ["a", "\u0378"], ["\u0000"]],
    // escapes and literals
    ["^\\Qa.b\\E$", ["a.b"], ["axb"]],
    ["^\\x{1F600}+$", ["\ud83d\ude00\ud83d\ude00"], ["\ud83d"]],
    ["^[\\x{10000}-\\x{10FFFF}]$", ["\ud83d\ude00"], ["a", "\ud83d"]],
    ["^\\101\\x41$", ["AA"], ["\\101"]],
    ["^a{,2}$", ["a{,2}"], ["aa", "a"]],
    ["^[]a]+$", ["]a]"], ["b"]],
    ["^[\\w-.]+$", ["a-b.c"], ["a b"]],
    ["^\\-\\_\\:\\ $", ["-_: "], ["a"]],
    ["^[\\-\\_\\:\\ \\@]+$", ["-_: @"], ["a"]],
    ["^[ -\ud7ff\ue000-\ufffd\ud800\udc00-\udbff\udfff\r\n\t]*$", ["ok \ud83d\ude00\n"], ["\u0001"]],
    // beyond RE2: constructs JS can express are kept
    ["^(?!aws:)", ["user:x"], ["aws:x"]],
    ["^(?>a+)ab$", [], ["aaab"]],
    ["^a*+a$", [], ["aaa"]],
    ["^(a|b)\\1$", ["aa", "bb"], ["ab"]],
    ["^(?P<x>a)\\k<x>$", ["aa"], ["ab"]],
  ];
  for (const [pattern, yes, no] of cases) {
    test(JSON.stringify(pattern), () => {
      const { source, flags } = translated(pattern);
      const regex = new RegExp(source, flags);
      for (const input of yes)
        assert.ok(regex.test(input), `${source}/${flags} should match ${JSON.stringify(input)}`);
      for (const input of no)
        assert.ok(!regex.test(input), `${source}/${flags} should not match ${JSON.stringify(input)}`);
    });
  }
});

describe("translatePattern: failures", () => {
  // [pattern, part of the reason]
  const cases: [string, string][] = [
    ["a**", "invalid nested repetition operator"],
    ["*a", "missing argument to repetition operator"],
    ["(ab", "missing closing )"],
    ["ab)", "unexpected )"],
    ["[ab", "missing closing ]"],
    ["[z-a]", "invalid character class range"],
    ["\\q", "invalid escape sequence"],
    ["\\C", "invalid escape sequence"],
    ["a\\", "trailing backslash"],
    ["\\p{NotAScript}", "unknown Unicode class"],
    ["[[:nope:]]", "invalid character class range"],
    ["(?x)a", "invalid or unsupported Perl syntax"],
    ["a{3,2}", "invalid repeat count"],
    ["\\2(a)", "group that does not exist"],
    ["a(?i)(b)\\1", "case-insensitive backreference"],
  ];
  for (const [pattern, reason] of cases) {
    test(JSON.stringify(pattern), () => {
      const result = translatePattern(pattern);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.reason, new RegExp(reason.replace(/[()\\]/g, "\\$&")));
    });
  }
});

describe("ajvRegExpEngine", () => {
  test("has ajv's RegExpEngine shape", () => {
    assert.equal(typeof ajvRegExpEngine, "function");
    assert.equal(typeof ajvRegExpEngine.code, "string");
    assert.ok(ajvRegExpEngine("\\A[a-z]+\\z", "u").test("abc"));
  });

  test("ajv validates `pattern` with RE2 meaning", () => {
    // ajv's strict check of patternProperties against properties bypasses the engine (plain
    // `new RegExp(key)`), so schemas with RE2-only keys need allowMatchingProperties (or strict: false).
    const ajv = new Ajv({ code: { regExp: ajvRegExpEngine }, allowMatchingProperties: true });
    const validate = ajv.compile({
      type: "object",
      properties: {
        name: { type: "string", pattern: "\\A[a-z]+\\z" },
        body: { type: "string", pattern: "(?s)^.+$" },
      },
      patternProperties: { "(?i)^x-": { type: "number" } },
    });
    assert.ok(validate({ name: "abc", body: "line1\nline2", "X-count": 3 }));
    assert.ok(!validate({ name: "Abc" }));
    assert.ok(!validate({ name: "Aabcz" }));
    assert.ok(!validate({ "X-count": "three" }));
  });

  test("an untranslatable pattern makes ajv's compile throw with the reason", () => {
    const ajv = new Ajv({ code: { regExp: ajvRegExpEngine } });
    assert.throws(
      () => ajv.compile({ type: "string", pattern: "a**" }),
      /cannot translate pattern "a\*\*" to JavaScript: invalid pattern: invalid nested repetition operator/,
    );
    assert.throws(() => compilePattern("[z-a]"), /invalid character class range/);
  });
});

// ---- the whole schema corpus ----

interface PatternSite {
  readonly file: string;
  readonly pointer: string;
  readonly pattern: string;
}

/** Keywords whose values are data, not schemas: a "pattern" key inside them is not a keyword. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

function collectPatterns(node: unknown, file: string, pointer: string, out: PatternSite[]): void {
  if (Array.isArray(node)) {
    node.forEach((child, index) => collectPatterns(child, file, `${pointer}/${index}`, out));
    return;
  }
  if (node === null || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "pattern" && typeof value === "string") out.push({ file, pointer, pattern: value });
    if (!DATA_KEYWORDS.has(key)) collectPatterns(value, file, `${pointer}/${key}`, out);
  }
}

describe("schema corpus", () => {
  const dir = resolveSchemasDir();
  const sites: PatternSite[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    const schema = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    collectPatterns(schema.properties, file, "/properties", sites);
    collectPatterns(schema.definitions, file, "/definitions", sites);
  }

  test("every pattern is translated or fails with a listed reason", () => {
    assert.ok(sites.length > 1000, `expected the full corpus, found ${sites.length} patterns in ${dir}`);
    const started = performance.now();
    let blank = 0;
    let unchanged = 0;
    let rewritten = 0;
    const failures: string[] = [];
    for (const site of sites) {
      if (site.pattern === "") {
        blank++;
        continue;
      }
      const result = translatePattern(site.pattern);
      if (!result.ok) {
        assert.ok(result.reason.length > 0);
        failures.push(`${site.file}${site.pointer}: ${JSON.stringify(site.pattern)}: ${result.reason}`);
        continue;
      }
      assert.doesNotThrow(() => new RegExp(result.source, result.flags), site.pattern);
      assert.ok(result.flags.includes("u"), `${site.pattern} lost the u flag`);
      const same = result.source === site.pattern && result.flags === "u";
      assert.equal(
        result.rewrites.length === 0,
        same,
        `${site.pattern}: rewrites must be listed exactly when changed`,
      );
      if (same) unchanged++;
      else rewritten++;
    }
    const elapsed = performance.now() - started;
    assert.equal(blank + unchanged + rewritten + failures.length, sites.length);
    console.log(
      `regex corpus: total=${sites.length} blank=${blank} unchanged=${unchanged} rewritten=${rewritten} ` +
        `failed=${failures.length} (${elapsed.toFixed(0)} ms)`,
    );
    assert.ok(failures.length <= 5, `too many untranslatable patterns:\n${failures.join("\n")}`);
    for (const failure of failures) console.log(`  untranslatable: ${failure}`);
  });

  // The dialect traps of docs/mapping.md#hard-cases item 12, found by content rather than hard-coded.
  function patternsOf(file: string, needle: string): string[] {
    const found = sites
      .filter((site) => site.file === file && site.pattern.includes(needle))
      .map((site) => site.pattern);
    assert.ok(found.length > 0, `${file} has no pattern containing ${needle}`);
    return found;
  }

  test("AWS::Amplify::App (?s) becomes the s flag and matches across lines", () => {
    for (const pattern of patternsOf("AWS_Amplify_App.json", "(?s)")) {
      const { source, flags } = translated(pattern);
      assert.ok(flags.includes("s"));
      assert.match("line1\nline2", new RegExp(`^(?:${source})$`, flags));
    }
  });

  test("AWS::DataSync::LocationSMB and AWS::Rekognition::Collection \\A…\\z are anchors", () => {
    for (const pattern of patternsOf("AWS_DataSync_LocationSMB.json", "\\A")) {
      const regex = compilePattern(pattern);
      assert.ok(regex.test("10.0.0.1"));
      assert.ok(!regex.test("A10.0.0.1z"), "as written, JS would read the letters A and z");
    }
    for (const pattern of patternsOf("AWS_Rekognition_Collection.json", "\\A")) {
      const regex = compilePattern(pattern);
      assert.ok(regex.test("my-collection"), "as written, JS would require a leading letter A");
    }
  });

  test("AWS::KinesisAnalyticsV2::Application mid-pattern (?i) keeps its scope", () => {
    for (const pattern of patternsOf("AWS_KinesisAnalyticsV2_Application.json", "(?i)")) {
      const regex = compilePattern(pattern);
      assert.ok(!regex.flags.includes("i"), "the (?i) covers only one alternative");
      assert.ok(regex.test("ABCDEF01-2345-6789-ABCD-EF0123456789"));
      assert.ok(regex.test("alias/x"));
      assert.ok(!regex.test("ALIAS/x"));
    }
  });

  test("AWS::GameLift::GameServerGroup astral range works in u mode", () => {
    for (const pattern of patternsOf("AWS_GameLift_GameServerGroup.json", "\ud800\udc00")) {
      const regex = compilePattern(pattern);
      assert.ok(regex.flags.includes("u"));
      assert.match("\ud83d\ude00", new RegExp(`^(?:${regex.source})$`, regex.flags));
    }
  });

  test("AWS::Logs::LogGroup KmsKeyId and LogGroupName are blank (no validator)", () => {
    const blanks = sites.filter(
      (site) => site.file === "AWS_Logs_LogGroup.json" && /\/(KmsKeyId|LogGroupName)$/.test(site.pointer),
    );
    assert.ok(blanks.length >= 2);
    for (const site of blanks) assert.equal(site.pattern, "");
  });
});
