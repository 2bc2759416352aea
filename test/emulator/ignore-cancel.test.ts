// The ignore-cancel fault: a cancelled request that completes anyway, as the real service may.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import {
  CancelResourceRequestCommand,
  CreateResourceCommand,
  GetResourceRequestStatusCommand,
} from "@aws-sdk/client-cloudcontrol";
import { ignoreCancelFlag } from "../../emulator/cli-flags.js";
import { type Harness, startHarness, waitForRequest } from "./helpers.js";

const LOG_GROUP = "AWS::Logs::LogGroup";

describe("ignore-cancel fault", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());
  beforeEach(() => harness.emulator.control.reset());

  async function cancelledCreate(name: string): Promise<string> {
    const { client } = harness;
    const accepted = await client.send(
      new CreateResourceCommand({
        TypeName: LOG_GROUP,
        DesiredState: JSON.stringify({ LogGroupName: name }),
      }),
    );
    const token = accepted.ProgressEvent?.RequestToken ?? "";
    const cancel = await client.send(new CancelResourceRequestCommand({ RequestToken: token }));
    assert.equal(cancel.ProgressEvent?.OperationStatus, "CANCEL_IN_PROGRESS");
    return token;
  }

  test("a cancelled create under the fault ends SUCCESS and its object exists", async () => {
    const { client, emulator } = harness;
    emulator.control.setConfig({ completeAfterPolls: 2 });
    emulator.control.addFault(ignoreCancelFlag("CreateResource"));
    const token = await cancelledCreate("kept-anyway");
    const done = await waitForRequest(client, token);
    assert.equal(done.OperationStatus, "SUCCESS");
    assert.equal(done.Identifier, "kept-anyway");
    assert.deepEqual(
      emulator.control.listResources().map((r) => r.identifier),
      ["kept-anyway"],
    );
  });

  test("without the fault the same cancel ends CANCEL_COMPLETE with nothing made", async () => {
    const { client, emulator } = harness;
    emulator.control.setConfig({ completeAfterPolls: 2 });
    const token = await cancelledCreate("cancelled");
    assert.equal((await waitForRequest(client, token)).OperationStatus, "CANCEL_COMPLETE");
    const polled = await client.send(new GetResourceRequestStatusCommand({ RequestToken: token }));
    assert.equal(polled.ProgressEvent?.OperationStatus, "CANCEL_COMPLETE");
    assert.equal(emulator.control.listResources().length, 0);
  });

  test("the flag takes a scope and only request-making operations", () => {
    assert.deepEqual(ignoreCancelFlag("CreateResource@AWS::Logs::LogGroup"), {
      kind: "ignore-cancel",
      operation: "CreateResource",
      typeName: LOG_GROUP,
    });
    assert.throws(
      () => ignoreCancelFlag("GetResource"),
      /applies to CreateResource, UpdateResource or DeleteResource/,
    );
  });
});
