// One fixture schema per mapping row of docs/mapping.md: given a schema fragment, want an attribute.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CfnNode } from "../../generator/model/cfn-schema.js";
import { arrayKind } from "../../generator/model/array-kind.js";
import { attributeFlags } from "../../generator/model/flags.js";
import { mapDefault } from "../../generator/model/defaults.js";
import { attributeName } from "../../terraform/naming/naming.js";
import { attributeAt, attributesOf, flagsOf, model } from "./fixture.js";

const one = (node: CfnNode, extra: Record<string, unknown> = {}) =>
  attributeAt(attributesOf({ properties: { Name: { type: "string" }, P: node }, ...extra }), "p");

describe("scalars and objects", () => {
  const rows: [string, CfnNode, unknown][] = [
    ["boolean → Bool", { type: "boolean" }, { kind: "bool" }],
    ["integer → Int64", { type: "integer" }, { kind: "int64" }],
    ["number → Float64", { type: "number" }, { kind: "float64" }],
    ["string → String", { type: "string" }, { kind: "string", flavor: "plain" }],
    [
      "date-time string → RFC 3339",
      { type: "string", format: "date-time" },
      { kind: "string", flavor: "rfc3339" },
    ],
    ["other formats ignored", { type: "string", format: "uri" }, { kind: "string", flavor: "plain" }],
    ["object without properties → JSON", { type: "object" }, { kind: "string", flavor: "json" }],
    ["untyped {} → JSON", {}, { kind: "string", flavor: "json" }],
    [
      "anyOf-only object → JSON",
      { type: "object", anyOf: [{ required: ["A"] }] },
      { kind: "string", flavor: "json" },
    ],
    [
      "object/string multi-type → plain string",
      { type: ["object", "string"] },
      { kind: "string", flavor: "plain" },
    ],
    ["integer/string multi-type → Int64", { type: ["integer", "string"] }, { kind: "int64" }],
    ["boolean/null multi-type → Bool", { type: ["boolean", "null"] }, { kind: "bool" }],
    ["string/array multi-type → String", { type: ["string", "array"] }, { kind: "string", flavor: "plain" }],
    ["object/object → JSON", { type: ["object", "object"] }, { kind: "string", flavor: "json" }],
  ];
  for (const [name, node, want] of rows) test(name, () => assert.deepEqual(one(node).type, want));

  test("object with properties → single nested, members from properties", () => {
    const a = one({
      type: "object",
      properties: { B: { type: "string" }, A: { type: "integer" } },
      required: ["A"],
    });
    assert.equal(a.type.kind, "object");
    assert.deepEqual(Object.keys("attributes" in a.type ? a.type.attributes : {}), ["a", "b"]);
  });

  test("a type array of three entries is fatal", () => {
    const m = model({ properties: { P: { type: ["string", "integer", "boolean"] } } });
    assert.equal(m.resource, undefined);
    assert.match(m.suppressed[0]!.reason, /exactly 2 entries/);
    assert.equal(m.suppressed[0]!.pointer, "/properties/P/type");
  });
});

