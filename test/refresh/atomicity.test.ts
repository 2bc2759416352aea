// The cache is replaced whole or not at all: a refresh aborted while it writes, or a refresh
// process killed while it writes, leaves the previous cache byte for byte as it was.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { repoRoot, resolveSchemasDir } from "../../cfn/paths.js";
import { RefreshAbortedError } from "../../generator/refresh/aborted.js";
import { refreshSchemas } from "../../generator/refresh/refresh.js";
import {
  assertWholeCache,
  copySchemas,
  folderFingerprint,
  leftoverTemps,
  removeDir,
  sampleSchemaFiles,
  tempDir,
} from "./helpers.js";

const root = tempDir("atomic");
after(() => removeDir(root));
const smallSource = path.join(root, "small-source");
copySchemas(sampleSchemaFiles(100), smallSource);

async function seedCache(cacheDir: string): Promise<Record<string, string>> {
  const seeded = await refreshSchemas({ source: { kind: "directory", path: smallSource }, cacheDir });
  assert.equal(seeded.written, true);
  return folderFingerprint(cacheDir);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return false;
}

describe("atomic cache replacement", () => {
  test("a refresh aborted in the middle of writing leaves the previous cache untouched", async () => {
    const cacheDir = path.join(root, "aborted", "cache");
    const before = await seedCache(cacheDir);
    const controller = new AbortController();
    let writtenWhenAborted = 0;
    await assert.rejects(
      refreshSchemas({
        source: { kind: "directory", path: resolveSchemasDir() },
        cacheDir,
        signal: controller.signal,
        onProgress: (phase, done) => {
          if (phase === "write" && done === 500) {
            writtenWhenAborted = done;
            controller.abort();
          }
        },
      }),
      RefreshAbortedError,
    );
    assert.equal(writtenWhenAborted, 500, "the abort came part-way through the write");
    assert.deepEqual(folderFingerprint(cacheDir), before);
    assert.ok(!fs.existsSync(`${cacheDir}.previous`), "nothing was rotated");
    assert.deepEqual(leftoverTemps(cacheDir), [], "the half-written folder is removed");
  });

  test("a refresh process killed while writing leaves the previous cache untouched", async (t) => {
    const cacheDir = path.join(root, "killed", "cache");
    const before = await seedCache(cacheDir);
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "cli/main.ts",
        "refresh-schemas",
        "--from-dir",
        resolveSchemasDir(),
        "--out",
        cacheDir,
      ],
      { cwd: repoRoot, stdio: "ignore" },
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const tempFiles = (): number => {
      const temp = leftoverTemps(cacheDir)[0];
      return temp === undefined ? 0 : fs.readdirSync(path.join(path.dirname(cacheDir), temp)).length;
    };
    const writing = await waitFor(() => tempFiles() >= 300, 20_000);
    child.kill("SIGKILL");
    await exited;
    assert.ok(writing, "the child started writing a new cache");
    if (fs.existsSync(`${cacheDir}.previous`)) {
      // The kill landed after the write had finished and the swap begun: the new cache is whole.
      assert.equal(Object.keys(assertWholeCache(cacheDir).types).length, listSize());
    } else {
      t.diagnostic(`killed with ${tempFiles()} files of the new cache written`);
      assert.deepEqual(folderFingerprint(cacheDir), before, "the old cache is byte for byte intact");
      assertWholeCache(cacheDir);
      assert.ok(leftoverTemps(cacheDir).length > 0, "the killed run left its temporary folder");
    }
    // The next refresh clears what the killed one left behind.
    const next = await refreshSchemas({ source: { kind: "directory", path: smallSource }, cacheDir });
    assert.equal(next.written, true);
    assert.deepEqual(leftoverTemps(cacheDir), []);
    assertWholeCache(cacheDir);
  });
});

function listSize(): number {
  return fs.readdirSync(resolveSchemasDir()).filter((name) => name.endsWith(".json")).length;
}
