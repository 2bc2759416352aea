// An update of one element of an unordered list (insertionOrder false) whose order in the state
// (the user's) differs from the service's. Cloud Control applies the patch document to the model
// as the read handler returns it, in the service's order, so an op addressing an element by its
// index in the state would change another element (docs/runtime.md#json-patch-construction). The
// emulator's realism `order` applies patches like that; the provider sends such a list whole.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import jsonpatch from "fast-json-patch";
import { buildPatch, type PatchOp } from "../../runtime/cloudcontrol/patch.js";
import { jsonDocFromPlain, jsonDocToPlain } from "../../runtime/convert/json-doc.js";
import { unorderedArrayPaths } from "../../runtime/convert/unordered-arrays.js";
import { updatePatchDocument } from "../../runtime/apply/update.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import type { TfRecord } from "../../terraform/values/index.js";
import type { JsonObject } from "../../emulator/types.js";
import { definitionOf, objectOf } from "./fixtures.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const multiset = { planModifiers: [a.multiset()] };
const rule = { port: a.int64("Port", { optional: true }), note: a.string("Note", { optional: true }) };
const attributes: Attributes = {
  name: a.string("Name", { required: true }),
  rules: a.listNested("Rules", { optional: true, ...multiset }, rule),
  steps: a.listNested(
    "Steps",
    { optional: true },
    {
      name: a.string("Name", { optional: true }),
      hosts: a.list("Hosts", a.elem.string, { optional: true, ...multiset }),
    },
  ),
  zones: a.set("Zones", a.elem.string, { optional: true }),
  settings: a.object(
    "Settings",
    { optional: true },
    { groups: a.list("Groups", a.elem.set(a.elem.string), { optional: true }) },
  ),
  ports: a.list("Ports", a.elem.int64, { optional: true }),
};

describe("unorderedArrayPaths", () => {
  test("sets and multiset lists at any depth, `*` for elements; ordered lists not", () => {
    assert.deepEqual(unorderedArrayPaths(attributes), [
      ["Rules"],
      ["Steps", "*", "Hosts"],
      ["Zones"],
      ["Settings", "Groups", "*"],
    ]);
  });
});

describe("patches for unordered arrays", () => {
  const unordered = unorderedArrayPaths(attributes);
  const show = (ops: readonly PatchOp[]) =>
    ops.map((op) => ("value" in op ? [op.op, op.path, jsonDocToPlain(op.value)] : [op.op, op.path]));
  const patch = (before: unknown, after: unknown) =>
    show(buildPatch(jsonDocFromPlain(before), jsonDocFromPlain(after), { unordered }));
  const rules = [{ Port: 443 }, { Port: 22 }, { Port: 80 }];

  test("one element changed: the whole array replaced with the planned one, no index", () => {
    const changed = [{ Port: 443 }, { Port: 22, Note: "ssh" }, { Port: 80 }];
    assert.deepEqual(patch({ Name: "n", Rules: rules }, { Name: "n", Rules: changed }), [
      ["replace", "/Rules", changed],
    ]);
    // Without the schema's word the same change is addressed by index.
    assert.deepEqual(
      show(buildPatch(jsonDocFromPlain({ Rules: rules }), jsonDocFromPlain({ Rules: changed }))),
      [["add", "/Rules/1/Note", "ssh"]],
    );
  });

  test("grown, shrunk, added, removed, unchanged", () => {
    assert.deepEqual(patch({ Rules: rules }, { Rules: [...rules, { Port: 8 }] }), [
      ["replace", "/Rules", [...rules, { Port: 8 }]],
    ]);
    assert.deepEqual(patch({ Rules: rules }, { Rules: [rules[0]] }), [["replace", "/Rules", [rules[0]]]]);
    assert.deepEqual(patch({ Name: "n" }, { Name: "n", Zones: ["b", "a"] }), [["add", "/Zones", ["b", "a"]]]);
    assert.deepEqual(patch({ Name: "n", Zones: ["a"] }, { Name: "n" }), [["remove", "/Zones"]]);
    assert.deepEqual(patch({ Rules: rules, Zones: ["a"] }, { Rules: rules, Zones: ["a"] }), []);
  });

  test("an unordered array inside an ordered list's element: that array whole, at its own path", () => {
    const before = {
      Steps: [
        { Name: "a", Hosts: ["x", "y"] },
        { Name: "b", Hosts: ["p", "q"] },
      ],
    };
    const after = {
      Steps: [
        { Name: "a", Hosts: ["x", "y"] },
        { Name: "b", Hosts: ["p", "z"] },
      ],
    };
    assert.deepEqual(patch(before, after), [["replace", "/Steps/1/Hosts", ["p", "z"]]]);
    const sets = { Settings: { Groups: [["a", "b"], ["c"]] } };
    assert.deepEqual(patch(sets, { Settings: { Groups: [["a", "x"], ["c"]] } }), [
      ["replace", "/Settings/Groups/0", ["a", "x"]],
    ]);
  });

  test("ordered arrays keep the element-wise edit script", () => {
    assert.deepEqual(patch({ Ports: [1, 2, 3] }, { Ports: [1, 5, 3] }), [["replace", "/Ports/1", 5]]);
    assert.deepEqual(patch({ Ports: [1, 3] }, { Ports: [1, 2, 3] }), [["add", "/Ports/1", 2]]);
  });

  test("applied to the service's order of the prior elements, the patch gives the planned elements", () => {
    const after = { Name: "n", Rules: [{ Port: 443, Note: "web" }, { Port: 22 }, { Port: 80 }] };
    const ops = buildPatch(jsonDocFromPlain({ Name: "n", Rules: rules }), jsonDocFromPlain(after), {
      unordered,
    });
    const serviceOrder = { Name: "n", Rules: [...rules].sort((x, y) => x.Port - y.Port) };
    const patched = jsonpatch.applyPatch(
      serviceOrder,
      show(ops).map(([op, path, value]) => ({ op, path, value })) as jsonpatch.Operation[],
      true,
      false,
    ).newDocument as typeof after;
    const byPort = (doc: typeof after) => [...doc.Rules].sort((x, y) => x.Port - y.Port);
    assert.deepEqual(byPort(patched), byPort(after));
  });

  test("updatePatchDocument takes the unordered arrays from the definition", () => {
    const definition = definitionOf(attributes);
    const ruleOf = (values: Record<string, unknown>) => objectOf(rule, values as never);
    const prior = objectOf(definition.attributes, {
      name: "n",
      rules: [ruleOf({ port: 443 }), ruleOf({ port: 22 })],
    });
    const planned = objectOf(definition.attributes, {
      name: "n",
      rules: [ruleOf({ port: 443, note: "web" }), ruleOf({ port: 22 })],
    });
    assert.deepEqual(JSON.parse(updatePatchDocument(definition, prior, planned)), [
      { op: "replace", path: "/Rules", value: [{ Port: 443, Note: "web" }, { Port: 22 }] },
    ]);
  });
});

