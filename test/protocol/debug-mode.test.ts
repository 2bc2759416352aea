// The binary's flags for debug mode and the TF_REATTACH_PROVIDERS value it prints.
import assert from "node:assert/strict";
import { test } from "node:test";
import { debugBanner, parseDebugFlags, reattachValue } from "../../protocol/debug-mode.js";

test("flags: -debug and --debug, a provider address, nothing else", () => {
  assert.deepEqual(parseDebugFlags([]), {
    debug: false,
    providerAddress: "registry.terraform.io/hashicorp/awscc",
  });
  assert.deepEqual(parseDebugFlags(["--debug", "-provider-address=registry.example.com/acme/awscc"]), {
    debug: true,
    providerAddress: "registry.example.com/acme/awscc",
  });
  assert.equal(parseDebugFlags(["-debug"]).debug, true);
  assert.throws(() => parseDebugFlags(["-debug=yes"]), /unknown flag "-debug=yes"/);
  assert.throws(() => parseDebugFlags(["--provider-address="]), /unknown flag/);
  assert.throws(() => parseDebugFlags(["serve"]), /unknown flag "serve"/);
});

test("the reattach value is what Terraform reads, and the banner quotes it for a POSIX shell", () => {
  const target = {
    providerAddress: "example.com/o'brien/awscc",
    pid: 42,
    protocolVersion: 6,
    network: "unix" as const,
    address: "/tmp/plugin1",
  };
  assert.deepEqual(JSON.parse(reattachValue(target)), {
    "example.com/o'brien/awscc": {
      Protocol: "grpc",
      ProtocolVersion: 6,
      Pid: 42,
      Test: true,
      Addr: { Network: "unix", String: "/tmp/plugin1" },
    },
  });
  const line = debugBanner(target)
    .split("\n")
    .find((l) => l.includes("TF_REATTACH_PROVIDERS="))!;
  assert.equal(line, `\tTF_REATTACH_PROVIDERS='${reattachValue(target).replace("'", "'\\''")}'`);
});
