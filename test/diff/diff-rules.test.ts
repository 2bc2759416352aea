// One tiny schema pair per change kind: given old and new, want exactly these changes, each with
// its breaking/non-breaking classification and its Terraform attribute path.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Change } from "../../generator/diff/change.js";
import { diffSchemaSets } from "../../generator/diff/diff-report.js";
import { comparePatterns } from "../../generator/diff/pattern-samples.js";
import { noSuppressions, schema, schemaSet } from "./fixtures.js";

const T = "AWS::Test::Thing";

/** Expected change: kind, pointer (or undefined for type-level), breaking, and optionally the TF path. */
type Want = readonly [kind: Change["kind"], pointer: string | undefined, breaking: boolean, tfPath?: string];

function changesFor(before: Record<string, unknown>, after: Record<string, unknown>): readonly Change[] {
  const report = diffSchemaSets(
    schemaSet("old", [schema(T, before)]),
    schemaSet("new", [schema(T, after)]),
    noSuppressions,
  );
  assert.equal(report.changedTypes.length, 1, "the type is reported as changed");
  return report.changedTypes[0]!.changes;
}

function check(before: Record<string, unknown>, after: Record<string, unknown>, want: readonly Want[]) {
  const got = changesFor(before, after).map((c) => [c.kind, c.pointer, c.breaking, c.tfPath]);
  assert.deepEqual(
    got,
    want.map(([kind, pointer, breaking, tfPath]) => [kind, pointer, breaking, tfPath]),
  );
}

const props = (extra: Record<string, unknown>) => ({ properties: { Name: { type: "string" }, ...extra } });

describe("properties added and removed", () => {
  test("an optional property added is not breaking", () =>
    check(props({}), props({ Size: { type: "integer" } }), [
      ["propertyAdded", "/properties/Size", false, "size"],
    ]));

  test("a required property added is breaking", () =>
    check(props({}), { ...props({ Size: { type: "integer" } }), required: ["Name", "Size"] }, [
      ["propertyAdded", "/properties/Size", true, "size"],
    ]));

  test("a read-only property added is not breaking", () =>
    check(props({}), { ...props({ Arn: { type: "string" } }), readOnlyProperties: ["/properties/Arn"] }, [
      ["propertyAdded", "/properties/Arn", false, "arn"],
    ]));

  test("a removed property is breaking, named with the old model's Terraform path", () =>
    check(props({ Id: { type: "string" } }), props({}), [
      ["propertyRemoved", "/properties/Id", true, "thing_id"],
    ]));

  test("only the topmost added property is reported, not its members", () =>
    check(
      props({}),
      props({ Config: { type: "object", properties: { A: { type: "string" }, B: { type: "string" } } } }),
      [["propertyAdded", "/properties/Config", false, "config"]],
    ));

  test("a change inside a definition shows at every property that uses it", () => {
    const definition = (extra: Record<string, unknown>) => ({
      definitions: { Part: { type: "object", properties: { Label: { type: "string" }, ...extra } } },
      properties: {
        Name: { type: "string" },
        Main: { $ref: "#/definitions/Part" },
        Spares: { type: "array", items: { $ref: "#/definitions/Part" } },
      },
    });
    check(definition({}), definition({ Weight: { type: "number" } }), [
      ["propertyAdded", "/properties/Main/properties/Weight", false, "main.weight"],
      ["propertyAdded", "/properties/Spares/items/properties/Weight", false, "spares[*].weight"],
    ]);
  });

  test("moving a property into a definition is no change at all", () => {
    const inline = props({ Cfg: { type: "object", properties: { A: { type: "string" } } } });
    const viaRef = {
      definitions: { Cfg: { type: "object", properties: { A: { type: "string" } } } },
      properties: { Name: { type: "string" }, Cfg: { $ref: "#/definitions/Cfg" } },
    };
    assert.deepEqual(changesFor(inline, viaRef), []);
  });
});

