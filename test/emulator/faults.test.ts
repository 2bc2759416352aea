// Fault injection (throttling, exceptions, FAILED with a chosen code, latency, requests that never
// finish) and drift, through the in-process control, the HTTP control API and the CLI flag parsers.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import {
  CancelResourceRequestCommand,
  CreateResourceCommand,
  GetResourceCommand,
  GetResourceRequestStatusCommand,
  ListResourcesCommand,
  UpdateResourceCommand,
} from "@aws-sdk/client-cloudcontrol";
import {
  errorFlag,
  failFlag,
  faultJsonFlag,
  hangFlag,
  latencyFlag,
  throttleFlag,
} from "../../emulator/cli-flags.js";
import {
  cloudControlClient,
  create,
  getProperties,
  type Harness,
  rejection,
  remove,
  startHarness,
  update,
  waitForRequest,
} from "./helpers.js";

const LOG_GROUP = "AWS::Logs::LogGroup";
const ROLE = "AWS::IAM::Role";

describe("fault injection", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());
  beforeEach(() => harness.emulator.control.reset());

  test("throttle the next N calls: the SDK retries with the same ClientToken and one object results", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({ kind: "throttle", operation: "CreateResource", count: 2 });
    const response = await client.send(
      new CreateResourceCommand({
        TypeName: LOG_GROUP,
        DesiredState: JSON.stringify({ LogGroupName: "retried" }),
      }),
    );
    assert.equal(response.$metadata.attempts, 3);
    const calls = emulator.control.calls({ operation: "CreateResource" });
    assert.deepEqual(
      calls.map((call) => [call.status, call.errorCode]),
      [
        [429, "ThrottlingException"],
        [429, "ThrottlingException"],
        [200, undefined],
      ],
    );
    assert.equal(
      new Set(calls.map((call) => call.input.ClientToken)).size,
      1,
      "one ClientToken across retries",
    );
    await waitForRequest(client, response.ProgressEvent?.RequestToken ?? "");
    assert.equal(emulator.control.listResources(LOG_GROUP).length, 1);
    assert.deepEqual(emulator.control.listFaults(), [], "a spent rule is dropped");
  });

  test("throttling beyond the SDK's attempts surfaces ThrottlingException; status 400 is retried too", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({ kind: "throttle", operation: "GetResource", count: 5 });
    const error = await rejection(
      client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "x" })),
    );
    assert.equal(error.name, "ThrottlingException");
    assert.equal(error.$metadata?.httpStatusCode, 429);
    assert.equal(error.$metadata?.attempts, 3);
    emulator.control.clearFaults();
    emulator.control.addFault({ kind: "throttle", operation: "ListResources", count: 1, status: 400 });
    const listed = await client.send(new ListResourcesCommand({ TypeName: LOG_GROUP }));
    assert.equal(listed.$metadata.attempts, 2, "retried on the error name, whatever the status");
  });

  test("throttle a fraction of calls, scoped to one type", async () => {
    const { emulator } = harness;
    const client = cloudControlClient(emulator.url, 1);
    try {
      emulator.control.addFault({ kind: "throttle", typeName: LOG_GROUP, rate: 0.5 });
      let throttled = 0;
      for (let i = 0; i < 30; i++) {
        try {
          await client.send(new ListResourcesCommand({ TypeName: LOG_GROUP }));
        } catch (error) {
          assert.equal((error as Error).name, "ThrottlingException");
          throttled++;
        }
      }
      assert.ok(throttled > 3 && throttled < 27, `about half throttled, got ${throttled}`);
      for (let i = 0; i < 10; i++) await client.send(new ListResourcesCommand({ TypeName: ROLE }));
    } finally {
      client.destroy();
    }
  });

  test("synchronous exceptions: 5xx ones are retried by the SDK, others are not", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({
      kind: "error",
      operation: "GetResource",
      errorName: "ServiceInternalErrorException",
      count: 1,
    });
    const retried = await rejection(
      client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "x" })),
    );
    assert.equal(retried.name, "ResourceNotFoundException", "second attempt reached the handler");
    assert.equal(retried.$metadata?.attempts, 2);
    emulator.control.addFault({
      kind: "error",
      operation: "GetResource",
      errorName: "AlreadyExistsException",
      message: "boom",
    });
    const direct = await rejection(
      client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "x" })),
    );
    assert.equal(direct.name, "AlreadyExistsException");
    assert.equal(direct.message, "boom");
    assert.equal(direct.$metadata?.attempts, 1);
  });

  test("fail with a HandlerErrorCode and an Identifier: the object exists but the create failed", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      typeName: LOG_GROUP,
      errorCode: "GeneralServiceException",
      withIdentifier: true,
    });
    const { final } = await create(client, LOG_GROUP, { LogGroupName: "half-made" });
    assert.equal(final.OperationStatus, "FAILED");
    assert.equal(final.ErrorCode, "GeneralServiceException");
    assert.equal(final.Identifier, "half-made");
    const stored = emulator.control.listResources();
    assert.deepEqual(
      stored.map((resource) => resource.identifier),
      ["half-made"],
      "the orphan is visible to tests",
    );
    assert.equal((await getProperties(client, LOG_GROUP, "half-made")).LogGroupName, "half-made");
  });

  test("fail with identifierOnly: the FAILED event names the object, nothing is stored", async () => {
    const { client, emulator } = harness;
    // Somebody else's object holds the name; the create fails AlreadyExists naming it.
    emulator.control.putResource(LOG_GROUP, "taken", { LogGroupName: "taken", RetentionInDays: 3 });
    emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "AlreadyExists",
      identifierOnly: true,
      count: 1,
    });
    const taken = await create(client, LOG_GROUP, { LogGroupName: "taken" });
    assert.deepEqual(
      [taken.final.OperationStatus, taken.final.ErrorCode, taken.final.Identifier],
      ["FAILED", "AlreadyExists", "taken"],
    );
    assert.deepEqual(emulator.control.getResource(LOG_GROUP, "taken")?.properties, {
      LogGroupName: "taken",
      RetentionInDays: 3,
    });
    // A generated identifier is named too, and no object is stored for it.
    emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "GeneralServiceException",
      identifierOnly: true,
      count: 1,
    });
    const { final } = await create(client, ROLE, { AssumeRolePolicyDocument: {} });
    assert.equal(final.ErrorCode, "GeneralServiceException");
    assert.match(final.Identifier ?? "", /^Role-/);
    assert.deepEqual(
      emulator.control.listResources().map((resource) => resource.identifier),
      ["taken"],
    );
    assert.throws(
      () =>
        emulator.control.addFault({
          kind: "fail",
          errorCode: "AlreadyExists",
          withIdentifier: true,
          identifierOnly: true,
        }),
      /exclude each other/,
    );
  });

  test("fail without an Identifier: nothing is stored", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "ServiceLimitExceeded",
      message: "limit",
    });
    const { final } = await create(client, ROLE, { AssumeRolePolicyDocument: {} });
    assert.equal(final.ErrorCode, "ServiceLimitExceeded");
    assert.equal(final.StatusMessage, "limit");
    assert.equal(final.Identifier, undefined);
    assert.equal(emulator.control.listResources().length, 0);
  });

  test("fail on update and delete leaves the object as it was", async () => {
    const { client, emulator } = harness;
    await create(client, LOG_GROUP, { LogGroupName: "sturdy", RetentionInDays: 1 });
    emulator.control.addFault({
      kind: "fail",
      operation: "UpdateResource",
      errorCode: "ResourceConflict",
      withIdentifier: true,
    });
    emulator.control.addFault({ kind: "fail", operation: "DeleteResource", errorCode: "Throttling" });
    const updated = await update(client, LOG_GROUP, "sturdy", [
      { op: "replace", path: "/RetentionInDays", value: 3 },
    ]);
    assert.deepEqual(
      [updated.OperationStatus, updated.ErrorCode, updated.Identifier],
      ["FAILED", "ResourceConflict", "sturdy"],
    );
    const deleted = await remove(client, LOG_GROUP, "sturdy");
    assert.deepEqual(
      [deleted.OperationStatus, deleted.ErrorCode, deleted.Identifier],
      ["FAILED", "Throttling", undefined],
    );
    assert.equal((await getProperties(client, LOG_GROUP, "sturdy")).RetentionInDays, 1);
  });

  test("fail with hook events: GetResourceRequestStatus shows them", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      errorCode: "GeneralServiceException",
      hookEvents: [
        {
          hookTypeName: "Private::Security::S3PublicAccessBlock",
          hookTypeVersionId: "00000001",
          hookStatus: "HOOK_FAILED",
          hookEventTime: "2025-10-18T11:10:45Z",
          hookStatusMessage: "Unable to assume role",
          invocationPoint: "PRE_PROVISION",
          failureMode: "FAIL",
        },
      ],
    });
    const accepted = await client.send(
      new CreateResourceCommand({
        TypeName: LOG_GROUP,
        DesiredState: JSON.stringify({ LogGroupName: "hooked" }),
      }),
    );
    const polled = await client.send(
      new GetResourceRequestStatusCommand({ RequestToken: accepted.ProgressEvent?.RequestToken }),
    );
    assert.equal(polled.ProgressEvent?.OperationStatus, "FAILED");
    const hook = polled.HooksProgressEvent?.[0];
    assert.equal(hook?.HookStatus, "HOOK_FAILED");
    assert.equal(hook?.HookTypeName, "Private::Security::S3PublicAccessBlock");
    assert.equal(hook?.HookEventTime?.toISOString(), "2025-10-18T11:10:45.000Z");
  });

  test("added latency delays the answer", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({ kind: "latency", operation: "ListResources", latencyMs: 150, count: 1 });
    const started = Date.now();
    await client.send(new ListResourcesCommand({ TypeName: LOG_GROUP }));
    assert.ok(Date.now() - started >= 140, `took ${Date.now() - started} ms`);
    const quick = Date.now();
    await client.send(new ListResourcesCommand({ TypeName: LOG_GROUP }));
    assert.ok(Date.now() - quick < 140);
  });

  test("a request that never finishes stays IN_PROGRESS until cancelled", async () => {
    const { client, emulator } = harness;
    emulator.control.addFault({ kind: "hang", operation: "CreateResource", typeName: LOG_GROUP });
    const accepted = await client.send(
      new CreateResourceCommand({
        TypeName: LOG_GROUP,
        DesiredState: JSON.stringify({ LogGroupName: "stuck" }),
      }),
    );
    const token = accepted.ProgressEvent?.RequestToken ?? "";
    await assert.rejects(waitForRequest(client, token, { maxPolls: 10 }), /did not finish/);
    const polled = await client.send(new GetResourceRequestStatusCommand({ RequestToken: token }));
    assert.equal(polled.ProgressEvent?.OperationStatus, "IN_PROGRESS");
    await client.send(new CancelResourceRequestCommand({ RequestToken: token }));
    assert.equal((await waitForRequest(client, token)).OperationStatus, "CANCEL_COMPLETE");
    assert.equal(emulator.control.listResources().length, 0);
  });

  test("drift: out-of-band changes and deletions", async () => {
    const { client, emulator } = harness;
    await create(client, LOG_GROUP, { LogGroupName: "drifty", RetentionInDays: 7 });
    emulator.control.driftUpdate(LOG_GROUP, "drifty", {
      patch: [{ op: "replace", path: "/RetentionInDays", value: 30 }],
    });
    assert.equal((await getProperties(client, LOG_GROUP, "drifty")).RetentionInDays, 30);
    emulator.control.driftUpdate(LOG_GROUP, "drifty", { properties: { LogGroupName: "drifty" } });
    assert.deepEqual(await getProperties(client, LOG_GROUP, "drifty"), { LogGroupName: "drifty" });

    emulator.control.setConfig({ completeAfterPolls: 2 });
    try {
      const pending = await client.send(
        new UpdateResourceCommand({
          TypeName: LOG_GROUP,
          Identifier: "drifty",
          PatchDocument: JSON.stringify([{ op: "add", path: "/RetentionInDays", value: 1 }]),
        }),
      );
      assert.equal(emulator.control.driftDelete(LOG_GROUP, "drifty"), true);
      const result = await waitForRequest(client, pending.ProgressEvent?.RequestToken ?? "");
      assert.deepEqual([result.OperationStatus, result.ErrorCode], ["FAILED", "NotFound"]);
    } finally {
      emulator.control.setConfig({ completeAfterPolls: 1 });
    }
    const gone = await rejection(
      client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "drifty" })),
    );
    assert.equal(gone.name, "ResourceNotFoundException");
    const deleted = await remove(client, LOG_GROUP, "drifty");
    assert.deepEqual([deleted.ErrorCode, deleted.Operation], ["NotFound", "DELETE"]);
  });

  test("faults given at start and rule validation", async () => {
    const local = await startHarness({
      faults: [{ kind: "throttle", operation: "ListResources", count: 1 }],
    });
    try {
      const listed = await local.client.send(new ListResourcesCommand({ TypeName: LOG_GROUP }));
      assert.equal(listed.$metadata.attempts, 2);
    } finally {
      await local.close();
    }
    const { control } = harness.emulator;
    for (const bad of [
      { kind: "explode" },
      { kind: "fail" },
      { kind: "fail", errorCode: "Nope" },
      { kind: "hang", operation: "GetResource" },
      { kind: "throttle", rate: 2 },
      { kind: "latency" },
      { kind: "throttle", operation: "Describe" },
    ]) {
      assert.throws(
        () => control.addFault(bad),
        (error: Error & { status?: number }) => error.status === 400,
        JSON.stringify(bad),
      );
    }
  });
});

