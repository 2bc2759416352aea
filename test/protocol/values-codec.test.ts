// The Terraform value model and its wire codecs (terraform/values): msgpack and JSON round trips with
// tricky values, the byte sequences observed from Terraform, and exact numbers.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  ctyBool,
  ctyDynamic,
  ctyNumber,
  ctyString,
  type CtyType,
  DecimalNumber,
  decodeJson,
  decodeMsgpack,
  DynamicTyped,
  encodeJson,
  encodeMsgpack,
  isWhollyKnown,
  listOf,
  makeRecord,
  mapOf,
  numberText,
  objectOf,
  parseNumber,
  setOf,
  type TfValue,
  tupleOf,
  typeEquals,
  UNKNOWN,
  Unknown,
  ValueError,
  valueEquals,
} from "../../terraform/values/index.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const fromHex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s+/g, ""), "hex"));

const thingType: CtyType = objectOf({
  id: ctyString,
  name: ctyString,
  count: ctyNumber,
  enabled: ctyBool,
  tags: mapOf(ctyString),
  labels: setOf(ctyString),
  matrix: listOf(listOf(ctyNumber)),
  pair: tupleOf([ctyString, ctyNumber]),
  nested: listOf(objectOf({ key: ctyString, value: ctyNumber, inner: objectOf({ flag: ctyBool }) })),
  anything: ctyDynamic,
});

/** A value with null and unknown at several depths and awkward strings and keys. */
function trickyThing(): TfValue {
  return makeRecord([
    ["id", UNKNOWN],
    ["name", 'naïve ☃ \u0000 "quoted" 𝄞'],
    ["count", new DecimalNumber("123456789012345678901234567890.000000000000000000000001")],
    ["enabled", null],
    [
      "tags",
      makeRecord([
        ["__proto__", "not a prototype"],
        ["", "empty key"],
        ["constructor", "plain data"],
        ["unknown", new Unknown({ notNull: true, stringPrefix: "pre-" })],
      ]),
    ],
    ["labels", ["b", "a", UNKNOWN]],
    ["matrix", [[1, -2, 0.5], [], null, [new Unknown({ numberLowerBound: { value: 0, inclusive: true } })]]],
    ["pair", ["x", parseNumber("-9007199254740993")]],
    [
      "nested",
      [
        makeRecord([
          ["key", "k"],
          ["value", null],
          ["inner", makeRecord([["flag", UNKNOWN]])],
        ]),
        makeRecord([
          ["key", null],
          ["value", 1e21],
          ["inner", null],
        ]),
      ],
    ],
    [
      "anything",
      new DynamicTyped(
        objectOf({ x: ctyNumber, y: tupleOf([ctyBool]) }),
        makeRecord([
          ["x", 1],
          ["y", [true]],
        ]),
      ),
    ],
  ]);
}

