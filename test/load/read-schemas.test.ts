import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { findJsonSyntaxError } from "../../cfn/json-syntax.js";
import { parseSchemaText, readSchemaDir, readSchemaDirSync, readSchemaFile } from "../../cfn/read-schemas.js";

const tempDirs: string[] = [];
after(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-load-"));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const good = (typeName: string) => JSON.stringify({ typeName, properties: { A: { type: "string" } } });

describe("readSchemaDir", () => {
  test("reads every *.json in sorted order and turns broken files into findings", async () => {
    const dir = tempDir({
      "b.json": good("AWS::B::B"),
      "a.json": good("AWS::A::A"),
      "broken.json": '{\n  "typeName": "AWS::X::Y",\n  "properties": {,}\n}',
      "array.json": "[1, 2]",
      "no-type.json": JSON.stringify({ properties: {} }),
      "bom.json": "\uFEFF" + good("AWS::Bom::Bom"),
      "notes.txt": "not a schema",
      "Z.json": good("AWS::Z::Z"),
    });
    fs.mkdirSync(path.join(dir, "folder.json"));
    fs.symlinkSync(path.join(dir, "missing-target"), path.join(dir, "dangling.json"));

    const result = await readSchemaDir(dir);
    assert.deepEqual(
      result.schemas.map((s) => [s.file, s.typeName]),
      [
        ["Z.json", "AWS::Z::Z"],
        ["a.json", "AWS::A::A"],
        ["b.json", "AWS::B::B"],
        ["bom.json", "AWS::Bom::Bom"],
      ],
    );
    assert.equal(result.schemas[1]!.path, path.join(dir, "a.json"));
    assert.deepEqual(
      result.findings.map((f) => [f.file, f.severity, f.rule, f.pointer]),
      [
        ["array.json", "error", "not-an-object", ""],
        ["broken.json", "error", "json-syntax", ""],
        ["dangling.json", "error", "unreadable", ""],
        ["no-type.json", "error", "missing-typename", "/typeName"],
      ],
    );
    const broken = result.findings.find((f) => f.file === "broken.json")!;
    assert.equal(broken.line, 3);
    assert.equal(broken.column, 18);
    assert.match(broken.message, /line 3, column 18/);
  });

  test("the sync and async forms agree", async () => {
    const dir = tempDir({ "x.json": good("AWS::X::X"), "y.json": "nope" });
    assert.deepEqual(await readSchemaDir(dir), readSchemaDirSync(dir));
  });

  test("a missing folder is an exception, not a finding", async () => {
    await assert.rejects(readSchemaDir(path.join(os.tmpdir(), "does-not-exist-awscc-load")));
  });
});

describe("readSchemaFile", () => {
  test("reads one file", async () => {
    const dir = tempDir({ "AWS_S3_Bucket.json": good("AWS::S3::Bucket") });
    const outcome = await readSchemaFile(path.join(dir, "AWS_S3_Bucket.json"));
    assert.ok(outcome.ok);
    assert.equal(outcome.loaded.typeName, "AWS::S3::Bucket");
    assert.equal(outcome.loaded.file, "AWS_S3_Bucket.json");
  });

  test("a typeName that is not a string is reported", () => {
    const outcome = parseSchemaText("t.json", "/t.json", JSON.stringify({ typeName: 7 }));
    assert.ok(!outcome.ok);
    assert.equal(outcome.finding.rule, "missing-typename");
    assert.match(outcome.finding.message, /typeName must be a non-empty string/);
  });
});

describe("findJsonSyntaxError", () => {
  const cases: [string, string, number, number][] = [
    ["unexpected character", '{"a": tru}', 1, 7],
    ["control character in a string", '{"a": "x\ty"}', 1, 9],
    ["missing comma", '{\n "a": 1\n "b": 2}', 3, 2],
    ["trailing comma", "[1,]", 1, 4],
    ["bad escape", '["\\x"]', 1, 3],
    ["truncated", '{"a": [1, 2', 1, 12],
    ["trailing garbage", "{} x", 1, 4],
  ];
  for (const [name, text, line, column] of cases) {
    test(name, () => {
      assert.throws(() => JSON.parse(text));
      const where = findJsonSyntaxError(text);
      assert.deepEqual([where?.line, where?.column], [line, column]);
    });
  }

  test("valid JSON has no error", () => {
    assert.equal(findJsonSyntaxError('{"a": [1, -2.5e3, true, null, "\\u00e9"]}'), undefined);
  });
});

describe("the real corpus", () => {
  test("every schema loads, sorted, with a typeName matching its file name", async () => {
    const start = performance.now();
    const result = await readSchemaDir(resolveSchemasDir());
    console.log(`read ${result.schemas.length} schemas in ${(performance.now() - start).toFixed(0)} ms`);

    assert.equal(result.schemas.length, 1489);
    assert.deepEqual(result.findings, []);
    const files = result.schemas.map((s) => s.file);
    assert.deepEqual(files, [...files].sort());
    for (const s of result.schemas) assert.equal(s.file, s.typeName.replaceAll("::", "_") + ".json");
  });
});
