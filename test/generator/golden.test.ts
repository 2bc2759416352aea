// Golden files: the team's fixture schemas rendered into modules, compared byte for byte.
// Refresh after a deliberate change with: UPDATE_GOLDEN=1 npm test
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { repoRoot } from "../../cfn/paths.js";
import { generate } from "../../generator/pipeline/generate.js";
import { listFiles, removeDir, scratchDir } from "./helpers.js";

const fixtures = path.join(repoRoot, "test/fixtures/schemas");
const goldenDir = path.join(repoRoot, "test/golden");
const out = scratchDir("golden");
after(() => removeDir(out));

test("fixture schemas render exactly as the golden files", () => {
  const result = generate({ schemasDir: fixtures, outDir: out });
  assert.equal(result.counts.errors, 0);
  // The effective schemas are the fixture schemas themselves (no pins or patches here).
  const produced = listFiles(out).filter((f) => f !== "manifest.json" && !f.startsWith("cfn-schemas/"));
  if (process.env.UPDATE_GOLDEN === "1") {
    removeDir(goldenDir);
    for (const f of produced) {
      fs.mkdirSync(path.dirname(path.join(goldenDir, f)), { recursive: true });
      fs.copyFileSync(path.join(out, f), path.join(goldenDir, f));
    }
  }
  assert.deepEqual(produced, listFiles(goldenDir));
  for (const f of produced) {
    assert.equal(
      fs.readFileSync(path.join(out, f), "utf8"),
      fs.readFileSync(path.join(goldenDir, f), "utf8"),
      `${f} differs from its golden file`,
    );
  }
});
