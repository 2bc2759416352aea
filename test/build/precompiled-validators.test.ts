// The desired-state validators the build compiles ahead of time (ajv standalone code) judge data as
// the validator the runtime compiles itself does, patterns through the same lenient engine, and the
// runtime prefers them when it has one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv, type ValidateFunction } from "ajv";
import { standaloneValidatorCode } from "../../build/validator-assets.js";
import { desiredStateAjvOptions } from "../../cfn/desired-state-ajv.js";
import { modelSchemaOf } from "../../cfn/model-schema.js";
import type { CfnSchema } from "../../cfn/schema-source.js";
import { evaluateStandaloneValidator } from "../../provider/precompiled-validators.js";
import { DesiredStateSchemaValidator } from "../../runtime/validate/desired-state-schema.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { makeRecord } from "../../terraform/values/index.js";

const schema = {
  typeName: "Test::Fixture::Thing",
  description: "fixture",
  additionalProperties: false,
  primaryIdentifier: ["/properties/Name"],
  readOnlyProperties: ["/properties/Arn"],
  required: ["Name"],
  properties: {
    Arn: { type: "string" },
    // \\A and \\z are RE2 only: the engine translates them.
    Name: { type: "string", pattern: "\\A[a-z][a-z0-9-]*\\z", maxLength: 10 },
    Mode: { type: "string", enum: ["FAST", "SAFE"] },
    Ports: { type: "array", uniqueItems: true, items: { type: "integer", minimum: 1 } },
    Settings: { $ref: "#/definitions/Settings" },
  },
  definitions: {
    Settings: {
      type: "object",
      additionalProperties: false,
      properties: { Level: { type: "integer", maximum: 5 } },
      required: ["Level"],
    },
  },
} as unknown as CfnSchema;

const samples: unknown[] = [
  { Name: "ok-1" },
  { Name: "Upper" },
  { Name: "é-😀-far-too-long" },
  { Mode: "SLOW" },
  { Name: "a", Ports: [1, 2, 1] },
  { Name: "a", Ports: [0] },
  { Name: "a", Settings: {} },
  { Name: "a", Settings: { Level: 9, Extra: true } },
  { Name: "a", Unknown: 1 },
];

const outcome = (validate: ValidateFunction, data: unknown) => ({
  valid: validate(data),
  errors: (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`),
});

test("a precompiled validator gives the same verdicts and errors as one compiled at run time", () => {
  const compiled = new Ajv(desiredStateAjvOptions()).compile(modelSchemaOf(schema));
  const precompiled = evaluateStandaloneValidator(standaloneValidatorCode(schema), "fixture.js");
  for (const data of samples)
    assert.deepEqual(outcome(precompiled, data), outcome(compiled, data), JSON.stringify(data));
  assert.equal(precompiled({ Name: "ok-1" }), true);
  assert.equal(precompiled({ Name: "Upper" }), false, "the translated pattern is enforced");
});

test("standalone code that requires something the binary does not carry is refused", () => {
  assert.throws(
    () =>
      evaluateStandaloneValidator(
        '"use strict";const x = require("fs");module.exports = () => true;',
        "odd.js",
      ),
    /odd\.js requires fs/,
  );
});

test("the runtime uses a precompiled validator before compiling one", async () => {
  const definition = {
    cfnTypeName: "Test::Fixture::Thing",
    tfTypeName: "awscc_fixture_thing",
    attributes: {},
  } as unknown as ResourceDefinition;
  const asked: string[] = [];
  const missingName = Object.assign(() => false, {
    errors: [
      {
        instancePath: "",
        schemaPath: "#/required",
        keyword: "required",
        params: { missingProperty: "Name" },
        message: "must have required property 'Name'",
      },
    ],
  }) as unknown as ValidateFunction;
  // No schema in the source: only the precompiled validator can produce this diagnostic.
  const validator = new DesiredStateSchemaValidator({ get: () => undefined }, (typeName) => {
    asked.push(typeName);
    return missingName;
  });
  const diagnostics = await validator.validate(definition, makeRecord([]));
  assert.deepEqual(asked, ["Test::Fixture::Thing"]);
  assert.equal(diagnostics.length, 1);
  assert.match(JSON.stringify(diagnostics[0]), /required property Name is missing/);
});
