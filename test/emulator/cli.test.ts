// The CLI (`npm run emulator`): flags for completion, faults and start-up drift, the request log,
// and a clean exit on SIGTERM.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { GetResourceCommand, ListResourcesCommand } from "@aws-sdk/client-cloudcontrol";
import { driftDeleteFlag, driftPatchFlag } from "../../emulator/cli-flags.js";
import { StateFile } from "../../emulator/store/state-file.js";
import { cloudControlClient, create, rejection, startCli } from "./helpers.js";

const LOG_GROUP = "AWS::Logs::LogGroup";

describe("CLI", () => {
  test("drift flags name a type and an identifier", () => {
    assert.deepEqual(driftDeleteFlag("AWS::ApiGateway::Stage@api|prod"), {
      typeName: "AWS::ApiGateway::Stage",
      identifier: "api|prod",
    });
    assert.deepEqual(driftPatchFlag('AWS::Logs::LogGroup@g=[{"op":"remove","path":"/A"}]'), {
      typeName: "AWS::Logs::LogGroup",
      identifier: "g",
      patch: '[{"op":"remove","path":"/A"}]',
    });
    assert.throws(() => driftDeleteFlag("no-identifier"));
    assert.throws(() => driftPatchFlag("AWS::Logs::LogGroup@g"));
  });

  test("fault and drift flags take effect; SIGTERM stops it cleanly", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-cli-"));
    const stateFile = path.join(dir, "state.json");
    const now = Date.now();
    const stored = (name: string) => ({
      typeName: LOG_GROUP,
      identifier: name,
      properties: { LogGroupName: name, RetentionInDays: 7 },
      createdAt: now,
      updatedAt: now,
    });
    new StateFile(stateFile).save({
      version: 1,
      resources: [stored("kept"), stored("gone"), stored("changed")],
      requests: [],
      clientTokens: {},
    });
    const cli = await startCli([
      "--port",
      "0",
      "--state-file",
      stateFile,
      "--throttle",
      "ListResources=1",
      "--fail",
      `CreateResource@${LOG_GROUP}=ServiceLimitExceeded`,
      "--drift-delete",
      `${LOG_GROUP}@gone`,
      "--drift-patch",
      `${LOG_GROUP}@changed=[{"op":"replace","path":"/RetentionInDays","value":30}]`,
    ]);
    const client = cloudControlClient(cli.url);
    try {
      const listed = await client.send(new ListResourcesCommand({ TypeName: LOG_GROUP }));
      assert.equal(listed.$metadata.attempts, 2, "the first call was throttled");
      assert.deepEqual(
        listed.ResourceDescriptions?.map((d) => d.Identifier),
        ["changed", "kept"],
      );
      const changed = await client.send(
        new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "changed" }),
      );
      assert.equal(JSON.parse(changed.ResourceDescription?.Properties ?? "{}").RetentionInDays, 30);
      const gone = await rejection(
        client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "gone" })),
      );
      assert.equal(gone.name, "ResourceNotFoundException");
      const { final } = await create(client, LOG_GROUP, { LogGroupName: "new" });
      assert.equal(final.ErrorCode, "ServiceLimitExceeded");
    } finally {
      client.destroy();
      cli.child.kill("SIGTERM");
    }
    assert.equal(await cli.exited, 0);
    assert.match(cli.stderr(), /ListResources AWS::Logs::LogGroup -> 429/);
    assert.deepEqual(
      new StateFile(stateFile)
        .load()
        ?.resources.map((resource) => resource.identifier)
        .sort(),
      ["changed", "kept"],
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("bad flags are refused", async () => {
    await assert.rejects(startCli(["--port", "0", "--throttle", "Explode=1"]), /exited with 1/);
  });
});
