// The per-resource `timeouts` attribute against the emulator: the user's limit replaces the type's
// handler timeout, a hung create ends on it with an error naming it and a state that keeps the
// object, the value is never sent to Cloud Control, and reads carry it so that plans stay clean.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import { definitionTimeoutMs } from "../../runtime/apply/context.js";
import { configuredTimeout } from "../../runtime/apply/resource-timeouts.js";
import { singularDataSourceFrom } from "../../terraform/schema/derive.js";
import { timeoutsAttribute, withTimeoutsAttribute } from "../../terraform/schema/timeouts.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { makeRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

function configWithTimeouts(
  definition: ResourceDefinition,
  doc: Record<string, unknown>,
  timeouts: Partial<Record<"create" | "update" | "delete", string>> | null,
): TfRecord {
  const base = fromModel(definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);
  const value: TfValue =
    timeouts === null
      ? null
      : makeRecord((["create", "delete", "update"] as const).map((op) => [op, timeouts[op] ?? null]));
  return makeRecord([...Object.entries(base), ["timeouts", value]]);
}

describe("resource timeouts", () => {
  let h: RuntimeHarness;
  let logGroup: ResourceDefinition;
  before(async () => {
    // No backend-wide limit: only the type's handler timeouts or the user's apply.
    h = await startRuntime();
    logGroup = await loadResource("awscc_logs_log_group");
  });
  after(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.emulator.control.reset();
    h.emulator.control.setConfig({ completeAfterPolls: 1, completeAfterMs: 0, deleteNotFound: "async" });
  });

  test("every generated resource carries an optional `timeouts`; its data source does not", () => {
    assert.equal(JSON.stringify(logGroup.attributes.timeouts), JSON.stringify(timeoutsAttribute));
    assert.equal(logGroup.attributes.timeouts?.cfnName, undefined);
    assert.equal(Object.hasOwn(singularDataSourceFrom(logGroup).attributes, "timeouts"), false);
  });

  test("a property that maps to `timeouts` keeps its name and meaning", () => {
    const own = { timeouts: { cfnName: "Timeouts", type: { kind: "int64" as const }, optional: true } };
    assert.equal(withTimeoutsAttribute(own), own);
    assert.ok(Object.hasOwn(singularDataSourceFrom({ ...logGroup, attributes: own }).attributes, "timeouts"));
  });

  test("a malformed duration is refused at validate, naming the attribute path", async () => {
    const diagnostics = await h
      .sim(logGroup)
      .validate(configWithTimeouts(logGroup, { LogGroupName: "v" }, { create: "soon", delete: "1h30m" }));
    const errors = diagnostics.filter((d) => d.severity === "error");
    assert.equal(errors.length, 1, JSON.stringify(diagnostics));
    assert.deepEqual(errors[0]?.path, [{ attribute: "timeouts" }, { attribute: "create" }]);
    assert.match(errors[0]?.detail ?? "", /timeouts\.create.*"soon"/);
  });

  test("a zero duration is refused at validate; a positive one below a second is accepted", async () => {
    for (const zero of ["0s", "0", "0h0m", "0.0s"]) {
      const diagnostics = await h
        .sim(logGroup)
        .validate(configWithTimeouts(logGroup, { LogGroupName: "v" }, { update: zero }));
      const errors = diagnostics.filter((d) => d.severity === "error");
      assert.deepEqual(errors[0]?.path, [{ attribute: "timeouts" }, { attribute: "update" }], zero);
    }
    const fine = await h
      .sim(logGroup)
      .validate(configWithTimeouts(logGroup, { LogGroupName: "v" }, { update: "500ms", delete: "0h1m" }));
    assert.equal(errorsOf(fine), "");
  });

  test("an update that runs out of time goes on at the service; the next apply after it ends converges", async () => {
    const sim = h.sim(logGroup);
    const created = await sim.applyConfig(
      configWithTimeouts(logGroup, { LogGroupName: "slow", RetentionInDays: 1 }, { update: "500ms" }),
      null,
    );
    assert.equal(errorsOf(created.diagnostics), "");
    // From now on the service takes 1.5 s over a request, whether anyone polls or not.
    h.emulator.control.setConfig({ completeAfterPolls: 0, completeAfterMs: 1_500 });
    const changed = configWithTimeouts(
      logGroup,
      { LogGroupName: "slow", RetentionInDays: 3 },
      { update: "500ms" },
    );
    const late = await sim.applyConfig(changed, created.state);
    assert.match(errorsOf(late.diagnostics), /timeouts\.update = "500ms"/);
    assert.equal((late.state as TfRecord).retention_in_days, 1, "the state claims only the prior value");
    assert.equal(h.emulator.control.calls({ operation: "CancelResourceRequest" }).length, 0);

    // While it runs, the service refuses another request on the object, and the error says why.
    const refused = await sim.applyConfig(changed, late.state);
    assert.match(errorsOf(refused.diagnostics), /ConcurrentOperationException/);
    assert.match(errorsOf(refused.diagnostics), /An earlier request on this object is still running/);

    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const read = await sim.read(refused.state);
    assert.equal((read.state as TfRecord).retention_in_days, 3, "the refresh shows the update done");
    assert.equal((await sim.plan(changed, read.state)).action, "noop");
  });

  test("a create call cut off by the user's limit says so", async () => {
    h.emulator.control.addFault({ kind: "latency", operation: "CreateResource", latencyMs: 2_000, count: 1 });
    const sim = h.sim(logGroup);
    const config = configWithTimeouts(logGroup, { LogGroupName: "slow-call" }, { create: "500ms" });
    const plan = await sim.plan(config, null);
    const applied = await sim.apply(null, plan.planned, config);
    const errors = errorsOf(applied.diagnostics);
    assert.match(errors, /cut off: exceeded max wait time/);
    assert.match(errors, /timeouts\.create = "500ms"/);
    assert.equal((applied.state as TfRecord | null)?.id, "slow-call", "the object the call made is tracked");
  });

  test("the operation's limit: the user's duration, else the type's handler timeout", () => {
    const state = configWithTimeouts(logGroup, { LogGroupName: "t" }, { create: "1h30m", update: "bad" });
    assert.equal(configuredTimeout(logGroup, state, "create"), "1h30m");
    assert.equal(configuredTimeout(logGroup, state, "update"), undefined);
    assert.equal(configuredTimeout(logGroup, state, "delete"), undefined);
    assert.equal(definitionTimeoutMs(logGroup, "delete"), 120 * 60_000);
  });

  test("a hung create ends on timeouts.create with an error naming it; state keeps the object", async () => {
    h.emulator.control.addFault({ kind: "hang", operation: "CreateResource", count: 1 });
    const sim = h.sim(logGroup);
    const config = configWithTimeouts(logGroup, { LogGroupName: "hung" }, { create: "2s" });
    const plan = await sim.plan(config, null);
    const started = Date.now();
    const applied = await sim.apply(null, plan.planned, config);
    const elapsedMs = Date.now() - started;
    assert.match(errorsOf(applied.diagnostics), /timeouts\.create = "2s"/);
    assert.ok(elapsedMs >= 1_500 && elapsedMs < 10_000, `ended after ${elapsedMs} ms`);
    const state = applied.state as TfRecord;
    assert.equal(state.id, "hung", "the state still tracks the object (Terraform taints it)");
    assert.equal((state.timeouts as TfRecord).create, "2s");
  });

  test("never sent to Cloud Control; carried through create and read so the next plan is clean", async () => {
    const sim = h.sim(logGroup);
    const config = configWithTimeouts(logGroup, { LogGroupName: "kept" }, { create: "10m", delete: "5m" });
    const plan = await sim.plan(config, null);
    const applied = await sim.apply(null, plan.planned, config);
    assert.equal(errorsOf(applied.diagnostics), "");
    const desired = String(
      h.emulator.control.calls({ operation: "CreateResource" }).at(-1)?.input.DesiredState,
    );
    assert.equal(JSON.parse(desired).LogGroupName, "kept");
    assert.doesNotMatch(desired, /timeout|10m|5m/i);
    const read = await sim.read(applied.state);
    assert.equal(((read.state as TfRecord).timeouts as TfRecord).delete, "5m");
    const again = await sim.plan(config, read.state);
    assert.equal(again.action, "noop");

    // Changing only the limits is an update without any Cloud Control call.
    const changed = configWithTimeouts(logGroup, { LogGroupName: "kept" }, { delete: "1m" });
    const update = await sim.plan(changed, read.state);
    assert.equal(update.action, "update");
    h.emulator.control.clearCalls();
    const updated = await sim.apply(read.state, update.planned, changed);
    assert.equal(errorsOf(updated.diagnostics), "");
    assert.equal(h.emulator.control.calls({ operation: "UpdateResource" }).length, 0);
    assert.equal(((updated.state as TfRecord).timeouts as TfRecord).delete, "1m");
  });
});

describe("resource timeouts with awscc's polling delays (5 s minimum, scaled down)", () => {
  let h: RuntimeHarness;
  let logGroup: ResourceDefinition;
  before(async () => {
    h = await startRuntime({}, { waitTiming: { minDelayMs: 1_000, maxDelayMs: 2_000 } });
    logGroup = await loadResource("awscc_logs_log_group");
  });
  after(async () => {
    await h.close();
  });

  test("the waiter polls up to the user's limit, not a minimum delay short of it", async () => {
    // The request completes 1.2 s after it starts; the limit is 2 s, which awscc's waiter (it stops
    // a minimum delay before the deadline) would have given up on after 1 s.
    h.emulator.control.setConfig({ completeAfterPolls: 0, completeAfterMs: 1_200 });
    const sim = h.sim(logGroup);
    const config = configWithTimeouts(logGroup, { LogGroupName: "in-time" }, { create: "2s" });
    const plan = await sim.plan(config, null);
    const applied = await sim.apply(null, plan.planned, config);
    assert.equal(errorsOf(applied.diagnostics), "");
    assert.equal((applied.state as TfRecord).id, "in-time");
  });
});
