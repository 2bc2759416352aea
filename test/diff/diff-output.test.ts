// The report's two renderings (Markdown changelog fragment, JSON) and the `diff` CLI subcommand.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { repoRoot } from "../../cfn/paths.js";
import { diffSchemaSets } from "../../generator/diff/diff-report.js";
import { reportJson } from "../../generator/diff/render-json.js";
import { reportMarkdown } from "../../generator/diff/render-markdown.js";
import type { JsonObject } from "../../cfn/json.js";
import { noSuppressions, schema, schemaSet } from "./fixtures.js";

const oldSchemas = [
  schema("AWS::Test::Gone"),
  schema("AWS::Test::Thing", {
    properties: {
      Name: { type: "string" },
      Size: { type: "integer" },
      Mode: { type: "string", enum: ["A"] },
    },
  }),
];
const newSchemas = [
  schema("AWS::Test::Fresh"),
  schema("AWS::Test::Thing", {
    properties: {
      Name: { type: "string" },
      Size: { type: "integer" },
      Mode: { type: "string", enum: ["A", "B"] },
      Extra: { type: "boolean" },
    },
    createOnlyProperties: ["/properties/Name", "/properties/Size"],
  }),
];

const report = () =>
  diffSchemaSets(schemaSet("old", oldSchemas), schemaSet("new", newSchemas), noSuppressions);

function sectionOf(md: string, title: string): string {
  const start = md.indexOf(`### ${title}\n`);
  assert.ok(start >= 0, `section ${title}`);
  const next = md.indexOf("\n### ", start + 1);
  return md.slice(start, next === -1 ? undefined : next);
}

describe("Markdown changelog fragment", () => {
  const md = reportMarkdown(report());

  test("the four sections, in order", () => {
    assert.deepEqual(
      [...md.matchAll(/^### (.+)$/gm)].map((m) => m[1]),
      ["Breaking changes", "New resources", "Enhancements / other changes", "Removed resources"],
    );
  });

  test("breaking changes name the Terraform type and attribute, with the reason", () => {
    const s = sectionOf(md, "Breaking changes");
    assert.match(s, /\*\*`awscc_test_thing`\*\* \(`AWS::Test::Thing`\)/);
    assert.match(s, /- `size` now create-only: changing it now replaces the resource/);
    assert.match(s, /`awscc_test_gone`.*type removed/);
    assert.doesNotMatch(s, /`extra`/, "an optional addition is not breaking");
  });

  test("new resources list every generated resource and data source", () => {
    const s = sectionOf(md, "New resources");
    assert.match(
      s,
      /`awscc_test_fresh`.*resource `awscc_test_fresh`, data source `awscc_test_fresh`, plural data source `awscc_test_freshes`/,
    );
  });

  test("non-breaking changes go under Enhancements, enum values listed", () => {
    const s = sectionOf(md, "Enhancements / other changes");
    assert.match(s, /- `extra` added \(optional\): new optional attribute/);
    assert.match(s, /- `mode` enum \+1 value \(added `B`\): accepts more values/);
  });

  test("removed types are listed; an empty section says None.", () => {
    assert.match(sectionOf(md, "Removed resources"), /`awscc_test_gone`/);
    const empty = reportMarkdown(
      diffSchemaSets(schemaSet("a", oldSchemas), schemaSet("b", oldSchemas), noSuppressions),
    );
    assert.match(sectionOf(empty, "Breaking changes"), /None\./);
  });
});

describe("JSON", () => {
  test("byte-identical across runs, with a fixed key order per change", () => {
    const text = reportJson(report());
    assert.equal(reportJson(report()), text);
    const doc = JSON.parse(text) as { changedTypes: { changes: JsonObject[] }[] };
    const change = doc.changedTypes[0]!.changes[0]!;
    assert.deepEqual(Object.keys(change).slice(0, 3), ["kind", "pointer", "tfPath"]);
  });
});

describe("CLI: diff <old> <new> [--json FILE] [--markdown FILE]", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-diff-"));
  after(() => fs.rmSync(work, { recursive: true, force: true }));
  const writeDir = (name: string, schemas: readonly JsonObject[]) => {
    const dir = path.join(work, name);
    fs.mkdirSync(dir);
    for (const s of schemas) {
      fs.writeFileSync(
        path.join(dir, `${(s.typeName as string).replace(/::/g, "_")}.json`),
        JSON.stringify(s),
      );
    }
    return dir;
  };
  const oldDir = writeDir("old", oldSchemas);
  const newDir = writeDir("new", newSchemas);
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", path.join(repoRoot, "cli/main.ts"), "diff", ...args], {
      cwd: repoRoot,
      encoding: "utf8",
    });

  test("writes both files and prints a summary", () => {
    const json = path.join(work, "out/report.json");
    const markdown = path.join(work, "out/CHANGELOG-fragment.md");
    const r = cli(oldDir, newDir, "--json", json, "--markdown", markdown);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /2 → 2 types: 1 added, 1 removed, 1 changed/);
    const doc = JSON.parse(fs.readFileSync(json, "utf8")) as { summary: { changed: number } };
    assert.equal(doc.summary.changed, 1);
    assert.match(fs.readFileSync(markdown, "utf8"), /### Breaking changes/);
  });

  test("without output files the Markdown goes to stdout; a missing directory exits 2", () => {
    const r = cli(oldDir, newDir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /### New resources/);
    const missing = cli(oldDir, path.join(work, "nope"));
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /is not a directory/);
  });
});
