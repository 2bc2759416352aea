// The write-only walks (write-only.ts) visit only the attributes that are or hold write-only ones:
// what they change, what they leave alone, and that a value with nothing to change comes back as is.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { carryWriteOnly, nullWriteOnly } from "../../runtime/state/write-only.js";
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { makeRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";

const secret: Attribute = {
  cfnName: "Secret",
  type: { kind: "string", flavor: "plain" },
  optional: true,
  writeOnly: true,
};
const innerSecret: Attribute = {
  cfnName: "Key",
  type: { kind: "string", flavor: "plain" },
  optional: true,
  writeOnly: true,
};
const attributes: Attributes = {
  name: { cfnName: "Name", type: { kind: "string", flavor: "plain" }, optional: true },
  secret,
  auth: {
    cfnName: "Auth",
    optional: true,
    type: {
      kind: "object",
      attributes: {
        key: innerSecret,
        user: { cfnName: "User", type: { kind: "string", flavor: "plain" }, optional: true },
      },
    },
  },
  rules: {
    cfnName: "Rules",
    optional: true,
    type: { kind: "listNested", attributes: { key: innerSecret } },
  },
  plain: {
    cfnName: "Plain",
    optional: true,
    type: {
      kind: "object",
      attributes: { user: { cfnName: "User", type: { kind: "string", flavor: "plain" }, optional: true } },
    },
  },
};
const writeOnly = new Set([secret, innerSecret]);

const record = (entries: Record<string, TfValue>): TfRecord => makeRecord(Object.entries(entries));
const plain = (v: TfValue): unknown => JSON.parse(JSON.stringify(v));

describe("nullWriteOnly", () => {
  test("nulls write-only values at the top, in nested objects and in list elements, keeping the rest and the order", () => {
    const value = record({
      name: "n",
      secret: "s",
      auth: record({ key: "k", user: "u" }),
      rules: [record({ key: "r1" }), record({ key: null })],
      plain: record({ user: "p" }),
    });
    const result = nullWriteOnly(attributes, value, writeOnly);
    assert.deepEqual(plain(result), {
      name: "n",
      secret: null,
      auth: { key: null, user: "u" },
      rules: [{ key: null }, { key: null }],
      plain: { user: "p" },
    });
    assert.deepEqual(Object.keys(result as TfRecord), ["name", "secret", "auth", "rules", "plain"]);
    assert.equal(
      (result as TfRecord).plain,
      value.plain,
      "a member holding no write-only value is not copied",
    );
    assert.equal(value.secret, "s", "the input is left alone");
  });

  test("gives back the same value when no write-only value is set", () => {
    const value = record({
      name: "n",
      secret: null,
      auth: record({ key: null, user: "u" }),
      rules: [record({ key: null })],
      plain: null,
    });
    assert.equal(nullWriteOnly(attributes, value, writeOnly), value);
  });
});

describe("carryWriteOnly", () => {
  test("puts the prior write-only values back into what was read, and adds no member the read left out", () => {
    const prior = record({ name: "old", secret: "s", auth: record({ key: "k", user: "u" }), plain: null });
    const fresh = record({
      name: "new",
      auth: record({ key: null, user: "u2" }),
      plain: record({ user: "p" }),
    });
    const result = carryWriteOnly(attributes, fresh, prior, writeOnly) as TfRecord;
    assert.deepEqual(plain(result), { name: "new", auth: { key: "k", user: "u2" }, plain: { user: "p" } });
    assert.equal(Object.hasOwn(result, "secret"), false);
    assert.equal(result.plain, fresh.plain);
  });
});
