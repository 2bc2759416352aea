// Plan decisions across types: configured suppressions, mapping errors, Terraform name clashes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseGenerationConfig } from "../../generator/config/generation-config.js";
import type { LoadedSchema } from "../../cfn/read-schemas.js";
import { planGeneration } from "../../generator/pipeline/plan.js";

function loaded(typeName: string, properties: Record<string, unknown>): LoadedSchema {
  const file = typeName.replace(/::/g, "_") + ".json";
  return {
    file,
    path: `/fixtures/${file}`,
    typeName,
    schema: {
      typeName,
      properties,
      primaryIdentifier: ["/properties/Name"],
      handlers: { list: {} },
    } as never,
  };
}

const noConfig = parseGenerationConfig("test.json", JSON.stringify({ suppressions: [] }));

test("two types with the same Terraform name are both refused, with an error each", () => {
  const plan = planGeneration(
    [
      loaded("AWS::Fixture::DHCPOptions", { Name: { type: "string" } }),
      loaded("AWS::Fixture::DhcpOptions", { Name: { type: "string" } }),
    ],
    [],
    noConfig,
  );
  const errors = plan.findings.filter((f) => f.rule === "name-clash");
  assert.equal(errors.length, 6, "resource, singular and plural of both types");
  assert.ok(plan.types.every((t) => t.definitions.length === 0));
  assert.match(errors[0]!.message, /awscc_fixture_dhcp_options/);
});

test("a mapping failure is an error unless configured; a configured suppression carries its reason", () => {
  const clash = loaded("AWS::Fixture::Clash", {
    SmsMessage: { type: "string" },
    SMSMessage: { type: "string" },
  });
  const unconfigured = planGeneration([clash], [], noConfig);
  assert.ok(
    unconfigured.findings.some(
      (f) => f.severity === "error" && f.rule === "mapping" && f.pointer === "/properties/SmsMessage",
    ),
  );
  const configured = planGeneration(
    [clash],
    [],
    parseGenerationConfig(
      "test.json",
      JSON.stringify({
        suppressions: [
          { type: "AWS::Fixture::Clash", modules: ["resource", "singularDataSource"], reason: "known clash" },
        ],
      }),
    ),
  );
  assert.deepEqual(
    configured.findings.filter((f) => f.severity === "error"),
    [],
  );
  assert.deepEqual(
    configured.types[0]!.suppressed.map((s) => s.reason),
    ["configured: known clash", "configured: known clash"],
  );
  assert.deepEqual(
    configured.types[0]!.definitions.map((d) => d.kind),
    ["pluralDataSource"],
  );
});

test("a load error keeps the type out of the plan", () => {
  const plan = planGeneration(
    [loaded("AWS::Fixture::Thing", { Name: { type: "string" } })],
    [
      {
        severity: "error",
        file: "AWS_Fixture_Thing.json",
        pointer: "/properties",
        message: "broken",
        rule: "x",
      },
    ],
    noConfig,
  );
  assert.equal(plan.types.length, 0);
});
