// The tags rules as a table: which attribute takes default_tags, how each shape merges (resource
// tags win), order-free comparison, and the user's part recovered from what the service holds.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as a from "../../terraform/schema/define.js";
import type { Attribute } from "../../terraform/schema/types.js";
import {
  mergeTags,
  ownTagsOf,
  sameTags,
  tagsFromDefaults,
  tagEntries,
  tagsShape,
  withTagsAllAttribute,
} from "../../terraform/tags/default-tags.js";
import { isUnknown, makeRecord, type TfValue, UNKNOWN } from "../../terraform/values/value.js";

const keyValue = { key: a.string("Key", { optional: true }), value: a.string("Value", { optional: true }) };
const kv = (pairs: [string, string][]): TfValue =>
  pairs.map(([key, value]) =>
    makeRecord([
      ["key", key],
      ["value", value],
    ]),
  );
const plain = (value: TfValue): unknown => JSON.parse(JSON.stringify(value));

describe("which attribute takes default_tags", () => {
  const cases: [string, Attribute | undefined, string | undefined][] = [
    [
      "set of {key, value}",
      a.setNested("Tags", { optional: true, computed: true }, keyValue),
      "keyValueList",
    ],
    ["list of {key, value}", a.listNested("Tags", { optional: true }, keyValue), "keyValueList"],
    ["map of strings", a.map("Tags", a.elem.string, { optional: true }), "map"],
    ["map of JSON strings", a.map("Tags", a.elem.json, { optional: true }), undefined],
    ["free-form JSON object", a.json("Tags", { optional: true }), undefined],
    [
      "{key, value, propagate_at_launch}",
      a.listNested(
        "Tags",
        { optional: true },
        { ...keyValue, propagate_at_launch: a.bool("PropagateAtLaunch") },
      ),
      undefined,
    ],
    ["read-only tags", a.setNested("Tags", { computed: true }, keyValue), undefined],
    ["another property name", a.map("ResourceTags", a.elem.string, { optional: true }), undefined],
    ["no tags", undefined, undefined],
  ];
  for (const [name, attribute, expected] of cases)
    test(name, () => assert.equal(tagsShape(attribute), expected));

  test("tags_all is added beside tags, computed-only, unless tags are createOnly", () => {
    const attributes = { tags: a.listNested("Tags", { optional: true, computed: true }, keyValue) };
    const added = withTagsAllAttribute(attributes, []);
    const tagsAll = added.tags_all as Attribute;
    assert.equal(tagsAll.computed, true);
    assert.equal(tagsAll.optional, undefined);
    assert.equal(tagsAll.cfnName, undefined);
    assert.ok("attributes" in tagsAll.type && tagsAll.type.attributes.key?.computed);
    assert.equal(withTagsAllAttribute(attributes, ["/properties/Tags"]), attributes);
    assert.equal(withTagsAllAttribute({ tags: a.json("Tags", { optional: true }) }, []).tags_all, undefined);
  });
});

describe("merging", () => {
  const defaults = new Map([
    ["team", "core"],
    ["env", "dev"],
  ]);
  const cases: [string, "keyValueList" | "map", TfValue, unknown][] = [
    [
      "list: defaults only, by key",
      "keyValueList",
      null,
      [
        { key: "env", value: "dev" },
        { key: "team", value: "core" },
      ],
    ],
    [
      "list: resource tags first and win on the same key",
      "keyValueList",
      kv([
        ["team", "web"],
        ["app", "x"],
      ]),
      [
        { key: "team", value: "web" },
        { key: "app", value: "x" },
        { key: "env", value: "dev" },
      ],
    ],
    ["map: defaults only", "map", null, { env: "dev", team: "core" }],
    ["map: resource tag wins", "map", makeRecord([["team", "web"]]), { team: "web", env: "dev" }],
  ];
  for (const [name, shape, own, expected] of cases)
    test(name, () => assert.deepEqual(plain(mergeTags(shape, own, defaults)), expected));

  test("no defaults and no tags: null (an empty Tags is never sent)", () => {
    assert.equal(mergeTags("map", null, new Map()), null);
    assert.equal(mergeTags("keyValueList", [], new Map()), null);
  });
  test("resource tags not known yet: the merge is unknown", () => {
    assert.ok(isUnknown(mergeTags("map", UNKNOWN, defaults)));
    assert.ok(isUnknown(mergeTags("map", makeRecord([["k", UNKNOWN]]), defaults)));
  });
  test("the same tags in another order are the same; a changed value is not", () => {
    assert.ok(
      sameTags(
        "keyValueList",
        kv([
          ["a", "1"],
          ["b", "2"],
        ]),
        kv([
          ["b", "2"],
          ["a", "1"],
        ]),
      ),
    );
    assert.ok(!sameTags("keyValueList", kv([["a", "1"]]), kv([["a", "2"]])));
    assert.ok(sameTags("map", null, null));
    assert.ok(!sameTags("map", null, makeRecord([["a", "1"]])));
  });
});

describe("the user's part of what the service holds", () => {
  const defaults = new Map([
    ["env", "dev"],
    ["team", "core"],
  ]);
  const remote = kv([
    ["env", "dev"],
    ["team", "web"],
    ["app", "x"],
  ]);
  test("all but the default tags carried unchanged, in the service's order", () => {
    assert.deepEqual(plain(ownTagsOf("keyValueList", remote, null, defaults)), [
      { key: "team", value: "web" },
      { key: "app", value: "x" },
    ]);
  });
  test("a key the user set to the default's value stays the user's", () => {
    assert.deepEqual(
      plain(ownTagsOf("map", makeRecord([["env", "dev"]]), makeRecord([["env", "dev"]]), defaults)),
      {
        env: "dev",
      },
    );
  });
  test("tags the prior state had from defaults stay out of the user's, whatever the defaults are now", () => {
    const priorAll = kv([
      ["team", "web"],
      ["env", "dev"],
    ]);
    const priorOwn = kv([["team", "web"]]);
    const fromDefaults = tagsFromDefaults("keyValueList", priorAll, priorOwn);
    assert.deepEqual([...fromDefaults], [["env", "dev"]]);
    assert.deepEqual(plain(ownTagsOf("keyValueList", priorAll, priorOwn, new Map(), fromDefaults)), [
      { key: "team", value: "web" },
    ]);
    // A value changed outside Terraform is no longer the default's: it shows as the user's.
    const drifted = kv([
      ["team", "web"],
      ["env", "hand-made"],
    ]);
    assert.equal(
      tagEntries("keyValueList", ownTagsOf("keyValueList", drifted, priorOwn, new Map(), fromDefaults))?.get(
        "env",
      ),
      "hand-made",
    );
  });
  test("nothing but defaults: null, or empty when the user set an empty collection", () => {
    assert.equal(ownTagsOf("keyValueList", kv([["env", "dev"]]), null, defaults), null);
    assert.deepEqual(plain(ownTagsOf("map", makeRecord([["env", "dev"]]), makeRecord(), defaults)), {});
  });
  test("no defaults: the service's value as it is (duplicates included)", () => {
    const duplicated = kv([
      ["b", "2"],
      ["b", "2"],
    ]);
    assert.equal(ownTagsOf("keyValueList", duplicated, null, new Map()), duplicated);
  });
  test("entries of either shape", () => {
    assert.deepEqual([...tagEntries("map", makeRecord([["a", "1"]]))!], [["a", "1"]]);
    assert.deepEqual([...tagEntries("keyValueList", kv([["a", "1"]]))!], [["a", "1"]]);
  });
});
