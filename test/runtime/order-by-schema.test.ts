// Which lists the read keeps in the service's order and which follow the prior (order-by-schema.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { jsonDocFromPlain, jsonDocToPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import { orderLikePrior } from "../../runtime/convert/order-by-schema.js";
import * as a from "../../terraform/schema/define.js";
import type { Attribute, Attributes } from "../../terraform/schema/types.js";

const o = { optional: true } as const;
const multiset = (attribute: Attribute): Attribute => ({
  ...attribute,
  planModifiers: [{ kind: "multiset" }],
});
const tag = { key: a.string("Key", o), value: a.string("Value", o) };
const attributes: Attributes = {
  rules: a.listNested("Rules", o, { id: a.string("Id", o), filters: a.listNested("Filters", o, tag) }),
  tags: multiset(a.listNested("Tags", o, tag)),
  ordered: a.listNested("Ordered", o, tag),
};
const kv = (...keys: string[]) => keys.map((Key) => ({ Key, Value: Key.toUpperCase() }));
const order = (current: object, prior: object | undefined) =>
  jsonDocToPlain(
    orderLikePrior(
      attributes,
      jsonDocFromPlain(current) as JsonDocObject,
      prior === undefined ? undefined : jsonDocFromPlain(prior),
    ),
  );

describe("list order on read, by the schema", () => {
  test("a key-value list inside a list element keeps the user's order (not sorted)", () => {
    const prior = { Rules: [{ Id: "r", Filters: kv("team", "env") }] };
    assert.deepEqual(order(prior, prior), prior);
  });

  test("lists reversed at both depths come back in the prior order", () => {
    const prior = {
      Rules: [
        { Id: "r1", Filters: kv("team", "env") },
        { Id: "r2", Filters: kv("b", "a") },
      ],
    };
    const reversed = {
      Rules: [
        { Id: "r2", Filters: kv("a", "b") },
        { Id: "r1", Filters: kv("env", "team") },
      ],
    };
    assert.deepEqual(order(reversed, prior), prior);
  });

  test("an ordered list that is not the prior elements reordered keeps the service's order", () => {
    const prior = { Ordered: kv("x", "y") };
    const fetched = { Ordered: kv("z", "y", "x") };
    assert.deepEqual(order(fetched, prior), fetched);
  });

  test("an unordered list takes the prior order, extras after", () => {
    const prior = { Tags: kv("x", "y") };
    assert.deepEqual(order({ Tags: kv("z", "y", "x") }, prior), { Tags: kv("x", "y", "z") });
  });

  test("without a prior, ordered lists keep the service's order and unordered key-value lists are sorted", () => {
    const fetched = {
      Ordered: kv("y", "x"),
      Tags: kv("y", "x"),
      Rules: [{ Id: "r", Filters: kv("y", "x") }],
    };
    assert.deepEqual(order(fetched, undefined), { ...fetched, Tags: kv("x", "y") });
  });
});
