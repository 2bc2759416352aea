// The bench's /proc sampler (bench/provider-usage.ts) tells Terraform's processes from the provider's
// by their executables. Terraform starts a provider by fork and exec, and between the two the child
// shows Terraform's executable: such a pid must end up counted as the provider's.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { measureCommandUsage } from "../../bench/provider-usage.js";

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
