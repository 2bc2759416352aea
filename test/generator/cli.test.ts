// The CLI as a process: one broken schema does not stop the others; errors name file and pointer.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { repoRoot } from "../../generator/config/paths.js";
import { removeDir, scratchDir } from "./helpers.js";

const out = scratchDir("cli");
after(() => removeDir(out));

function cli(...args: string[]) {
  return spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(repoRoot, "generator/cli/main.ts"), ...args],
    {
      cwd: repoRoot,
      encoding: "utf8",
    },
  );
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

test("--only restricts the run and reports unknown types", () => {
  const ok = cli(
    "generate",
    "--schemas",
    path.join(repoRoot, "test/fixtures/schemas"),
    "--out",
    out,
    "--only",
    "AWS::Fixture::Link",
  );
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /resources: +1\b/);
  const missing = cli(
    "generate",
    "--schemas",
    path.join(repoRoot, "test/fixtures/schemas"),
    "--out",
    out,
    "--only",
    "AWS::No::Such",
  );
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no schema .* for AWS::No::Such/);
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
