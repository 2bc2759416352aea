// A type whose CloudFormation schema lists no create handler (DAX SubnetGroup, Route 53 RecordSet
// and eight more in the corpus): the plan to create one is refused, naming the type, instead of an
// apply that Cloud Control stops with UnsupportedActionException.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { loadResource, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const h = await startRuntime();
after(() => h.close());

test("planning a create of a type without a create handler is an error naming the type", async () => {
  const definition = await loadResource("awscc_dax_subnet_group");
  assert.equal(definition.noCreateHandler, true);
  const sim = h.sim(definition);
  const plan = await sim.plan(sim.config({ subnet_ids: ["subnet-0123456789abcdef0"] }), null);
  assert.match(
    errorsOf(plan.diagnostics),
    /Resource Type Cannot Be Created.*AWS::DAX::SubnetGroup has no create handler/s,
  );
  assert.equal(h.emulator.control.listResources("AWS::DAX::SubnetGroup").length, 0);
});

test("a type with a create handler plans its create", async () => {
  const definition = await loadResource("awscc_logs_log_group");
  assert.equal(definition.noCreateHandler, undefined);
  const sim = h.sim(definition);
  const plan = await sim.plan(sim.config({ log_group_name: "created" }), null);
  assert.equal(errorsOf(plan.diagnostics), "");
  assert.equal(plan.action, "create");
});
