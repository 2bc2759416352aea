// generate() on worker threads and in one thread: the same tree, the same findings, also when two
// types clash on a Terraform name (their files are redone after the shards and the modules the
// shards already wrote are removed) and when a run builds on a previous one.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { parseGenerationConfig } from "../../generator/config/generation-config.js";
import { generate, type GenerateResult } from "../../generator/pipeline/generate.js";
import { listFiles, removeDir, scratchDir } from "./helpers.js";

const schemas = scratchDir("parallel-schemas");
const threaded = scratchDir("parallel-threaded");
const single = scratchDir("parallel-single");
after(() => [schemas, threaded, single].forEach(removeDir));

const config = parseGenerationConfig("test.json", JSON.stringify({ suppressions: [] }));

function writeSchema(typeName: string, properties: Record<string, unknown>): void {
  const schema = {
    typeName,
    description: `Fixture ${typeName}`,
    additionalProperties: false,
    properties,
    primaryIdentifier: ["/properties/Name"],
    handlers: {
      create: { permissions: [] },
      read: { permissions: [] },
      delete: { permissions: [] },
      list: { permissions: [] },
    },
  };
  fs.writeFileSync(path.join(schemas, `${typeName.replace(/::/g, "_")}.json`), JSON.stringify(schema));
}

function sameTree(a: string, b: string): void {
  const files = listFiles(a);
  assert.deepEqual(listFiles(b), files);
  for (const f of files) {
    assert.ok(fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))), `${f} differs`);
  }
}

const run = (outDir: string, workers: number): GenerateResult =>
  generate({ schemasDir: schemas, outDir, config, workers });

describe("generate on worker threads", () => {
  fs.mkdirSync(schemas, { recursive: true });
  writeSchema("AWS::Fixture::DHCPOptions", { Name: { type: "string" } });
  writeSchema("AWS::Fixture::DhcpOptions", { Name: { type: "string" } });
  for (const n of ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]) {
    writeSchema(`AWS::Fixture::${n}`, { Name: { type: "string" }, Size: { type: "integer", minimum: 1 } });
  }

  test("a name clash across shards: both types lose the name, in either mode, with the same tree", () => {
    const a = run(threaded, 3);
    const b = run(single, 0);
    sameTree(threaded, single);
    assert.deepEqual(a.plan.findings, b.plan.findings);
    assert.deepEqual(a.counts, b.counts);
    const clashes = a.plan.findings.filter((f) => f.rule === "name-clash");
    assert.equal(clashes.length, 6, "resource, singular and plural of both types");
    assert.equal(a.counts.resources, 5);
    assert.ok(!listFiles(threaded).some((f) => f.includes("dhcp_options")), "no module of a clashing type");
  });

  test("an incremental run on worker threads re-emits only the changed type", () => {
    writeSchema("AWS::Fixture::Beta", { Name: { type: "string" }, Size: { type: "integer", minimum: 2 } });
    const again = run(threaded, 3);
    assert.equal(again.written.incremental, true);
    assert.equal(again.written.emittedTypes, 1);
    run(single, 0);
    sameTree(threaded, single);
    assert.match(fs.readFileSync(path.join(threaded, "fixture/beta_resource.ts"), "utf8"), /a\.atLeast\(2\)/);
  });

  test("a step that throws costs its own file, reported with the message, and not the run", () => {
    const out = `${single}-throw`;
    try {
      const result = generate({
        schemasDir: schemas,
        outDir: out,
        config,
        patches: [
          {
            type: "AWS::Fixture::Gamma",
            reason: "a defective patch",
            apply: () => {
              throw new Error("boom");
            },
          },
        ],
      });
      const errors = result.plan.findings.filter((f) => f.severity === "error" && f.rule === "internal");
      assert.deepEqual(
        errors.map((f) => f.file),
        ["AWS_Fixture_Gamma.json"],
      );
      assert.match(errors[0]!.message, /cannot be generated \(internal error, please report\): boom/);
      assert.equal(result.counts.resources, 4, "the other types still generate");
      assert.equal(result.counts.types, 7, "the failed file is still counted");
      assert.ok(!listFiles(out).some((f) => f.includes("gamma")));
    } finally {
      removeDir(out);
    }
  });

  test("an error in a worker surfaces as an error of the run", () => {
    assert.throws(
      () => generate({ schemasDir: schemas, outDir: threaded, workers: 2, metaSchemasDir: schemas }),
      /generator worker: .*provider\.definition\.schema\.v1\.json not found/,
    );
  });
});
