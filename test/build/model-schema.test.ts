// The model schema validators compile: a oneOf the registry made impossible by blanking a branch's
// pattern is checked as an anyOf (cfn/model-schema.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv } from "ajv";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { desiredStateAjvOptions } from "../../cfn/desired-state-ajv.js";
import { modelSchemaOf, relaxBlankedChoices } from "../../cfn/model-schema.js";
import { directorySchemaSource } from "../../cfn/schema-source.js";

test("a oneOf with a blanked pattern becomes an anyOf; anything else is the same object", () => {
  const untouched = { properties: { A: { oneOf: [{ pattern: "^a$" }, { pattern: "^b$" }] } } };
  assert.equal(relaxBlankedChoices(untouched), untouched);
  const blanked = { properties: { A: { type: "string", oneOf: [{ pattern: "^a$" }, { pattern: "" }] } } };
  assert.deepEqual(relaxBlankedChoices(blanked), {
    properties: { A: { type: "string", anyOf: [{ pattern: "^a$" }, { pattern: "" }] } },
  });
  const both = { anyOf: [{ required: ["X"] }], oneOf: [{ pattern: "" }] };
  assert.deepEqual(relaxBlankedChoices(both), {
    anyOf: [{ required: ["X"] }],
    allOf: [{ anyOf: [{ pattern: "" }] }],
  });
});

test("RDS GlobalCluster: a source cluster given by its identifier validates", () => {
  const schema = directorySchemaSource(resolveSchemasDir()).get("AWS::RDS::GlobalCluster");
  assert.ok(schema);
  const validate = new Ajv(desiredStateAjvOptions()).compile(modelSchemaOf(schema));
  assert.equal(validate({ SourceDBClusterIdentifier: "my-cluster" }), true, JSON.stringify(validate.errors));
  assert.equal(validate({ SourceDBClusterIdentifier: "arn:aws:rds:us-east-1:123456789012:cluster:c" }), true);
});
