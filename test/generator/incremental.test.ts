// Incremental generation equals a full run byte for byte; pins and patches are applied and listed.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { directorySchemaSource, effectiveSchemasDir } from "../../cfn/schema-source.js";
import { parseGenerationConfig } from "../../generator/config/generation-config.js";
import { olderSchemasDir, repoRoot, resolveSchemasDir } from "../../cfn/paths.js";
import { generate } from "../../generator/pipeline/generate.js";
import { listFiles, removeDir, scratchDir } from "./helpers.js";

const incremental = scratchDir("incr-a");
const full = scratchDir("incr-b");
const fixtures = scratchDir("incr-fixtures");
after(() => [incremental, full, fixtures].forEach(removeDir));

function sameTree(a: string, b: string): void {
  const files = listFiles(a);
  assert.deepEqual(listFiles(b), files);
  for (const f of files) {
    assert.ok(fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))), `${f} differs`);
  }
}

describe("incremental generation", () => {
  test("old snapshot → new snapshot incrementally equals a full run of the new snapshot", () => {
    const first = generate({ schemasDir: olderSchemasDir, outDir: incremental });
    assert.equal(first.written.incremental, false);
    const second = generate({ schemasDir: resolveSchemasDir(), outDir: incremental });
    assert.equal(second.written.incremental, true);
    // Only added and changed types are re-emitted (87 added + 303 changed in content, and the
    // types whose generated modules did not change keep their files).
    assert.ok(
      second.written.emittedTypes > 300 && second.written.emittedTypes < 500,
      `${second.written.emittedTypes}`,
    );
    generate({ schemasDir: resolveSchemasDir(), outDir: full, full: true });
    sameTree(incremental, full);
  });

  test("a rerun with nothing changed re-emits nothing", () => {
    const again = generate({ schemasDir: resolveSchemasDir(), outDir: incremental });
    assert.equal(again.written.emittedTypes, 0);
    sameTree(incremental, full);
  });

  test("a deleted module is rewritten", () => {
    fs.rmSync(path.join(incremental, "logs/log_group_resource.ts"));
    const again = generate({ schemasDir: resolveSchemasDir(), outDir: incremental });
    assert.equal(again.written.emittedTypes, 1);
    sameTree(incremental, full);
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
