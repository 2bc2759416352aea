// A create the service refuses at call time (the desired state fails model validation): no request
// exists, nothing was made, so the runtime must leave no state at all (not even a tainted stub).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

describe("create refused at call time", () => {
  let h: RuntimeHarness;
  let logGroup: ResourceDefinition;
  before(async () => {
    h = await startRuntime({}, { operationTimeoutMs: () => 2_000 });
    logGroup = await loadResource("awscc_logs_log_group");
  });
  after(async () => {
    await h.close();
  });

  test("ValidationException from CreateResource: null state, the service's message shown, nothing made", async () => {
    const sim = h.sim(logGroup);
    // 8 is not one of RetentionInDays' enum values: Terraform's types let it through, the service does not.
    const config = fromModel(
      logGroup.attributes,
      jsonDocFromPlain({ LogGroupName: "refused", RetentionInDays: 8 }) as JsonDocObject,
    );
    const plan = await sim.plan(config, null);
    const applied = await sim.apply(null, plan.planned, config);
    assert.equal(applied.state, null, "no state for a create that never started");
    assert.match(errorsOf(applied.diagnostics), /Model validation failed/);
    assert.match(errorsOf(applied.diagnostics), /RetentionInDays/);
    assert.deepEqual(h.emulator.control.listRequests(), [], "no request was accepted");
    assert.deepEqual(h.emulator.control.listResources(), []);
  });
});
