// Stopping the provider while CreateResource calls are on the wire: the calls may have reached the
// service, so each is settled (repeated with its ClientToken, then cancelled or recorded). An
// interrupted update is left to the service, and its error says so.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isRecord, type TfValue } from "../../terraform/values/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf, type TerraformSim } from "./terraform.js";

async function create(sim: TerraformSim, doc: Record<string, unknown>) {
  const config = fromModel(sim.definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);
  const plan = await sim.plan(config, null);
  return sim.apply(null, plan.planned, config);
}

const idOf = (state: TfValue): unknown => (isRecord(state) ? state.id : undefined);

describe("StopProvider during slow CreateResource calls", () => {
  let h: RuntimeHarness;
  let vpc: ResourceDefinition;
  before(async () => {
    h = await startRuntime();
    vpc = await loadResource("awscc_ec2_vpc");
  });
  after(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.emulator.control.reset();
  });

  async function interruptFive() {
    // Only the first five calls are slow: the repeats that settle them answer at once.
    h.emulator.control.addFault({ kind: "latency", operation: "CreateResource", latencyMs: 800, count: 5 });
    const running = Array.from({ length: 5 }, (_, i) =>
      create(h.sim(vpc), { CidrBlock: `10.${30 + i}.0.0/16` }),
    );
    await delay(300);
    h.backend.stop();
    const results = await Promise.all(running);
    // The cut-off calls still reach the emulator once their latency ends; the same ClientToken
    // makes each land on the request its repeat started (five requests, not ten).
    const landing = Date.now() + 5_000; // bounded: a provider that never repeats them fails below
    while (h.emulator.control.calls({ operation: "CreateResource" }).length < 10 && Date.now() < landing)
      await delay(20);
    assert.equal(h.emulator.control.listRequests().length, 5);
    const inState = results.map((r) => idOf(r.state)).filter((id) => typeof id === "string");
    const stored = h.emulator.control.listResources("AWS::EC2::VPC").map((r) => r.identifier);
    return { results, inState, stored };
  }

  test("requests still running are cancelled: nothing exists, nothing in state", async () => {
    h.emulator.control.setConfig({ completeAfterPolls: 0, completeAfterMs: 5_000 });
    const { results, inState, stored } = await interruptFive();
    for (const r of results) assert.match(errorsOf(r.diagnostics), /CreateResource/);
    assert.deepEqual(stored, []);
    assert.deepEqual(inState, []);
    assert.equal(h.emulator.control.calls({ operation: "CancelResourceRequest" }).length, 5);
    const statuses = h.emulator.control.listRequests().map((r) => r.status);
    assert.deepEqual(statuses, Array(5).fill("CANCEL_COMPLETE"));
  });

  test("requests that completed anyway are recorded: every object is in state", async () => {
    h.emulator.control.setConfig({ completeAfterPolls: 0, completeAfterMs: 0 });
    const { results, inState, stored } = await interruptFive();
    for (const r of results) assert.match(errorsOf(r.diagnostics), /CreateResource/);
    assert.equal(stored.length, 5);
    assert.deepEqual([...inState].sort(), [...stored].sort());
  });

  test("requests that a cancel does not stop are followed to the end and recorded", async () => {
    h.emulator.control.setConfig({ completeAfterPolls: 0, completeAfterMs: 600 });
    h.emulator.control.addFault({ kind: "ignore-cancel", operation: "CreateResource" });
    const { results, inState, stored } = await interruptFive();
    for (const r of results) assert.match(errorsOf(r.diagnostics), /CreateResource/);
    assert.equal(h.emulator.control.calls({ operation: "CancelResourceRequest" }).length, 5);
    assert.equal(stored.length, 5);
    assert.deepEqual([...inState].sort(), [...stored].sort());
  });
});

describe("StopProvider during a slow UpdateResource call", () => {
  let h: RuntimeHarness;
  let vpc: ResourceDefinition;
  before(async () => {
    h = await startRuntime();
    vpc = await loadResource("awscc_ec2_vpc");
  });
  after(async () => {
    await h.close();
  });

  test("the error says the update may still be carried out; the state keeps the prior values", async () => {
    const sim = h.sim(vpc);
    const created = await create(sim, { CidrBlock: "10.50.0.0/16", EnableDnsSupport: true });
    assert.equal(errorsOf(created.diagnostics), "");
    h.emulator.control.addFault({ kind: "latency", operation: "UpdateResource", latencyMs: 800, count: 1 });
    const config = fromModel(
      vpc.attributes,
      jsonDocFromPlain({ CidrBlock: "10.50.0.0/16", EnableDnsSupport: false }) as JsonDocObject,
    );
    const plan = await sim.plan(config, created.state);
    const updating = sim.apply(created.state, plan.planned, config);
    await delay(300);
    h.backend.stop();
    const result = await updating;
    assert.match(
      errorsOf(result.diagnostics),
      /interrupted before it answered; the service may still carry it out/,
    );
    assert.equal(isRecord(result.state) && result.state.enable_dns_support, true);
  });
});
