// Unknown-fill after apply when the service returns lists in its own order: values read back for a
// planned element come from the fetched element that agrees with what the plan knows about it, not
// from whatever sits at the same index. Pure pairing cases, then a real type through the emulator
// with `reorderArrays` on (every array of objects answered reversed), where key-value lists read
// back in the user's order too. Write-only values carried over on read find their own elements.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { alignToPlanned } from "../../runtime/apply/align-fetched.js";
import { pairWithPlanned } from "../../runtime/apply/pair-with-planned.js";
import { fillUnknowns, unknownPaths } from "../../runtime/apply/unknown-fill.js";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { carryWriteOnly, writeOnlyAttributes } from "../../runtime/state/write-only.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes } from "../../terraform/schema/types.js";
import {
  definitionImpliedType,
  makeRecord,
  type TfRecord,
  type TfValue,
  UNKNOWN,
  valueEquals,
} from "../../terraform/values/index.js";
import { definitionOf } from "./fixtures.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const oc = { optional: true, computed: true } as const;
const ruleAttributes: Attributes = {
  name: a.string("Name", oc),
  arn: a.string("Arn", oc),
  steps: a.listNested("Steps", oc, { kind: a.string("Kind", oc), id: a.string("Id", oc) }),
};
const attributes: Attributes = { rules: a.listNested("Rules", oc, ruleAttributes) };
const rule = (name: TfValue, arn: TfValue, steps: TfValue = null): TfRecord =>
  makeRecord([
    ["name", name],
    ["arn", arn],
    ["steps", steps],
  ]);
const step = (kind: TfValue, id: TfValue): TfRecord =>
  makeRecord([
    ["kind", kind],
    ["id", id],
  ]);
const fill = (planned: TfRecord[], fetched: TfRecord[]): TfRecord[] => {
  const plannedValue = makeRecord([["rules", planned]]);
  const source = alignToPlanned(attributes, makeRecord([["rules", fetched]]), plannedValue);
  const filled = fillUnknowns(plannedValue, source, unknownPaths(attributes, plannedValue)) as TfRecord;
  return filled.rules as TfRecord[];
};
const arns = (rules: TfRecord[]) => rules.map((r) => [r.name, r.arn]);

describe("pairing fetched list elements with planned ones", () => {
  test("a reordered list of objects without keys: each element gets its own values", () => {
    const filled = fill([rule("a", UNKNOWN), rule("b", UNKNOWN)], [rule("b", "arn-b"), rule("a", "arn-a")]);
    assert.deepEqual(arns(filled), [
      ["a", "arn-a"],
      ["b", "arn-b"],
    ]);
  });

  test("an element with nothing known takes what the others leave; nested lists are paired too", () => {
    const planned = [rule(UNKNOWN, UNKNOWN), rule("a", UNKNOWN, [step("x", UNKNOWN), step("y", UNKNOWN)])];
    const fetched = [rule("a", "arn-a", [step("y", "id-y"), step("x", "id-x")]), rule("made-up", "arn-m")];
    const filled = fill(planned, fetched);
    assert.deepEqual(arns(filled), [
      ["made-up", "arn-m"],
      ["a", "arn-a"],
    ]);
    assert.deepEqual(
      (filled[1]?.steps as TfRecord[]).map((s) => [s.kind, s.id]),
      [
        ["x", "id-x"],
        ["y", "id-y"],
      ],
    );
  });

  test("index only where the known members cannot tell elements apart", () => {
    // Both planned elements fit both fetched ones: positions decide.
    assert.deepEqual(
      pairWithPlanned(
        ruleAttributes,
        [rule("a", UNKNOWN), rule("a", UNKNOWN)],
        [rule("a", "1"), rule("a", "2")],
      ),
      [0, 1],
    );
    // The constrained element is served first even when it comes last.
    assert.deepEqual(
      pairWithPlanned(
        ruleAttributes,
        [rule(UNKNOWN, UNKNOWN), rule("b", UNKNOWN)],
        [rule("b", "1"), rule("c", "2")],
      ),
      [1, 0],
    );
  });

  test("no fitting partner: the single leftover pair is matched; otherwise unknowns become null, not a neighbour's values", () => {
    // The service normalised the one element's name: still the only possibility.
    assert.deepEqual(arns(fill([rule("Web", UNKNOWN)], [rule("web", "arn-web")])), [["Web", "arn-web"]]);
    const filled = fill(
      [rule("a", UNKNOWN), rule("b", UNKNOWN), rule("c", UNKNOWN)],
      [rule("c", "arn-c"), rule("x", "arn-x"), rule("y", "arn-y")],
    );
    assert.deepEqual(arns(filled), [
      ["a", null],
      ["b", null],
      ["c", "arn-c"],
    ]);
  });
});

