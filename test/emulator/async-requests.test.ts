// Asynchronous requests: completion after polls or a delay, ClientToken idempotency, concurrent
// mutations, cancellation, ListResourceRequests filters, pagination and retention.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  CancelResourceRequestCommand,
  CreateResourceCommand,
  DeleteResourceCommand,
  GetResourceCommand,
  GetResourceRequestStatusCommand,
  ListResourceRequestsCommand,
  ListResourcesCommand,
  type ProgressEvent,
  UpdateResourceCommand,
} from "@aws-sdk/client-cloudcontrol";
import {
  cloudControlClient,
  create,
  type Harness,
  rejection,
  startHarness,
  waitForRequest,
} from "./helpers.js";

const LOG_GROUP = "AWS::Logs::LogGroup";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function status(harness: Harness, token: string): Promise<ProgressEvent> {
  const { ProgressEvent: event } = await harness.client.send(
    new GetResourceRequestStatusCommand({ RequestToken: token }),
  );
  assert.ok(event);
  return event;
}

async function accept(harness: Harness, name: string, clientToken?: string): Promise<ProgressEvent> {
  const { ProgressEvent: event } = await harness.client.send(
    new CreateResourceCommand({
      TypeName: LOG_GROUP,
      DesiredState: JSON.stringify({ LogGroupName: name }),
      ClientToken: clientToken,
    }),
  );
  assert.ok(event?.RequestToken);
  return event;
}

describe("request completion", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ completeAfterPolls: 3 });
  });
  after(() => harness.close());

  test("completes on the configured poll: accepted IN_PROGRESS, IN_PROGRESS, IN_PROGRESS, SUCCESS", async () => {
    const accepted = await accept(harness, "slow");
    assert.equal(accepted.OperationStatus, "IN_PROGRESS", "the service answers a create as running");
    assert.equal(accepted.Identifier, "slow");
    const seen = [];
    for (let i = 0; i < 3; i++)
      seen.push((await status(harness, accepted.RequestToken ?? "")).OperationStatus);
    assert.deepEqual(seen, ["IN_PROGRESS", "IN_PROGRESS", "SUCCESS"]);
  });

  test("nothing exists before the request completes", async () => {
    const accepted = await accept(harness, "not-yet");
    const early = await rejection(
      harness.client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "not-yet" })),
    );
    assert.equal(early.name, "ResourceNotFoundException");
    await waitForRequest(harness.client, accepted.RequestToken ?? "");
    const late = await harness.client.send(
      new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "not-yet" }),
    );
    assert.equal(late.ResourceDescription?.Identifier, "not-yet");
  });

  test("a delay-based completion finishes on any call once the time has passed", async () => {
    harness.emulator.control.setConfig({ completeAfterPolls: 0, completeAfterMs: 60 });
    try {
      const accepted = await accept(harness, "timed");
      assert.equal((await status(harness, accepted.RequestToken ?? "")).OperationStatus, "IN_PROGRESS");
      await sleep(80);
      const got = await harness.client.send(
        new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "timed" }),
      );
      assert.equal(got.ResourceDescription?.Identifier, "timed", "completed without a status poll");
      assert.equal((await status(harness, accepted.RequestToken ?? "")).OperationStatus, "SUCCESS");
    } finally {
      harness.emulator.control.setConfig({ completeAfterPolls: 3, completeAfterMs: 0 });
    }
  });

  test("completeAfterPolls 0 and no delay: done as soon as accepted", async () => {
    harness.emulator.control.setConfig({ completeAfterPolls: 0 });
    try {
      const accepted = await accept(harness, "instant");
      assert.equal(accepted.OperationStatus, "IN_PROGRESS");
      const got = await harness.client.send(
        new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "instant" }),
      );
      assert.equal(got.ResourceDescription?.Identifier, "instant");
    } finally {
      harness.emulator.control.setConfig({ completeAfterPolls: 3 });
    }
  });
});