describe("HTTP control API", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${harness.emulator.url}/_emulator${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  test("faults, resources, drift, config, calls and reset", async () => {
    const { client } = harness;
    assert.deepEqual((await call("GET", "/health")).json, { ok: true });
    const added = await call("POST", "/faults", { kind: "throttle", operation: "GetResource", count: 1 });
    const [rule] = added.json.faults as Array<{ id: string }>;
    assert.ok(rule?.id);
    assert.equal(((await call("GET", "/faults")).json.faults as unknown[]).length, 1);
    assert.equal((await call("DELETE", `/faults/${rule.id}`)).status, 200);
    assert.equal(
      (await call("POST", "/faults", [{ kind: "latency", latencyMs: 1 }, { kind: "hang" }])).status,
      200,
    );
    assert.equal((await call("DELETE", "/faults")).status, 200);
    assert.deepEqual((await call("GET", "/faults")).json.faults, []);
    assert.equal((await call("POST", "/faults", { kind: "nope" })).status, 400);

    await create(client, "AWS::ApiGateway::Stage", { RestApiId: "api", StageName: "v1" });
    const listed = (await call("GET", "/resources?typeName=AWS::ApiGateway::Stage")).json.resources as Array<{
      identifier: string;
    }>;
    assert.deepEqual(
      listed.map((r) => r.identifier),
      ["api|v1"],
    );
    const path = `/resources/${encodeURIComponent("AWS::ApiGateway::Stage")}/${encodeURIComponent("api|v1")}`;
    assert.equal((await call("GET", path)).json.identifier, "api|v1");
    const patched = await call("PATCH", path, {
      patch: [{ op: "add", path: "/Description", value: "drifted" }],
    });
    assert.equal((patched.json.properties as Record<string, unknown>).Description, "drifted");
    assert.equal((await getProperties(client, "AWS::ApiGateway::Stage", "api|v1")).Description, "drifted");
    assert.equal((await call("PATCH", path, { patch: [{ op: "remove", path: "/Nope" }] })).status, 400);
    assert.equal((await call("DELETE", path)).status, 200);
    assert.equal((await call("GET", path)).status, 404);
    const seeded = await call("PUT", `/resources/${encodeURIComponent(LOG_GROUP)}/preexisting`, {
      properties: { LogGroupName: "preexisting" },
    });
    assert.equal(seeded.status, 200);
    const clash = await create(client, LOG_GROUP, { LogGroupName: "preexisting" });
    assert.equal(clash.final.ErrorCode, "AlreadyExists");

    assert.equal((await call("PATCH", "/config", { completeAfterPolls: 2 })).json.completeAfterPolls, 2);
    assert.equal((await call("PATCH", "/config", { completeAfterPolls: -1 })).status, 400);
    await call("PATCH", "/config", { completeAfterPolls: 1 });
    const calls = (await call("GET", "/calls?operation=CreateResource")).json.calls as Array<{
      input: { DesiredState?: string };
    }>;
    assert.equal(calls.length, 2);
    assert.match(calls[1]?.input.DesiredState ?? "", /preexisting/);
    const requests = (await call("GET", "/requests")).json.requests as Array<{ requestToken: string }>;
    assert.equal(requests.length, 2);
    assert.equal((await call("GET", `/requests/${requests[0]?.requestToken}`)).status, 200);

    assert.equal((await call("POST", "/reset")).status, 200);
    assert.deepEqual((await call("GET", "/resources")).json.resources, []);
    assert.deepEqual((await call("GET", "/requests")).json.requests, []);
    assert.equal((await call("GET", "/nowhere")).status, 404);
    assert.equal((await call("POST", "/resources")).status, 405);
  });
});

