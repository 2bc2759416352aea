// generate() on worker threads and in one thread: the same tree, the same findings, also when two
// types clash on a Terraform name (their files are redone after the shards and the modules the
// shards already wrote are removed) and when a run builds on a previous one.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { parseGenerationConfig } from "../../generator/config/generation-config.js";
import type { FileOutput, ShardInput } from "../../generator/pipeline/emit-shard.js";
import { generate, type GenerateResult } from "../../generator/pipeline/generate.js";
import { runShardsOnWorkers } from "../../generator/pipeline/shard-pool.js";
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

  test("an incremental run on worker threads re-emits only the changed type (and clashing ones)", () => {
    writeSchema("AWS::Fixture::Beta", { Name: { type: "string" }, Size: { type: "integer", minimum: 2 } });
    const again = run(threaded, 3);
    assert.equal(again.written.incremental, true);
    // Beta, and the two clashing types, which are rewritten on every run while they clash.
    assert.equal(again.written.emittedTypes, 3);
    run(single, 0);
    sameTree(threaded, single);
    assert.match(fs.readFileSync(path.join(threaded, "fixture/beta_resource.ts"), "utf8"), /a\.atLeast\(2\)/);
  });

  test("a clash that persists across incremental runs leaves the tree a full run writes", () => {
    // Only the resource names clash: DhcpOptions keeps no data sources, so DHCPOptions' singular
    // data source stays and must not derive from its (suppressed) resource module.
    const partial = parseGenerationConfig(
      "test.json",
      JSON.stringify({
        suppressions: [
          {
            type: "AWS::Fixture::DhcpOptions",
            modules: ["singularDataSource", "pluralDataSource"],
            reason: "fixture",
          },
        ],
      }),
    );
    const incremental = `${threaded}-clash`;
    const full = `${single}-clash`;
    try {
      for (const workers of [3, 3, 0])
        generate({ schemasDir: schemas, outDir: incremental, config: partial, workers });
      generate({ schemasDir: schemas, outDir: full, config: partial, workers: 0, full: true });
      sameTree(incremental, full);
      const singular = fs.readFileSync(
        path.join(full, "fixture/dhcp_options_singular_data_source.ts"),
        "utf8",
      );
      assert.doesNotMatch(singular, /import resource/);
    } finally {
      removeDir(incremental);
      removeDir(full);
    }
  });

  test("custom patches run in this thread even when workers are asked for", () => {
    const out = `${single}-patched`;
    try {
      const result = generate({
        schemasDir: schemas,
        outDir: out,
        config,
        workers: 2,
        patches: [
          {
            type: "AWS::Fixture::Alpha",
            reason: "fixture",
            apply: (s) => ({ ...s, description: "patched" }),
          },
        ],
      });
      assert.deepEqual(
        result.plan.adjustments.map((a) => a.type),
        ["AWS::Fixture::Alpha"],
      );
    } finally {
      removeDir(out);
    }
  });

  test("an unusable meta-schema folder fails a full run before the output folder is touched", () => {
    const before = listFiles(single);
    assert.throws(
      () => generate({ schemasDir: schemas, outDir: single, config, full: true, metaSchemasDir: schemas }),
      /provider\.definition\.schema\.v1\.json not found/,
    );
    assert.deepEqual(listFiles(single), before);
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

  test("an error in a worker surfaces as an error of the run; the next run is fine", () => {
    // One shard and one worker: the worker takes it, the calling thread has none of its own.
    const shard: ShardInput = {
      schemasDir: schemas,
      files: ["AWS_Fixture_Alpha.json"],
      config,
      validate: true,
      metaSchemasDir: schemas, // no meta-schema here: the worker's shard throws
      generatorVersion: "test",
      outDir: `${threaded}-error`,
    };
    const runHere = (): FileOutput[] => assert.fail("the calling thread took the worker's shard");
    assert.throws(
      () => runShardsOnWorkers([shard], 1, runHere),
      /generator worker: .*provider\.definition\.schema\.v1\.json not found/,
    );
    removeDir(`${threaded}-error`);
    const again = run(`${threaded}-again`, 2);
    assert.equal(again.counts.resources, 5);
    removeDir(`${threaded}-again`);
  });
});
