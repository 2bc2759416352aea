// End to end with the real Terraform CLI: Ctrl-C (SIGINT) while ten CreateResource calls are still
// on the wire. Every object the emulator ends up holding must be in `terraform state list`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { assertNoContractViolation, skipWithoutTerraform, useWorkspace } from "./harness.js";

const skip = skipWithoutTerraform;

const vpcs = Array.from(
  { length: 10 },
  (_, i) => `resource "awscc_ec2_vpc" "v${i}" {\n  cidr_block = "10.${i}.0.0/16"\n}\n`,
).join("\n");

describe("terraform interrupted during create", { skip }, () => {
  const workspace = useWorkspace("interrupt");

  test("SIGINT during slow CreateResource calls: no object is left out of state", async () => {
    const ws = workspace();
    ws.configure(vpcs);
    // Only the ten first calls are slow; the provider's settling repeats answer at once.
    ws.emulator.control.addFault({
      kind: "latency",
      operation: "CreateResource",
      latencyMs: 3_000,
      count: 10,
    });
    const { child, result } = ws.start("apply", "-auto-approve");
    let creating = 0;
    child.stdout?.on("data", (c: Buffer) => (creating += c.toString().split(": Creating...").length - 1));
    while (creating < 10) await delay(50);
    await delay(1_000);
    assert.equal(
      ws.emulator.control.calls({ operation: "CreateResource" }).length,
      0,
      "calls still on the wire",
    );
    child.kill("SIGINT");
    const r = await result;
    assertNoContractViolation(r);
    assert.notEqual(r.code, 0, "an interrupted apply reports failure");
    // The cut-off calls land after their latency; their ClientToken ties them to the same requests.
    // Bounded, so a provider that never repeats them fails here instead of hanging.
    const landing = Date.now() + 15_000;
    while (ws.emulator.control.calls({ operation: "CreateResource" }).length < 20 && Date.now() < landing)
      await delay(50);
    const remote = ws.emulator.control.listResources("AWS::EC2::VPC").map((o) => o.identifier);
    const list = await ws.run("state", "list");
    const addresses = list.stdout.split("\n").filter((line) => line.startsWith("awscc_ec2_vpc."));
    const state = await ws.state();
    const tracked = Object.values(state).map((s) => s.values.id);
    const orphans = remote.filter((id) => !tracked.includes(id));
    assert.deepEqual(orphans, [], `objects not in state:\n${r.stdout}\n${r.stderr}`);
    assert.equal(addresses.length, remote.length);
    // The emulator completes a request on its first status poll, so settling finds all ten made:
    // each is recorded, tainted (its create reported an error), for the next apply to replace.
    assert.equal(remote.length, 10);
    assert.ok(Object.values(state).every((s) => s.tainted));
    assert.equal(ws.emulator.control.listRequests().length, 10);
  });
});
