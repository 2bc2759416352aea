// End to end with the real Terraform CLI on types chosen for the traps: JSON-document attributes
// (semantic equality), compound identifiers (import with `|`), write-only values (kept from state),
// and references between resources (values known only after apply). A plan a test reads is saved
// and applied as it is (`plan -out=tfplan`, `apply tfplan`).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  assertNoChanges,
  assertNoContractViolation,
  ok,
  skipWithoutTerraform,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;

const role = (policy: string) => `
resource "awscc_iam_role" "r" {
  role_name                   = "e2e-role"
  assume_role_policy_document = ${policy}
  max_session_duration        = 3600
}
`;

const api = `
resource "awscc_apigateway_rest_api" "api" {
  name = "e2e-api"
}

resource "awscc_apigateway_stage" "prod" {
  rest_api_id = awscc_apigateway_rest_api.api.rest_api_id
  stage_name  = "prod"
  description = "production"
}
`;

const secret = (value: string) => `
resource "awscc_secretsmanager_secret" "s" {
  name          = "e2e-secret"
  secret_string = "${value}"
}
`;

describe("terraform on trap types", { skip }, () => {
  const workspace = useWorkspace("traps");

  test("IAM role: a policy document (object-or-string, so a plain string) round-trips without changes", async () => {
    const ws = workspace();
    ws.configure(
      role(
        `jsonencode({ Version = "2012-10-17", Statement = [{ Effect = "Allow", Principal = { Service = "lambda.amazonaws.com" }, Action = "sts:AssumeRole" }] })`,
      ),
    );
    ok(await ws.run("apply", "-auto-approve"), "apply");
    await assertNoChanges(ws);
    const state = await ws.state();
    assert.match(String(state["awscc_iam_role.r"]?.values.arn), /^arn:aws:iam::123456789012:role\//);
  });

  test("IAM role: a real policy change is an in-place update", async () => {
    const ws = workspace();
    ws.configure(
      role(
        `jsonencode({ Version = "2012-10-17", Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }] })`,
      ),
    );
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /will be updated in-place/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    const stored = ws.emulator.control.getResource("AWS::IAM::Role", "e2e-role");
    assert.match(JSON.stringify(stored?.properties.AssumeRolePolicyDocument), /ec2\.amazonaws\.com/);
    await assertNoChanges(ws);
  });

  test("JSON-document attribute: a new layout of the same document sends no update and settles", async () => {
    const ws = workspace();
    const policy = (text: string) => `
resource "awscc_logs_log_group" "l" {
  log_group_name         = "e2e-json"
  data_protection_policy = ${text}
}
`;
    ws.configure(policy(`jsonencode({ Name = "p", Version = "2021-06-01", Statement = [] })`));
    ok(await ws.run("apply", "-auto-approve"), "apply");
    await assertNoChanges(ws);
    ws.configure(policy(`<<EOT\n{ "Statement": [],\n  "Version": "2021-06-01", "Name": "p" }\nEOT`));
    ws.emulator.control.clearCalls();
    ok(await ws.run("apply", "-auto-approve"), "apply");
    assert.deepEqual(
      ws.emulator.control.calls({ operation: "UpdateResource" }).map((c) => JSON.stringify(c.input)),
      [],
      "a layout change of a JSON document is not sent to Cloud Control",
    );
    await assertNoChanges(ws);
    ok(await ws.run("destroy", "-auto-approve", "-target=awscc_logs_log_group.l"), "destroy");
  });

  test("API Gateway stage: a reference known only after apply, and a compound identifier", async () => {
    const ws = workspace();
    ws.configure(api);
    ok(await ws.run("apply", "-auto-approve"), "apply");
    const state = await ws.state();
    const apiId = String(state["awscc_apigateway_rest_api.api"]?.values.rest_api_id);
    assert.equal(state["awscc_apigateway_stage.prod"]?.values.id, `${apiId}|prod`);
    await assertNoChanges(ws);

    ok(await ws.run("state", "rm", "awscc_apigateway_stage.prod"), "state rm");
    ok(await ws.run("import", "awscc_apigateway_stage.prod", `${apiId}|prod`), "import");
    assert.equal((await ws.state())["awscc_apigateway_stage.prod"]?.values.description, "production");
    await assertNoChanges(ws);
  });

  test("API Gateway stage: changing the stage name (createOnly, part of the identifier) replaces it", async () => {
    const ws = workspace();
    ws.configure(api.replace('stage_name  = "prod"', 'stage_name  = "live"'));
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /must be replaced/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    const identifiers = ws.emulator.control.listResources("AWS::ApiGateway::Stage").map((r) => r.identifier);
    assert.equal(identifiers.length, 1);
    assert.match(identifiers[0]!, /\|live$/);
  });

  test("Secrets Manager: a write-only value is kept from state, sent on update, never read back", async () => {
    const ws = workspace();
    ws.configure(secret("first"));
    ok(await ws.run("apply", "-auto-approve"), "apply");
    const stored = ws.emulator.control.getResource(
      "AWS::SecretsManager::Secret",
      String((await ws.state())["awscc_secretsmanager_secret.s"]?.values.id),
    );
    assert.equal(stored?.properties.SecretString, "first", "the emulator received the write-only value");
    await assertNoChanges(ws);
    ws.configure(secret("second"));
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /will be updated in-place/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    await assertNoChanges(ws);
  });

  test("the binary checks the desired state against the type's CloudFormation schema at plan", async () => {
    const ws = workspace();
    // oneOf [required Arn] / [required ModuleName + VersionId]: no generated validator can say that.
    ws.configure(`
resource "awscc_cloudformation_module_default_version" "m" {
  module_name = "Org::Service::Thing::MODULE"
}
`);
    const plan = await ws.run("plan");
    assertNoContractViolation(plan);
    assert.notEqual(plan.code, 0, plan.stdout);
    assert.match(plan.stderr, /Value Conflicts With CloudFormation Schema/);
    assert.match(plan.stderr, /AWS::CloudFormation::ModuleDefaultVersion/);
  });

  test("destroy leaves no object behind", async () => {
    const ws = workspace();
    ws.configure(secret("second"));
    ok(await ws.run("destroy", "-auto-approve"), "destroy");
    assert.deepEqual(ws.emulator.control.listResources(), []);
  });
});
