// Generated modules of the real corpus are thin declarations (module-shape.ts says what they may
// hold): every tenth module of a full generation. `npm run test:corpus`; the golden fixtures are in
// module-shape.test.ts.
import assert from "node:assert/strict";
import path from "node:path";
import { after, test } from "node:test";
import { Project } from "ts-morph";
import { generate } from "../../generator/pipeline/generate.js";
import { listFiles, removeDir, scratchDir } from "./helpers.js";
import { checkModule } from "./module-shape.js";

const out = scratchDir("module-shape");
after(() => removeDir(out));

test("every tenth module of the real corpus is a thin declaration", () => {
  generate({ outDir: out });
  const project = new Project({ useInMemoryFileSystem: false, skipAddingFilesFromTsConfig: true });
  const modules = listFiles(out).filter((f) => f.endsWith(".ts") && f !== "index.ts");
  const sample = modules.filter((_, i) => i % 10 === 0);
  assert.ok(sample.length > 400, `${sample.length}`);
  for (const f of sample) checkModule(project.addSourceFileAtPath(path.join(out, f)));
});