describe("msgpack encoding matches Terraform's bytes", () => {
  test("plain unknown is fixext1 type 0 with one zero byte", () => {
    assert.equal(hex(encodeMsgpack(ctyString, UNKNOWN)), "d40000");
    assert.equal(hex(encodeMsgpack(objectOf({ a: ctyString }), UNKNOWN)), "d40000");
  });

  test("refined unknown string is ext 12 with {1: false, 2: prefix}", () => {
    const bytes = encodeMsgpack(ctyString, new Unknown({ notNull: true, stringPrefix: "b-" }));
    assert.equal(hex(bytes), "c7070c8201c202a2622d");
    const decoded = decodeMsgpack(ctyString, bytes);
    assert.ok(decoded instanceof Unknown);
    assert.deepEqual(decoded.refinements, { notNull: true, stringPrefix: "b-" });
  });

  test("refinements that do not apply to the type are dropped, never an empty map", () => {
    assert.equal(hex(encodeMsgpack(ctyNumber, new Unknown({ stringPrefix: "x" }))), "d40000");
    const number = decodeMsgpack(
      ctyNumber,
      encodeMsgpack(
        ctyNumber,
        new Unknown({
          numberLowerBound: { value: 1, inclusive: false },
          numberUpperBound: { value: 2.5, inclusive: true },
        }),
      ),
    );
    assert.ok(number instanceof Unknown);
    assert.deepEqual(number.refinements, {
      numberLowerBound: { value: 1, inclusive: false },
      numberUpperBound: { value: 2.5, inclusive: true },
    });
    const list = decodeMsgpack(
      listOf(ctyString),
      encodeMsgpack(listOf(ctyString), new Unknown({ lengthLowerBound: 1, lengthUpperBound: 3 })),
    );
    assert.ok(list instanceof Unknown);
    assert.deepEqual(list.refinements, { lengthLowerBound: 1, lengthUpperBound: 3 });
  });

  test("any extension type decodes as unknown; unknown refinement keys are ignored", () => {
    assert.ok(decodeMsgpack(ctyString, fromHex("d40500")) instanceof Unknown);
    // ext 12 carrying {1: false, 9: "future"}
    const decoded = decodeMsgpack(ctyString, fromHex("c70b0c 82 01 c2 09 a6 667574757265"));
    assert.ok(decoded instanceof Unknown);
    assert.deepEqual(decoded.refinements, { notNull: true });
  });

  test("numbers: compact ints, exact float64, decimal text otherwise", () => {
    assert.equal(hex(encodeMsgpack(ctyNumber, 1)), "01");
    assert.equal(hex(encodeMsgpack(ctyNumber, -1)), "ff");
    assert.equal(hex(encodeMsgpack(ctyNumber, 2.5)), "cb4004000000000000");
    // 0.1 is not exactly a double: cty sends the decimal text, so do we.
    assert.equal(hex(encodeMsgpack(ctyNumber, 0.1)), "a3302e31");
    assert.equal(hex(encodeMsgpack(ctyNumber, parseNumber("9223372036854775807"))), "cf7fffffffffffffff");
    assert.equal(hex(encodeMsgpack(ctyNumber, parseNumber("-9223372036854775808"))), "d38000000000000000");
    const huge = parseNumber("12345678901234567890123");
    assert.equal(
      Buffer.from(encodeMsgpack(ctyNumber, huge)).subarray(1).toString(),
      "12345678901234567890123",
    );
    assert.equal(hex(encodeMsgpack(ctyNumber, Infinity)), "cb7ff0000000000000");
  });

  test("decodes every msgpack number format Terraform may use", () => {
    const cases: [string, string][] = [
      ["7f", "127"],
      ["e0", "-32"],
      ["cc ff", "255"],
      ["cd ffff", "65535"],
      ["ce ffffffff", "4294967295"],
      ["cf ffffffffffffffff", "18446744073709551615"],
      ["d0 80", "-128"],
      ["d1 8000", "-32768"],
      ["d2 80000000", "-2147483648"],
      ["d3 8000000000000000", "-9223372036854775808"],
      ["ca 3fc00000", "1.5"],
      ["cb 3fb999999999999a", "0.1"],
      ["a4 302e3130", "0.1"],
      ["a5 3165333030", "1" + "0".repeat(300)],
    ];
    for (const [bytes, text] of cases)
      assert.equal(numberText(decodeMsgpack(ctyNumber, fromHex(bytes)) as number), text, bytes);
  });

  test("dynamic values travel as [type JSON bytes, value] (observed bytes)", () => {
    const observed = fromHex(
      "92c4305b226f626a656374222c7b2278223a226e756d626572222c2279223a5b227475706c65222c5b22626f6f6c225d5d7d5d82a17801a17991c3",
    );
    const decoded = decodeMsgpack(ctyDynamic, observed);
    assert.ok(decoded instanceof DynamicTyped);
    assert.ok(typeEquals(decoded.type, objectOf({ x: ctyNumber, y: tupleOf([ctyBool]) })));
    assert.equal(hex(encodeMsgpack(ctyDynamic, decoded)), hex(observed));
    assert.equal(hex(encodeMsgpack(ctyDynamic, null)), "c0");
    assert.equal(hex(encodeMsgpack(ctyDynamic, UNKNOWN)), "d40000");
  });
});

