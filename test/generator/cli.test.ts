// The CLI as a process: one broken schema does not stop the others; errors name file and pointer.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { repoRoot } from "../../cfn/paths.js";
import { removeDir, scratchDir } from "./helpers.js";

const out = scratchDir("cli");
after(() => removeDir(out));

function cli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", path.join(repoRoot, "cli/main.ts"), ...args], {
    cwd: repoRoot,
    encoding: "utf8",
  });
}

test("broken schemas give errors with file and pointer; the good one still generates; exit 1", () => {
  const r = cli("generate", "--schemas", path.join(repoRoot, "test/fixtures/broken"), "--out", out);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /error AWS_Fixture_Truncated\.json: .*not valid JSON.*line \d+, column \d+/);
  assert.match(
    r.stdout,
    /error AWS_Fixture_Clash\.json: \/properties\/SmsMessage: .*"SMSMessage" and "SmsMessage"/,
  );
  assert.match(r.stdout, /error AWS_Fixture_BadRef\.json: \/properties\/Config/);
  assert.match(r.stdout, /resources: +1\b/);
  assert.ok(fs.existsSync(path.join(out, "fixture/link_resource.ts")));
});

test("--only restricts the run, reports unknown types, and never shrinks a fuller tree", () => {
  const onlyOut = scratchDir("cli-only");
  const fixtures = path.join(repoRoot, "test/fixtures/schemas");
  const ok = cli("generate", "--schemas", fixtures, "--out", onlyOut, "--only", "AWS::Fixture::Link");
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /resources: +1\b/);
  const missing = cli("generate", "--schemas", fixtures, "--out", onlyOut, "--only", "AWS::No::Such");
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no schema .* for AWS::No::Such/);
  // A full tree (both fixture types) must not be replaced by a one-type tree.
  assert.equal(cli("generate", "--schemas", fixtures, "--out", onlyOut).status, 0);
  const shrink = cli("generate", "--schemas", fixtures, "--out", onlyOut, "--only", "AWS::Fixture::Link");
  assert.equal(shrink.status, 2);
  assert.match(shrink.stderr, /holds 1 other types that --only would remove/);
  assert.ok(fs.existsSync(path.join(onlyOut, "fixture/widget_resource.ts")));
  removeDir(onlyOut);
});

test("an interrupted full run leaves a folder the next run rebuilds", () => {
  const interrupted = scratchDir("cli-interrupted");
  const fixtures = path.join(repoRoot, "test/fixtures/schemas");
  assert.equal(cli("generate", "--schemas", fixtures, "--out", interrupted).status, 0);
  // What a kill after the folder was emptied and the first modules written looks like.
  fs.writeFileSync(
    path.join(interrupted, "manifest.json"),
    JSON.stringify({ generatorVersion: "incomplete", types: [] }),
  );
  fs.rmSync(path.join(interrupted, "index.ts"));
  const rerun = cli("generate", "--schemas", fixtures, "--out", interrupted);
  assert.equal(rerun.status, 0, rerun.stderr);
  assert.match(rerun.stdout, /\(full;/);
  assert.ok(fs.existsSync(path.join(interrupted, "index.ts")));
  removeDir(interrupted);
});

test("refuses to wipe a folder it did not generate", () => {
  const foreign = scratchDir("cli-foreign");
  fs.mkdirSync(foreign, { recursive: true });
  fs.writeFileSync(path.join(foreign, "precious.txt"), "keep me");
  const r = cli("generate", "--schemas", path.join(repoRoot, "test/fixtures/schemas"), "--out", foreign);
  assert.equal(r.status, 2);
  assert.ok(fs.existsSync(path.join(foreign, "precious.txt")));
  removeDir(foreign);
});

test("the package's bin command (bin/awscc-ts.mjs) runs the same CLI", () => {
  const r = spawnSync(process.execPath, [path.join(repoRoot, "bin/awscc-ts.mjs"), "generate", "--help"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /Usage: awscc-ts generate \[options\]/);
  assert.match(r.stdout, /--only <types\.\.\.>/);
});
