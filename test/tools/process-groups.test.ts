// The test command's shared processes (test/process-groups.ts): which files may share one, how they
// are grouped, and that an entry file runs its files' tests in one process under their own names.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { canShareProcess, groupEntrySource, inGroups, writeGroupEntries } from "../process-groups.js";

describe("test files sharing a process", () => {
  test("a file with set-up hooks at the top level or changes to the environment keeps its own process", () => {
    assert.equal(canShareProcess('describe("x", () => {\n  before(() => {});\n});\n'), true);
    assert.equal(canShareProcess('before(() => {});\ntest("x", () => {});\n'), false);
    assert.equal(canShareProcess("beforeEach(() => {});\n"), false);
    assert.equal(canShareProcess("afterEach(() => {});\n"), false);
    assert.equal(canShareProcess("after(() => removeDir(out));\n"), true);
    assert.equal(canShareProcess('process.env.TF_LOG = "trace";\n'), false);
    assert.equal(canShareProcess('process.env["A_B"] = "1";\n'), false);
    assert.equal(canShareProcess("delete process.env.AWS_REGION;\n"), false);
    assert.equal(canShareProcess('process.chdir("/tmp");\n'), false);
    assert.equal(canShareProcess('if (process.env.CI === "true") skip();\n'), true);
  });

  test("groups are even, at most the given size, in path order", () => {
    const files = Array.from(
      { length: 19 },
      (_, i) => `/t/${String.fromCharCode(97 + (i % 3))}/f${i}.test.ts`,
    );
    const groups = inGroups(files, 8);
    assert.deepEqual(
      groups.map((g) => g.length),
      [6, 7, 6],
    );
    assert.deepEqual(groups.flat(), [...files].sort());
    assert.deepEqual(inGroups([], 8), []);
    assert.deepEqual(inGroups(["/t/a.test.ts"], 8), [["/t/a.test.ts"]]);
  });

  test("an entry file imports its files in order; a group of one is the file itself", () => {
    assert.equal(
      groupEntrySource(["/t/a/x.test.ts", "/t/b/y.test.ts"]),
      '// Runs these test files in one process (test/process-groups.ts).\nawait import("file:///t/a/x.test.ts");\nawait import("file:///t/b/y.test.ts");\n',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-groups-test-"));
    try {
      const entries = writeGroupEntries([["/t/a/x.test.ts", "/t/b/y.test.ts"], ["/t/c/z.test.ts"]], dir);
      assert.deepEqual(entries, [path.join(dir, "a.x…b.y.test.mjs"), "/t/c/z.test.ts"]);
      assert.equal(
        fs.readFileSync(entries[0]!, "utf8"),
        groupEntrySource(["/t/a/x.test.ts", "/t/b/y.test.ts"]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the files' tests run in one process, a failure names its own file, a top-level after runs", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-groups-run-"));
    try {
      const first = path.join(dir, "first.test.ts");
      const second = path.join(dir, "second.test.ts");
      fs.writeFileSync(
        first,
        // A test that is still running when the next file registers its hook.
        'import { test } from "node:test";\ntest("first passes", async () => { (globalThis as any).seenPid = process.pid; await new Promise((r) => setTimeout(r, 100)); });\n',
      );
      fs.writeFileSync(
        second,
        'import assert from "node:assert/strict";\nimport fs from "node:fs";\nimport { after, test } from "node:test";\nafter(() => fs.writeFileSync(new URL("cleaned", import.meta.url), "yes"));\ntest("second sees the same process", () => assert.equal((globalThis as any).seenPid, process.pid));\ntest("second fails", () => assert.equal(1, 2));\n',
      );
      const [entry] = writeGroupEntries([[first, second]], path.join(dir, "entries"));
      const run = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", entry!], {
        encoding: "utf8",
        cwd: path.resolve(import.meta.dirname, "../.."),
        // Without the variable that makes a test process's own `--test` skip its files.
        env: { ...process.env, NODE_TEST_CONTEXT: undefined },
      });
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /✔ first passes/);
      assert.match(run.stdout, /✔ second sees the same process/);
      assert.match(run.stdout, /✖ second fails/);
      assert.match(run.stdout, /ℹ tests 3\n/);
      assert.match(run.stdout, /test at \S*second\.test\.ts:/);
      assert.equal(fs.readFileSync(path.join(dir, "cleaned"), "utf8"), "yes");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
