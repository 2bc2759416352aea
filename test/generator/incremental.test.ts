// Incremental generation equals a full run byte for byte; pins and patches are applied and listed.
// The same over the two real corpus snapshots is test/generator/incremental.corpus.ts.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { directorySchemaSource, effectiveSchemasDir } from "../../cfn/schema-source.js";
import { parseGenerationConfig } from "../../generator/config/generation-config.js";
import { repoRoot, resolveSchemasDir } from "../../cfn/paths.js";
import { generate } from "../../generator/pipeline/generate.js";
import { removeDir, sameTree, scratchDir } from "./helpers.js";

const incremental = scratchDir("incr-a");
const full = scratchDir("incr-b");
const fixtures = scratchDir("incr-fixtures");
const schemas = scratchDir("incr-schemas");
after(() => [incremental, full, fixtures, schemas].forEach(removeDir));

describe("incremental generation", () => {
  const widget = path.join(schemas, "AWS_Fixture_Widget.json");
  const link = path.join(schemas, "AWS_Fixture_Link.json");
  let linkSchema = "";
  before(() => {
    fs.cpSync(path.join(repoRoot, "test/fixtures/schemas"), schemas, { recursive: true });
    linkSchema = fs.readFileSync(link, "utf8");
  });

  /** An incremental run, then a full run of the same schemas into another folder: equal trees. */
  function incrementalEqualsFull(): number {
    const run = generate({ schemasDir: schemas, outDir: incremental });
    assert.equal(run.written.incremental, true);
    removeDir(full);
    generate({ schemasDir: schemas, outDir: full, full: true });
    sameTree(incremental, full);
    return run.written.emittedTypes;
  }

  test("a changed schema re-emits only its type, and the tree equals a full run", () => {
    const first = generate({ schemasDir: schemas, outDir: incremental });
    assert.equal(first.written.incremental, false);
    const original = fs.readFileSync(widget, "utf8");
    const changed = original.replace(/"description": "[^"]*"/, '"description": "changed"');
    assert.notEqual(changed, original);
    fs.writeFileSync(widget, changed);
    assert.equal(incrementalEqualsFull(), 1);
  });

  test("a rerun with nothing changed re-emits nothing", () => {
    assert.equal(incrementalEqualsFull(), 0);
  });

  test("a deleted module is rewritten", () => {
    const module = fs
      .readdirSync(incremental, { recursive: true, encoding: "utf8" })
      .find((f) => f.endsWith("widget_resource.ts"));
    assert.ok(module, "the widget's resource module");
    fs.rmSync(path.join(incremental, module));
    assert.equal(incrementalEqualsFull(), 1);
  });

  test("a removed schema's type is removed, an added one emitted", () => {
    fs.rmSync(link);
    assert.equal(incrementalEqualsFull(), 0);
    fs.writeFileSync(link, linkSchema);
    assert.equal(incrementalEqualsFull(), 1);
  });
});