describe("type changes", () => {
  test("string → integer is breaking", () =>
    check(props({ Size: { type: "string" } }), props({ Size: { type: "integer" } }), [
      ["typeChanged", "/properties/Size", true, "size"],
    ]));

  test("list → set is breaking (the Terraform collection type changes)", () =>
    check(
      props({ Ids: { type: "array", items: { type: "string" } } }),
      props({ Ids: { type: "array", insertionOrder: false, uniqueItems: true, items: { type: "string" } } }),
      [["typeChanged", "/properties/Ids", true, "ids"]],
    ));

  test("JSON document → typed object is breaking; its new members are implied", () =>
    check(
      props({ Doc: { type: "object" } }),
      props({ Doc: { type: "object", properties: { A: { type: "string" } } } }),
      [["typeChanged", "/properties/Doc", true, "doc"]],
    ));

  test("element type change of a primitive list", () =>
    check(
      props({ Ports: { type: "array", items: { type: "string" } } }),
      props({ Ports: { type: "array", items: { type: "integer" } } }),
      [["typeChanged", "/properties/Ports/items", true, "ports[*]"]],
    ));
});

describe("flags", () => {
  const withSize = (extra: Record<string, unknown> = {}) => ({
    ...props({ Size: { type: "integer" } }),
    ...extra,
  });
  const rows: [string, Record<string, unknown>, Record<string, unknown>, Change["kind"], boolean][] = [
    ["newly required", withSize(), withSize({ required: ["Name", "Size"] }), "requiredAdded", true],
    ["no longer required", withSize({ required: ["Name", "Size"] }), withSize(), "requiredRemoved", false],
    [
      "new createOnly = new replacement",
      withSize(),
      withSize({ createOnlyProperties: ["/properties/Name", "/properties/Size"] }),
      "createOnlyAdded",
      true,
    ],
    [
      "createOnly removed",
      withSize({ createOnlyProperties: ["/properties/Name", "/properties/Size"] }),
      withSize(),
      "createOnlyRemoved",
      false,
    ],
    [
      "now read-only",
      withSize(),
      withSize({ readOnlyProperties: ["/properties/Size"] }),
      "readOnlyAdded",
      true,
    ],
    [
      "now configurable",
      withSize({ readOnlyProperties: ["/properties/Size"] }),
      withSize(),
      "readOnlyRemoved",
      false,
    ],
    [
      "now write-only",
      withSize(),
      withSize({ writeOnlyProperties: ["/properties/Size"] }),
      "writeOnlyAdded",
      true,
    ],
    [
      "no longer write-only",
      withSize({ writeOnlyProperties: ["/properties/Size"] }),
      withSize(),
      "writeOnlyRemoved",
      false,
    ],
    [
      "deprecated",
      withSize(),
      withSize({ deprecatedProperties: ["/properties/Size"] }),
      "deprecatedAdded",
      false,
    ],
  ];
  for (const [name, before, after, kind, breaking] of rows) {
    test(`${name}: ${kind}, ${breaking ? "breaking" : "not breaking"}`, () =>
      check(before, after, [[kind, "/properties/Size", breaking, "size"]]));
  }

  test("newly required but with a default: the attribute stays optional, so only the default is new", () =>
    check(withSize(), { ...props({ Size: { type: "integer", default: 3 } }), required: ["Name", "Size"] }, [
      ["defaultAdded", "/properties/Size", false, "size"],
    ]));

  test("a default added to an optional attribute is reported and not breaking", () =>
    check(withSize(), props({ Size: { type: "integer", default: 3 } }), [
      ["defaultAdded", "/properties/Size", false, "size"],
    ]));

  test("a default removed is not breaking; a changed default is", () => {
    check(props({ Size: { type: "integer", default: 3 } }), withSize(), [
      ["defaultRemoved", "/properties/Size", false, "size"],
    ]);
    check(
      props({ Size: { type: "integer", default: 3 } }),
      props({ Size: { type: "integer", default: 4 } }),
      [["defaultChanged", "/properties/Size", true, "size"]],
    );
  });

  test("a member newly required inside an optional object is breaking (the model refuses null there)", () =>
    check(
      props({ Cfg: { type: "object", properties: { A: { type: "string" } } } }),
      props({ Cfg: { type: "object", properties: { A: { type: "string" } }, required: ["A"] } }),
      [["requiredAdded", "/properties/Cfg/properties/A", true, "cfg.a"]],
    ));

  test("a flag on a collection is reported once, not again for its elements", () =>
    check(
      props({ Labels: { type: "array", items: { type: "string" } } }),
      {
        ...props({ Labels: { type: "array", items: { type: "string" } } }),
        writeOnlyProperties: ["/properties/Labels"],
      },
      [["writeOnlyAdded", "/properties/Labels", true, "labels"]],
    ));

  test("a createOnly pointer through an array flags the member, not the collection twice", () =>
    check(
      props({ Tags: { type: "array", items: { type: "object", properties: { Key: { type: "string" } } } } }),
      {
        ...props({
          Tags: { type: "array", items: { type: "object", properties: { Key: { type: "string" } } } },
        }),
        createOnlyProperties: ["/properties/Name", "/properties/Tags/*/Key"],
      },
      [["createOnlyAdded", "/properties/Tags/items/properties/Key", true, "tags[*].key"]],
    ));
});

