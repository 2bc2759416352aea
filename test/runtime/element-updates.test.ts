// Updates of list elements on a real type: a read-only member of an element (a pointer through
// `*`, left Optional+Computed by the definition) is never sent, so an element the update rewrites
// gets a new value from the service. The state must hold the service's value, not the prior
// element's (IoTSiteWise AssetModel AssetModelProperties/*/Id). A list kept in no order is sent
// whole when it changes, so every element of it is rewritten, also those the update leaves as they
// were (FraudDetector EventType EventVariables/*/CreatedTime).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isUnknown, type TfRecord } from "../../terraform/values/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const configOf = (definition: ResourceDefinition, doc: Record<string, unknown>): TfRecord =>
  fromModel(definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);

const property = (Name: string, DataType: string) => ({ Name, DataType, Type: { TypeName: "Attribute" } });

describe("list element updates", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime();
  });
  after(async () => {
    await h.close();
  });

  test("read-only members of rewritten elements come from the service", async () => {
    const definition = await loadResource("awscc_iotsitewise_asset_model");
    const sim = h.sim(definition);
    const first = configOf(definition, {
      AssetModelName: "pumps",
      AssetModelProperties: [property("pressure", "DOUBLE")],
    });
    const created = await sim.applyConfig(first, null);
    assert.equal(errorsOf(created.diagnostics), "");

    const second = configOf(definition, {
      AssetModelName: "pumps",
      AssetModelProperties: [property("speed", "INTEGER"), property("pressure", "DOUBLE")],
    });
    const plan = await sim.plan(second, created.state);
    const plannedIds = ((plan.planned as TfRecord).asset_model_properties as TfRecord[]).map((p) => p.id);
    assert.ok(plannedIds.every(isUnknown), "no element keeps a prior id it is not sent with");
    const updated = await sim.applyConfig(second, created.state);
    assert.equal(errorsOf(updated.diagnostics), "");

    const stored = h.emulator.control.listResources(definition.cfnTypeName)[0]?.properties;
    const storedIds = (stored?.AssetModelProperties as { Id: string }[]).map((p) => p.Id);
    const stateIds = ((updated.state as TfRecord).asset_model_properties as TfRecord[]).map((p) => p.id);
    assert.deepEqual(stateIds, storedIds);
    const refreshed = await sim.read(updated.state);
    assert.equal((await sim.plan(second, refreshed.state)).action, "noop");
  });

  test("an unordered list sent whole: its unchanged elements' read-only members come from the service too", async () => {
    const definition = await loadResource("awscc_frauddetector_event_type");
    const sim = h.sim(definition);
    const variable = (Name: string, DataType: string) => ({
      Name,
      DataType,
      DataSource: "EVENT",
      Inline: true,
    });
    const withVariables = (...EventVariables: object[]) =>
      configOf(definition, {
        Name: "orders",
        EntityTypes: [{ Name: "customer", Inline: true }],
        Labels: [
          { Name: "fraud", Inline: true },
          { Name: "legit", Inline: true },
        ],
        EventVariables,
      });
    const first = withVariables(variable("amount", "FLOAT"));
    const created = await sim.applyConfig(first, null);
    assert.equal(errorsOf(created.diagnostics), "");

    // "amount" is unchanged, but the patch replaces /EventVariables, so it is written again.
    const second = withVariables(variable("amount", "FLOAT"), variable("ip", "STRING"));
    const plan = await sim.plan(second, created.state);
    const planned = (plan.planned as TfRecord).event_variables as TfRecord[];
    for (const element of planned) {
      assert.ok(isUnknown(element.created_time), `${String(element.name)}: created_time after apply`);
      assert.ok(isUnknown(element.arn), `${String(element.name)}: arn after apply`);
    }
    h.emulator.control.clearCalls();
    const updated = await sim.applyConfig(second, created.state);
    assert.equal(errorsOf(updated.diagnostics), "");
    const patch = h.emulator.control.calls({ operation: "UpdateResource" }).at(-1)?.input.PatchDocument;
    assert.match(String(patch), /"path":"\/EventVariables"/);

    const stored = h.emulator.control.listResources(definition.cfnTypeName)[0]?.properties;
    const times = (
      list: { name?: unknown; Name?: unknown; created_time?: unknown; CreatedTime?: unknown }[],
    ) => new Map(list.map((v) => [String(v.name ?? v.Name), v.created_time ?? v.CreatedTime]));
    assert.deepEqual(
      times((updated.state as TfRecord).event_variables as TfRecord[]),
      times(stored?.EventVariables as { Name: string; CreatedTime: string }[]),
    );
    const refreshed = await sim.read(updated.state);
    assert.equal((await sim.plan(second, refreshed.state)).action, "noop");
  });
});
