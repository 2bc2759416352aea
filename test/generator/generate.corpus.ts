// The whole real corpus (../shared/cfn/schemas or $AWSCC_SCHEMAS_DIR): everything loads, the
// expected counts generate, output is deterministic and `tsc` accepts it.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { repoRoot, resolveSchemasDir } from "../../cfn/paths.js";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import { generate, type GenerateResult } from "../../generator/pipeline/generate.js";
import { listFiles, removeDir, scratchDir } from "./helpers.js";

const first = scratchDir("corpus-a");
const second = scratchDir("corpus-b");
let run: GenerateResult;

describe("full corpus", () => {
  before(() => {
    run = generate({ outDir: first });
  });
  after(() => {
    removeDir(first);
    removeDir(second);
  });

  test("every schema file loads and none is an error", () => {
    assert.equal(run.counts.types, listSchemaFiles(resolveSchemasDir()).length);
    assert.equal(run.counts.types, 1489);
    const errors = run.plan.findings.filter((f) => f.severity === "error");
    assert.deepEqual(errors, []);
  });

  test("the expected counts generate", () => {
    // 1,489 types; configured suppressions: WorkSpaces::Workspace (resource + singular), NovaAct (resource).
    assert.equal(run.counts.resources, 1487);
    assert.equal(run.counts.singularDataSources, 1488);
    // Plural rule: 83 without a list handler, 312 needing arguments, 2 plural names equal to the singular.
    assert.equal(run.counts.pluralDataSources, 1092);
  });

  test("every pattern of the corpus is accounted for", () => {
    const p = run.plan.patterns;
    const dropped = run.plan.findings.filter((f) => f.rule === "pattern-dropped").length;
    assert.equal(p.dropped, dropped);
    assert.ok(p.kept + p.rewritten + p.dropped + p.blank > 6000);
  });

  test("two runs give identical bytes", () => {
    generate({ outDir: second });
    const files = listFiles(first);
    assert.deepEqual(listFiles(second), files);
    for (const f of files) {
      assert.ok(
        fs.readFileSync(path.join(first, f)).equals(fs.readFileSync(path.join(second, f))),
        `${f} differs between runs`,
      );
    }
  });

  test("tsc --noEmit accepts the generated tree", () => {
    const tsconfig = path.join(first, "tsconfig.json");
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(repoRoot, "tsconfig.json"),
        include: ["./**/*.ts"],
        compilerOptions: { noEmit: true },
      }),
    );
    const tsc = path.join(repoRoot, "node_modules/typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "-p", tsconfig], { stdio: "pipe" });
  });

  test("provider-schema.json has every module and the provider block", () => {
    const doc = JSON.parse(fs.readFileSync(path.join(first, "provider-schema.json"), "utf8"));
    const p = doc.provider_schemas["registry.terraform.io/hashicorp/awscc"];
    assert.equal(Object.keys(p.resource_schemas).length, run.counts.resources);
    assert.equal(
      Object.keys(p.data_source_schemas).length,
      run.counts.singularDataSources + run.counts.pluralDataSources,
    );
    assert.equal(p.resource_schemas.awscc_logs_log_group.block.attributes.log_group_name.optional, true);
    assert.deepEqual(p.data_source_schemas.awscc_logs_log_groups.block.attributes.ids.type, [
      "set",
      "string",
    ]);
    assert.ok(p.provider.block.attributes.region);
  });
});