describe("constraints", () => {
  const s = (node: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    ...props({ Mode: { type: "string", ...node } }),
    ...extra,
  });
  const rows: [string, Record<string, unknown>, Record<string, unknown>, Change["kind"], boolean][] = [
    ["enum widened", s({ enum: ["A"] }), s({ enum: ["A", "B"] }), "enumChanged", false],
    ["enum narrowed", s({ enum: ["A", "B"] }), s({ enum: ["A"] }), "enumChanged", true],
    ["enum introduced", s({}), s({ enum: ["A"] }), "enumChanged", true],
    ["enum dropped", s({ enum: ["A"] }), s({}), "enumChanged", false],
    ["pattern added", s({}), s({ pattern: "^[a-z]+$" }), "patternChanged", true],
    ["pattern removed", s({ pattern: "^[a-z]+$" }), s({}), "patternChanged", false],
    [
      "pattern blanked (no validation)",
      s({ pattern: "^[a-z]+$" }),
      s({ pattern: "" }),
      "patternChanged",
      false,
    ],
    [
      "pattern widened",
      s({ pattern: "^(abc|def)$" }),
      s({ pattern: "^(abc|def|ghi)$" }),
      "patternChanged",
      false,
    ],
    [
      "pattern narrowed",
      s({ pattern: "^[a-z]{1,5}$" }),
      s({ pattern: "^[a-c]{1,5}$" }),
      "patternChanged",
      true,
    ],
    ["pattern anchored", s({ pattern: "[a-z]+" }), s({ pattern: "^[a-z]+$" }), "patternChanged", true],
    ["maxLength lowered", s({ maxLength: 10 }), s({ maxLength: 5 }), "boundChanged", true],
    ["maxLength raised", s({ maxLength: 5 }), s({ maxLength: 10 }), "boundChanged", false],
    ["minLength added", s({}), s({ minLength: 1 }), "boundChanged", true],
    ["minLength removed", s({ minLength: 1 }), s({}), "boundChanged", false],
  ];
  for (const [name, before, after, kind, breaking] of rows) {
    test(`${name}: ${breaking ? "breaking" : "not breaking"}`, () =>
      check(before, after, [[kind, "/properties/Mode", breaking, "mode"]]));
  }

  test("a narrowed enum on a read-only attribute is no change: the model validates no read-only value", () => {
    const readOnly = { readOnlyProperties: ["/properties/Mode"] };
    assert.deepEqual(changesFor(s({ enum: ["A", "B"] }, readOnly), s({ enum: ["A"] }, readOnly)), []);
  });

  test("an inline-flag pattern is compared in its own dialect", () =>
    check(s({ pattern: "(?s)^a.*$" }), s({ pattern: "(?s)^a.+$" }), [
      ["patternChanged", "/properties/Mode", true, "mode"],
    ]));

  test("number bounds: minimum raised is breaking, maximum raised is not", () =>
    check(
      props({ N: { type: "integer", minimum: 0, maximum: 10 } }),
      props({ N: { type: "integer", minimum: 1, maximum: 20 } }),
      [
        ["boundChanged", "/properties/N", false, "n"], // maximum 10 → 20
        ["boundChanged", "/properties/N", true, "n"], // minimum 0 → 1
      ],
    ));

  test("enum changes list the values added and removed", () => {
    const [c] = changesFor(
      props({ M: { type: "string", enum: ["A", "B"] } }),
      props({ M: { type: "string", enum: ["B", "C"] } }),
    );
    assert.deepEqual([c?.added, c?.removed], [["C"], ["A"]]);
  });
});

