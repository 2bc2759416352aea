// The diff over the two real snapshots: counts checked against an independent comparison of the
// files, identifier and list-handler changes checked against the raw JSON, and the run stays fast.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { before, test } from "node:test";
import { olderSchemasDir, resolveSchemasDir } from "../../cfn/paths.js";
import { type DiffReport, diffSchemaDirs } from "../../generator/diff/diff-report.js";
import { reportJson } from "../../generator/diff/render-json.js";
import { reportMarkdown } from "../../generator/diff/render-markdown.js";

const oldDir = olderSchemasDir;
const newDir = resolveSchemasDir();

type Raw = { typeName: string; primaryIdentifier?: unknown; handlers?: { list?: unknown } };

function readAll(dir: string): Map<string, Raw> {
  const out = new Map<string, Raw>();
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    out.set(f, JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Raw);
  }
  return out;
}

let report: DiffReport;
let seconds = 0;
let oldFiles: Map<string, Raw>;
let newFiles: Map<string, Raw>;

before(() => {
  const started = performance.now();
  report = diffSchemaDirs(oldDir, newDir);
  seconds = (performance.now() - started) / 1000;
  oldFiles = readAll(oldDir);
  newFiles = readAll(newDir);
});

const common = () => [...newFiles.keys()].filter((f) => oldFiles.has(f));
const changedFiles = () => common().filter((f) => !isDeepStrictEqual(oldFiles.get(f), newFiles.get(f)));
const typeOf = (files: Map<string, Raw>, f: string) => files.get(f)!.typeName;

// Timing belongs to `npm run bench`, not to a pass/fail check: printed for the reader only.
test("the whole diff of the two snapshots completes", () => {
  console.log(`diff of the two snapshots: ${seconds.toFixed(1)} s`);
  assert.ok(report.changedTypes.length > 0);
});

test("added, removed and changed types match an independent comparison of the files", () => {
  const added = [...newFiles.keys()].filter((f) => !oldFiles.has(f)).map((f) => typeOf(newFiles, f));
  const removed = [...oldFiles.keys()].filter((f) => !newFiles.has(f)).map((f) => typeOf(oldFiles, f));
  const changed = changedFiles().map((f) => typeOf(newFiles, f));
  assert.deepEqual(report.addedTypes.map((t) => t.cfnTypeName).sort(), added.sort());
  assert.deepEqual(report.removedTypes.map((t) => t.cfnTypeName).sort(), removed.sort());
  assert.deepEqual(report.changedTypes.map((t) => t.cfnTypeName).sort(), changed.sort());
  const s = report.summary;
  assert.deepEqual(
    [s.oldTypes, s.newTypes, s.added, s.removed, s.changed, s.unchanged],
    [
      oldFiles.size,
      newFiles.size,
      added.length,
      removed.length,
      changed.length,
      common().length - changed.length,
    ],
  );
  assert.ok(added.length > 0 && changed.length > 0, "the snapshots differ");
});

test("primary identifier and list handler changes match the raw schemas", () => {
  const idChanged = changedFiles()
    .filter((f) => !isDeepStrictEqual(oldFiles.get(f)!.primaryIdentifier, newFiles.get(f)!.primaryIdentifier))
    .map((f) => typeOf(newFiles, f));
  const listToggled = changedFiles()
    .filter(
      (f) =>
        (oldFiles.get(f)!.handlers?.list === undefined) !== (newFiles.get(f)!.handlers?.list === undefined),
    )
    .map((f) => typeOf(newFiles, f));
  const withChange = (pick: (c: DiffReport["changedTypes"][number]["changes"][number]) => boolean) =>
    report.changedTypes.filter((t) => t.changes.some(pick)).map((t) => t.cfnTypeName);
  assert.deepEqual(
    withChange((c) => c.kind === "primaryIdentifierChanged"),
    idChanged.sort(),
  );
  assert.deepEqual(
    withChange((c) => (c.kind === "handlerAdded" || c.kind === "handlerRemoved") && c.keyword === "list"),
    listToggled.sort(),
  );
  for (const t of report.changedTypes.filter((t) => idChanged.includes(t.cfnTypeName))) {
    assert.ok(t.breaking, `${t.cfnTypeName}: an identifier change is breaking`);
  }
});

test("every property change names its Terraform path when the type is generated on both sides", () => {
  for (const t of report.changedTypes) {
    if (t.modules.resource === undefined) continue;
    for (const c of t.changes) {
      if (c.pointer === undefined || c.kind === "propertyRemoved") continue;
      assert.ok(c.tfPath, `${t.cfnTypeName} ${c.kind} ${c.pointer} has no Terraform path`);
    }
  }
});

test("the Markdown lists every breaking change under Breaking changes, and the JSON is sorted", () => {
  const md = reportMarkdown(report);
  const sections = [...md.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(sections, [
    "Breaking changes",
    "New resources",
    "Enhancements / other changes",
    "Removed resources",
  ]);
  const breaking = md.slice(md.indexOf("### Breaking changes"), md.indexOf("### New resources"));
  for (const t of report.changedTypes.filter((t) => t.breaking)) {
    assert.ok(breaking.includes(`**\`${t.tfTypeName}\`**`), `${t.tfTypeName} missing from Breaking changes`);
  }
  const added = md.slice(md.indexOf("### New resources"), md.indexOf("### Enhancements"));
  for (const t of report.addedTypes) assert.ok(added.includes(`\`${t.tfTypeName}\``), t.tfTypeName);
  const doc = JSON.parse(reportJson(report)) as { changedTypes: { cfnTypeName: string }[] };
  const names = doc.changedTypes.map((t) => t.cfnTypeName);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  );
});
