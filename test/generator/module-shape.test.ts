// Generated modules are thin declarations (module-shape.ts says what they may hold), checked on the
// golden fixture modules; module-shape.corpus.ts checks every tenth module of the real corpus.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { Project } from "ts-morph";
import { repoRoot } from "../../cfn/paths.js";
import { listFiles } from "./helpers.js";
import { checkModule } from "./module-shape.js";

test("the golden fixture modules are thin declarations", () => {
  const project = new Project({ useInMemoryFileSystem: false, skipAddingFilesFromTsConfig: true });
  const golden = path.join(repoRoot, "test/golden/fixture");
  const files = listFiles(golden).map((f) => project.addSourceFileAtPath(path.join(golden, f)));
  assert.equal(files.length, 5);
  files.forEach(checkModule);
});
