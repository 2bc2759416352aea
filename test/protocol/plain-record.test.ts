// Records (plain-record.ts): any key is plain data, as with Object.create(null), but in V8's fast mode;
// and the copies value.ts makes of them stay such records.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { emptyRecord } from "../../terraform/values/plain-record.js";
import { makeRecord, mapMembers, recordWith } from "../../terraform/values/value.js";

describe("emptyRecord", () => {
  test("inherits nothing: keys Object.prototype has are absent, and __proto__ is data", () => {
    const record = emptyRecord<unknown>();
    for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"]) {
      assert.equal(record[name], undefined, name);
      assert.equal(name in record, false, name);
    }
    record["__proto__"] = "plain";
    record["constructor"] = 1;
    assert.deepEqual(Object.keys(record), ["__proto__", "constructor"]);
    assert.equal(record["__proto__"], "plain");
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(record)), null);
    assert.equal(JSON.stringify(record), '{"__proto__":"plain","constructor":1}');
  });

  test("records do not share members: the common prototype is frozen and stays empty", () => {
    const a = emptyRecord<number>();
    const b = emptyRecord<number>();
    a.x = 1;
    assert.equal(b.x, undefined);
    assert.ok(Object.isFrozen(Object.getPrototypeOf(a)));
    assert.deepEqual(Reflect.ownKeys(Object.getPrototypeOf(a)), []);
  });
});

describe("record copies (value.ts)", () => {
  test("recordWith replaces members in place and adds new ones at the end, leaving the original alone", () => {
    const original = makeRecord([
      ["a", 1],
      ["b", 2],
    ]);
    const copy = recordWith(original, { b: 3, constructor: "data" });
    assert.deepEqual(Object.keys(copy), ["a", "b", "constructor"]);
    assert.deepEqual({ ...copy }, { a: 1, b: 3, constructor: "data" });
    assert.deepEqual({ ...original }, { a: 1, b: 2 });
    assert.equal(Object.getPrototypeOf(copy), Object.getPrototypeOf(emptyRecord()));
  });

  test("mapMembers gives back the same record when nothing changes, and a record copy when a member does", () => {
    const original = makeRecord([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
    assert.equal(
      mapMembers(original, (v) => v),
      original,
    );
    const changed = mapMembers(original, (v, key) => (key === "b" ? 20 : v));
    assert.notEqual(changed, original);
    assert.deepEqual(Object.keys(changed), ["a", "b", "c"]);
    assert.deepEqual({ ...changed }, { a: 1, b: 20, c: 3 });
    assert.equal(Object.getPrototypeOf(changed), Object.getPrototypeOf(emptyRecord()));
  });
});
