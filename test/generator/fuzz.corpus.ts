// Broken schemas the team has not seen: seeded mutations of real schemas must give findings (errors
// that name the file, or warnings), never a crash, and never stop the other types.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadGenerationConfig } from "../../generator/config/generation-config.js";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { createMetaSchemaValidator } from "../../generator/load/meta-schema.js";
import type { LoadedSchema } from "../../cfn/read-schemas.js";
import { planGeneration } from "../../generator/pipeline/plan.js";

const SAMPLES = [
  "AWS_Logs_LogGroup.json",
  "AWS_EC2_FlowLog.json",
  "AWS_SES_MailManagerRuleSet.json",
  "AWS_WAFv2_WebACL.json",
  "AWS_ECS_TaskDefinition.json",
  "AWS_AppConfig_Extension.json",
];
const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  "",
  "x",
  true,
  [],
  [null],
  {},
  { type: 7 },
  { $ref: "#/definitions/Nope" },
  { $ref: 5 },
  ["string", "integer", "object"],
  "#/definitions",
];

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Replaces or deletes one randomly chosen member somewhere in the document. */
function mutate(doc: unknown, rnd: () => number): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  const containers: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach((v, i) => (containers.push({ parent: node, key: i }), walk(v)));
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        containers.push({ parent: node as Record<string, unknown>, key: k });
        walk(v);
      }
    }
  };
  walk(copy);
  const target = containers[Math.floor(rnd() * containers.length)]!;
  const value = ODD_VALUES[Math.floor(rnd() * ODD_VALUES.length)];
  if (rnd() < 0.3 && !Array.isArray(target.parent))
    delete (target.parent as Record<string, unknown>)[target.key as string];
  else (target.parent as Record<string | number, unknown>)[target.key] = value;
  return copy;
}

test("300 mutated schemas: findings, never a crash; the untouched schema still generates", () => {
  const rnd = random(20261121);
  const validator = createMetaSchemaValidator();
  const config = loadGenerationConfig();
  const originals = SAMPLES.map(
    (f) => JSON.parse(fs.readFileSync(path.join(resolveSchemasDir(), f), "utf8")) as Record<string, unknown>,
  );
  let withErrors = 0;
  for (let i = 0; i < 300; i++) {
    const base = originals[i % originals.length]!;
    const schema = mutate(base, rnd) as Record<string, unknown>;
    const file = `Mutant_${i}.json`;
    const typeName = typeof schema.typeName === "string" ? schema.typeName : "AWS::Mutant::Type";
    const mutant: LoadedSchema = { file, path: `/mutants/${file}`, typeName, schema: schema as never };
    const healthy: LoadedSchema = {
      file: "Healthy.json",
      path: "/mutants/Healthy.json",
      typeName: "AWS::Fixture::Healthy",
      schema: { ...originals[0]!, typeName: "AWS::Fixture::Healthy" } as never,
    };
    const findings = [...validator.validateLoaded(mutant), ...validator.validateLoaded(healthy)];
    const plan = planGeneration([mutant, healthy], findings, config);
    for (const f of plan.findings)
      assert.ok(f.file === file || f.file === "Healthy.json", `finding names its file: ${JSON.stringify(f)}`);
    assert.ok(
      plan.types.some((t) => t.file === "Healthy.json" && t.definitions.length > 0),
      `mutation ${i} stopped a healthy type`,
    );
    if (plan.findings.some((f) => f.severity === "error" && f.file === file)) withErrors++;
  }
  assert.ok(withErrors > 30, `only ${withErrors} mutations were reported as errors`);
  console.log(`mutations reported as errors: ${withErrors} of 300`);
});
