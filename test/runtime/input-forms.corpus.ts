// Every propertyTransform of the real corpus (../shared/cfn/schemas or $AWSCC_SCHEMAS_DIR) parses
// as JSONata, each `$OR` alternative on its own, and is carried into the type's definition.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import { buildTypeModel } from "../../generator/model/resource-model.js";
import type { CfnResourceSchema } from "../../generator/model/cfn-schema.js";
import { unparsableAlternatives } from "../../cfn/property-transforms.js";

test("every property transform of the corpus parses and reaches the definition", async () => {
  const dir = resolveSchemasDir();
  let transforms = 0;
  const failures: string[] = [];
  for (const file of listSchemaFiles(dir)) {
    const schema = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CfnResourceSchema;
    const declared = Object.keys(schema.propertyTransform ?? {});
    if (declared.length === 0) continue;
    const carried = buildTypeModel(schema).resource?.propertyTransforms ?? {};
    for (const pointer of declared) {
      const key = pointer.startsWith("/") ? pointer : `/${pointer}`;
      const transform = carried[key];
      if (transform === undefined) {
        failures.push(`${file} ${pointer}: not carried`);
        continue;
      }
      transforms++;
      for (const text of await unparsableAlternatives(transform))
        failures.push(`${file} ${pointer}: ${text}`);
    }
  }
  assert.ok(transforms > 150, `only ${transforms} transforms`);
  assert.deepEqual(failures, []);
});
