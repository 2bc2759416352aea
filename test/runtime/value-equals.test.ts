// valueEquals compares values member by member and stops at the first difference; it must say
// exactly what comparing the values' canonical keys (canonicalKey, the definition of equality under
// a type) says, on every kind of type, with nulls, unknowns with and without refinements, numbers
// in both representations, sets in any order and values that differ deep inside.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seededRandom } from "../../emulator/realism/seeded.js";
import type { CtyType } from "../../terraform/values/cty-type.js";
import { DecimalNumber } from "../../terraform/values/number.js";
import {
  canonicalKey,
  DynamicTyped,
  makeRecord,
  type TfValue,
  Unknown,
  UNKNOWN,
  valueEquals,
} from "../../terraform/values/value.js";

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function byKeys(type: CtyType, a: TfValue, b: TfValue, ignoreRefinements: boolean): boolean {
  const options = { ignoreRefinements };
  return canonicalKey(type, a, options) === canonicalKey(type, b, options);
}

function randomType(random: Random, depth: number): CtyType {
  const r = random();
  if (depth >= 3 || r < 0.35) return pick(random, [{ kind: "string" }, { kind: "number" }, { kind: "bool" }]);
  if (r < 0.4) return { kind: "dynamic" };
  if (r < 0.5) return { kind: "list", element: randomType(random, depth + 1) };
  if (r < 0.6) return { kind: "set", element: randomType(random, depth + 1) };
  if (r < 0.7) return { kind: "map", element: randomType(random, depth + 1) };
  if (r < 0.78)
    return {
      kind: "tuple",
      elements: Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomType(random, depth + 1)),
    };
  const attributes: Record<string, CtyType> = {};
  for (const name of ["a", "b", "c"].slice(0, 1 + Math.floor(random() * 3)))
    attributes[name] = randomType(random, depth + 1);
  return { kind: "object", attributes };
}

/** From small pools, so that equal values in different objects and near-misses are common. */
function randomValue(random: Random, type: CtyType): TfValue {
  const r = random();
  if (r < 0.08) return null;
  if (r < 0.14)
    return pick(random, [
      UNKNOWN,
      new Unknown({ notNull: true }),
      new Unknown({ notNull: true }),
      new Unknown({ lengthLowerBound: 1 }),
    ]);
  switch (type.kind) {
    case "string":
      return pick(random, ["", "x", "y", "null", "n1"]);
    case "bool":
      return random() < 0.5;
    case "number":
      return pick(random, [0, 1, 1.5, -2, new DecimalNumber("1"), new DecimalNumber("12345678901234567890")]);
    case "dynamic":
      return random() < 0.5 ? new DynamicTyped({ kind: "string" }, pick(random, ["x", "y"])) : "x";
    case "list":
    case "set":
      return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, type.element));
    case "tuple":
      return type.elements.map((element) => randomValue(random, element));
    case "map":
      return makeRecord(
        ["k", "l", "m"]
          .filter(() => random() < 0.5)
          .map((key) => [key, randomValue(random, type.element)] as const),
      );
    case "object":
      return makeRecord(
        Object.keys(type.attributes).map((name) => [name, randomValue(random, type.attributes[name]!)]),
      );
  }
}

/** A copy with at most one change somewhere inside (or none), and sets' elements shuffled. */
function variant(random: Random, type: CtyType, value: TfValue, change: boolean): TfValue {
  if (change && random() < 0.25) return randomValue(random, type);
  if (value === null || value instanceof Unknown || typeof value !== "object") return value;
  if (value instanceof DecimalNumber || value instanceof DynamicTyped) return value;
  if (Array.isArray(value)) {
    const items = value as readonly TfValue[];
    const at = Math.floor(random() * (items.length + 1));
    const copied = items.map((item, i) => {
      const elementType = type.kind === "tuple" ? type.elements[i]! : (type as { element: CtyType }).element;
      return variant(random, elementType, item, change && i === at);
    });
    return type.kind === "set" ? copied.sort(() => random() - 0.5) : copied;
  }
  const record = value as Readonly<Record<string, TfValue>>;
  const keys = Object.keys(record);
  const at = Math.floor(random() * (keys.length + 1));
  return makeRecord(
    keys.map((key, i) => {
      const memberType =
        type.kind === "object" ? type.attributes[key]! : (type as { element: CtyType }).element;
      return [key, variant(random, memberType, record[key] ?? null, change && i === at)] as const;
    }),
  );
}

describe("valueEquals: member by member, as the canonical keys say", () => {
  test("examples: numbers in both forms, unknowns and refinements, nulls and missing members", () => {
    const number: CtyType = { kind: "number" };
    assert.equal(valueEquals(number, 1, new DecimalNumber("1")), true);
    assert.equal(valueEquals(number, 1, 1.5), false);
    assert.equal(valueEquals({ kind: "string" }, UNKNOWN, UNKNOWN), true);
    assert.equal(valueEquals({ kind: "string" }, UNKNOWN, new Unknown({ notNull: true })), false);
    assert.equal(
      valueEquals({ kind: "string" }, UNKNOWN, new Unknown({ notNull: true }), { ignoreRefinements: true }),
      true,
    );
    const object: CtyType = { kind: "object", attributes: { a: number, b: { kind: "string" } } };
    assert.equal(
      valueEquals(
        object,
        makeRecord([["a", 1]]),
        makeRecord([
          ["a", 1],
          ["b", null],
        ]),
      ),
      true,
    );
    assert.equal(valueEquals(object, makeRecord([["a", 1]]), makeRecord([["a", 2]])), false);
    const map: CtyType = { kind: "map", element: { kind: "string" } };
    assert.equal(valueEquals(map, makeRecord([["k", null]]), makeRecord([])), false);
    const set: CtyType = { kind: "set", element: number };
    assert.equal(valueEquals(set, [1, 2], [2, 1]), true);
    assert.equal(valueEquals(set, [1, 1], [1]), true);
    assert.equal(valueEquals({ kind: "list", element: number }, [1, 2], [2, 1]), false);
  });

  test("random types and values (30,000 pairs, seeded): the same answer as comparing canonical keys", () => {
    const random = seededRandom(20261128);
    let equal = 0;
    for (let i = 0; i < 30_000; i++) {
      const type = randomType(random, 0);
      const a = randomValue(random, type);
      const r = random();
      const b = r < 0.3 ? randomValue(random, type) : variant(random, type, a, r < 0.7);
      const ignoreRefinements = random() < 0.3;
      const expected = byKeys(type, a, b, ignoreRefinements);
      if (expected) equal++;
      assert.equal(
        valueEquals(type, a, b, { ignoreRefinements }),
        expected,
        `${JSON.stringify(type)}: ${canonicalKey(type, a)} against ${canonicalKey(type, b)}`,
      );
    }
    // Both answers are common, so neither a constant nor a near-constant answer passes.
    assert.ok(equal > 5_000 && equal < 25_000, `${equal} of 30,000 pairs equal`);
  });
});
