// Incremental generation over the two real corpus snapshots (../shared/cfn/schemas-2026-05-27, then
// ../shared/cfn/schemas) equals a full run of the newer one byte for byte (npm run test:corpus).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { olderSchemasDir, resolveSchemasDir } from "../../cfn/paths.js";
import { generate } from "../../generator/pipeline/generate.js";
import { removeDir, sameTree, scratchDir } from "./helpers.js";

const incremental = scratchDir("incr-corpus-a");
const full = scratchDir("incr-corpus-b");
after(() => [incremental, full].forEach(removeDir));

describe("incremental generation over the real snapshots", () => {
  test("old snapshot → new snapshot incrementally equals a full run of the new snapshot", () => {
    const first = generate({ schemasDir: olderSchemasDir, outDir: incremental });
    assert.equal(first.written.incremental, false);
    const second = generate({ schemasDir: resolveSchemasDir(), outDir: incremental });
    assert.equal(second.written.incremental, true);
    // Only added and changed types are re-emitted (87 added + 303 changed in content, and the
    // types whose generated modules did not change keep their files).
    assert.ok(
      second.written.emittedTypes > 300 && second.written.emittedTypes < 500,
      `${second.written.emittedTypes}`,
    );
    generate({ schemasDir: resolveSchemasDir(), outDir: full, full: true });
    sameTree(incremental, full);
  });

  test("a rerun with nothing changed re-emits nothing", () => {
    const again = generate({ schemasDir: resolveSchemasDir(), outDir: incremental });
    assert.equal(again.written.emittedTypes, 0);
    sameTree(incremental, full);
  });

  test("a deleted module is rewritten", () => {
    fs.rmSync(path.join(incremental, "logs/log_group_resource.ts"));
    const again = generate({ schemasDir: resolveSchemasDir(), outDir: incremental });
    assert.equal(again.written.emittedTypes, 1);
    sameTree(incremental, full);
  });
});
