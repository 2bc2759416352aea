// End to end with the real Terraform CLI: `terraform validate` reports a WAFv2 WebACL rule statement
// (a JSON string, where the schema's recursion is cut) that is not JSON or breaks its schema, at the
// attribute inside the rule list, with the pointer inside the document. The description comes from
// a variable without a value, unknown to validate: the known document is checked all the same.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertNoContractViolation, ok, skipWithoutTerraform, useWorkspace } from "./harness.js";

const webAcl = (statement: string) => `
variable "description" {
  type = string
}

locals {
  allow = { custom_request_handling = { insert_headers = [{ name = "x-acl", value = "1" }] } }
  visibility = { cloudwatch_metrics_enabled = false, metric_name = "acl", sampled_requests_enabled = false }
}

resource "awscc_wafv2_web_acl" "acl" {
  name              = "e2e-acl"
  scope             = "REGIONAL"
  description       = var.description
  default_action    = { allow = local.allow }
  visibility_config = local.visibility
  rules = [{
    name              = "not-bots"
    priority          = 1
    action            = { allow = local.allow }
    visibility_config = local.visibility
    statement = {
      not_statement = {
        statement = ${statement}
      }
    }
  }]
}
`;

const byteMatch = (extra: string) =>
  `jsonencode({ ByteMatchStatement = { SearchString = "bot", PositionalConstraint = "CONTAINS"${extra} } })`;

describe("terraform validate on JSON-string attributes", { skip: skipWithoutTerraform }, () => {
  const workspace = useWorkspace("json-string-validate");
  const statementPath = "rules[0].statement.not_statement.statement";

  test("a valid statement document passes", async () => {
    const ws = workspace();
    ws.configure(
      webAcl(
        byteMatch(
          ', FieldToMatch = { UriPath = {} }, TextTransformations = [{ Priority = 0, Type = "NONE" }]',
        ),
      ),
    );
    ok(await ws.run("validate", "-no-color"), "validate");
  });

  test("a statement that breaks its schema is reported at the attribute and the pointer inside it", async () => {
    const ws = workspace();
    ws.configure(webAcl(byteMatch("")));
    const r = await ws.run("validate", "-no-color");
    assertNoContractViolation(r);
    assert.equal(r.code, 1, `validate should fail:\n${r.stdout}\n${r.stderr}`);
    const text = unwrapped(r);
    assert.match(text, new RegExp(`${escape(statementPath)} at /ByteMatchStatement/FieldToMatch: required`));
    assert.match(
      text,
      new RegExp(`${escape(statementPath)} at /ByteMatchStatement/TextTransformations: required`),
    );
    // Terraform 1.11 follows a diagnostic path only through blocks, so for a nested attribute it
    // shows the resource block: the path in the detail is what locates the problem.
    assert.match(text, /with awscc_wafv2_web_acl\.acl,/);
  });

  test("a statement that is not JSON is reported at the attribute", async () => {
    const ws = workspace();
    ws.configure(webAcl(`"{\\"ByteMatchStatement\\": "`));
    const r = await ws.run("validate", "-no-color");
    assertNoContractViolation(r);
    assert.equal(r.code, 1, `validate should fail:\n${r.stdout}\n${r.stderr}`);
    assert.match(unwrapped(r), new RegExp(`${escape(statementPath)}: the value is not a JSON document`));
  });

  test("at the top level Terraform shows the attribute's own line (the path reaches it)", async () => {
    const ws = workspace();
    ws.configure(`
resource "awscc_sns_topic_inline_policy" "p" {
  topic_arn       = "arn:aws:sns:us-east-1:123456789012:t"
  policy_document = "{bad"
}
`);
    const r = await ws.run("validate", "-no-color");
    assertNoContractViolation(r);
    assert.equal(r.code, 1, `validate should fail:\n${r.stdout}\n${r.stderr}`);
    const text = unwrapped(r);
    assert.match(text, /\d+: +policy_document = "\{bad"/);
    assert.match(text, /policy_document: the value is not a JSON document/);
  });
});

/** Terraform wraps diagnostic text to its terminal width; matching needs single lines. */
function unwrapped(r: { stdout: string; stderr: string }): string {
  return (r.stdout + r.stderr).replace(/\n(?=\S)/g, " ");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
