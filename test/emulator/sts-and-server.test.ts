// STS GetCallerIdentity through the real @aws-sdk/client-sts, request logging, options, and a
// clean stop (no handle left open).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import { startEmulator } from "../../emulator/emulator.js";
import { assertStartFails, CREDENTIALS, create, getProperties, startHarness } from "./helpers.js";

function stsClient(url: string): STSClient {
  return new STSClient({ endpoint: url, region: "us-east-1", credentials: CREDENTIALS });
}

describe("STS", () => {
  test("GetCallerIdentity answers the fixed account (default and configured)", async () => {
    for (const accountId of [undefined, "210987654321"]) {
      const emulator = await startEmulator({ port: 0, accountId });
      const sts = stsClient(emulator.url);
      try {
        const identity = await sts.send(new GetCallerIdentityCommand({}));
        const expected = accountId ?? "123456789012";
        assert.equal(identity.Account, expected);
        assert.equal(identity.Arn, `arn:aws:iam::${expected}:user/emulator`);
        assert.ok(identity.UserId);
        assert.ok(identity.$metadata.requestId);
      } finally {
        sts.destroy();
        await emulator.stop();
      }
    }
  });

  test("other actions or versions → a query-protocol error", async () => {
    const emulator = await startEmulator({ port: 0 });
    try {
      const response = await fetch(`${emulator.url}/`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "Action=AssumeRole&Version=2011-06-15",
      });
      assert.equal(response.status, 400);
      assert.match(await response.text(), /<Code>InvalidAction<\/Code>/);
      const wrongVersion = await fetch(`${emulator.url}/`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "Action=GetCallerIdentity&Version=2000-01-01",
      });
      assert.equal(wrongVersion.status, 400);
    } finally {
      await emulator.stop();
    }
  });
});

describe("server", () => {
  test("one log line per request; region and account go into ARNs", async () => {
    const lines: string[] = [];
    const harness = await startHarness({
      log: (line) => lines.push(line),
      region: "eu-central-1",
      accountId: "000000000042",
    });
    try {
      await create(harness.client, "AWS::Logs::LogGroup", { LogGroupName: "logged" });
      const model = await getProperties(harness.client, "AWS::Logs::LogGroup", "logged");
      assert.equal(model.Arn, "arn:aws:logs:eu-central-1:000000000042:log-group/logged");
      await fetch(`${harness.emulator.url}/_emulator/health`);
    } finally {
      await harness.close();
    }
    const requestLines = lines.filter((line) => / -> \d{3} \(\d+ ms\)$/.test(line));
    assert.deepEqual(
      requestLines.map((line) => line.replace(/^\S+ /, "").replace(/ \(\d+ ms\)$/, "")),
      [
        "CreateResource AWS::Logs::LogGroup -> 200",
        "GetResourceRequestStatus AWS::Logs::LogGroup -> 200",
        "GetResource AWS::Logs::LogGroup -> 200",
        "GET /_emulator/health -> 200",
      ],
    );
  });

  test("invalid options are refused", async () => {
    await assertStartFails({ accountId: "12" }, /12 digits/);
    await assertStartFails({ completeAfterPolls: -1 }, /non-negative/);
    await assertStartFails({ schemasDir: "/nonexistent/schemas" }, /does not exist/);
  });

  test("stop() closes every socket and handle, and can be called twice", async () => {
    const before = process.getActiveResourcesInfo().filter((name) => name.startsWith("TCP")).length;
    const harness = await startHarness();
    try {
      await create(harness.client, "AWS::Logs::LogGroup", { LogGroupName: "bye" });
      const notFound = await fetch(`${harness.emulator.url}/nothing`);
      assert.equal(notFound.status, 404);
    } finally {
      await harness.close();
    }
    await harness.emulator.stop();
    await assert.rejects(fetch(`${harness.emulator.url}/_emulator/health`));
    await new Promise((resolve) => setImmediate(resolve));
    const afterStop = process.getActiveResourcesInfo().filter((name) => name.startsWith("TCP")).length;
    assert.ok(afterStop <= before, `TCP handles: ${before} before, ${afterStop} after`);
  });
});
