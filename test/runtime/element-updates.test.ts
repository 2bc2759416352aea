// Updates of list elements on a real type: a read-only member of an element (a pointer through
// `*`, left Optional+Computed by the definition) is never sent, so an element the update rewrites
// gets a new value from the service. The state must hold the service's value, not the prior
// element's (IoTSiteWise AssetModel AssetModelProperties/*/Id).
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
});
