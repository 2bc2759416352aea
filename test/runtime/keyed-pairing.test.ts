// Reads pair the elements a service returns with the prior state's elements by key instead of
// trying every prior element for each (untaken.ts). That finds the same pairs only if every pair a
// rule accepts shares a key; these tests check that property on many random documents and
// values, built from small pools so that near-misses (nulls, empty lists, lists in another order)
// are common, and then the pairings themselves.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seededRandom } from "../../emulator/realism/seeded.js";
import {
  exactKey,
  isJsonDocObject,
  jsonDocEquals,
  jsonDocFromPlain,
  jsonDocToPlain,
  type JsonDoc,
  type JsonDocObject,
  makeJsonObject,
} from "../../runtime/convert/json-doc.js";
import { meaningKey, relationKey } from "../../runtime/convert/meaning-key.js";
import { orderLikePrior } from "../../runtime/convert/order-by-schema.js";
import { sameMeaning } from "../../runtime/convert/prior-spelling.js";
import { agreementKey, agreesWith, pairWithPrior } from "../../runtime/convert/pair-with-prior.js";
import { keepPriorForm } from "../../runtime/read/keep-prior-form.js";
import { elementShape, formKey } from "../../runtime/read/prior-elements.js";
import * as a from "../../terraform/schema/define.js";
import type { Attribute, Attributes, AttributeType } from "../../terraform/schema/types.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import { makeRecord, type TfRecord, type TfValue, valueEquals } from "../../terraform/values/value.js";

type Random = () => number;
const pick = <T>(random: Random, options: readonly T[]): T =>
  options[Math.floor(random() * options.length)] as T;
const shuffled = <T>(random: Random, items: readonly T[]): T[] =>
  items
    .map((item) => ({ item, order: random() }))
    .sort((x, y) => x.order - y.order)
    .map(({ item }) => item);

describe("UntakenByKey", () => {
  test("takes the first untaken index with the key that fits, each once; no key, no take", () => {
    const untaken = new UntakenByKey(["a", "b", "a", undefined, "a"]);
    assert.equal(
      untaken.take("a", (i) => i !== 0),
      2,
    );
    assert.equal(untaken.take("a"), 0);
    assert.equal(untaken.take("a"), 4);
    assert.equal(untaken.take("a"), -1);
    assert.equal(
      untaken.take("b", () => false),
      -1,
    );
    assert.equal(untaken.take("b"), 1);
    assert.equal(untaken.take(undefined), -1);
  });
});

/** A small random JSON document: objects with a few members, lists, nulls, equal-looking numbers. */
function randomDoc(random: Random, depth: number): JsonDoc {
  const kind = depth <= 0 ? Math.floor(random() * 4) : Math.floor(random() * 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return pick(random, ["x", "y", ""]);
    case 2:
      return jsonDocFromPlain(pick(random, [1, 2]));
    case 3:
      return pick(random, [true, false]);
    case 4:
      return Array.from({ length: Math.floor(random() * 3) }, () => randomDoc(random, depth - 1));
    default: {
      const object: Record<string, unknown> = {};
      for (const name of ["a", "b", "Key"]) if (random() < 0.6) object[name] = randomDoc(random, depth - 1);
      return jsonDocFromPlain(object);
    }
  }
}

/** `doc` with lists reordered and null members dropped or added at random: often still agreeing. */
function variantOf(random: Random, doc: JsonDoc): JsonDoc {
  if (Array.isArray(doc)) return shuffled(random, doc as readonly JsonDoc[]).map((d) => variantOf(random, d));
  if (!isJsonDocObject(doc)) return doc;
  const members: [string, JsonDoc][] = [];
  for (const name of Object.keys(doc)) {
    const value = doc[name] as JsonDoc;
    if (value === null && random() < 0.5) continue;
    members.push([name, random() < 0.1 ? randomDoc(random, 1) : variantOf(random, value)]);
  }
  if (random() < 0.2) members.push(["extra", null]);
  return makeJsonObject(members);
}