describe("write-only values on read of a reordered list", () => {
  test("each element first looks for its equal, before positions are used for drifted ones", () => {
    const actionAttributes: Attributes = {
      type: a.string("Type", oc),
      target: a.string("Target", oc),
      secret: a.string("Secret", { ...oc, writeOnly: true }),
    };
    const definition = definitionOf({ actions: a.listNested("Actions", oc, actionAttributes) });
    const action = (type: string, target: TfValue, secret: TfValue) =>
      makeRecord([
        ["type", type],
        ["target", target],
        ["secret", secret],
      ]);
    const prior = makeRecord([["actions", [action("oidc", null, "s3cret"), action("forward", "a", null)]]]);
    // Reordered by the service, and the forward action drifted.
    const fresh = makeRecord([["actions", [action("forward", "b", null), action("oidc", null, null)]]]);
    const carried = carryWriteOnly(definition.attributes, fresh, prior, writeOnlyAttributes(definition));
    assert.deepEqual(
      ((carried as TfRecord).actions as TfRecord[]).map((x) => [x.type, x.secret]),
      [
        ["forward", null],
        ["oidc", "s3cret"],
      ],
    );
  });
});

describe("a service that reorders lists (emulator reorderArrays)", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime({ reorderArrays: true });
  });
  after(async () => {
    await h.close();
  });

  test("IoTSiteWise AssetModel: generated property ids land in their own elements; tags read back in order", async () => {
    const definition = await loadResource("awscc_iotsitewise_asset_model");
    const sim = h.sim(definition);
    const doc = {
      AssetModelName: "pump",
      AssetModelProperties: [
        { Name: "serial", DataType: "STRING", Type: { TypeName: "Attribute" } },
        { Name: "rpm", DataType: "DOUBLE", Type: { TypeName: "Measurement" } },
        { Name: "site", DataType: "STRING", Type: { TypeName: "Attribute" } },
      ],
      Tags: [
        { Key: "team", Value: "ops" },
        { Key: "cost", Value: "42" },
        { Key: "app", Value: "scada" },
      ],
    };
    const config = fromModel(definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "");
    const state = created.state as TfRecord;
    // The emulator keeps the order it was given; reads answer it reversed.
    const stored = h.emulator.control.listResources(definition.cfnTypeName)[0]!.properties;
    const storedIds = new Map(
      (stored.AssetModelProperties as { Name: string; Id: string }[]).map((p) => [p.Name, p.Id]),
    );
    const properties = state.asset_model_properties as TfRecord[];
    assert.deepEqual(
      properties.map((p) => p.name),
      ["serial", "rpm", "site"],
      "planned order kept",
    );
    for (const p of properties) assert.equal(p.id, storedIds.get(String(p.name)), `id of ${String(p.name)}`);

    const refreshed = await sim.read(state);
    assert.equal(errorsOf(refreshed.diagnostics), "");
    assert.deepEqual(
      (refreshed.state as TfRecord).tags,
      state.tags,
      "key-value lists read back in the prior order",
    );
    assert.ok(valueEquals(definitionImpliedType(definition), refreshed.state, state), "refresh: no change");
    assert.equal((await sim.plan(config, refreshed.state)).action, "noop");
    const destroyed = await sim.apply(refreshed.state, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "");
  });

  test("AccessAnalyzer Analyzer: multisets inside multisets, reordered at both depths, read back unchanged", async () => {
    const definition = await loadResource("awscc_accessanalyzer_analyzer");
    const sim = h.sim(definition);
    const filter = (Property: string, value: string) => ({ Property, Eq: [value] });
    const doc = {
      Type: "ACCOUNT",
      ArchiveRules: [
        { RuleName: "public", Filter: [filter("isPublic", "true"), filter("resourceType", "bucket")] },
        { RuleName: "external", Filter: [filter("principal.AWS", "1"), filter("condition.x", "y")] },
      ],
    };
    const config = fromModel(definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "");
    const refreshed = await sim.read(created.state);
    assert.equal(errorsOf(refreshed.diagnostics), "");
    assert.deepEqual(
      (refreshed.state as TfRecord).archive_rules,
      (created.state as TfRecord).archive_rules,
      "the prior order at both depths",
    );
    assert.equal((await sim.plan(config, refreshed.state)).action, "noop");
  });
});
