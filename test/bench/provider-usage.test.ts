// The bench's /proc sampler (bench/provider-usage.ts) tells Terraform's processes from the provider's
// by their executables. Terraform starts a provider by fork and exec, and between the two the child
// shows Terraform's executable: such a pid must end up counted as the provider's.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { matchingPids, measureCommandUsage, SETTLED_CHECKS } from "../../bench/provider-usage.js";

test("a pid first seen running the Terraform executable that then execs the provider counts as a provider process", async () => {
  // A shell stands in for Terraform and sleep for the provider: the shell busies itself with builtins
  // (no child process) while the sampler sees it, then replaces itself with sleep under the same pid.
  // The sampler tells processes by executable, machine-wide: copies of their own keep other shells
  // and sleeps on the machine (other tests) out of the count.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "usage-"));
  const terraform = path.join(dir, "fake-terraform");
  const provider = path.join(dir, "fake-provider");
  fs.copyFileSync("/bin/sh", terraform);
  fs.copyFileSync(fs.realpathSync("/bin/sleep"), provider);
  fs.chmodSync(terraform, 0o755);
  fs.chmodSync(provider, 0o755);
  let pid = 0;
  const { usage } = await measureCommandUsage(
    { terraform, provider },
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(terraform, [
          "-c",
          `i=0; while [ $i -lt 600000 ]; do i=$((i+1)); done; exec ${provider} 0.3`,
        ]);
        pid = child.pid ?? 0;
        child.on("error", reject);
        child.on("exit", () => resolve());
      }),
    { intervalMs: 5 },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  assert.ok(pid > 0);
  assert.equal(usage.provider.processes, 1, "the exec'd pid is a provider process");
  assert.equal(usage.spans.length, 1);
  assert.equal(usage.terraformCpuSeconds, 0, "nothing is left charged to Terraform");
  assert.ok(
    usage.spans[0]!.lastSeen - usage.spans[0]!.firstSeen >= 0.6,
    "the span starts before the exec: the shell was sampled",
  );
});

test("a pid whose executable cannot be read is not read again once it has failed as often as another executable would", async () => {
  // A zombie (an exited child its parent does not reap) has no executable to read. The child exits
  // a second after the shell has become `sleep`, which never reaps: a child exiting at once was
  // sometimes reaped by the shell itself before its exec (5–17 % of 100 tries with the cores busy),
  // its pid then gone from /proc. The parent lives until the test kills it.
  const parent = spawn("/bin/sh", ["-c", "sleep 1 & echo $!; exec sleep 120"]);
  const zombie = await new Promise<string>((resolve) =>
    parent.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
  );
  try {
    const readable = (): boolean => {
      try {
        fs.readlinkSync(`/proc/${zombie}/exe`);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; readable() && waited < 5000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    assert.ok(!readable(), "the child has exited and not been reaped");
    const checked = new Map<string, number | "terraform" | "provider">();
    const executables = { terraform: "/nonexistent/terraform", provider: "/nonexistent/provider" };
    for (let i = 0; i < SETTLED_CHECKS; i++) matchingPids(executables, checked);
    assert.equal(checked.get(zombie), SETTLED_CHECKS);
    matchingPids(executables, checked);
    assert.equal(checked.get(zombie), SETTLED_CHECKS, "not read a fourth time");
  } finally {
    parent.kill();
  }
});
