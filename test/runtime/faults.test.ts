// Failure handling through the real SDK and the emulator's fault injection: the Go provider's failure vectors,
// data sources, cancellation, and a concurrent fault run (30 % throttling, creates failing after
// the object exists, failed deletes, stuck operations with timeouts) that must end with zero
// orphaned objects in the emulator.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import {
  CancelResourceRequestCommand,
  CloudControlClient,
  GetResourceRequestStatusCommand,
} from "@aws-sdk/client-cloudcontrol";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import {
  DecimalNumber,
  makeRecord,
  Unknown,
  type TfRecord,
  type TfValue,
} from "../../terraform/values/index.js";
import { pluralDataSources, singularDataSources } from "../../generated/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf, type TerraformSim } from "./terraform.js";

const warningsOf = (diagnostics: readonly { severity: string; summary: string }[]): string[] =>
  diagnostics.filter((d) => d.severity === "warning").map((d) => d.summary);

function configOf(definition: ResourceDefinition, doc: Record<string, unknown>): TfRecord {
  return fromModel(definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);
}

async function createWith(sim: TerraformSim, doc: Record<string, unknown>) {
  const config = configOf(sim.definition, doc);
  const plan = await sim.plan(config, null);
  return { config, planned: plan.planned, ...(await sim.apply(null, plan.planned, config)) };
}

