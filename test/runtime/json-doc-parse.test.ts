// parseJsonDoc takes the engine's JSON.parse for documents whose numbers a double carries exactly and
// the exact reader otherwise: both paths must give the same document (numbers of the same kind and
// value, records with the same prototype and key order) and the same errors.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seededRandom } from "../../emulator/realism/seeded.js";
import {
  type JsonDoc,
  type JsonDocObject,
  parseJsonDoc,
  parseJsonDocExactly,
} from "../../runtime/convert/json-doc.js";
import { DecimalNumber } from "../../terraform/values/number.js";
import { emptyRecord } from "../../terraform/values/plain-record.js";

const RECORD_PROTOTYPE = Object.getPrototypeOf(emptyRecord<unknown>()) as object;

/** Where two documents differ, or undefined: stricter than jsonDocEquals (kinds, -0, key order). */
function difference(a: JsonDoc, b: JsonDoc, at = "$"): string | undefined {
  if (a instanceof DecimalNumber || b instanceof DecimalNumber) {
    return a instanceof DecimalNumber && b instanceof DecimalNumber && a.text === b.text
      ? undefined
      : `${at}: ${String(a)} against ${String(b)}`;
  }
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? undefined : `${at}: ${String(a)} against ${String(b)}`;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return `${at}: array shapes`;
    for (let i = 0; i < a.length; i++) {
      const found = difference(a[i] as JsonDoc, b[i] as JsonDoc, `${at}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (Object.getPrototypeOf(a) !== RECORD_PROTOTYPE || Object.getPrototypeOf(b) !== RECORD_PROTOTYPE)
    return `${at}: not a record`;
  const keys = Object.keys(a);
  if (keys.join("\u0000") !== Object.keys(b).join("\u0000")) return `${at}: keys ${keys.join(",")}`;
  for (const key of keys) {
    const found = difference(
      (a as JsonDocObject)[key] as JsonDoc,
      (b as JsonDocObject)[key] as JsonDoc,
      `${at}.${key}`,
    );
    if (found) return found;
  }
  return undefined;
}

/** Both paths' outcome for a text: the document, or the error's class and message. */
function bothPaths(text: string): void {
  let fast: JsonDoc | Error;
  let exact: JsonDoc | Error;
  try {
    fast = parseJsonDoc(text);
  } catch (error) {
    fast = error as Error;
  }
  try {
    exact = parseJsonDocExactly(text);
  } catch (error) {
    exact = error as Error;
  }
  if (exact instanceof Error || fast instanceof Error) {
    assert.ok(exact instanceof Error && fast instanceof Error, `one path failed on ${text.slice(0, 200)}`);
    assert.equal(fast.constructor, exact.constructor);
    assert.equal(fast.message, exact.message);
    return;
  }
  const found = difference(fast, exact);
  assert.equal(found, undefined, `${found} in ${text.slice(0, 200)}`);
}

const NUMBERS = [
  "0",
  "-0",
  "-0.0",
  "1.50",
  "100",
  "0.1",
  "123456789012345",
  "1234567890123456",
  "12345678901234567890",
  "123456789012345.6",
  "0.000001",
  "0.0000001",
  "0.00000000000001",
  "9007199254740993",
  "1e3",
  "1E3",
  "-2.5e-3",
  "1e21",
  "1e400",
  "-1e400",
  "1e-400",
  "4.9e-324",
  "1.7976931348623157e308",
  "0.30000000000000004",
];

describe("parseJsonDoc: the engine's JSON.parse and the exact reader agree", () => {
  test("number literals, alone and inside documents, come back of the same kind and value", () => {
    for (const n of NUMBERS) {
      bothPaths(n);
      bothPaths(`{"a":${n}}`);
      bothPaths(`[1,${n},"x"]`);
      bothPaths(` { "id" : "550e8400-e29b-41d4-a716-446655440000" , "n" : ${n} } `);
    }
    // A long number keeps every digit, whichever path the rest of the text would take.
    const doc = parseJsonDoc('{"big":12345678901234567890,"small":1}') as Record<string, JsonDoc>;
    assert.ok(doc.big instanceof DecimalNumber);
    assert.equal(doc.big.text, "12345678901234567890");
    assert.equal(doc.small, 1);
    assert.ok(Object.is(parseJsonDoc("-0"), 0));
  });

  test("keys that name prototype members are plain data; duplicate keys keep the last value", () => {
    for (const text of [
      '{"__proto__":{"polluted":true},"constructor":1,"toString":"x","hasOwnProperty":null}',
      '{"a":1,"a":2,"b":[{"a":3,"a":{"c":4}}]}',
      "{}",
      "[]",
      '[{},[],""]',
    ])
      bothPaths(text);
    const doc = parseJsonDoc('{"__proto__":{"polluted":true}}') as Record<string, JsonDoc>;
    assert.ok(Object.hasOwn(doc, "__proto__"));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test("strings with escapes, surrogates and non-ASCII text", () => {
    for (const text of [
      String.raw`"a\"b\\c\/d\b\f\n\r\t"`,
      String.raw`"\u00e9\u4e2d\ud83d\ude00 lone \ud800 end"`,
      '"é中😀"',
      String.raw`{"k\u0000ey":"v"}`,
    ])
      bothPaths(text);
  });

  test("invalid JSON fails the same way on both paths", () => {
    for (const text of [
      "",
      " ",
      "{",
      '{"a":1,}',
      "[1,]",
      "01",
      "1.",
      ".5",
      "+1",
      "NaN",
      "Infinity",
      "'a'",
      '{"a" 1}',
      '"unterminated',
      '"tab\tinside"',
      "\ufeff{}",
      "{} x",
      "tru",
      String.raw`"\x"`,
      String.raw`"\u12"`,
    ])
      bothPaths(text);
  });

  test("nesting: 512 levels read, 513 fail with the exact reader's message", () => {
    for (const depth of [511, 512, 513, 600]) {
      bothPaths("[".repeat(depth) + "1" + "]".repeat(depth));
      bothPaths('{"a":'.repeat(depth) + "{}" + "}".repeat(depth));
      bothPaths("[".repeat(depth) + "]".repeat(depth));
    }
  });

  test("random documents (20,000, seeded): the same document from both paths", () => {
    const random = seededRandom(20261128);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const digits = (n: number): string =>
      Array.from({ length: n }, () => pick("0123456789".split(""))).join("");
    const number = (): string => {
      const sign = random() < 0.3 ? "-" : "";
      const int = random() < 0.2 ? "0" : pick("123456789".split("")) + digits(Math.floor(random() * 20));
      const frac = random() < 0.5 ? `.${digits(1 + Math.floor(random() * 20))}` : "";
      const exp =
        random() < 0.15
          ? `${pick(["e", "E"])}${pick(["", "+", "-"])}${digits(1 + Math.floor(random() * 3))}`
          : "";
      return sign + int + frac + exp;
    };
    const string = (): string =>
      JSON.stringify(
        pick([
          "",
          "plain",
          "550e8400-e29b-41d4-a716-446655440000",
          `arn:aws:iam::${digits(12)}:role/r${digits(3)}e5`,
          digits(20),
          "1e5",
          "__proto__",
          "\u00e9\ud83d\ude00",
        ]),
      );
    const value = (depth: number): string => {
      const r = random();
      if (depth > 4 || r < 0.45) return pick([number, string, () => pick(["true", "false", "null"])])();
      const size = Math.floor(random() * 5);
      if (r < 0.7) return `[${Array.from({ length: size }, () => value(depth + 1)).join(pick([",", ", "]))}]`;
      const keys = ["a", "b", "__proto__", "constructor", "Id", "a"];
      return `{${Array.from({ length: size }, () => `${string()}:${value(depth + 1)}`).join(",")}${
        size > 0 && random() < 0.3 ? `,${JSON.stringify(pick(keys))}:${value(depth + 1)}` : ""
      }}`;
    };
    for (let i = 0; i < 20_000; i++) bothPaths(value(0));
  });
});