describe("arrays", () => {
  test("insertionOrder × uniqueItems table", () => {
    assert.equal(arrayKind(undefined, undefined), "list");
    assert.equal(arrayKind(true, false), "list");
    assert.equal(arrayKind(true, true), "orderedSet");
    assert.equal(arrayKind(false, false), "multiset");
    assert.equal(arrayKind(false, true), "set");
  });
  const strings = { type: "string" };
  test("list of strings", () =>
    assert.deepEqual(one({ type: "array", items: strings }).type, {
      kind: "list",
      element: { kind: "string", flavor: "plain" },
    }));
  test("set of strings", () => {
    const a = one({ type: "array", insertionOrder: false, uniqueItems: true, items: strings });
    assert.equal(a.type.kind, "set");
  });
  test("ordered set: list + UniqueValues", () => {
    const a = one({ type: "array", uniqueItems: true, items: strings });
    assert.equal(a.type.kind, "list");
    assert.deepEqual(a.validators, [{ kind: "uniqueValues" }]);
  });
  test("multiset: list + Multiset plan modifier first", () => {
    const a = one({ type: "array", insertionOrder: false, items: strings });
    assert.equal(a.type.kind, "list");
    assert.deepEqual(a.planModifiers?.[0], { kind: "multiset" });
  });
  test("list of objects → list nested with items.required", () => {
    const a = one({
      type: "array",
      items: { type: "object", properties: { K: { type: "string" } }, required: ["K"] },
    });
    assert.equal(a.type.kind, "listNested");
    assert.deepEqual(attributeAt({ p: a }, "p.k").validators, [{ kind: "notNull" }]);
  });
  test("set of objects → set nested", () => {
    const a = one({
      type: "array",
      insertionOrder: false,
      uniqueItems: true,
      items: { type: "object", properties: { K: { type: "string" } } },
    });
    assert.equal(a.type.kind, "setNested");
  });
  test("date-time items → RFC 3339 elements", () => {
    assert.deepEqual(one({ type: "array", items: { type: "string", format: "date-time" } }).type, {
      kind: "list",
      element: { kind: "string", flavor: "rfc3339" },
    });
  });
  test("list of maps", () => {
    const a = one({
      type: "array",
      items: { type: "object", patternProperties: { ".*": { type: "string" } } },
    });
    assert.deepEqual(a.type, {
      kind: "list",
      element: { kind: "map", element: { kind: "string", flavor: "plain" } },
    });
  });
  test("list of set of strings → list of set", () => {
    const a = one({
      type: "array",
      items: { type: "array", insertionOrder: false, uniqueItems: true, items: { type: "string" } },
    });
    assert.deepEqual(a.type, {
      kind: "list",
      element: { kind: "set", element: { kind: "string", flavor: "plain" } },
    });
  });
  test("arrays of arrays of objects → inner JSON string elements of the objects' fixed shape", () => {
    const m = model({
      properties: {
        Name: { type: "string" },
        Polygons: { type: "array", items: { $ref: "#/definitions/Polygon" } },
        Loose: { type: "array", items: { type: "array", items: { type: "object" } } },
      },
      definitions: {
        Polygon: { type: "array", insertionOrder: true, items: { $ref: "#/definitions/Point" } },
        Point: { type: "object", properties: { X: { type: "number" }, Y: { type: "number" } } },
      },
    });
    assert.deepEqual(m.resource?.attributes.polygons?.type, {
      kind: "list",
      element: { kind: "list", element: { kind: "string", flavor: "json", structured: true } },
    });
    // Objects without properties have no fixed shape: free-form JSON.
    assert.deepEqual(m.resource?.attributes.loose?.type, {
      kind: "list",
      element: { kind: "list", element: { kind: "string", flavor: "json" } },
    });
    assert.ok(m.notes.some((n) => n.kind === "json-elements" && n.pointer === "/properties/Polygons/items"));
  });
  test("untyped items (beyond Go: fatal there) → JSON string elements, with a note", () => {
    const m = model({
      properties: {
        Name: { type: "string" },
        P: { type: "array", items: { oneOf: [{ $ref: "#/definitions/A" }] } },
      },
      definitions: { A: { type: "object", properties: { X: { type: "string" } } } },
    });
    assert.deepEqual(m.resource?.attributes.p?.type, {
      kind: "list",
      element: { kind: "string", flavor: "json" },
    });
    assert.ok(m.notes.some((n) => n.kind === "json-elements" && n.pointer === "/properties/P/items"));
  });
  test("size validators and item validators", () => {
    const a = one({
      type: "array",
      minItems: 1,
      maxItems: 5,
      items: { type: "string", maxLength: 3, enum: ["a", "b"] },
    });
    assert.deepEqual(a.validators, [
      { kind: "size", min: 1, max: 5 },
      {
        kind: "each",
        validators: [
          { kind: "length", max: 3 },
          { kind: "oneOf", values: ["a", "b"] },
        ],
      },
    ]);
  });
});