describe("updating one element of an unordered list the service keeps in its own order", () => {
  const TYPE = "AWS::EntityResolution::SchemaMapping";
  let h: RuntimeHarness;
  let definition: ResourceDefinition;
  let fields: Attributes;
  before(async () => {
    // The service answers insertionOrder-false arrays sorted by their JSON text, and applies an
    // update's patch to them in that order.
    h = await startRuntime({ realism: ["order"] });
    definition = await loadResource("awscc_entityresolution_schema_mapping");
    const type = definition.attributes.mapped_input_fields?.type;
    assert.ok(type && type.kind === "listNested");
    fields = type.attributes;
  });
  after(async () => {
    await h.close();
  });
  afterEach(() => h.emulator.control.reset());

  // Configured order zfirst, mmiddle, alast; the service's order is alast, mmiddle, zfirst.
  const configWith = (zfirstType: string, alastGroup: string | null = null): TfRecord =>
    objectOf(definition.attributes, {
      schema_name: "people",
      mapped_input_fields: [
        objectOf(fields, { field_name: "zfirst", type: zfirstType }),
        objectOf(fields, { field_name: "mmiddle", type: "NAME_MIDDLE" }),
        objectOf(fields, { field_name: "alast", type: "NAME_LAST", group_name: alastGroup }),
      ],
    });

  const storedFields = (): Record<string, JsonObject> => {
    const stored = h.emulator.control.getResource(TYPE, "people");
    assert.ok(stored);
    const list = stored.properties.MappedInputFields as JsonObject[];
    return Object.fromEntries(list.map((f) => [String(f.FieldName), f]));
  };

  test("the element changed in the configuration is the one the service changes", async () => {
    const sim = h.sim(definition);
    const created = await sim.applyConfig(configWith("NAME_FIRST"), null);
    assert.equal(errorsOf(created.diagnostics), "");

    const changed = configWith("NAME", "names");
    const plan = await sim.plan(changed, created.state);
    assert.equal(plan.action, "update");
    const updated = await sim.applyConfig(changed, created.state);
    assert.equal(errorsOf(updated.diagnostics), "");

    const after = storedFields();
    assert.deepEqual(after.zfirst, { FieldName: "zfirst", Type: "NAME" }, "zfirst took the new type");
    assert.deepEqual(after.alast, { FieldName: "alast", Type: "NAME_LAST", GroupName: "names" });
    assert.deepEqual(after.mmiddle, { FieldName: "mmiddle", Type: "NAME_MIDDLE" }, "mmiddle untouched");

    const refreshed = await sim.read(updated.state);
    assert.equal(errorsOf(refreshed.diagnostics), "");
    assert.deepEqual(
      ((refreshed.state as TfRecord).mapped_input_fields as TfRecord[]).map((f) => [f.field_name, f.type]),
      [
        ["zfirst", "NAME"],
        ["mmiddle", "NAME_MIDDLE"],
        ["alast", "NAME_LAST"],
      ],
    );
    assert.equal((await sim.plan(changed, refreshed.state)).action, "noop");
  });

  test("the patch replaces the unordered list whole instead of addressing its elements by index", async () => {
    const sim = h.sim(definition);
    const created = await sim.applyConfig(configWith("NAME_FIRST"), null);
    assert.equal(errorsOf(created.diagnostics), "");
    const updated = await sim.applyConfig(configWith("NAME"), created.state);
    assert.equal(errorsOf(updated.diagnostics), "");
    const call = h.emulator.control.calls({ operation: "UpdateResource" }).at(-1);
    const ops = JSON.parse(String(call?.input?.PatchDocument)) as { op: string; path: string }[];
    assert.deepEqual(
      ops.map((op) => [op.op, op.path]),
      [["replace", "/MappedInputFields"]],
    );
  });
});
