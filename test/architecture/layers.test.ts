// The layer rule of eslint.config.js (docs/architecture.md): an import across a boundary the
// table does not allow is a lint error, so `npm run lint` (and CI) fails on it; allowed imports pass.
import assert from "node:assert/strict";
import path from "node:path";
import { describe, test } from "node:test";
import { ESLint } from "eslint";
import { repoRoot } from "../../cfn/paths.js";

const eslint = new ESLint({ cwd: repoRoot });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === "layers/imports").map((m) => m.message);
}

describe("layer boundaries", () => {
  test("the runtime may not import the protocol layer, nor the generator", async () => {
    assert.match(
      (
        await layerErrors("runtime/apply/x.ts", 'import { startServer } from "../../protocol/server.js";\n')
      )[0] ?? "",
      /runtime\/ may not import protocol\//,
    );
    assert.equal(
      (await layerErrors("runtime/x.ts", 'export { generate } from "../generator/pipeline/generate.js";\n'))
        .length,
      1,
    );
  });

  test("the ground floor imports nothing above it", async () => {
    assert.equal((await layerErrors("cfn/x.ts", 'import "../runtime/apply/create.js";\n')).length, 1);
    assert.equal((await layerErrors("terraform/x.ts", 'import("../emulator/emulator.js");\n')).length, 1);
  });

  test("a folder named like a top-level one inside a room is not confused with it", async () => {
    // runtime/provider/ is the runtime's own folder, not the top-level provider/.
    assert.deepEqual(await layerErrors("runtime/apply/x.ts", 'import "../provider/settings.js";\n'), []);
  });

  test("allowed imports pass", async () => {
    assert.deepEqual(
      await layerErrors(
        "generator/x.ts",
        'import "../cfn/json.js";\nimport "../terraform/schema/types.js";\nimport "../schemas/patches.js";\n',
      ),
      [],
    );
    assert.deepEqual(
      await layerErrors("provider/x.ts", 'import "../runtime/provider/cloudcontrol-backend.js";\n'),
      [],
    );
  });
});