describe("keys every accepted pair shares", () => {
  test("documents that agree both ways have the same agreementKey (2,000 random pairs)", () => {
    const random = seededRandom(11);
    let agreeing = 0;
    for (let i = 0; i < 2000; i++) {
      const doc = randomDoc(random, 3);
      const other = random() < 0.7 ? variantOf(random, doc) : randomDoc(random, 3);
      if (agreesWith(doc, other) && agreesWith(other, doc)) {
        agreeing++;
        assert.equal(agreementKey(doc), agreementKey(other), JSON.stringify([doc, other]));
      }
    }
    assert.ok(agreeing > 500, `too few agreeing pairs to say anything: ${agreeing}`);
  });

  test("exactKey is equal exactly when jsonDocEquals says so", () => {
    const random = seededRandom(12);
    for (let i = 0; i < 2000; i++) {
      const doc = randomDoc(random, 3);
      const other = random() < 0.5 ? jsonDocFromPlain(jsonDocToPlain(doc)) : randomDoc(random, 3);
      assert.equal(
        exactKey(doc) === exactKey(other),
        jsonDocEquals(doc, other),
        JSON.stringify([doc, other]),
      );
    }
    assert.notEqual(exactKey("1"), exactKey(jsonDocFromPlain(1)));
    assert.equal(exactKey(jsonDocFromPlain(1)), exactKey(jsonDocFromPlain(1.0)));
  });

  const o = { optional: true } as const;
  const multiset = (attribute: Attribute): Attribute => ({
    ...attribute,
    planModifiers: [{ kind: "multiset" }],
  });
  const rule: Attributes = {
    port: a.int64("Port", o),
    cidr: a.string("Cidr", o),
    labels: a.list("Labels", a.elem.string, o),
    ports: multiset(a.list("Ports", a.elem.int64, o)),
    tags: multiset(a.listNested("Tags", o, { key: a.string("Key", o), value: a.string("Value", o) })),
    meta: a.object("Meta", o, { note: a.string("Note", o) }),
  };
  const randomRule = (random: Random): TfRecord =>
    makeRecord([
      ["port", pick(random, [1, 2, null])],
      ["cidr", pick(random, ["a", "", null])],
      ["labels", pick(random, [null, [], ["x"], ["x", "y"]])],
      ["ports", pick(random, [null, [], [1, 2], [2, 1]])],
      [
        "tags",
        pick(random, [
          null,
          [],
          [
            makeRecord([
              ["key", "k"],
              ["value", null],
            ]),
          ],
          [
            makeRecord([
              ["key", "k"],
              ["value", "v"],
            ]),
            makeRecord([
              ["key", "j"],
              ["value", null],
            ]),
          ],
        ]),
      ],
      ["meta", pick(random, [null, makeRecord([["note", null]]), makeRecord([["note", "n"]])])],
    ]);
  const ruleType = elementShape(rule).type;

  test("a fresh element whose kept form equals a prior element shares its formKey (3,000 random pairs)", () => {
    const random = seededRandom(13);
    const shape = elementShape(rule);
    let kept = 0;
    for (let i = 0; i < 3000; i++) {
      const prior = randomRule(random);
      const fresh: TfValue = random() < 0.5 ? randomRule(random) : partlyNulled(random, prior);
      // keepPriorForm of one element is what the read tries against each candidate (no JSON here).
      if (valueEquals(ruleType, keepPriorForm(rule, fresh, prior), prior)) {
        kept++;
        assert.equal(formKey(shape, fresh), formKey(shape, prior), JSON.stringify([fresh, prior]));
      }
    }
    assert.ok(kept > 300, `too few kept pairs to say anything: ${kept}`);
  });

  /** The prior element as a service might answer it: members null, nested lists reordered. */
  function partlyNulled(random: Random, prior: TfRecord): TfRecord {
    return makeRecord(
      Object.keys(prior).map((name) => {
        const value = prior[name] ?? null;
        if (random() < 0.3) return [name, null];
        return [name, Array.isArray(value) ? shuffled(random, value) : value];
      }),
    );
  }

  test("a read pairs a reversed long list element by element, duplicates in prior order", () => {
    const attributes: Attributes = { rules: multiset(a.listNested("Rules", o, rule)) };
    const random = seededRandom(14);
    const prior = Array.from({ length: 300 }, () => randomRule(random));
    const fresh = [...prior].reverse().map((element) => partlyNulled(random, element));
    const read = keepPriorForm(attributes, makeRecord([["rules", fresh]]), makeRecord([["rules", prior]]));
    const rules = (read as TfRecord).rules as TfValue[];
    assert.equal(rules.length, prior.length);
    // Every fresh element either took a prior element (the same object) or is drift kept as read.
    const kept = rules.filter((element) => (prior as readonly TfValue[]).includes(element));
    const took = kept.length;
    assert.equal(new Set(kept).size, took, "a prior element kept twice");
    assert.ok(took > 50, `too few elements kept: ${took}`);
  });
});