describe("identifier, handlers, generated modules", () => {
  test("a primary identifier change is breaking", () =>
    check(
      props({ Arn: { type: "string" } }),
      { ...props({ Arn: { type: "string" } }), primaryIdentifier: ["/properties/Arn"] },
      [["primaryIdentifierChanged", undefined, true]],
    ));

  test("list handler removed: the plural data source disappears (breaking)", () => {
    const { list: _list, ...rest } = schema(T).handlers as Record<string, unknown>;
    const [c] = changesFor({}, { handlers: rest });
    assert.equal(c?.kind, "handlerRemoved");
    assert.equal(c?.breaking, true);
    assert.deepEqual(c?.moduleEffect, {
      module: "pluralDataSource",
      tfTypeName: "awscc_test_things",
      effect: "disappears",
    });
  });

  test("list handler added: the plural data source appears (not breaking)", () => {
    const { list: _list, ...rest } = schema(T).handlers as Record<string, unknown>;
    const [c] = changesFor({ handlers: rest }, {});
    assert.equal(c?.kind, "handlerAdded");
    assert.equal(c?.breaking, false);
    assert.equal(c?.moduleEffect?.effect, "appears");
  });

  test("update handler removed is breaking; permissions added are not", () => {
    const handlers = schema(T).handlers as Record<string, { permissions: string[] }>;
    const { update: _update, ...withoutUpdate } = handlers;
    check({}, { handlers: withoutUpdate }, [["handlerRemoved", undefined, true]]);
    const more = { ...handlers, read: { permissions: ["test:Read", "kms:Decrypt"] } };
    const [c] = changesFor({}, { handlers: more });
    assert.deepEqual([c?.kind, c?.breaking, c?.added], ["handlerPermissionsChanged", false, ["kms:Decrypt"]]);
  });

  test("a resource that stops generating is breaking (moduleRemoved)", () => {
    // A property named like a Terraform meta-argument makes the resource and singular fail to map.
    const changes = changesFor(props({}), props({ Count: { type: "integer" } }));
    const removed = changes.filter((c) => c.kind === "moduleRemoved");
    assert.deepEqual(
      removed.map((c) => [c.moduleEffect?.module, c.breaking]),
      [
        ["resource", true],
        ["singularDataSource", true],
      ],
    );
  });

  test("a type nobody could use before: its modules appear, and no attribute of a missing model is itemised", () => {
    const changes = changesFor(props({ Count: { type: "integer" }, Size: { type: "string" } }), props({}));
    assert.deepEqual(
      changes.map((c) => [c.kind, c.moduleEffect?.module, c.breaking]),
      [
        ["moduleAdded", "resource", false],
        ["moduleAdded", "singularDataSource", false],
      ],
    );
  });
});

describe("the report", () => {
  test("added, removed, changed and unchanged types; key order alone is no change", () => {
    const reordered = Object.fromEntries(Object.entries(schema("AWS::Test::Same")).reverse());
    const report = diffSchemaSets(
      schemaSet("old", [schema("AWS::Test::Gone"), schema("AWS::Test::Same"), schema(T)]),
      schemaSet("new", [schema("AWS::Test::Fresh"), reordered, schema(T, { description: "Edited." })]),
      noSuppressions,
    );
    assert.deepEqual(
      [report.addedTypes.map((t) => t.tfTypeName), report.removedTypes.map((t) => t.cfnTypeName)],
      [["awscc_test_fresh"], ["AWS::Test::Gone"]],
    );
    assert.equal(report.summary.unchanged, 1);
    const [changed] = report.changedTypes;
    assert.deepEqual(
      [changed?.cfnTypeName, changed?.descriptionsOnly, changed?.changes.length],
      [T, true, 0],
    );
    assert.deepEqual(report.addedTypes[0]?.modules, {
      resource: "awscc_test_fresh",
      singularDataSource: "awscc_test_fresh",
      pluralDataSource: "awscc_test_freshes",
    });
  });
});

describe("pattern sampling", () => {
  const rows: [string, string, PatternVerdictKind][] = [
    ["^[a-z]+$", "^[a-z0-9]+$", "notNarrowed"],
    ["^arn:aws:s3:.*$", "^arn:aws[a-z-]*:s3:.*$", "notNarrowed"],
    ["^[a-zA-Z0-9.]*$", "^P[0-9]+D$", "narrowed"],
    ["^.{1,64}$", "^.{1,32}$", "narrowed"],
    ["\\d+", "^\\d+$", "narrowed"],
  ];
  for (const [before, after, kind] of rows) {
    test(`${before} → ${after}: ${kind}`, () => assert.equal(comparePatterns(before, after).kind, kind));
  }
});

type PatternVerdictKind = ReturnType<typeof comparePatterns>["kind"];
