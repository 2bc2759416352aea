// `docs [--out DIR] [--schemas DIR] [--only TYPE…]` as a process: writes the Registry layout,
// replaces its own earlier output, and refuses to clear a folder it did not write.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { repoRoot } from "../../cfn/paths.js";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-docs-cli-"));
after(() => fs.rmSync(work, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(repoRoot, "cli/main.ts"), "docs", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
  });

const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

test("--only writes that type's pages; a second run replaces the first", () => {
  const out = path.join(work, "docs");
  const first = cli("--out", out, "--only", "AWS::Logs::LogGroup");
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /4 pages/);
  assert.deepEqual(files(out), [
    "data-sources/logs_log_group.md",
    "data-sources/logs_log_groups.md",
    "index.md",
    "resources/logs_log_group.md",
  ]);
  const second = cli(
    "--out",
    out,
    "--schemas",
    path.join(repoRoot, "test/fixtures/schemas"),
    "--only",
    "AWS::Fixture::Link",
  );
  assert.equal(second.status, 0, second.stderr);
  assert.deepEqual(files(out), ["data-sources/fixture_link.md", "index.md", "resources/fixture_link.md"]);
});

test("a non-empty folder without a generated index is left alone (exit 2); unknown types exit 2", () => {
  const foreign = path.join(work, "foreign");
  fs.mkdirSync(foreign);
  fs.writeFileSync(path.join(foreign, "notes.md"), "mine");
  const r = cli("--out", foreign, "--only", "AWS::Logs::LogGroup");
  assert.equal(r.status, 2);
  assert.match(r.stderr, /refusing to replace it/);
  assert.deepEqual(files(foreign), ["notes.md"]);
  const missing = cli("--out", path.join(work, "x"), "--only", "AWS::No::Such");
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no schema .* for AWS::No::Such/);
});