describe("pairing set elements by meaning (prior-spelling.ts)", () => {
  const documents = [
    '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}',
    '{"Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":"*"}]}',
    '{ "Statement" : [ { "Resource" : "*", "Action" : "s3:GetObject", "Effect" : "Allow" } ] }',
    '{"a":1}',
    '{"a":1.0,"b":[]}',
    "not json",
    "3",
    "3.0",
    '{"Version":"2008-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}',
    '{"Outer":{"Statement":{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}}}',
    '{"Outer":{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":"*"}]}}',
    '{"a":1,"c":2}',
    '{"a":1}',
    '{"a":"1"}',
    '{"a":"1","c":"2"}',
  ];
  const plain = ["x", '{"a":1}', '{ "a": 1 }', "[1]"];
  const element: Attributes = {
    doc: a.json("Doc", { optional: true }),
    structured: a.structuredJson("Structured", { optional: true }),
    name: a.string("Name", { optional: true }),
    docs: a.set("Docs", a.elem.json, { optional: true }),
  };
  const types: AttributeType[] = [
    a.elem.json,
    a.elem.structuredJson,
    a.elem.string,
    a.elem.set(a.elem.json),
    a.elem.set(a.elem.string),
    { kind: "setNested", attributes: element },
  ];
  const randomValue = (random: Random, type: AttributeType): TfValue => {
    if (random() < 0.1) return null;
    switch (type.kind) {
      case "string":
        return type.flavor === "json" ? pick(random, documents) : pick(random, plain);
      case "set":
        return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, type.element));
      case "setNested":
        return Array.from({ length: Math.floor(random() * 3) }, () =>
          makeRecord(
            Object.keys(type.attributes).map((name) => [
              name,
              randomValue(random, (type.attributes[name] as Attribute).type),
            ]),
          ),
        );
      default:
        throw new Error(`no values for ${type.kind}`);
    }
  };

  test("values that mean the same share their relation key (4,000 random pairs)", () => {
    const random = seededRandom(15);
    let beyondKeys = 0;
    for (let i = 0; i < 4000; i++) {
      const type = pick(random, types);
      const value = randomValue(random, type);
      const other =
        random() < 0.5 && Array.isArray(value) ? shuffled(random, value) : randomValue(random, type);
      for (const filled of ["none", "value", "prior"] as const) {
        if (!sameMeaning(type, value, other, filled)) continue;
        if (meaningKey(type, value) !== meaningKey(type, other)) beyondKeys++;
        assert.equal(
          relationKey(type, value, filled),
          relationKey(type, other, filled),
          JSON.stringify([type, value, other]),
        );
      }
    }
    assert.ok(beyondKeys > 300, `too few pairs meaning the same beyond their keys: ${beyondKeys}`);
  });

  test("a long set in another order with one element changed is not the same; reordered only, it is", () => {
    const addresses = Array.from({ length: 3000 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`);
    const type = a.elem.set(a.elem.string);
    const reversed = [...addresses].reverse();
    assert.ok(sameMeaning(type, addresses, reversed));
    assert.ok(!sameMeaning(type, addresses, ["192.0.2.0/24", ...reversed.slice(1)]));
  });
});

describe("pairWithPrior", () => {
  const doc = (plain: unknown): JsonDoc => jsonDocFromPlain(plain);

  test("equal up to order first, then what the prior agrees with, then by Key, then one left each", () => {
    const prior = [
      { Port: 1, Cidrs: ["a", "b"] },
      { Port: 1, Cidrs: ["b", "a"] },
      { Port: 2 },
      { Key: "k", Value: "old" },
      { Port: 9 },
    ].map(doc);
    const current = [
      { Port: 1, Cidrs: ["a", "b"] },
      { Port: 2, Description: "filled in" },
      { Key: "k", Value: "new" },
      { Port: 1, Cidrs: ["a", "b"], Description: null },
      { Port: 10 },
    ].map(doc);
    assert.deepEqual(pairWithPrior(current, prior), [0, 2, 3, 1, 4]);
  });

  test("a list reversed pairs each element with its mirror, equal ones in prior order", () => {
    const prior = Array.from({ length: 400 }, (_, i) =>
      doc({ FromPort: i % 200, Cidr: `10.0.${i % 200}.0/24` }),
    );
    const partners = pairWithPrior([...prior].reverse(), prior);
    // Elements i and i + 200 are equal: the first current one of each pair takes the first prior one.
    assert.deepEqual(
      partners,
      prior.map((_, i) => {
        const mirrored = 399 - i;
        return mirrored >= 200 ? mirrored - 200 : mirrored + 200;
      }),
    );
  });

  test("orderLikePrior: a long scalar set and a key-value list in another order follow the prior", () => {
    const attributes: Attributes = {
      cidrs: a.set("Cidrs", a.elem.string, { optional: true }),
      tags: a.listNested("Tags", { optional: true }, { key: a.string("Key"), value: a.string("Value") }),
    };
    const cidrs = Array.from({ length: 500 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`);
    const tags = Array.from({ length: 50 }, (_, i) => ({ Key: `k${i}`, Value: `v${i}` }));
    const prior = doc({ Cidrs: cidrs, Tags: tags });
    const current = doc({ Cidrs: [...cidrs].reverse(), Tags: [...tags].reverse() }) as JsonDocObject;
    assert.deepEqual(jsonDocToPlain(orderLikePrior(attributes, current, prior)), jsonDocToPlain(prior));
  });
});