describe("maps", () => {
  test("map of strings", () => {
    assert.deepEqual(one({ type: "object", patternProperties: { "^[a-z]+$": { type: "string" } } }).type, {
      kind: "map",
      element: { kind: "string", flavor: "plain" },
    });
  });
  test("first key in sorted order wins", () => {
    const a = one({ type: "object", patternProperties: { b: { type: "boolean" }, a: { type: "integer" } } });
    assert.deepEqual(a.type, { kind: "map", element: { kind: "int64" } });
  });
  test("map of set of strings", () => {
    const a = one({
      type: "object",
      patternProperties: {
        "": { type: "array", insertionOrder: false, uniqueItems: true, items: { type: "string" } },
      },
    });
    assert.deepEqual(a.type, {
      kind: "map",
      element: { kind: "set", element: { kind: "string", flavor: "plain" } },
    });
  });
  test("map of objects → map nested; value `required` ignored", () => {
    const a = one({
      type: "object",
      patternProperties: { "": { type: "object", properties: { K: { type: "string" } }, required: ["K"] } },
    });
    assert.equal(a.type.kind, "mapNested");
    const k = attributeAt({ p: a }, "p.k");
    assert.equal(flagsOf(k), "optional+computed");
    assert.equal(k.validators, undefined);
  });
  test("map of arrays of objects → map of JSON documents (beyond Go, whose map nested drops the array)", () => {
    const a = one({
      type: "object",
      patternProperties: {
        "": {
          type: "array",
          insertionOrder: false,
          uniqueItems: true,
          items: { type: "object", properties: { K: { type: "string" } } },
        },
      },
    });
    // JSON standing for the items' fixed shape: compared as structured values (numbers as text...)
    assert.deepEqual(a.type, {
      kind: "map",
      element: { kind: "string", flavor: "json", structured: true },
    });
  });
  test("properties together with patternProperties is fatal", () => {
    const m = model({
      properties: { P: { type: "object", properties: { A: {} }, patternProperties: { "": {} } } },
    });
    assert.equal(m.resource, undefined);
    assert.equal(m.suppressed[0]!.pointer, "/properties/P");
  });
});

describe("$ref, oneOf, allOf, recursion", () => {
  test("$ref siblings are lost except default and a non-empty description", () => {
    const a = one(
      { $ref: "#/definitions/D", maxLength: 3, description: "mine", default: "x" },
      { definitions: { D: { type: "string", minLength: 1, description: "theirs" } } },
    );
    assert.equal(a.description, "mine");
    assert.equal(a.default, "x");
    assert.deepEqual(a.validators, [{ kind: "length", min: 1 }]);
  });
  test("#/properties/X references resolve", () => {
    const attrs = attributesOf({
      properties: { Name: { type: "string" }, A: { type: "integer" }, B: { $ref: "#/properties/A" } },
    });
    assert.deepEqual(attrs.b?.type, { kind: "int64" });
  });
  test("an unsupported $ref form is fatal and names the pointer", () => {
    const m = model({ properties: { P: { $ref: "other.json#/definitions/X" } } });
    assert.equal(m.suppressed[0]!.pointer, "/properties/P/$ref");
  });
  test("oneOf unwrap: union of branch properties, all optional", () => {
    const a = one({
      type: "object",
      oneOf: [
        { properties: { A: { type: "string" } }, required: ["A"] },
        { properties: { B: { type: "string" } }, required: ["B"] },
      ],
    });
    assert.equal(a.type.kind, "object");
    assert.equal(flagsOf(attributeAt({ p: a }, "p.a")), "optional+computed");
    assert.equal(attributeAt({ p: a }, "p.a").validators, undefined);
  });
  test("oneOf with only required lists → JSON", () => {
    assert.deepEqual(one({ type: "object", oneOf: [{ required: ["A"] }, { required: ["B"] }] }).type, {
      kind: "string",
      flavor: "json",
    });
  });
  test("oneOf on a string is ignored, branch patterns too", () => {
    assert.equal(one({ type: "string", oneOf: [{ pattern: "^a$" }] }).validators, undefined);
  });
  test("allOf [$ref, default] → type of the ref plus the default", () => {
    const a = one(
      { allOf: [{ $ref: "#/definitions/P" }, { default: "MCP" }] },
      { definitions: { P: { type: "string", enum: ["MCP"] } } },
    );
    assert.equal(a.type.kind, "string");
    assert.equal(a.default, "MCP");
  });
  test("recursion is cut with a JSON string at the re-entry (beyond Go: fatal there)", () => {
    const m = model({
      properties: { Name: { type: "string" }, Root: { $ref: "#/definitions/Node" } },
      definitions: {
        Node: {
          type: "object",
          properties: {
            Children: { type: "array", items: { $ref: "#/definitions/Node" } },
            V: { type: "string" },
          },
        },
      },
    });
    const children = attributeAt(m.resource!.attributes, "root.children");
    // JSON standing for the cut definition's structure, not free-form (runtime/convert/structured-json.ts)
    assert.deepEqual(children.type, {
      kind: "list",
      element: { kind: "string", flavor: "json", structured: true },
    });
    assert.ok(m.notes.some((n) => n.kind === "recursion-cut"));
  });
});