describe("idempotency and concurrency", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ completeAfterPolls: 2 });
  });
  after(() => harness.close());

  test("same ClientToken and input → the same request, one object", async () => {
    const first = await accept(harness, "once", "token-1");
    const replay = await accept(harness, "once", "token-1");
    assert.equal(replay.RequestToken, first.RequestToken);
    const done = await waitForRequest(harness.client, first.RequestToken ?? "");
    assert.equal(done.OperationStatus, "SUCCESS");
    const late = await accept(harness, "once", "token-1");
    assert.equal(late.RequestToken, first.RequestToken);
    assert.equal(late.OperationStatus, "SUCCESS", "a replay shows the current status");
    assert.equal(
      harness.emulator.control.listResources(LOG_GROUP).filter((r) => r.identifier === "once").length,
      1,
    );
    const creates = harness.emulator.control.listRequests().filter((r) => r.identifier === "once");
    assert.equal(creates.length, 1);
  });

  test("same ClientToken with other input → ClientTokenConflictException (400, as the service answers it)", async () => {
    const original = await accept(harness, "conflict-a", "token-2");
    const other = await rejection(accept(harness, "conflict-b", "token-2"));
    assert.equal(other.name, "ClientTokenConflictException");
    assert.equal(other.$metadata?.httpStatusCode, 400);
    assert.equal(
      other.message,
      `ClientToken token-2 is already associated with an existing operation with RequestToken ${original.RequestToken}`,
    );
    const otherOperation = await rejection(
      harness.client.send(
        new DeleteResourceCommand({ TypeName: LOG_GROUP, Identifier: "conflict-a", ClientToken: "token-2" }),
      ),
    );
    assert.equal(otherOperation.name, "ClientTokenConflictException");
  });

  test("a mutation on an identifier with a request in flight → ConcurrentOperationException (409)", async () => {
    const { client } = harness;
    const creating = await accept(harness, "busy");
    const again = await rejection(accept(harness, "busy"));
    assert.equal(again.name, "ConcurrentOperationException");
    assert.equal(again.$metadata?.httpStatusCode, 409);
    await waitForRequest(client, creating.RequestToken ?? "");
    const patch = JSON.stringify([{ op: "add", path: "/RetentionInDays", value: 1 }]);
    const updating = await client.send(
      new UpdateResourceCommand({ TypeName: LOG_GROUP, Identifier: "busy", PatchDocument: patch }),
    );
    for (const call of [
      client.send(new DeleteResourceCommand({ TypeName: LOG_GROUP, Identifier: "busy" })),
      client.send(
        new UpdateResourceCommand({ TypeName: LOG_GROUP, Identifier: "busy", PatchDocument: patch }),
      ),
    ]) {
      assert.equal((await rejection(call)).name, "ConcurrentOperationException");
    }
    await waitForRequest(client, updating.ProgressEvent?.RequestToken ?? "");
    const deleting = await client.send(
      new DeleteResourceCommand({ TypeName: LOG_GROUP, Identifier: "busy" }),
    );
    assert.equal(
      (await waitForRequest(client, deleting.ProgressEvent?.RequestToken ?? "")).OperationStatus,
      "SUCCESS",
    );
  });
});

describe("cancellation", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ completeAfterPolls: 2 });
  });
  after(() => harness.close());

  test("PENDING/IN_PROGRESS → CANCEL_IN_PROGRESS → CANCEL_COMPLETE, nothing created", async () => {
    const { client, emulator } = harness;
    const accepted = await accept(harness, "cancelled");
    const cancel = await client.send(
      new CancelResourceRequestCommand({ RequestToken: accepted.RequestToken }),
    );
    assert.equal(cancel.ProgressEvent?.OperationStatus, "CANCEL_IN_PROGRESS");
    const seen = [(await status(harness, accepted.RequestToken ?? "")).OperationStatus];
    seen.push((await status(harness, accepted.RequestToken ?? "")).OperationStatus);
    assert.deepEqual(seen, ["CANCEL_IN_PROGRESS", "CANCEL_COMPLETE"]);
    assert.equal(emulator.control.getResource(LOG_GROUP, "cancelled"), undefined);
    const again = await client.send(
      new CancelResourceRequestCommand({ RequestToken: accepted.RequestToken }),
    );
    assert.equal(again.ProgressEvent?.OperationStatus, "CANCEL_COMPLETE", "cancelling is idempotent");
    const retry = await accept(harness, "cancelled");
    assert.equal((await waitForRequest(client, retry.RequestToken ?? "")).OperationStatus, "SUCCESS");
  });

  test("a finished request cannot be cancelled → ValidationException (400), not retried", async () => {
    const client = cloudControlClient(harness.emulator.url, 1);
    try {
      const accepted = await accept(harness, "finished");
      await waitForRequest(harness.client, accepted.RequestToken ?? "");
      const error = await rejection(
        client.send(new CancelResourceRequestCommand({ RequestToken: accepted.RequestToken })),
      );
      assert.equal(error.name, "ValidationException");
      assert.equal(error.$metadata?.httpStatusCode, 400);
      assert.equal(error.message, `Request ${accepted.RequestToken} is already in status SUCCESS`);
    } finally {
      client.destroy();
    }
  });
});

