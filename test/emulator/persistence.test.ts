// --state-file: the state survives restarts (in-flight requests and client tokens included), an
// unfinished write (torn temporary file) is ignored, and a SIGKILL at any moment never corrupts it.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { CreateResourceCommand, GetResourceRequestStatusCommand } from "@aws-sdk/client-cloudcontrol";
import { startEmulator } from "../../emulator/emulator.js";
import { StateFile } from "../../emulator/store/state-file.js";
import {
  assertStartFails,
  cloudControlClient,
  create,
  getProperties,
  startCli,
  startHarness,
  waitForRequest,
} from "./helpers.js";

const LOG_GROUP = "AWS::Logs::LogGroup";

describe("state file", () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-state-"));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("objects, write-only values, in-flight requests and client tokens survive a restart", async () => {
    const stateFile = path.join(dir, "restart.json");
    const first = await startHarness({ stateFile, completeAfterPolls: 2 });
    let pendingToken: string;
    try {
      const db = await create(first.client, "AWS::RDS::DBInstance", {
        DBInstanceIdentifier: "keep-db",
        Engine: "postgres",
        MasterUserPassword: "hunter2-hunter2",
      });
      assert.equal(db.final.OperationStatus, "SUCCESS");
      const pending = await first.client.send(
        new CreateResourceCommand({
          TypeName: LOG_GROUP,
          DesiredState: '{"LogGroupName":"in-flight"}',
          ClientToken: "persisted-token",
        }),
      );
      pendingToken = pending.ProgressEvent?.RequestToken ?? "";
    } finally {
      await first.close();
    }
    assert.ok(fs.existsSync(stateFile));

    const second = await startHarness({ stateFile, completeAfterPolls: 2 });
    try {
      const db = await getProperties(second.client, "AWS::RDS::DBInstance", "keep-db");
      assert.equal(db.DBInstanceIdentifier, "keep-db");
      assert.equal("MasterUserPassword" in db, false);
      assert.equal(
        second.emulator.control.getResource("AWS::RDS::DBInstance", "keep-db")?.properties.MasterUserPassword,
        "hunter2-hunter2",
      );
      const replay = await second.client.send(
        new CreateResourceCommand({
          TypeName: LOG_GROUP,
          DesiredState: '{"LogGroupName":"in-flight"}',
          ClientToken: "persisted-token",
        }),
      );
      assert.equal(replay.ProgressEvent?.RequestToken, pendingToken, "the client token was remembered");
      const done = await waitForRequest(second.client, pendingToken);
      assert.equal(done.OperationStatus, "SUCCESS");
      assert.equal(done.Identifier, "in-flight");
    } finally {
      await second.close();
    }
  });

  test("a torn temporary file from a killed write is ignored and removed", async () => {
    const stateFile = path.join(dir, "torn.json");
    const first = await startHarness({ stateFile });
    try {
      await create(first.client, LOG_GROUP, { LogGroupName: "survivor" });
    } finally {
      await first.close();
    }
    const good = fs.readFileSync(stateFile, "utf8");
    // What a kill between write and rename leaves: a half-written temporary next to the good file.
    const torn = path.join(dir, "torn.json.tmp-424242-7");
    fs.writeFileSync(torn, good.slice(0, Math.floor(good.length / 2)));
    const lines: string[] = [];
    const second = await startHarness({ stateFile, log: (line) => lines.push(line) });
    try {
      assert.equal((await getProperties(second.client, LOG_GROUP, "survivor")).LogGroupName, "survivor");
      assert.equal(fs.existsSync(torn), false);
      assert.ok(lines.some((line) => line.includes("unfinished state write")));
    } finally {
      await second.close();
    }
  });

  test("a file that is not an emulator state is refused, not overwritten", async () => {
    const stateFile = path.join(dir, "garbage.json");
    fs.writeFileSync(stateFile, '{"resources": [');
    await assertStartFails({ stateFile }, /not valid JSON/);
    fs.writeFileSync(stateFile, '{"something": "else"}');
    await assertStartFails({ stateFile }, /not an emulator state/);
    assert.equal(fs.readFileSync(stateFile, "utf8"), '{"something": "else"}');
  });

  test("every save replaces the file atomically (no temporary left behind)", async () => {
    const stateFile = path.join(dir, "atomic.json");
    const file = new StateFile(stateFile);
    file.save({ version: 1, resources: [], requests: [], clientTokens: {} });
    const inode = fs.statSync(stateFile).ino;
    file.save({
      version: 1,
      resources: [],
      requests: [],
      clientTokens: { t: { requestToken: "r", createdAt: 1 } },
    });
    assert.notEqual(fs.statSync(stateFile).ino, inode, "a new file was renamed into place");
    assert.deepEqual(file.load()?.clientTokens, { t: { requestToken: "r", createdAt: 1 } });
    assert.deepEqual(
      fs.readdirSync(dir).filter((name) => name.startsWith("atomic.json.tmp-")),
      [],
    );
  });
});

describe("the CLI under SIGKILL", () => {
  test("killed while writing: the state file stays a complete state holding every acknowledged request", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-kill-"));
    const stateFile = path.join(dir, "state.json");
    try {
      const cli = await startCli(["--port", "0", "--state-file", stateFile, "--complete-after-polls", "0"]);
      // Whatever happens below, the child must not outlive the test.
      const killed = cli.exited;
      const ensureDead = () => cli.child.kill("SIGKILL");
      const client = cloudControlClient(cli.url, 1);
      const acknowledged: string[] = [];
      let stop = false;
      // Four writers keep the server saving until the kill lands in the middle of it all.
      const writers = [0, 1, 2, 3].map(async (writer) => {
        for (let i = 0; !stop && i < 500; i++) {
          try {
            const response = await client.send(
              new CreateResourceCommand({
                TypeName: LOG_GROUP,
                DesiredState: JSON.stringify({ LogGroupName: `w${writer}-${i}` }),
              }),
            );
            acknowledged.push(response.ProgressEvent?.RequestToken ?? "");
            if (acknowledged.length === 40) {
              cli.child.kill("SIGKILL");
            }
          } catch {
            stop = true; // the server is gone
          }
        }
      });
      await Promise.all(writers).finally(ensureDead);
      await killed;
      client.destroy();
      assert.ok(acknowledged.length >= 40);
      assert.match(cli.stderr(), /CreateResource AWS::Logs::LogGroup -> 200/, "one log line per request");

      const saved = new StateFile(stateFile).load();
      assert.ok(saved, "the state file exists and parses");
      const tokens = new Set(saved.requests.map((request) => request.requestToken));
      for (const token of acknowledged)
        assert.ok(tokens.has(token), `acknowledged request ${token} was persisted`);

      const restarted = await startEmulator({ stateFile });
      const after = cloudControlClient(restarted.url);
      try {
        const { ProgressEvent: event } = await after.send(
          new GetResourceRequestStatusCommand({ RequestToken: acknowledged[0] }),
        );
        assert.equal(event?.OperationStatus, "SUCCESS");
        assert.ok(restarted.control.listResources(LOG_GROUP).length >= 40);
      } finally {
        after.destroy();
        await restarted.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
