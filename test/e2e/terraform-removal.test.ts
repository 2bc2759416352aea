// End to end with the real Terraform CLI: deleting attribute lines from the configuration plans
// their removal, the apply removes them from the remote object, and the next plan is empty.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  assertNoChanges,
  ok,
  skipWithoutTerraform,
  type TerraformWorkspace,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;

async function applyAndCheck(ws: TerraformWorkspace, body: string, expectInPlan: RegExp[]): Promise<string> {
  ws.configure(body);
  // The plan read here is the one applied (no second plan walk).
  const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
  for (const pattern of expectInPlan) assert.match(plan.stdout, pattern);
  ok(await ws.run("apply", "tfplan"), "apply the saved plan");
  await assertNoChanges(ws);
  return plan.stdout;
}

const remote = (ws: TerraformWorkspace, typeName: string, id: string) =>
  ws.emulator.control.getResource(typeName, id)?.properties;

describe("terraform: removed attributes, AWS::Logs::LogGroup", { skip }, () => {
  const workspace = useWorkspace("removal-lg");

  test("tags, then retention_in_days, then the createOnly name removed", async () => {
    const ws = workspace();
    await applyAndCheck(
      ws,
      `resource "awscc_logs_log_group" "a" {
  log_group_name    = "e2e-removal"
  retention_in_days = 7
  tags = [{ key = "env", value = "e2e" }]
}
`,
      [/will be created/],
    );
    assert.equal(remote(ws, "AWS::Logs::LogGroup", "e2e-removal")?.RetentionInDays, 7);

    await applyAndCheck(
      ws,
      `resource "awscc_logs_log_group" "a" {
  log_group_name    = "e2e-removal"
  retention_in_days = 7
}
`,
      [/will be updated in-place/, /- tags\s+= \[/],
    );
    assert.equal(remote(ws, "AWS::Logs::LogGroup", "e2e-removal")?.Tags, undefined);

    await applyAndCheck(
      ws,
      `resource "awscc_logs_log_group" "a" {
  log_group_name = "e2e-removal"
}
`,
      [/will be updated in-place/, /- retention_in_days\s+= 7 -> null/],
    );
    assert.equal(remote(ws, "AWS::Logs::LogGroup", "e2e-removal")?.RetentionInDays, undefined);

    await applyAndCheck(ws, `resource "awscc_logs_log_group" "a" {}\n`, [
      /must be replaced/,
      /log_group_name\s+= "e2e-removal" -> \(known after apply\) # forces replacement/,
    ]);
    assert.equal(remote(ws, "AWS::Logs::LogGroup", "e2e-removal"), undefined, "the named group is gone");
    const state = await ws.state();
    const id = String(state["awscc_logs_log_group.a"]?.values.id);
    assert.notEqual(id, "e2e-removal");
    assert.ok(remote(ws, "AWS::Logs::LogGroup", id), "the replacement exists");
  });
});

describe("terraform: removed attributes, AWS::SSM::Parameter and AWS::S3::Bucket", { skip }, () => {
  const workspace = useWorkspace("removal-other");

  test("ssm parameter tags (a map) removed", async () => {
    const ws = workspace();
    const parameter = (tags: string) => `resource "awscc_ssm_parameter" "p" {
  name  = "/e2e/removal"
  type  = "String"
  value = "v"${tags}
}
`;
    await applyAndCheck(ws, parameter(`\n  tags  = { team = "a" }`), [/will be created/]);
    assert.deepEqual(remote(ws, "AWS::SSM::Parameter", "/e2e/removal")?.Tags, { team: "a" });
    await applyAndCheck(ws, parameter(""), [/will be updated in-place/, /- tags\s+= \{/]);
    assert.equal(remote(ws, "AWS::SSM::Parameter", "/e2e/removal")?.Tags, undefined);
  });

  test("s3 bucket: a nested member removed, then the whole nested object", async () => {
    const ws = workspace();
    const bucket = (block: string) => `resource "awscc_s3_bucket" "b" {
  bucket_name = "e2e-removal-bucket"${block}
}
`;
    await applyAndCheck(
      ws,
      bucket(`
  public_access_block_configuration = {
    block_public_acls   = true
    block_public_policy = true
  }`),
      [/will be created/],
    );
    await applyAndCheck(
      ws,
      bucket(`
  public_access_block_configuration = {
    block_public_acls = true
  }`),
      [/will be updated in-place/, /- block_public_policy\s+= true -> null/],
    );
    assert.deepEqual(remote(ws, "AWS::S3::Bucket", "e2e-removal-bucket")?.PublicAccessBlockConfiguration, {
      BlockPublicAcls: true,
    });
    await applyAndCheck(ws, bucket(""), [
      /will be updated in-place/,
      /- public_access_block_configuration\s+= \{/,
    ]);
    assert.equal(
      remote(ws, "AWS::S3::Bucket", "e2e-removal-bucket")?.PublicAccessBlockConfiguration,
      undefined,
    );
  });
});