describe("msgpack round trips", () => {
  test("tricky value survives encode → decode unchanged", () => {
    const value = trickyThing();
    const decoded = decodeMsgpack(thingType, encodeMsgpack(thingType, value));
    assert.ok(valueEquals(thingType, decoded, value), "round trip changed the value");
    const tags = (decoded as Record<string, TfValue>).tags as Record<string, TfValue>;
    assert.ok(Object.hasOwn(tags, "__proto__"));
    assert.equal(tags["__proto__"], "not a prototype");
    // Nothing is inherited (plain-record.ts): no key reaches Object.prototype.
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(tags)), null);
    assert.equal("toString" in tags, false);
    assert.equal(isWhollyKnown(decoded), false);
  });

  test("encoding is stable: re-encoding the decoded value gives the same bytes", () => {
    const bytes = encodeMsgpack(thingType, trickyThing());
    assert.equal(hex(encodeMsgpack(thingType, decodeMsgpack(thingType, bytes))), hex(bytes));
  });

  test("absent object attributes are encoded as null; unknown attribute names are refused", () => {
    const type = objectOf({ a: ctyString, b: ctyNumber });
    const decoded = decodeMsgpack(type, encodeMsgpack(type, makeRecord([["a", "x"]])));
    assert.deepEqual({ ...(decoded as object) }, { a: "x", b: null });
    assert.throws(() => encodeMsgpack(type, makeRecord([["c", "x"]])), /unsupported attribute "c"/);
  });

  test("object attributes decode in any order, with long names, prefixes of names and absent ones", () => {
    const long = "a_name_longer_than_thirty_one_bytes_so_str8"; // str8 header, not fixstr
    const type = objectOf({
      a: ctyString,
      aa: ctyString,
      aab: ctyString,
      b: ctyNumber,
      [long]: ctyBool,
      z: ctyString,
    });
    const str = (text: string) => {
      const bytes = Buffer.from(text);
      return (
        (bytes.length < 32 ? hex(Uint8Array.of(0xa0 | bytes.length)) : `d9${bytes.length.toString(16)}`) +
        hex(bytes)
      );
    };
    const entries: [string, string][] = [
      ["z", str("last")], // out of cty's sorted order: the name is read, not matched
      ["aa", str("x")], // after it "aab" is expected next...
      ["a", str("y")], // ...and "a" is a prefix of "aab": no false match
      [long, "c3"],
    ];
    const bytes = fromHex(`8${entries.length}` + entries.map(([k, v]) => str(k) + v).join(""));
    assert.deepEqual(
      { ...(decodeMsgpack(type, bytes) as object) },
      { a: "y", aa: "x", aab: null, b: null, [long]: true, z: "last" },
    );
    // A name that only shares its length with the expected one is still refused.
    assert.throws(() => decodeMsgpack(type, fromHex(`81${str("c")}c0`)), /unsupported attribute "c"/);
  });

  test("nonconforming values fail with the path of the problem", () => {
    const bad = makeRecord([["nested", [makeRecord([["key", 5]])]]]);
    const error = catchError(() =>
      encodeMsgpack(objectOf({ nested: listOf(objectOf({ key: ctyString })) }), bad),
    );
    assert.ok(error instanceof ValueError);
    assert.deepEqual(error.path, [{ attribute: "nested" }, { index: 0 }, { attribute: "key" }]);
  });

  test("malformed bytes are reported, not thrown as something else", () => {
    assert.throws(() => decodeMsgpack(ctyString, fromHex("a5 6869")), ValueError); // truncated string
    assert.throws(() => decodeMsgpack(ctyString, fromHex("a1 68 a1 69")), ValueError); // trailing data
    assert.throws(() => decodeMsgpack(ctyString, fromHex("c1")), ValueError); // never-used byte
    assert.throws(() => decodeMsgpack(ctyString, fromHex("01")), /string required/);
    assert.throws(
      () => decodeMsgpack(objectOf({ a: ctyString }), fromHex("81 a1 62 c0")),
      /unsupported attribute "b"/,
    );
    assert.throws(() => decodeMsgpack(tupleOf([ctyString]), fromHex("92 c0 c0")), /tuple of 1/);
  });
});

