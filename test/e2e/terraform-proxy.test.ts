// The built binary under the real Terraform CLI with a forwarding proxy between the provider and the
// emulator: set in the provider block, taken from HTTP_PROXY, and gone around with no_proxy.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { startForwardingProxy, type ForwardingProxy } from "../runtime/forwarding-proxy.js";
import { ensureProviderBinary, ok, skipWithoutTerraform, TerraformWorkspace } from "./harness.js";

const LOG_GROUP = `resource "awscc_logs_log_group" "g" {\n  log_group_name    = "through-proxy"\n  retention_in_days = 7\n}\n`;

/** main.tf with the emulator's endpoints and `extra` lines in the provider block. */
function writeConfig(ws: TerraformWorkspace, extra: string): void {
  const url = ws.emulator.url;
  fs.writeFileSync(
    path.join(ws.dir, "main.tf"),
    `terraform {\n  required_providers {\n    awscc = { source = "hashicorp/awscc" }\n  }\n}\n\n` +
      `provider "awscc" {\n  region = "us-east-1"\n  endpoints = {\n    cloudcontrolapi = "${url}"\n    sts             = "${url}"\n  }\n${extra}}\n\n` +
      LOG_GROUP,
  );
}

describe("the provider binary through a forwarding proxy", { skip: skipWithoutTerraform }, () => {
  let proxy: ForwardingProxy;
  before(async () => {
    ensureProviderBinary();
    proxy = await startForwardingProxy();
  });
  after(async () => proxy?.close());

  test("http_proxy in the provider block carries the provider's calls", async () => {
    const ws = await TerraformWorkspace.create("proxy-block");
    try {
      writeConfig(ws, `  http_proxy = "${proxy.url}"\n`);
      const before = proxy.forwarded();
      ok(await ws.run("apply", "-auto-approve"), "apply");
      const carried = proxy.forwarded() - before;
      // At least the identity check, CreateResource, one status poll and the read-back.
      assert.ok(carried >= 4, `the proxy carried ${carried} requests`);
      const emulatorHost = new URL(ws.emulator.url).host;
      assert.ok(proxy.targets().includes(emulatorHost), `targets: ${proxy.targets().join(", ")}`);
      ok(await ws.run("destroy", "-auto-approve"), "destroy");
    } finally {
      await ws.dispose();
    }
  });

  test("no_proxy naming the emulator's host sends the calls around the proxy", async () => {
    const ws = await TerraformWorkspace.create("proxy-bypass");
    try {
      writeConfig(ws, `  http_proxy = "${proxy.url}"\n  no_proxy   = "127.0.0.1,localhost"\n`);
      const before = proxy.forwarded() + proxy.tunnels();
      ok(await ws.run("apply", "-auto-approve"), "apply");
      assert.equal(proxy.forwarded() + proxy.tunnels() - before, 0);
    } finally {
      await ws.dispose();
    }
  });

  test("HTTP_PROXY from Terraform's environment, when the block sets none", async () => {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = proxy.url; // the workspace hands its environment to terraform
    let ws: TerraformWorkspace;
    try {
      ws = await TerraformWorkspace.create("proxy-env");
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
    try {
      writeConfig(ws, "");
      const before = proxy.forwarded();
      ok(await ws.run("apply", "-auto-approve"), "apply");
      assert.ok(proxy.forwarded() - before >= 4, `the proxy carried ${proxy.forwarded() - before}`);
    } finally {
      await ws.dispose();
    }
  });
});