describe("validators", () => {
  const rows: [string, CfnNode, unknown][] = [
    ["minLength", { type: "string", minLength: 2 }, [{ kind: "length", min: 2 }]],
    ["maxLength", { type: "string", maxLength: 9 }, [{ kind: "length", max: 9 }]],
    ["both lengths", { type: "string", minLength: 1, maxLength: 9 }, [{ kind: "length", min: 1, max: 9 }]],
    ["string enum in order", { type: "string", enum: ["B", "A"] }, [{ kind: "oneOf", values: ["B", "A"] }]],
    ["integer range", { type: "integer", minimum: 1, maximum: 10 }, [{ kind: "range", min: 1, max: 10 }]],
    ["integer enum", { type: "integer", enum: [1, 3] }, [{ kind: "oneOf", values: [1, 3] }]],
    ["number range", { type: "number", minimum: 0, maximum: 1 }, [{ kind: "range", min: 0, max: 1 }]],
    ["empty pattern → no validator", { type: "string", pattern: "" }, undefined],
    ["pattern", { type: "string", pattern: "^[a-z]+$" }, [{ kind: "regex", source: "^[a-z]+$", flags: "u" }]],
    [
      "order: length, regex, enum",
      { type: "string", enum: ["a"], pattern: "^a$", maxLength: 1 },
      [
        { kind: "length", max: 1 },
        { kind: "regex", source: "^a$", flags: "u" },
        { kind: "oneOf", values: ["a"] },
      ],
    ],
  ];
  for (const [name, node, want] of rows) test(name, () => assert.deepEqual(one(node).validators, want));

  test("no validators on computed-only attributes", () => {
    const a = one({ type: "string", maxLength: 3 }, { readOnlyProperties: ["/properties/P"] });
    assert.equal(a.validators, undefined);
  });
});

describe("flags", () => {
  const base = {
    required: false,
    readOnly: false,
    createOnly: false,
    hasDefault: false,
    parentComputedOnly: false,
    parentOptionalComputed: false,
  };
  const rows: [string, Partial<typeof base>, string][] = [
    ["required → Required", { required: true }, "required"],
    ["plain → Optional+Computed", {}, "optional+computed"],
    ["readOnly → Computed", { readOnly: true }, "computed"],
    ["required + default → Optional+Computed", { required: true, hasDefault: true }, "optional+computed"],
    ["readOnly + required stays Required", { required: true, readOnly: true }, "required"],
    ["under computed-only parent → Computed", { required: true, parentComputedOnly: true }, "computed"],
    [
      "required under optional parent → Optional+Computed + NotNull",
      { required: true, parentOptionalComputed: true },
      "optional+computed+notNull",
    ],
    ["createOnly → Optional+Computed", { createOnly: true }, "optional+computed"],
  ];
  for (const [name, inputs, want] of rows) {
    test(name, () => {
      const f = attributeFlags({ ...base, ...inputs });
      const label = [
        f.required && "required",
        f.optional && "optional",
        f.computed && "computed",
        f.notNull && "notNull",
      ]
        .filter(Boolean)
        .join("+");
      assert.equal(label, want);
    });
  }
  test("required member under a Required parent stays Required", () => {
    const a = one(
      { type: "object", properties: { K: { type: "string" } }, required: ["K"] },
      { required: ["P"] },
    );
    assert.equal(flagsOf(attributeAt({ p: a }, "p.k")), "required");
  });
  test("members of a computed-only parent: computed, no UseStateForUnknown", () => {
    const a = one(
      { type: "object", properties: { K: { type: "string", maxLength: 2 } } },
      { readOnlyProperties: ["/properties/P"] },
    );
    const k = attributeAt({ p: a }, "p.k");
    assert.equal(flagsOf(k), "computed");
    assert.equal(k.planModifiers, undefined);
  });
  test("pointers with * do not change flags (Go rule)", () => {
    const a = one(
      { type: "array", items: { type: "object", properties: { K: { type: "string" } } } },
      { readOnlyProperties: ["/properties/P/*/K"] },
    );
    assert.equal(flagsOf(attributeAt({ p: a }, "p.k")), "optional+computed");
  });
});