describe("listings", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());

  test("ListResources pages with MaxResults and NextToken", async () => {
    const { client } = harness;
    for (let i = 0; i < 5; i++) await create(client, LOG_GROUP, { LogGroupName: `page-${i}` });
    const seen: string[] = [];
    let nextToken: string | undefined;
    let pages = 0;
    do {
      const page = await client.send(
        new ListResourcesCommand({ TypeName: LOG_GROUP, MaxResults: 2, NextToken: nextToken }),
      );
      assert.ok((page.ResourceDescriptions ?? []).length <= 2);
      seen.push(...(page.ResourceDescriptions ?? []).map((d) => d.Identifier ?? ""));
      nextToken = page.NextToken;
      pages++;
    } while (nextToken);
    assert.equal(pages, 3);
    assert.deepEqual(seen, ["page-0", "page-1", "page-2", "page-3", "page-4"]);
    const empty = await client.send(new ListResourcesCommand({ TypeName: "AWS::IAM::Role" }));
    assert.deepEqual(empty.ResourceDescriptions, []);
    assert.equal(empty.NextToken, undefined);
  });

  test("ListResourceRequests filters by operation and status, newest first, with pages", async () => {
    const { client } = harness;
    await create(client, LOG_GROUP, { LogGroupName: "req-a" });
    await create(client, LOG_GROUP, { LogGroupName: "req-a" }); // FAILED AlreadyExists
    const del = await client.send(new DeleteResourceCommand({ TypeName: LOG_GROUP, Identifier: "req-a" }));
    const deletes = await client.send(
      new ListResourceRequestsCommand({ ResourceRequestStatusFilter: { Operations: ["DELETE"] } }),
    );
    assert.deepEqual(
      deletes.ResourceRequestStatusSummaries?.map((event) => event.RequestToken),
      [del.ProgressEvent?.RequestToken],
    );
    assert.equal(deletes.ResourceRequestStatusSummaries?.[0]?.OperationStatus, "PENDING");
    const retryAfter = deletes.ResourceRequestStatusSummaries?.[0]?.RetryAfter;
    assert.ok(retryAfter instanceof Date, "a listed request in flight says when to ask again");
    const failed = await client.send(
      new ListResourceRequestsCommand({ ResourceRequestStatusFilter: { OperationStatuses: ["FAILED"] } }),
    );
    assert.equal(failed.ResourceRequestStatusSummaries?.length, 1);
    assert.equal(failed.ResourceRequestStatusSummaries?.[0]?.ErrorCode, "AlreadyExists");
    const both = await client.send(
      new ListResourceRequestsCommand({
        ResourceRequestStatusFilter: { Operations: ["CREATE"], OperationStatuses: ["SUCCESS", "FAILED"] },
      }),
    );
    assert.equal(both.ResourceRequestStatusSummaries?.length, 7); // 5 pages + req-a + its duplicate
    const all: string[] = [];
    let nextToken: string | undefined;
    do {
      const page = await client.send(
        new ListResourceRequestsCommand({ MaxResults: 3, NextToken: nextToken }),
      );
      all.push(...(page.ResourceRequestStatusSummaries ?? []).map((event) => event.RequestToken ?? ""));
      nextToken = page.NextToken;
    } while (nextToken);
    assert.equal(all.length, 8);
    assert.equal(all[0], del.ProgressEvent?.RequestToken, "newest first");
    const defaultPage = await client.send(new ListResourceRequestsCommand({}));
    assert.equal(defaultPage.ResourceRequestStatusSummaries?.length, 8);
  });
});

describe("retention", () => {
  test("requests are kept 7 days and client tokens 36 hours", async () => {
    let now = Date.parse("2025-01-01T00:00:00Z");
    const harness = await startHarness({ clock: () => now });
    try {
      const first = await accept(harness, "kept", "token-r");
      await waitForRequest(harness.client, first.RequestToken ?? "");
      now += 35 * 3600 * 1000;
      assert.equal((await accept(harness, "kept", "token-r")).RequestToken, first.RequestToken);
      now += 2 * 3600 * 1000; // 37 h: the token is forgotten, the same input is a new request
      const fresh = await accept(harness, "kept", "token-r");
      assert.notEqual(fresh.RequestToken, first.RequestToken);
      assert.equal(
        (await waitForRequest(harness.client, fresh.RequestToken ?? "")).ErrorCode,
        "AlreadyExists",
      );
      now += 8 * 24 * 3600 * 1000;
      const gone = await rejection(
        harness.client.send(new GetResourceRequestStatusCommand({ RequestToken: first.RequestToken })),
      );
      assert.equal(gone.name, "RequestTokenNotFoundException");
      assert.equal(
        harness.emulator.control.getResource(LOG_GROUP, "kept")?.identifier,
        "kept",
        "objects stay",
      );
    } finally {
      await harness.close();
    }
  });
});
