// Records (plain-record.ts): any key is plain data, as with Object.create(null), but in V8's fast mode.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { emptyRecord } from "../../terraform/values/plain-record.js";

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