describe("defaults, plan modifiers, write-only, deprecated", () => {
  const name = attributeName;
  test("bool default from a Go ParseBool string", () =>
    assert.deepEqual(mapDefault({ kind: "bool" }, "True", name), { value: true }));
  test("integer default truncated", () =>
    assert.deepEqual(mapDefault({ kind: "int64" }, 3.7, name), { value: 3 }));
  test("string default from a bool", () =>
    assert.deepEqual(mapDefault({ kind: "string" }, false, name), { value: "false" }));
  test("object default: snake-cased keys, numbers kept", () =>
    assert.deepEqual(mapDefault({ kind: "object" }, { FooBar: { N: 1 } }, name), {
      value: { foo_bar: { n: 1 } },
    }));
  test("object default holding a schema is dropped", () =>
    assert.ok(
      mapDefault({ kind: "object" }, { properties: {} }, name) &&
        "dropped" in mapDefault({ kind: "object" }, { properties: {} }, name)!,
    ));
  test("empty list default for nested lists", () =>
    assert.deepEqual(mapDefault({ kind: "nestedCollection" }, [], name), { value: [] }));
  test("non-empty object list default is dropped", () =>
    assert.ok("dropped" in mapDefault({ kind: "nestedCollection" }, [{}], name)!));

  test("default makes the attribute Optional+Computed", () => {
    const a = one({ type: "boolean", default: false });
    assert.equal(flagsOf(a), "optional+computed");
    assert.equal(a.default, false);
  });
  test("a scalar default its own node rejects is dropped with a note; a ParseBool string is not", () => {
    const m = model({
      properties: {
        Name: { type: "string" },
        StageArn: { type: "string", default: "", pattern: "^arn:aws:ivs:[a-z0-9-]+:[0-9]+:stage/.+$" },
        Port: { type: "number", default: 0, minimum: 1, maximum: 65535 },
        Mode: { type: "string", default: "FAST", enum: ["FAST", "SLOW"] },
        Enabled: { type: "boolean", default: "true" },
      },
    });
    const attributes = m.resource!.attributes;
    assert.equal(attributes.stage_arn!.default, undefined);
    assert.equal(attributes.port!.default, undefined);
    assert.equal(attributes.mode!.default, "FAST");
    assert.equal(attributes.enabled!.default, true);
    const dropped = m.notes.filter((n) => n.kind === "default-dropped").map((n) => n.pointer);
    assert.deepEqual(dropped.sort(), ["/properties/Port/default", "/properties/StageArn/default"]);
  });
  test("a date-time default that is not an RFC 3339 time is dropped with a note", () => {
    const m = model({
      properties: { Name: { type: "string" }, P: { type: "string", format: "date-time", default: "0" } },
    });
    assert.equal(m.resource!.attributes.p!.default, undefined);
    assert.ok(m.notes.some((n) => n.kind === "default-dropped" && n.pointer === "/properties/P/default"));
    assert.equal(
      one({ type: "string", format: "date-time", default: "2024-01-02T03:04:05Z" }).default,
      "2024-01-02T03:04:05Z",
    );
  });
  test("no default on a Computed-only attribute (the service decides it)", () => {
    assert.equal(
      one({ type: "string", default: "x" }, { readOnlyProperties: ["/properties/P"] }).default,
      undefined,
    );
  });
  test("createOnly Optional+Computed → RequiresReplaceIfConfigured after UseStateForUnknown", () => {
    assert.deepEqual(one({ type: "string" }, { createOnlyProperties: ["/properties/P"] }).planModifiers, [
      { kind: "useStateForUnknown" },
      { kind: "requiresReplaceIfConfigured" },
    ]);
  });
  test("createOnly Required → RequiresReplace", () => {
    assert.deepEqual(
      one({ type: "string" }, { required: ["P"], createOnlyProperties: ["/properties/P"] }).planModifiers,
      [{ kind: "requiresReplace" }],
    );
  });
  test("nested createOnly path", () => {
    const a = one(
      { type: "object", properties: { K: { type: "string" } } },
      { createOnlyProperties: ["/properties/P/K"] },
    );
    assert.deepEqual(attributeAt({ p: a }, "p.k").planModifiers?.at(-1), {
      kind: "requiresReplaceIfConfigured",
    });
  });
  test("createOnly through an array (`*`) still requires replacement (beyond Go)", () => {
    const a = one(
      { type: "array", items: { type: "object", properties: { K: { type: "string" } } } },
      { createOnlyProperties: ["/properties/P/*/K"] },
    );
    assert.deepEqual(attributeAt({ p: a }, "p.k").planModifiers?.at(-1), {
      kind: "requiresReplaceIfConfigured",
    });
  });
  test("no update handler: every settable top-level property replaces, and no tags_all (an IMMUTABLE type; beyond Go)", () => {
    const handlers = { create: { permissions: [] }, read: { permissions: [] }, delete: { permissions: [] } };
    const fragment = {
      properties: {
        Name: { type: "string" },
        Description: { type: "string" },
        Settings: { type: "object", properties: { Mode: { type: "string" } } },
        Tags: {
          type: "array",
          items: { type: "object", properties: { Key: { type: "string" }, Value: { type: "string" } } },
        },
        Arn: { type: "string" },
      },
      required: ["Name"],
      readOnlyProperties: ["/properties/Arn"],
      handlers,
    } as const;
    const m = model(fragment);
    const attributes = m.resource!.attributes;
    for (const name of ["name", "description", "settings", "tags"])
      assert.ok(
        attributes[name]!.planModifiers?.some((p) => p.kind.startsWith("requiresReplace")),
        `${name} replaces`,
      );
    assert.equal(
      attributeAt(attributes, "arn").planModifiers?.some((p) => p.kind.startsWith("requiresReplace")),
      false,
    );
    assert.equal(attributes.tags_all, undefined, "default tags would replace the object: none taken");
    assert.deepEqual(m.resource!.createOnlyProperties, [
      "/properties/Name",
      "/properties/Description",
      "/properties/Settings",
      "/properties/Tags",
    ]);
    assert.ok(m.notes.some((n) => n.kind === "no-update-handler" && n.pointer === "/handlers"));

    // With an update handler, or with no handlers section at all, nothing changes.
    for (const other of [{ ...handlers, update: { permissions: [] } }, undefined]) {
      const mutable = model({ ...fragment, handlers: other });
      assert.ok(
        !mutable.resource!.attributes.description!.planModifiers?.some((p) =>
          p.kind.startsWith("requiresReplace"),
        ),
      );
      assert.notEqual(mutable.resource!.attributes.tags_all, undefined);
      assert.ok(!mutable.notes.some((n) => n.kind === "no-update-handler"));
    }
  });
  test("writeOnly and deprecated are marked", () => {
    const a = one(
      { type: "string" },
      { writeOnlyProperties: ["/properties/P"], deprecatedProperties: ["/properties/P"] },
    );
    assert.equal(a.writeOnly, true);
    assert.equal(a.deprecated, true);
  });
});

