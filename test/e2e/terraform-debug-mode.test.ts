// End to end with the real Terraform CLI: the binary started by hand with -debug prints a
// TF_REATTACH_PROVIDERS value, Terraform attaches to that process for several commands (it could
// not start the provider itself: its dev_overrides folder does not exist), leaves it running, and
// Ctrl-C stops it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import {
  type DebugProvider,
  providerBinary,
  skipWithoutTerraform,
  startDebugProvider,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;

describe("terraform-provider-awscc -debug and TF_REATTACH_PROVIDERS", { skip }, () => {
  const workspace = useWorkspace("debug-mode");
  let provider: DebugProvider | undefined;
  after(() => {
    provider?.child.kill("SIGKILL");
  });

  test("Terraform attaches to the running process for every command and leaves it running", async () => {
    const ws = workspace();
    provider = await startDebugProvider();
    const { reattach } = provider;
    const entries = Object.entries(JSON.parse(reattach) as Record<string, Record<string, unknown>>);
    assert.equal(entries.length, 1);
    const [address, target] = entries[0]!;
    assert.equal(address, "registry.terraform.io/hashicorp/awscc");
    assert.deepEqual(
      { ...target, Addr: { ...(target.Addr as object), String: "<socket>" } },
      {
        Protocol: "grpc",
        ProtocolVersion: 6,
        Pid: provider.child.pid,
        Test: true,
        Addr: { Network: "unix", String: "<socket>" },
      },
    );

    // Were Terraform to start the provider itself, it would look here and fail.
    fs.writeFileSync(
      path.join(ws.dir, "cli.tfrc"),
      `provider_installation {\n  dev_overrides {\n    "hashicorp/awscc" = "${path.join(ws.dir, "no-such-folder")}"\n  }\n  direct {}\n}\n`,
    );
    ws.setEnv({ TF_REATTACH_PROVIDERS: reattach });
    ws.configure(`resource "awscc_logs_log_group" "g" {\n  log_group_name = "debug-mode"\n}\n`);
    const applied = await ws.run("apply", "-auto-approve");
    assert.equal(applied.code, 0, applied.stderr);
    assert.equal(ws.emulator.control.calls({ operation: "CreateResource" }).length, 1);
    const planned = await ws.run("plan", "-detailed-exitcode");
    assert.equal(planned.code, 0, planned.stderr + planned.stdout);
    assert.equal(provider.child.exitCode, null, "Terraform stopped the process it attached to");
    assert.equal(await provider.stop(), 0);
  });

  test("an unknown flag is refused with exit status 2", async () => {
    const child = spawn(providerBinary, ["--no-such-flag"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    assert.equal(code, 2);
    assert.match(stderr, /unknown flag "--no-such-flag"/);
  });
});
