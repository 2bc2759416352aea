// Status polls that fail must not end a request: an outage of the status API longer than the
// per-call retry budget, and heavy throttling of it, still leave every created object in state.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { after, before, beforeEach, describe, test } from "node:test";
import { type RunningEmulator, startEmulator } from "../../emulator/emulator.js";
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

describe("status polls that fail", () => {
  let h: RuntimeHarness;
  let vpc: ResourceDefinition;
  before(async () => {
    h = await startRuntime({}, { operationTimeoutMs: () => 3_000 }, { max_retries: 2 });
    vpc = await loadResource("awscc_ec2_vpc");
  });
  after(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.emulator.control.reset();
    h.emulator.control.setConfig({ completeAfterPolls: 2, completeAfterMs: 0 });
  });

  test("an outage of GetResourceRequestStatus longer than the retry budget: polling goes on, the object is in state", async () => {
    // 12 failed calls: six polls' worth of SDK attempts at max_retries = 2.
    h.emulator.control.addFault({
      kind: "error",
      operation: "GetResourceRequestStatus",
      errorName: "ServiceUnavailableException",
      status: 503,
      count: 12,
    });
    const sim = h.sim(vpc);
    const result = await create(sim, { CidrBlock: "10.1.0.0/16" });
    assert.equal(errorsOf(result.diagnostics), "");
    const stored = h.emulator.control.listResources("AWS::EC2::VPC");
    assert.equal(stored.length, 1);
    assert.equal(idOf(result.state), stored[0]?.identifier);
    assert.ok(h.emulator.control.calls({ operation: "GetResourceRequestStatus" }).length > 12);
  });

  test("polls failing until the deadline: the error names the last failure, nothing is left behind", async () => {
    h.emulator.control.setConfig({ completeAfterPolls: 0, completeAfterMs: 60_000 });
    const sim = h.sim(vpc);
    // Every poll fails, until the deadline.
    h.emulator.control.addFault({
      kind: "error",
      operation: "GetResourceRequestStatus",
      errorName: "ServiceUnavailableException",
      status: 503,
    });
    const result = await create(sim, { CidrBlock: "10.2.0.0/16" });
    assert.match(errorsOf(result.diagnostics), /ServiceUnavailableException/);
    const stored = h.emulator.control.listResources("AWS::EC2::VPC");
    assert.match(
      errorsOf(result.diagnostics),
      /exceeded max wait time.*last status poll failed \(\d+ in a row\)/s,
    );
    // The emulator finishes a request only when a poll gets through: nothing exists, nothing is kept.
    assert.deepEqual(stored, []);
    assert.equal(result.state, null);
  });

  test("60 % of GetResourceRequestStatus throttled, five VPCs at once: no orphans", async () => {
    h.emulator.control.addFault({ kind: "throttle", operation: "GetResourceRequestStatus", rate: 0.6 });
    const sims = Array.from({ length: 5 }, () => h.sim(vpc));
    const results = await Promise.all(
      sims.map((sim, i) => create(sim, { CidrBlock: `10.${10 + i}.0.0/16` })),
    );
    const inState = new Set(results.map((r) => idOf(r.state)).filter((id) => typeof id === "string"));
    const stored = h.emulator.control.listResources("AWS::EC2::VPC").map((r) => r.identifier);
    assert.equal(stored.length, 5);
    for (const id of stored) assert.ok(inState.has(id), `orphan ${id}`);
    assert.deepEqual(
      results.map((r) => errorsOf(r.diagnostics)),
      ["", "", "", "", ""],
    );
  });
});

describe("the service down while requests run", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "awscc-outage-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("emulator stopped longer than the per-call retry budget, then restarted: every VPC is in state", async () => {
    const emulatorOptions = {
      stateFile: path.join(dir, "state.json"),
      completeAfterPolls: 0,
      completeAfterMs: 1_500,
    };
    const h = await startRuntime(emulatorOptions, { operationTimeoutMs: () => 20_000 }, { max_retries: 2 });
    let restarted: RunningEmulator | undefined;
    try {
      const vpc = await loadResource("awscc_ec2_vpc");
      const running = Array.from({ length: 5 }, (_, i) =>
        create(h.sim(vpc), { CidrBlock: `10.${20 + i}.0.0/16` }),
      );
      // Every CreateResource has answered once the five requests show in the call log.
      while (h.emulator.control.calls({ operation: "CreateResource" }).length < 5) await delay(20);
      await h.emulator.stop();
      // Far beyond max_retries = 2 at the harness's 1 ms SDK backoff: the old waiter gave up here.
      await delay(2_500);
      restarted = await startEmulator({ ...emulatorOptions, port: h.emulator.port, seed: 12 });
      const results = await Promise.all(running);
      const inState = results.map((r) => idOf(r.state)).filter((id) => typeof id === "string");
      const stored = restarted.control.listResources("AWS::EC2::VPC").map((r) => r.identifier);
      assert.equal(stored.length, 5);
      assert.deepEqual([...inState].sort(), [...stored].sort());
      assert.deepEqual(
        results.map((r) => errorsOf(r.diagnostics)),
        ["", "", "", "", ""],
      );
    } finally {
      h.backend.stop();
      await h.emulator.stop();
      await restarted?.stop();
    }
  });

  test("emulator stopped while the CreateResource calls are unanswered: the repeats wait it out, every VPC is in state", async () => {
    const emulatorOptions = {
      stateFile: path.join(dir, "state-calls.json"),
      completeAfterPolls: 0,
      completeAfterMs: 500,
    };
    const h = await startRuntime(emulatorOptions, { operationTimeoutMs: () => 20_000 }, { max_retries: 2 });
    let restarted: RunningEmulator | undefined;
    try {
      const vpc = await loadResource("awscc_ec2_vpc");
      h.emulator.control.addFault({ kind: "latency", operation: "CreateResource", latencyMs: 1_000 });
      const running = Array.from({ length: 5 }, (_, i) =>
        create(h.sim(vpc), { CidrBlock: `10.${40 + i}.0.0/16` }),
      );
      // The five calls reach the service and, half-way through their second, it goes away before
      // answering any (the call log records answered calls only).
      await delay(500);
      assert.equal(h.emulator.control.calls({ operation: "CreateResource" }).length, 0);
      await h.emulator.stop();
      await delay(2_500);
      restarted = await startEmulator({ ...emulatorOptions, port: h.emulator.port, seed: 13 });
      const results = await Promise.all(running);
      const inState = results.map((r) => idOf(r.state)).filter((id) => typeof id === "string");
      const stored = restarted.control.listResources("AWS::EC2::VPC").map((r) => r.identifier);
      assert.equal(stored.length, 5, "the calls were carried out");
      assert.deepEqual([...inState].sort(), [...stored].sort(), "no orphans");
      // The lost answers are still errors; each says the object is kept, tainted.
      for (const r of results)
        assert.match(errorsOf(r.diagnostics), /ECONNREFUSED[\s\S]*kept in the state, tainted/);
    } finally {
      h.backend.stop();
      await h.emulator.stop();
      await restarted?.stop();
    }
  });
});
