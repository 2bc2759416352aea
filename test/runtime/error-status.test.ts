// The real Cloud Control API answers TypeNotFound, ResourceNotFound, RequestTokenNotFound and
// ClientTokenConflict with HTTP 400 (its SDK model says 404/409), and so does the emulator. The
// runtime must recognise them by the error name: a vanished object is "not found" (removed from the
// state, or a successful delete) whatever the status, none of them is retried, and a throttling
// answer is retried even when it carries 400.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { isNotFoundError, isTransientError } from "../../runtime/cloudcontrol/errors.js";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import type { TfRecord } from "../../terraform/values/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf, type TerraformSim } from "./terraform.js";

async function createWith(sim: TerraformSim, doc: Record<string, unknown>) {
  const config = fromModel(sim.definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);
  const plan = await sim.plan(config, null);
  return { config, ...(await sim.apply(null, plan.planned, config)) };
}

describe("errors answered with HTTP 400 are told apart by name", () => {
  let h: RuntimeHarness;
  let logGroup: ResourceDefinition;
  before(async () => {
    h = await startRuntime({}, { operationTimeoutMs: () => 2_000 });
    logGroup = await loadResource("awscc_logs_log_group");
  });
  after(() => h.close());
  beforeEach(() => {
    h.emulator.control.reset();
    h.emulator.control.setConfig({ deleteNotFound: "async" });
  });

  const answers = (operation: string) =>
    h.emulator.control.calls({ operation }).map((call) => [call.status, call.errorCode ?? "ok"]);

  test("ResourceNotFoundException (400) on read: removed from the state with a warning, asked once", async () => {
    const sim = h.sim(logGroup);
    const created = await createWith(sim, { LogGroupName: "vanished" });
    h.emulator.control.driftDelete(logGroup.cfnTypeName, "vanished");
    h.emulator.control.clearCalls();
    const read = await sim.read(created.state);
    assert.equal(read.state, null);
    assert.deepEqual(
      read.diagnostics.map((d) => d.summary),
      ["AWS Resource Not Found During Refresh"],
    );
    assert.deepEqual(answers("GetResource"), [[400, "ResourceNotFoundException"]]);
  });

  test("ResourceNotFoundException (400) on delete: the delete succeeds, asked once", async () => {
    const sim = h.sim(logGroup);
    const created = await createWith(sim, { LogGroupName: "gone-before-delete" });
    h.emulator.control.driftDelete(logGroup.cfnTypeName, "gone-before-delete");
    h.emulator.control.setConfig({ deleteNotFound: "sync" });
    h.emulator.control.clearCalls();
    const deleted = await sim.apply(created.state, null, null);
    assert.equal(errorsOf(deleted.diagnostics), "");
    assert.equal(deleted.state, null);
    assert.deepEqual(answers("DeleteResource"), [[400, "ResourceNotFoundException"]]);
  });

  test("TypeNotFoundException (400): the create fails at once with the service's words, not retried", async () => {
    const missing: ResourceDefinition = { ...logGroup, cfnTypeName: "AWS::Nope::Missing" };
    const sim = h.sim(missing);
    h.emulator.control.clearCalls();
    const created = await createWith(sim, { LogGroupName: "nowhere" });
    assert.match(
      errorsOf(created.diagnostics),
      /TypeNotFoundException: The type 'AWS::Nope::Missing' cannot be found/,
    );
    assert.equal(created.state, null);
    assert.deepEqual(answers("CreateResource"), [[400, "TypeNotFoundException"]]);
  });

  test("RequestTokenNotFoundException and ClientTokenConflictException (400): final, not retried", async () => {
    const sim = h.sim(logGroup);
    h.emulator.control.addFault({
      kind: "error",
      operation: "GetResourceRequestStatus",
      errorName: "RequestTokenNotFoundException",
      message: "Request with token x was not found",
      status: 400,
      count: 1,
    });
    h.emulator.control.clearCalls();
    const lost = await createWith(sim, { LogGroupName: "lost-token" });
    assert.match(errorsOf(lost.diagnostics), /RequestTokenNotFoundException/);
    // Not retried by the SDK: the one failed poll is followed only by the runtime's settling of the
    // create it stopped following (settle-create.ts), which learns the request's end.
    const polls = answers("GetResourceRequestStatus");
    assert.deepEqual(polls[0], [400, "RequestTokenNotFoundException"]);
    assert.equal(polls.filter(([, code]) => code !== "ok").length, 1);

    h.emulator.control.addFault({
      kind: "error",
      operation: "CreateResource",
      errorName: "ClientTokenConflictException",
      status: 400,
      count: 1,
    });
    h.emulator.control.clearCalls();
    const conflict = await createWith(sim, { LogGroupName: "conflict" });
    assert.match(errorsOf(conflict.diagnostics), /ClientTokenConflictException/);
    assert.deepEqual(answers("CreateResource"), [[400, "ClientTokenConflictException"]]);
  });

  test("ThrottlingException with HTTP 400 is retried (by name) and the create goes through", async () => {
    h.emulator.control.addFault({
      kind: "error",
      operation: "CreateResource",
      errorName: "ThrottlingException",
      status: 400,
      count: 2,
    });
    const created = await createWith(h.sim(logGroup), { LogGroupName: "throttled-400" });
    assert.equal(errorsOf(created.diagnostics), "");
    assert.equal((created.state as TfRecord).id, "throttled-400");
    assert.deepEqual(answers("CreateResource"), [
      [400, "ThrottlingException"],
      [400, "ThrottlingException"],
      [200, "ok"],
    ]);
  });
});

test("the runtime's classifiers give the same answer for 400 and the modelled 404/409", () => {
  const answered = (name: string, status: number): Error =>
    Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
  for (const status of [400, 404]) {
    assert.equal(isNotFoundError(answered("ResourceNotFoundException", status)), true);
    assert.equal(isTransientError(answered("RequestTokenNotFoundException", status)), false);
    assert.equal(isNotFoundError(answered("TypeNotFoundException", status)), false);
  }
  for (const status of [400, 409])
    assert.equal(isTransientError(answered("ClientTokenConflictException", status)), false);
});
