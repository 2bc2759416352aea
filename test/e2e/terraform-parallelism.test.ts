// End to end with the real Terraform CLI: the provider keeps as many Cloud Control calls on the wire
// as Terraform's -parallelism lets it, so a refresh of many objects against a slow service overlaps
// its reads instead of queueing them one behind another (what the emulator saw is checked, not
// how long it took).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CallRecord } from "../../emulator/control/call-log.js";
import { skipWithoutTerraform, useWorkspace } from "./harness.js";

const skip = skipWithoutTerraform;
const PARALLELISM = 3;

const groups = Array.from(
  { length: 6 },
  (_, i) => `resource "awscc_logs_log_group" "g${i}" {\n  log_group_name = "parallel-${i}"\n}\n`,
).join("\n");

/** The most calls whose [receivedAt, at] spans were open at one moment. */
function mostAtOnce(calls: readonly CallRecord[]): number {
  const edges = calls.flatMap((c) => [
    { t: c.receivedAt!, d: 1 },
    { t: c.at, d: -1 },
  ]);
  // An answer at the same instant as an arrival closes first: touching spans do not overlap.
  edges.sort((a, b) => a.t - b.t || a.d - b.d);
  let open = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (open += edge.d));
  return most;
}

describe("terraform -parallelism and Cloud Control calls", { skip }, () => {
  const workspace = useWorkspace("parallelism");

  test(`a refresh with -parallelism=${PARALLELISM} has ${PARALLELISM} GetResource calls on the wire at once, never more`, async () => {
    const ws = workspace();
    ws.configure(groups);
    const applied = await ws.run("apply", "-auto-approve");
    assert.equal(applied.code, 0, applied.stderr);
    ws.emulator.control.clearCalls();
    ws.emulator.control.addFault({ kind: "latency", operation: "GetResource", latencyMs: 400 });
    const planned = await ws.run("plan", "-detailed-exitcode", `-parallelism=${PARALLELISM}`);
    assert.equal(planned.code, 0, planned.stderr + planned.stdout);
    const reads = ws.emulator.control.calls({ operation: "GetResource" });
    assert.equal(reads.length, 6);
    assert.equal(mostAtOnce(reads), PARALLELISM);
  });
});