describe("faults and failures", () => {
  let h: RuntimeHarness;
  let logGroup: ResourceDefinition;
  let stage: ResourceDefinition;
  let flowLog: ResourceDefinition;
  before(async () => {
    h = await startRuntime({}, { operationTimeoutMs: () => 2_000 });
    [logGroup, stage, flowLog] = await Promise.all([
      loadResource("awscc_logs_log_group"),
      loadResource("awscc_apigateway_stage"),
      loadResource("awscc_ec2_flow_log"),
    ]);
  });
  after(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.emulator.control.reset();
    h.emulator.control.setConfig({ completeAfterPolls: 1, completeAfterMs: 0, deleteNotFound: "async" });
  });

  test("compound identifier after IN_PROGRESS polls; ClientToken kept across transport retries", async () => {
    h.emulator.control.setConfig({ completeAfterPolls: 3 });
    h.emulator.control.addFault({ kind: "throttle", operation: "CreateResource", count: 2 });
    const created = await createWith(h.sim(stage), { RestApiId: "api123", StageName: "prod" });
    assert.equal(errorsOf(created.diagnostics), "");
    const state = created.state as TfRecord;
    assert.equal(state.id, "api123|prod");
    assert.equal(state.rest_api_id, "api123");
    const creates = h.emulator.control.calls({ operation: "CreateResource" });
    assert.equal(creates.length, 3, "two throttled attempts, then success");
    assert.equal(
      new Set(creates.map((c) => c.input.ClientToken)).size,
      1,
      "the same ClientToken on every attempt",
    );
    assert.equal(h.emulator.control.listResources().length, 1);
    assert.ok(h.emulator.control.calls({ operation: "GetResourceRequestStatus" }).length >= 3);
  });

  test("one GetResource after a create; when nothing was left unknown its failure fails nothing", async () => {
    const sim = h.sim(logGroup);
    const config = configOf(logGroup, { LogGroupName: "known" });
    const plan = await sim.plan(config, null);
    // Everything but `id` known (the runtime sets `id` from the response before looking for unknowns).
    const planned = makeRecord(
      Object.entries(plan.planned as TfRecord).map(([k, v]) => [
        k,
        k !== "id" && v instanceof Unknown ? null : v,
      ]),
    );
    h.emulator.control.clearCalls();
    // The read only checks the service's answer (docs/runtime.md#reading-back-after-apply): a
    // failing one leaves the apply successful, with the state as planned.
    h.emulator.control.addFault({
      kind: "error",
      operation: "GetResource",
      errorName: "InvalidRequestException",
      count: 1,
    });
    const applied = await sim.apply(null, planned, config);
    assert.equal(errorsOf(applied.diagnostics), "");
    assert.equal((applied.state as TfRecord).id, "known");
    assert.equal(h.emulator.control.calls({ operation: "GetResource" }).length, 1);
    const withUnknown = await createWith(sim, { LogGroupName: "unknown-arn" });
    assert.match(String((withUnknown.state as TfRecord).arn), /log-group\/unknown-arn$/);
    assert.equal(h.emulator.control.calls({ operation: "GetResource" }).length, 2);
  });

  test("create fails after the object exists: tainted state with the id, replaced next time", async () => {
    h.emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "GeneralServiceException",
      withIdentifier: true,
      count: 1,
    });
    const sim = h.sim(logGroup);
    const first = await createWith(sim, { LogGroupName: "half-made" });
    assert.match(
      errorsOf(first.diagnostics),
      /AWS SDK Go Service Operation Incomplete[\s\S]*ErrorCode: GeneralServiceException/,
    );
    const tainted = first.state as TfRecord;
    assert.equal(tainted.id, "half-made");
    assert.equal(tainted.arn, null);
    assert.equal(h.emulator.control.listResources().length, 1, "the object exists");
    // Terraform replaces a tainted object: destroy, then create.
    const destroyed = await sim.apply(tainted, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "");
    const second = await createWith(sim, { LogGroupName: "half-made" });
    assert.equal(errorsOf(second.diagnostics), "");
    assert.equal(h.emulator.control.listResources().length, 1);
  });

  test("variants: FAILED without Identifier stores nothing; hook failures are described", async () => {
    h.emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "InvalidRequest",
      count: 1,
    });
    const none = await createWith(h.sim(flowLog), {
      ResourceType: "VPC",
      ResourceId: "vpc-1",
      TrafficType: "ALL",
    });
    assert.equal(none.state, null);
    assert.match(errorsOf(none.diagnostics), /ErrorCode: InvalidRequest/);
    assert.equal(h.emulator.control.listResources().length, 0);
    h.emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "GeneralServiceException",
      message: "hook said no",
      count: 1,
      hookEvents: [
        {
          hookTypeName: "Private::Security::S3PublicAccessBlock",
          hookTypeVersionId: "00000001",
          hookStatus: "HOOK_FAILED",
          hookEventTime: "2025-10-18T11:10:45Z",
          hookStatusMessage: "Unable to assume role",
        },
      ],
    });
    const hooked = await createWith(h.sim(logGroup), { LogGroupName: "hooked" });
    const message = errorsOf(hooked.diagnostics);
    for (const part of [
      "waiter state transitioned to FAILED",
      "Hook failures:",
      "Private::Security::S3PublicAccessBlock",
      "00000001",
      "2025-10-18T11:10:45Z",
      "Unable to assume role",
    ]) {
      assert.ok(message.includes(part), `${part} in ${message}`);
    }
  });

  test("create fails AlreadyExists: the object named is somebody else's — no state, it survives apply and destroy", async () => {
    const theirs = { LogGroupName: "taken", RetentionInDays: 3 };
    h.emulator.control.putResource(logGroup.cfnTypeName, "taken", theirs);
    const sim = h.sim(logGroup);
    // What Terraform does next with a failed create's state: a non-null one is tainted and destroyed.
    const attempt = async (): Promise<void> => {
      const failed = await createWith(sim, { LogGroupName: "taken" });
      assert.match(errorsOf(failed.diagnostics), /ErrorCode: AlreadyExists/);
      assert.equal(failed.state, null, "no (tainted) state for an object that is not ours");
      if (failed.state !== null) await sim.apply(failed.state, null, null);
    };
    // The service's own AlreadyExists: CreateResource's first event already named the identifier.
    await attempt();
    // And a FAILED event that names it as well.
    h.emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "AlreadyExists",
      identifierOnly: true,
      count: 1,
    });
    await attempt();
    // The following apply/destroy cycle (under another name) leaves their object alone.
    const mine = await createWith(sim, { LogGroupName: "mine" });
    assert.equal(errorsOf(mine.diagnostics), "");
    const destroyed = await sim.apply(mine.state, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "");
    assert.deepEqual(
      h.emulator.control.listResources().map((r) => [r.identifier, r.properties]),
      [["taken", theirs]],
    );
  });

  test("other failures that name an object still leave a tainted state with its id", async () => {
    h.emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "NotStabilized",
      identifierOnly: true,
      count: 1,
    });
    const failed = await createWith(h.sim(flowLog), {
      ResourceType: "VPC",
      ResourceId: "vpc-1",
      TrafficType: "ALL",
    });
    assert.match(errorsOf(failed.diagnostics), /ErrorCode: NotStabilized/);
    assert.match(String((failed.state as TfRecord | null)?.id), /^fl-[0-9a-f]{17}$/);
  });

  test("read of a vanished object: warning, removed, plan creates it again", async () => {
    const sim = h.sim(logGroup);
    const created = await createWith(sim, { LogGroupName: "gone" });
    h.emulator.control.driftDelete(logGroup.cfnTypeName, "gone");
    const read = await sim.read(created.state);
    assert.equal(read.state, null);
    assert.deepEqual(warningsOf(read.diagnostics), ["AWS Resource Not Found During Refresh"]);
    assert.equal((await sim.plan(created.config, read.state)).action, "create");
    const again = await createWith(sim, { LogGroupName: "gone2" });
    h.emulator.control.addFault({
      kind: "error",
      operation: "GetResource",
      errorName: "ResourceNotFound",
      status: 400,
      count: 1,
    });
    const unmodelled = await sim.read(again.state);
    assert.equal(unmodelled.state, null);
    assert.deepEqual(warningsOf(unmodelled.diagnostics), ["AWS Resource Not Found During Refresh"]);
  });

  test("delete: already gone is success; FAILED keeps the resource; a timeout keeps it and cancels nothing", async () => {
    const sim = h.sim(logGroup);
    const a = await createWith(sim, { LogGroupName: "del-a" });
    h.emulator.control.driftDelete(logGroup.cfnTypeName, "del-a");
    assert.equal((await sim.apply(a.state, null, null)).state, null);
    h.emulator.control.setConfig({ deleteNotFound: "sync" });
    assert.equal(
      errorsOf((await sim.apply(a.state, null, null)).diagnostics),
      "",
      "a synchronous not-found is also success",
    );
    h.emulator.control.setConfig({ deleteNotFound: "async" });

    const b = await createWith(sim, { LogGroupName: "del-b" });
    h.emulator.control.addFault({
      kind: "fail",
      operation: "DeleteResource",
      errorCode: "ResourceConflict",
      count: 1,
    });
    const conflict = await sim.apply(b.state, null, null);
    assert.match(errorsOf(conflict.diagnostics), /ResourceConflict/);
    assert.equal((conflict.state as TfRecord).id, "del-b", "the resource stays in the state");

    h.emulator.control.addFault({ kind: "hang", operation: "DeleteResource", count: 1 });
    const started = Date.now();
    const stuck = await sim.apply(b.state, null, null);
    assert.match(errorsOf(stuck.diagnostics), /exceeded max wait time/);
    assert.ok(Date.now() - started < 5_000);
    assert.equal((stuck.state as TfRecord).id, "del-b");
    assert.equal(h.emulator.control.calls({ operation: "CancelResourceRequest" }).length, 0);
  });

  test("throttling: retried with bounded attempts; async Throttling and ConcurrentOperation are not retried", async () => {
    const sim = h.sim(logGroup);
    h.emulator.control.addFault({ kind: "throttle", operation: "CreateResource", count: 25 });
    const throttled = await createWith(sim, { LogGroupName: "t1" });
    assert.match(errorsOf(throttled.diagnostics), /ThrottlingException/);
    assert.equal(
      h.emulator.control.calls({ operation: "CreateResource" }).length,
      25,
      "max_retries (25) attempts",
    );
    assert.equal(throttled.state, null);

    h.emulator.control.clearFaults();
    h.emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "Throttling",
      count: 1,
    });
    const asyncThrottle = await createWith(sim, { LogGroupName: "t2" });
    assert.match(errorsOf(asyncThrottle.diagnostics), /ErrorCode: Throttling/);

    h.emulator.control.clearCalls();
    h.emulator.control.addFault({
      kind: "error",
      operation: "CreateResource",
      errorName: "ConcurrentOperationException",
      status: 409,
      count: 1,
    });
    const concurrent = await createWith(sim, { LogGroupName: "t3" });
    assert.match(errorsOf(concurrent.diagnostics), /ConcurrentOperationException/);
    assert.equal(h.emulator.control.calls({ operation: "CreateResource" }).length, 1);
  });

  test("StopProvider ends the wait promptly and names the request still in flight; no orphan is left", async () => {
    const slow = await startRuntime({}, { waitTiming: { minDelayMs: 200, maxDelayMs: 2_000 } });
    try {
      slow.emulator.control.addFault({ kind: "hang", operation: "CreateResource", count: 1 });
      const sim = slow.sim(flowLog);
      const config = configOf(flowLog, { ResourceType: "VPC", ResourceId: "vpc-1", TrafficType: "ALL" });
      const plan = await sim.plan(config, null);
      const pending = sim.apply(null, plan.planned, config);
      // Wait (bounded) for the create to be in flight: a loaded machine may take more than a tick.
      for (let waited = 0; slow.backend.inFlightRequests().length === 0 && waited < 5_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(slow.backend.inFlightRequests().length, 1);
      const stoppedAt = Date.now();
      slow.backend.stop();
      const result = await pending;
      assert.ok(Date.now() - stoppedAt < 1_500, "stopped promptly");
      const token = slow.emulator.control.listRequests()[0]?.requestToken ?? "?";
      assert.match(
        errorsOf(result.diagnostics),
        new RegExp(`still in flight: CREATE AWS::EC2::FlowLog \\(RequestToken ${token}\\)`),
      );
      assert.equal(result.state, null);
      // The abandoned create was cancelled, so it can never produce an object.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const request = slow.emulator.control.getRequest(token);
      assert.ok(
        request && ["CANCEL_IN_PROGRESS", "CANCEL_COMPLETE"].includes(request.status),
        request?.status,
      );
      assert.equal(slow.emulator.control.listResources().length, 0);
    } finally {
      await slow.close();
    }
  });

  test("big numbers reach Cloud Control with every digit and survive apply", async () => {
    const policy = await loadResource("awscc_applicationautoscaling_scaling_policy");
    const config = configOf(policy, {
      PolicyName: "big",
      PolicyType: "TargetTrackingScaling",
      ResourceId: "service/default/web",
      ScalableDimension: "ecs:service:DesiredCount",
      ServiceNamespace: "ecs",
    });
    const big = new DecimalNumber("12345678901234567890.125");
    const nested = makeRecord(
      Object.keys(
        (policy.attributes.target_tracking_scaling_policy_configuration!.type as { attributes: object })
          .attributes,
      ).map((k) => [k, k === "target_value" ? big : null]),
    );
    const withBig = makeRecord([
      ...Object.entries(config),
      ["target_tracking_scaling_policy_configuration", nested],
    ]);
    const sim = h.sim(policy);
    const plan = await sim.plan(withBig, null);
    const applied = await sim.apply(null, plan.planned, withBig);
    assert.equal(errorsOf(applied.diagnostics), "");
    const desired = h.emulator.control.calls({ operation: "CreateResource" }).at(-1)?.input
      .DesiredState as string;
    assert.ok(desired.includes('"TargetValue":12345678901234567890.125'), desired);
    const kept = (applied.state as TfRecord).target_tracking_scaling_policy_configuration as TfRecord;
    assert.equal(String(kept.target_value), "12345678901234567890.125");
  });

  test("data sources: singular by id, not found is an error; plural pages and empty results", async () => {
    const singular = (await singularDataSources.awscc_logs_log_group!()).default;
    const plural = (await pluralDataSources.awscc_logs_log_groups!()).default;
    const read = (definition: typeof singular | typeof plural, config: TfValue) =>
      h.backend.readDataSource({
        typeName: definition.tfTypeName,
        definition,
        config,
        providerMeta: null,
        clientCapabilities: { deferralAllowed: false, writeOnlyAttributesAllowed: true },
      });
    const empty = await read(
      plural,
      makeRecord([
        ["id", null],
        ["ids", null],
      ]),
    );
    assert.equal(errorsOf(empty.diagnostics), "");
    assert.deepEqual({ ...(empty.state as object) }, { id: "us-east-1", ids: [] });
    for (let i = 0; i < 45; i++) {
      h.emulator.control.putResource(logGroup.cfnTypeName, `lg-${i}`, {
        LogGroupName: `lg-${i}`,
        Tags: [
          { Key: "z", Value: "1" },
          { Key: "a", Value: "2" },
        ],
      });
    }
    const listed = await read(
      plural,
      makeRecord([
        ["id", null],
        ["ids", null],
      ]),
    );
    assert.equal(((listed.state as TfRecord).ids as string[]).length, 45);
    assert.ok(
      h.emulator.control.calls({ operation: "ListResources" }).length >= 4,
      "three pages for 45 objects (and the empty call)",
    );
    const config = makeRecord(Object.keys(singular.attributes).map((k) => [k, k === "id" ? "lg-3" : null]));
    const one = await read(singular, config);
    assert.equal(errorsOf(one.diagnostics), "");
    const state = one.state as TfRecord;
    assert.equal(state.id, "lg-3");
    assert.equal(state.log_group_name, "lg-3");
    assert.deepEqual(
      (state.tags as TfRecord[]).map((t) => t.key),
      ["a", "z"],
      "key-value lists sorted without a prior",
    );
    const missing = await read(
      singular,
      makeRecord(Object.keys(singular.attributes).map((k) => [k, k === "id" ? "nope" : null])),
    );
    assert.match(errorsOf(missing.diagnostics), /AWS Data Source Not Found/);
  });

  test("fault run: 30 % throttling, failing creates, failing deletes, stuck requests — no orphans", async () => {
    const run = await startRuntime({ seed: 5 }, { operationTimeoutMs: () => 300 });
    try {
      const control = run.emulator.control;
      control.addFault({ kind: "throttle", rate: 0.3 });
      control.addFault({
        kind: "fail",
        operation: "CreateResource",
        errorCode: "GeneralServiceException",
        withIdentifier: true,
        rate: 0.25,
      });
      control.addFault({
        kind: "fail",
        operation: "CreateResource",
        errorCode: "InternalFailure",
        rate: 0.1,
      });
      control.addFault({ kind: "hang", operation: "CreateResource", rate: 0.1 });
      control.addFault({
        kind: "fail",
        operation: "DeleteResource",
        errorCode: "ResourceConflict",
        rate: 0.3,
      });
      control.addFault({ kind: "hang", operation: "DeleteResource", rate: 0.1 });
      control.addFault({
        kind: "fail",
        operation: "UpdateResource",
        errorCode: "ServiceInternalError",
        rate: 0.3,
      });
      const types = [logGroup, stage, flowLog];
      const docs = (i: number): Record<string, unknown>[] => [
        { LogGroupName: `run-${i}`, RetentionInDays: 7 },
        { RestApiId: `api${i}`, StageName: "prod", Description: "v1" },
        { ResourceType: "VPC", ResourceId: `vpc-${i}`, TrafficType: "ALL" },
      ];
      // Each resource: a Terraform-like loop of apply attempts (a failed create leaves a tainted
      // state that the next attempt replaces), then an update, then destroy attempts until gone.
      const lifecycle = async (
        definition: ResourceDefinition,
        doc: Record<string, unknown>,
      ): Promise<TfValue> => {
        const sim = run.sim(definition);
        const config = configOf(definition, doc);
        let state: TfValue = null;
        let tainted = false;
        for (let attempt = 0; attempt < 12 && (state === null || tainted); attempt++) {
          if (tainted) {
            const destroyed = await sim.apply(state, null, null);
            if (destroyed.state !== null) continue;
          }
          const plan = await sim.plan(config, null);
          const created = await sim.apply(null, plan.planned, config);
          state = created.state;
          tainted = created.state !== null && created.diagnostics.some((d) => d.severity === "error");
        }
        const updatedConfig = configOf(definition, {
          ...doc,
          ...(definition === flowLog
            ? { Tags: [{ Key: "k", Value: "v" }] }
            : { Description: "v2", RetentionInDays: 14 }),
        });
        for (let attempt = 0; attempt < 6 && state !== null && !tainted; attempt++) {
          const plan = await sim.plan(updatedConfig, state);
          if (plan.action === "noop") break;
          const updated = await sim.apply(state, plan.planned, updatedConfig);
          state = updated.state;
          if (!updated.diagnostics.some((d) => d.severity === "error")) break;
        }
        // Destroy attempts until gone, bounded by time rather than a count: a hung delete holds the
        // identifier (ConcurrentOperation) until the janitor cancels it, however loaded the machine.
        const deadline = Date.now() + 60_000;
        while (state !== null && Date.now() < deadline) {
          state = (await sim.apply(state, null, null)).state;
          if (state !== null) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return state;
      };
      // The service gives up on handlers stuck for too long (the emulator's hung requests never end
      // by themselves): cancel requests that have been in flight for more than a second.
      const janitorClient = new CloudControlClient({
        endpoint: run.emulator.url,
        region: "us-east-1",
        credentials: { accessKeyId: "a", secretAccessKey: "b" },
      });
      const janitor = setInterval(() => {
        for (const request of control.listRequests()) {
          if (
            (request.status === "IN_PROGRESS" || request.status === "PENDING") &&
            Date.now() - request.createdAt > 1_000
          ) {
            void janitorClient
              .send(new CancelResourceRequestCommand({ RequestToken: request.requestToken }))
              .catch(() => undefined);
          } else if (request.status === "CANCEL_IN_PROGRESS") {
            // the emulator finishes a cancellation when the request is polled
            void janitorClient
              .send(new GetResourceRequestStatusCommand({ RequestToken: request.requestToken }))
              .catch(() => undefined);
          }
        }
      }, 200);
      const jobs = [];
      for (let i = 0; i < 6; i++)
        for (const [t, definition] of types.entries()) jobs.push(lifecycle(definition, docs(i)[t]!));
      const leftovers = await Promise.all(jobs).finally(() => {
        clearInterval(janitor);
        janitorClient.destroy();
      });
      const stillInState = leftovers.filter((s) => s !== null).length;
      control.clearFaults();
      // Stuck requests never complete by themselves; whatever they would create does not exist.
      const objects = control.listResources();
      assert.equal(stillInState, 0, "every resource was eventually destroyed");
      assert.deepEqual(
        objects.map((o) => `${o.typeName} ${o.identifier}`),
        [],
        "no orphaned objects",
      );
      const faults = control.calls().filter((c) => c.errorCode === "ThrottlingException").length;
      assert.ok(faults > 10, `throttling happened (${faults})`);
      const client = new CloudControlClient({
        endpoint: run.emulator.url,
        region: "us-east-1",
        credentials: { accessKeyId: "a", secretAccessKey: "b" },
      });
      for (const request of control
        .listRequests()
        .filter((r) => r.status === "IN_PROGRESS" || r.status === "PENDING")) {
        await client.send(new CancelResourceRequestCommand({ RequestToken: request.requestToken }));
      }
      client.destroy();
      assert.equal(control.listResources().length, 0, "cancelling the stuck requests creates nothing either");
    } finally {
      await run.close();
    }
  });
});