describe("resource level", () => {
  test("propertyTransform is carried for properties (a pointer written without its leading slash too)", () => {
    const m = model({
      properties: { Name: { type: "string" }, Mode: { type: "string" } },
      propertyTransform: {
        "/properties/Name": "$lowercase(Name)",
        "properties/Mode": "$uppercase(Mode)",
        "/definitions/X": "X",
      },
    });
    assert.deepEqual(m.resource!.propertyTransforms, {
      "/properties/Name": "$lowercase(Name)",
      "/properties/Mode": "$uppercase(Mode)",
    });
    assert.equal(model({ properties: { Name: { type: "string" } } }).resource!.propertyTransforms, undefined);
  });
  test("top-level Id → <res>_id; nested Id stays id", () => {
    const attrs = attributesOf({
      properties: {
        Id: { type: "string" },
        Name: { type: "string" },
        O: { type: "object", properties: { Id: { type: "string" } } },
      },
    });
    assert.equal(attrs.thing_id?.cfnName, "Id");
    assert.equal(attributeAt(attrs, "o.id").cfnName, "Id");
  });
  test("top-level Provider → provider_name", () => {
    assert.equal(
      attributesOf({ properties: { Provider: { type: "string" }, Name: { type: "string" } } }).provider_name
        ?.cfnName,
      "Provider",
    );
  });
  test("a meta-argument property name is fatal", () => {
    const m = model({ properties: { Count: { type: "integer" } } });
    assert.equal(m.resource, undefined);
    assert.match(m.suppressed[0]!.reason, /meta-argument/);
  });
  test("two properties with the same Terraform name at one level are fatal", () => {
    const m = model({ properties: { SmsMessage: { type: "string" }, SMSMessage: { type: "string" } } });
    assert.match(m.suppressed[0]!.reason, /attribute name conflict/);
  });
  test("the same Terraform name at different levels is fine (each attribute keeps its CFN name)", () => {
    const attrs = attributesOf({
      properties: {
        SmsMessage: { type: "string" },
        O: { type: "object", properties: { SMSMessage: { type: "string" } } },
      },
    });
    assert.equal(attrs.sms_message?.cfnName, "SmsMessage");
    assert.equal(attributeAt(attrs, "o.sms_message").cfnName, "SMSMessage");
  });
  test("synthetic id: Computed + UseStateForUnknown; singular: Required", () => {
    const m = model({ properties: { Name: { type: "string" } } });
    assert.equal(flagsOf(m.resource!.attributes.id!), "computed");
    assert.equal(flagsOf(m.singular!.attributes.id!), "required");
    assert.equal(flagsOf(m.singular!.attributes.name!), "computed");
    assert.equal(m.singular!.attributes.name!.validators, undefined);
  });
  test("identity, timeouts, global, immutability", () => {
    const m = model({
      typeName: "AWS::IAM::Thing",
      properties: { Name: { type: "string", description: "The name. More." }, Arn: { type: "string" } },
      readOnlyProperties: ["/properties/Arn"],
      createOnlyProperties: ["/properties/Name"],
      primaryIdentifier: ["/properties/Name"],
      handlers: { create: { timeoutInMinutes: 30 }, list: {} },
    });
    const r = m.resource!;
    assert.deepEqual(r.identity, [{ name: "name", description: "The name" }]);
    assert.deepEqual(r.timeouts, { create: 30, update: 0, delete: 0 });
    assert.equal(r.isGlobal, true);
    assert.equal(r.isImmutable, true);
    assert.equal(m.plural?.tfTypeName, "awscc_iam_things");
  });
  test("plural suppressed without a list handler, or when it needs arguments", () => {
    assert.match(
      model({ properties: { Name: {} } }).suppressed.find((s) => s.module === "pluralDataSource")!.reason,
      /no list handler/,
    );
    const needsArgs = model({
      properties: { Name: {} },
      handlers: { list: { handlerSchema: { required: ["X"] } } },
    });
    assert.match(needsArgs.suppressed[0]!.reason, /needs arguments/);
    const emptyRequired = model({
      properties: { Name: {} },
      handlers: { list: { handlerSchema: { required: [] } } },
    });
    assert.ok(emptyRequired.plural);
  });
});
