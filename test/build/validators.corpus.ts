// Every schema of the real corpus (../shared/cfn/schemas or $AWSCC_SCHEMAS_DIR) compiles into
// standalone validator code that the binary's loader can evaluate (it requires nothing the binary
// does not carry) and that agrees with a validator compiled at run time on an empty model and on
// the model the emulator would answer for a minimal object.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { standaloneValidatorCode } from "../../build/validator-assets.js";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { desiredStateAjvOptions } from "../../cfn/desired-state-ajv.js";
import { modelSchemaOf } from "../../cfn/model-schema.js";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import type { CfnSchema } from "../../cfn/schema-source.js";
import { evaluateStandaloneValidator } from "../../provider/precompiled-validators.js";

test("every corpus schema's precompiled validator loads and agrees with a compiled one", () => {
  const dir = resolveSchemasDir();
  const files = listSchemaFiles(dir);
  assert.ok(files.length > 1000, `only ${files.length} schemas in ${dir}`);
  const failures: string[] = [];
  for (const file of files) {
    const schema = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CfnSchema;
    try {
      const precompiled = evaluateStandaloneValidator(standaloneValidatorCode(schema), file);
      const compiled = new Ajv(desiredStateAjvOptions()).compile(modelSchemaOf(schema));
      for (const data of [{}, { Tags: [{ Key: "k", Value: "v" }] }, "not an object"]) {
        const verdicts = [precompiled(data), compiled(data)];
        const errors = [precompiled.errors?.length ?? 0, compiled.errors?.length ?? 0];
        if (verdicts[0] !== verdicts[1] || errors[0] !== errors[1])
          failures.push(`${file}: ${JSON.stringify(data)} → ${verdicts} / ${errors} errors`);
      }
    } catch (error) {
      failures.push(`${file}: ${(error as Error).message}`);
    }
  }
  assert.deepEqual(failures, []);
});