describe("pins and patches", () => {
  const configFile = path.join(repoRoot, "test/fixtures/generation.json");
  const config = parseGenerationConfig(
    configFile,
    JSON.stringify({
      suppressions: [],
      pins: [{ type: "AWS::Fixture::Link", file: "pins/AWS_Fixture_Link.json", reason: "fixture pin" }],
    }),
  );

  test("a pinned schema replaces the cached one, and a patch rewrites its schema", () => {
    const result = generate({
      schemasDir: path.join(repoRoot, "test/fixtures/schemas"),
      outDir: fixtures,
      config,
      patches: [
        {
          type: "AWS::Fixture::Widget",
          reason: "fixture patch",
          apply: (schema) => ({ ...schema, description: "patched" }),
        },
      ],
    });
    assert.deepEqual(
      result.plan.adjustments.map((a) => `${a.kind} ${a.type}`),
      ["pin AWS::Fixture::Link", "patch AWS::Fixture::Widget"],
    );
    const schema = JSON.parse(fs.readFileSync(path.join(fixtures, "provider-schema.json"), "utf8"));
    const resources = schema.provider_schemas["registry.terraform.io/hashicorp/awscc"].resource_schemas;
    assert.ok(
      resources.awscc_fixture_link.block.attributes.note,
      "the pinned schema's extra property is generated",
    );
    assert.equal(resources.awscc_fixture_widget.block.description, "patched");

    // The effective schemas are written for every reader after generate, and read back by the one source.
    const effective = directorySchemaSource(effectiveSchemasDir(fixtures));
    assert.equal(effective.get("AWS::Fixture::Widget")?.description, "patched");
    assert.ok((effective.get("AWS::Fixture::Link")?.properties as Record<string, unknown>).Note, "the pin");
    assert.deepEqual(fs.readdirSync(effectiveSchemasDir(fixtures)).sort(), [
      "AWS_Fixture_Link.json",
      "AWS_Fixture_Widget.json",
    ]);
  });

  test("an effective schema whose type is gone is removed by the next run", () => {
    const only = scratchDir("effective-only");
    try {
      const schemasDir = path.join(only, "in");
      fs.mkdirSync(schemasDir, { recursive: true });
      for (const f of ["AWS_Fixture_Link.json", "AWS_Fixture_Widget.json"])
        fs.copyFileSync(path.join(repoRoot, "test/fixtures/schemas", f), path.join(schemasDir, f));
      const outDir = path.join(only, "out");
      generate({ schemasDir, outDir });
      fs.rmSync(path.join(schemasDir, "AWS_Fixture_Link.json"));
      generate({ schemasDir, outDir });
      assert.deepEqual(fs.readdirSync(effectiveSchemasDir(outDir)), ["AWS_Fixture_Widget.json"]);
    } finally {
      removeDir(only);
    }
  });

  test("configuration errors name the file and pointer", () => {
    assert.throws(
      () =>
        parseGenerationConfig("gen.json", JSON.stringify({ pins: [{ type: "AWS::X::Y", file: "x.json" }] })),
      /gen\.json: \/pins\/0\/reason: every pin needs a reason/,
    );
    assert.throws(
      () =>
        parseGenerationConfig(
          "gen.json",
          JSON.stringify({ suppressions: [{ type: "bad", modules: ["resource"], reason: "r" }] }),
        ),
      /gen\.json: \/suppressions\/0\/type/,
    );
  });

  test("the real CloudFront patch applies once and is idempotent", async () => {
    const { schemaPatches } = await import("../../schemas/patches.js");
    const patch = schemaPatches.find((p) => p.type === "AWS::CloudFront::ContinuousDeploymentPolicy")!;
    const file = path.join(resolveSchemasDir(), "AWS_CloudFront_ContinuousDeploymentPolicy.json");
    const fixed = patch.apply(JSON.parse(fs.readFileSync(file, "utf8")));
    assert.ok(fixed);
    assert.ok((fixed.deprecatedProperties as string[]).every((p) => p.startsWith("/properties/")));
    assert.equal(patch.apply(fixed), undefined);
  });
});

describe("an incremental run stopped half-way", () => {
  test("leaves a folder the next run rebuilds in full, equal to a full run", () => {
    const source = path.join(repoRoot, "test/fixtures/schemas");
    const copy = scratchDir("incr-stopped-schemas");
    const out = scratchDir("incr-stopped");
    const reference = scratchDir("incr-stopped-full");
    try {
      fs.cpSync(source, copy, { recursive: true });
      const widget = path.join(copy, "AWS_Fixture_Widget.json");
      const original = fs.readFileSync(widget, "utf8");
      generate({ schemasDir: copy, outDir: out });
      fs.writeFileSync(widget, original.replace(/"description": "[^"]*"/, '"description": "changed"'));
      // The run fails after the modules are written, before the manifest: provider-schema.json
      // cannot be written over a folder.
      fs.rmSync(path.join(out, "provider-schema.json"));
      fs.mkdirSync(path.join(out, "provider-schema.json/blocker"), { recursive: true });
      assert.throws(
        () => generate({ schemasDir: copy, outDir: out }),
        /EISDIR|illegal operation on a directory/,
      );
      const marker = JSON.parse(fs.readFileSync(path.join(out, "manifest.json"), "utf8"));
      assert.equal(marker.generatorVersion, "incomplete");
      fs.writeFileSync(widget, original);
      const next = generate({ schemasDir: copy, outDir: out });
      assert.equal(next.written.incremental, false, "rebuilt in full");
      generate({ schemasDir: copy, outDir: reference, full: true });
      sameTree(out, reference);
    } finally {
      [copy, out, reference].forEach(removeDir);
    }
  });
});