describe("CLI fault flags", () => {
  test("scopes, counts and rates", () => {
    assert.deepEqual(throttleFlag("CreateResource@AWS::Logs::LogGroup=3"), {
      kind: "throttle",
      operation: "CreateResource",
      typeName: "AWS::Logs::LogGroup",
      count: 3,
    });
    assert.deepEqual(throttleFlag("*=25%"), { kind: "throttle", rate: 0.25 });
    assert.deepEqual(throttleFlag("@AWS::IAM::Role=0.5"), {
      kind: "throttle",
      typeName: "AWS::IAM::Role",
      rate: 0.5,
    });
    assert.deepEqual(latencyFlag("GetResource=200"), {
      kind: "latency",
      operation: "GetResource",
      latencyMs: 200,
    });
    assert.deepEqual(failFlag("CreateResource=GeneralServiceException+id"), {
      kind: "fail",
      operation: "CreateResource",
      errorCode: "GeneralServiceException",
      withIdentifier: true,
    });
    assert.deepEqual(failFlag("DeleteResource=NotStabilized"), {
      kind: "fail",
      operation: "DeleteResource",
      errorCode: "NotStabilized",
      withIdentifier: false,
    });
    assert.deepEqual(hangFlag("UpdateResource@AWS::IAM::Role"), {
      kind: "hang",
      operation: "UpdateResource",
      typeName: "AWS::IAM::Role",
    });
    assert.deepEqual(errorFlag("*=HandlerFailureException"), {
      kind: "error",
      errorName: "HandlerFailureException",
    });
    assert.deepEqual(faultJsonFlag('{"kind":"throttle","count":1}'), { kind: "throttle", count: 1 });
    assert.throws(() => throttleFlag("CreateResource"));
    assert.throws(() => failFlag("CreateResource=Explosion"));
    assert.throws(() => hangFlag("GetResource"));
    assert.throws(() => faultJsonFlag("{"));
  });
});
