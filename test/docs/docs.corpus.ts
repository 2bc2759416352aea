// The docs over the whole schema corpus: fast, deterministic, one page per generated module, and
// every page structurally sound (sections, paired anchors, import ID shape, example coverage).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { docPages } from "../../generator/docs/doc-set.js";
import { pageName } from "../../generator/docs/pages.js";
import { type DocsResult, generateDocs } from "../../generator/docs/write-docs.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { parsePage } from "./page-structure.js";

const out = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-docs-corpus-"));
after(() => fs.rmSync(out, { recursive: true, force: true }));

let result: DocsResult;
let seconds = 0;

before(() => {
  const started = performance.now();
  result = generateDocs({ outDir: out });
  seconds = (performance.now() - started) / 1000;
});

const definitions = () => result.plan.types.flatMap((t) => t.definitions);

// Timing belongs to `npm run bench`, not to a pass/fail check: printed for the reader only.
test("the whole corpus is documented", () => {
  console.log(`docs of the whole corpus: ${seconds.toFixed(1)} s`);
  assert.ok(result.plan.types.length > 0);
});

test("one page per generated resource and data source, plus index.md", () => {
  const expected = definitions().map((d) =>
    d.kind === "resource"
      ? `resources/${pageName(d.tfTypeName)}.md`
      : `data-sources/${pageName(d.tfTypeName)}.md`,
  );
  assert.equal(new Set(expected).size, expected.length, "no two modules share a page");
  const written = ["resources", "data-sources"].flatMap((dir) =>
    fs.readdirSync(path.join(out, dir)).map((f) => `${dir}/${f}`),
  );
  assert.deepEqual(written.sort(), expected.sort());
  assert.equal(result.files, expected.length + 1);
  const index = fs.readFileSync(path.join(out, "index.md"), "utf8");
  for (const d of definitions()) assert.ok(index.includes(`[${d.tfTypeName}](`), d.tfTypeName);
});

test("rendering is deterministic", () => {
  const again = docPages(result.plan);
  for (const p of again) assert.equal(fs.readFileSync(path.join(out, p.path), "utf8"), p.text, p.path);
});

test("every resource page: sections, paired anchors, import ID parts, required attributes in the example", () => {
  for (const d of definitions()) {
    if (d.kind !== "resource") continue;
    const r: ResourceDefinition = d;
    const page = parsePage(fs.readFileSync(path.join(out, `resources/${pageName(r.tfTypeName)}.md`), "utf8"));
    const where = r.cfnTypeName;
    assert.deepEqual(page.sections, ["Example Usage", "Schema", "Import"], where);
    assert.deepEqual([...new Set(page.links)].sort(), [...page.anchors].sort(), where);
    const id = /id = "([^"]*)"/.exec(
      page.codeBlocks.find((b) => b.body.startsWith("import {"))?.body ?? "",
    )?.[1];
    assert.ok(id, `${where}: import block`);
    assert.equal(id.split("|").length, Math.max(r.primaryIdentifier.length, 1), `${where}: ${id}`);
    const example = page.codeBlocks[0]!.body;
    for (const [name, a] of Object.entries(r.attributes)) {
      if (a.required)
        assert.match(example, new RegExp(`^  ${name} +=`, "m"), `${where}: example sets ${name}`);
    }
  }
});