describe("JSON (RawState and DynamicValue.json)", () => {
  test("keeps big and precise numbers exactly and fills missing attributes with null", () => {
    const type = objectOf({ big: ctyNumber, precise: ctyNumber, small: ctyNumber, missing: ctyString });
    const decoded = decodeJson(
      type,
      '{"big": 12345678901234567890, "precise": 3.141592653589793238462643383279, "small": 1e2}',
    ) as Record<string, TfValue>;
    assert.equal(numberText(decoded.big as DecimalNumber), "12345678901234567890");
    assert.equal(numberText(decoded.precise as DecimalNumber), "3.141592653589793238462643383279");
    assert.equal(decoded.small, 100);
    assert.equal(decoded.missing, null);
    assert.equal(
      encodeJson(type, decoded),
      '{"big":12345678901234567890,"missing":null,"precise":3.141592653589793238462643383279,"small":100}',
    );
  });

  test("round trip of a wholly known tricky value through JSON and msgpack", () => {
    const type = objectOf({
      tags: mapOf(ctyString),
      anything: ctyDynamic,
      list: listOf(ctyNumber),
      text: ctyString,
    });
    const value = makeRecord([
      [
        "tags",
        makeRecord([
          ["__proto__", "x"],
          ["", "y"],
          ["é\n", "\u2028"],
        ]),
      ],
      ["anything", new DynamicTyped(listOf(ctyString), ["a", null])],
      ["list", [0, -0.5, parseNumber("1e-30"), parseNumber("-99999999999999999999")]],
      ["text", 'quote " backslash \\ nul \u0000 astral 😀'],
    ]);
    const json = encodeJson(type, value);
    assert.match(json, /"anything":\{"value":\["a",null\],"type":\["list","string"\]\}/);
    const fromJson = decodeJson(type, json);
    assert.ok(valueEquals(type, fromJson, value));
    assert.ok(valueEquals(type, decodeMsgpack(type, encodeMsgpack(type, fromJson)), value));
  });

  test("accepts cty's JSON conversions and refuses what cty refuses", () => {
    const type = objectOf({ s: ctyString, n: ctyNumber, b: ctyBool });
    const decoded = decodeJson(type, '{"s": 12.50, "n": "7", "b": "true"}') as Record<string, TfValue>;
    assert.deepEqual([decoded.s, decoded.n, decoded.b], ["12.5", 7, true]);
    assert.throws(() => decodeJson(type, '{"x": 1}'), /unsupported attribute "x"/);
    assert.deepEqual(
      { ...(decodeJson(type, '{"x": 1}', { dropUnknownAttributes: true }) as object) },
      { s: null, n: null, b: null },
    );
    assert.throws(() => decodeJson(type, '{"s": "a",}'), ValueError);
    assert.throws(() => decodeJson(type, "{} {}"), ValueError);
    assert.throws(() => decodeJson(type, '{"n": 01}'), ValueError);
    assert.throws(() => encodeJson(ctyString, UNKNOWN), /unknown values cannot be encoded/);
    assert.throws(() => decodeJson(ctyNumber, "1e99999999"), ValueError);
    assert.throws(() => encodeJson(ctyNumber, NaN), ValueError);
    assert.throws(() => encodeMsgpack(ctyNumber, NaN), ValueError);
  });

  test("string escapes, surrogate pairs and duplicate keys (last wins)", () => {
    const decoded = decodeJson(
      mapOf(ctyString),
      '{"a":"\\u00e9\\ud83d\\ude00\\n\\/","a":"second","b":"\\"\\\\"}',
    ) as Record<string, TfValue>;
    assert.equal(decoded.a, "second");
    assert.equal(decoded.b, '"\\');
    assert.equal(decodeJson(ctyString, '"\\u00e9\\ud83d\\ude00\\n\\/"'), "é😀\n/");
  });
});

describe("numbers", () => {
  test("JS numbers only where the decimal text survives; DecimalNumber otherwise", () => {
    assert.equal(parseNumber("0.1"), 0.1);
    assert.equal(parseNumber("1e-7"), 1e-7);
    assert.equal(parseNumber("-0"), 0);
    assert.equal(parseNumber("9007199254740993").constructor, DecimalNumber);
    assert.equal(numberText(parseNumber("1.50e3")), "1500");
    assert.equal(numberText(parseNumber("0.000100")), "0.0001");
    assert.equal(numberText(parseNumber("-12.3400e-2")), "-0.1234");
    assert.equal(numberText(1e21), "1000000000000000000000");
    assert.throws(() => parseNumber("1.2.3"));
    assert.throws(() => parseNumber(""));
  });

  test("valueEquals compares numbers by value and sets as sets", () => {
    assert.ok(valueEquals(ctyNumber, parseNumber("1.0"), 1));
    assert.ok(!valueEquals(ctyNumber, parseNumber("0.10000000000000001"), 0.1));
    assert.ok(valueEquals(setOf(ctyString), ["a", "b"], ["b", "a"]));
    assert.ok(!valueEquals(listOf(ctyString), ["a", "b"], ["b", "a"]));
    assert.ok(!valueEquals(ctyString, UNKNOWN, null));
    assert.ok(valueEquals(ctyString, new Unknown({ notNull: true }), UNKNOWN, { ignoreRefinements: true }));
    assert.ok(!valueEquals(ctyString, new Unknown({ notNull: true }), UNKNOWN));
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  assert.fail("expected an error");
}
