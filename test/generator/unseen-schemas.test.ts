// Schemas nobody has seen, some broken (cases from an adversarial review): each gets findings
// with its file and a pointer, the good ones still generate, and two runs agree on every byte
// and finding.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { parseGenerationConfig } from "../../generator/config/generation-config.js";
import type { Finding } from "../../cfn/findings.js";
import { generate, type GenerateResult } from "../../generator/pipeline/generate.js";
import { listFiles, removeDir, scratchDir } from "./helpers.js";

const schemas = scratchDir("unseen-schemas");
const firstOut = scratchDir("unseen-firstOut");
const secondOut = scratchDir("unseen-secondOut");
after(() => [schemas, firstOut, secondOut].forEach(removeDir));

const config = parseGenerationConfig("test.json", JSON.stringify({ suppressions: [] }));

function schema(typeName: string, properties: Record<string, unknown>, extra: object = {}): object {
  return {
    typeName,
    description: `Fixture ${typeName}`,
    additionalProperties: false,
    properties,
    primaryIdentifier: ["/properties/Name"],
    handlers: { create: { permissions: [] }, read: { permissions: [] }, delete: { permissions: [] } },
    ...extra,
  };
}

function write(file: string, content: string | Buffer): void {
  fs.writeFileSync(path.join(schemas, file), content);
}

const findingsOf = (r: GenerateResult, file: string): Finding[] =>
  r.plan.findings.filter((f) => f.file === file);

describe("unseen and broken schemas", () => {
  let a: GenerateResult;
  let b: GenerateResult;
  before(() => {
    fs.mkdirSync(schemas, { recursive: true });
    const good = schema("AWS::Fixture::Good", { Name: { type: "string" } });
    write("AWS_Fixture_Good.json", JSON.stringify(good));
    write("AWS_Fixture_GoodCopy.json", JSON.stringify(good)); // same typeName under another name
    const definitions: Record<string, unknown> = { D30: { type: "string" } };
    for (let i = 0; i < 30; i++) {
      const next = { $ref: `#/definitions/D${i + 1}` };
      definitions[`D${i}`] = { type: "object", properties: { A: next, B: next } };
    }
    write(
      "AWS_Fixture_FanOut.json",
      JSON.stringify(
        schema(
          "AWS::Fixture::FanOut",
          { Name: { type: "string" }, T: { $ref: "#/definitions/D0" } },
          { definitions },
        ),
      ),
    );
    let deep: object = { type: "string" };
    for (let i = 0; i < 300; i++) deep = { type: "object", properties: { L: deep } };
    write(
      "AWS_Fixture_Deep.json",
      JSON.stringify(schema("AWS::Fixture::Deep", { Name: { type: "string" }, D: deep })),
    );
    write(
      "AWS_Fixture_Latin1.json",
      Buffer.concat([
        Buffer.from('{"typeName": "AWS::Fixture::Latin1", "description": "caf'),
        Buffer.from([0xe9]),
        Buffer.from(
          '", "properties": {"Name": {"type": "string"}}, "primaryIdentifier": ["/properties/Name"]}',
        ),
      ]),
    );
    write(
      "AWS_Fixture_Proto.json",
      '{"typeName": "AWS::Fixture::Proto", "description": "d", "additionalProperties": false, ' +
        '"properties": {"Name": {"type": "string"}, "__proto__": {"type": "string"}}, ' +
        '"required": ["__proto__"], "primaryIdentifier": ["/properties/Name"], ' +
        '"handlers": {"create": {"permissions": []}, "read": {"permissions": []}, "delete": {"permissions": []}}}',
    );
    a = generate({ schemasDir: schemas, outDir: firstOut, config });
    b = generate({ schemasDir: schemas, outDir: secondOut, config });
  });

  test("two runs into two folders: the same tree and the same findings (deterministic output)", () => {
    const files = listFiles(firstOut);
    assert.deepEqual(listFiles(secondOut), files);
    for (const f of files)
      assert.ok(fs.readFileSync(path.join(firstOut, f)).equals(fs.readFileSync(path.join(secondOut, f))), f);
    assert.deepEqual(a.plan.findings, b.plan.findings);
    assert.equal(a.counts.types, 6);
  });

  test("a $ref fan-out is an error at the pointer where the bound was crossed", () => {
    const [error] = findingsOf(a, "AWS_Fixture_FanOut.json").filter((f) => f.severity === "error");
    assert.match(error!.message, /attribute tree too large/);
    assert.match(error!.pointer, /^\/properties\/T(\/properties\/[AB])+$/);
  });

  test("a document nesting hundreds of levels is an error before anything walks it", () => {
    const [error] = findingsOf(a, "AWS_Fixture_Deep.json");
    assert.equal(error!.rule, "too-deep");
    assert.match(error!.pointer, /^\/properties\/D(\/properties\/L)+/);
  });

  test("bytes that are not UTF-8 are an error with line and column", () => {
    const [error] = findingsOf(a, "AWS_Fixture_Latin1.json");
    assert.equal(error!.rule, "not-utf8");
    assert.match(error!.message, /byte 0xe9 at line 1, column 57/);
  });

  test("two files of one type both lose the names, each error naming the other file", () => {
    const errors = findingsOf(a, "AWS_Fixture_GoodCopy.json").filter((f) => f.rule === "name-clash");
    assert.equal(errors.length, 2, "resource and singular data source");
    assert.match(errors[0]!.message, /awscc_fixture_good is also claimed by AWS_Fixture_Good\.json/);
    assert.ok(!listFiles(firstOut).some((f) => f.startsWith("fixture/good_")));
  });

  test('a property named "__proto__" is generated as a computed key, not a prototype', () => {
    const text = fs.readFileSync(path.join(firstOut, "fixture/proto_resource.ts"), "utf8");
    assert.match(text, /\["__proto__"\]: a\.string\("__proto__", \{/);
    const doc = JSON.parse(fs.readFileSync(path.join(firstOut, "provider-schema.json"), "utf8"));
    const attrs =
      doc.provider_schemas["registry.terraform.io/hashicorp/awscc"].resource_schemas.awscc_fixture_proto.block
        .attributes;
    assert.ok(Object.hasOwn(attrs, "__proto__"));
  });

  test("every finding is recorded in the manifest", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(firstOut, "manifest.json"), "utf8"));
    assert.equal(manifest.findings.length, a.plan.findings.length);
    assert.ok(manifest.findings.some((f: Finding) => f.rule === "name-clash" && f.severity === "error"));
  });
});
