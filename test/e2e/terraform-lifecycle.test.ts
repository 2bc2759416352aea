// End to end with the real Terraform CLI: the built provider binary (dev_overrides) against the
// Cloud Control emulator. Skipped, with the reason, only when no terraform is on PATH. A plan a test
// reads is saved and applied as it is (`plan -out=tfplan`, `apply tfplan`), as pipelines do, rather
// than planned again by `apply -auto-approve`.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { repoRoot } from "../../cfn/paths.js";
import {
  assertNoContractViolation,
  ensureProviderBinary,
  ok,
  skipWithoutTerraform,
  TerraformWorkspace,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;

const LOG_GROUP = "AWS::Logs::LogGroup";

const logGroup = (name: string, retention: number, extra = ""): string => `
resource "awscc_logs_log_group" "a" {
  log_group_name    = "${name}"
  retention_in_days = ${retention}
  tags = [{ key = "env", value = "e2e" }]${extra}
}
`;

describe("terraform lifecycle: AWS::Logs::LogGroup", { skip }, () => {
  const workspace = useWorkspace("loggroup");

  test("create, then a second plan has no changes", async () => {
    const ws = workspace();
    ws.configure(logGroup("e2e-one", 7));
    ok(await ws.run("apply", "-auto-approve"), "apply");
    const state = await ws.state();
    assert.equal(state["awscc_logs_log_group.a"]?.values.id, "e2e-one");
    assert.match(
      String(state["awscc_logs_log_group.a"]?.values.arn),
      /^arn:aws:logs:us-east-1:123456789012:/,
    );
    const plan = await ws.run("plan", "-detailed-exitcode");
    assertNoContractViolation(plan);
    assert.equal(plan.code, 0, `expected no changes:\n${plan.stdout}`);
  });

  test("in-place update", async () => {
    const ws = workspace();
    ws.configure(logGroup("e2e-one", 14));
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /will be updated in-place/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    assert.equal(ws.emulator.control.getResource(LOG_GROUP, "e2e-one")?.properties.RetentionInDays, 14);
    assert.equal((await ws.run("plan", "-detailed-exitcode")).code, 0);
  });

  test("a createOnly change replaces the object", async () => {
    const ws = workspace();
    ws.configure(logGroup("e2e-two", 14));
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /must be replaced/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    assert.equal(ws.emulator.control.getResource(LOG_GROUP, "e2e-one"), undefined);
    assert.ok(ws.emulator.control.getResource(LOG_GROUP, "e2e-two"));
  });

  test("refresh after out-of-band drift reports it; the next apply corrects it", async () => {
    const ws = workspace();
    ws.emulator.control.driftUpdate(LOG_GROUP, "e2e-two", { properties: { RetentionInDays: 30 } });
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /retention_in_days\s+= 30 -> 14/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    assert.equal(ws.emulator.control.getResource(LOG_GROUP, "e2e-two")?.properties.RetentionInDays, 14);
  });

  test("out-of-band deletion: the next plan creates it again", async () => {
    const ws = workspace();
    ws.emulator.control.driftDelete(LOG_GROUP, "e2e-two");
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /will be created/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    assert.ok(ws.emulator.control.getResource(LOG_GROUP, "e2e-two"));
  });

  test("terraform import of an existing object, then no changes", async () => {
    const ws = workspace();
    ok(await ws.run("state", "rm", "awscc_logs_log_group.a"), "state rm");
    ok(await ws.run("import", "awscc_logs_log_group.a", "e2e-two"), "import");
    const state = await ws.state();
    assert.equal(state["awscc_logs_log_group.a"]?.values.retention_in_days, 14);
    const plan = await ws.run("plan", "-detailed-exitcode");
    assertNoContractViolation(plan);
    assert.equal(plan.code, 0, plan.stdout);
  });

  test("an import block adopts an object created elsewhere", async () => {
    const ws = workspace();
    ws.emulator.control.putResource(LOG_GROUP, "e2e-adopted", {
      LogGroupName: "e2e-adopted",
      RetentionInDays: 3,
      Arn: "arn:aws:logs:us-east-1:123456789012:log-group:e2e-adopted:*",
    });
    ws.configure(
      logGroup("e2e-two", 14) +
        `
import {
  to = awscc_logs_log_group.b
  id = "e2e-adopted"
}

resource "awscc_logs_log_group" "b" {
  log_group_name    = "e2e-adopted"
  retention_in_days = 3
}
`,
    );
    const apply = ok(await ws.run("apply", "-auto-approve"), "apply");
    assert.match(apply.stdout, /1 imported/);
    assert.equal((await ws.run("plan", "-detailed-exitcode")).code, 0);
  });

  test("singular and plural data sources", async () => {
    const ws = workspace();
    ws.configure(
      logGroup("e2e-two", 14) +
        `
data "awscc_logs_log_group" "one" {
  id = awscc_logs_log_group.a.id
}

data "awscc_logs_log_groups" "all" {}

output "retention" { value = data.awscc_logs_log_group.one.retention_in_days }
output "ids" { value = data.awscc_logs_log_groups.all.ids }
`,
    );
    ok(await ws.run("apply", "-auto-approve"), "apply");
    const out = JSON.parse(ok(await ws.run("output", "-json"), "output").stdout) as Record<
      string,
      { value: unknown }
    >;
    assert.equal(out.retention?.value, 14);
    assert.ok((out.ids?.value as string[]).includes("e2e-two"));
  });

  test("an invalid value fails at plan, naming the attribute", async () => {
    const ws = workspace();
    ws.configure(logGroup("e2e-two", 4));
    const plan = await ws.run("plan");
    assertNoContractViolation(plan);
    assert.notEqual(plan.code, 0);
    assert.match(plan.stderr, /retention_in_days/);
  });

  test("destroy removes every object in state (the adopted one too)", async () => {
    const ws = workspace();
    ws.configure(logGroup("e2e-two", 14));
    ok(await ws.run("destroy", "-auto-approve"), "destroy");
    assert.deepEqual(ws.emulator.control.listResources(), [], "no orphaned objects");
  });
});

describe("terraform and faults", { skip }, () => {
  const workspace = useWorkspace("faults");

  test("a create that fails after the object exists leaves a tainted resource the next apply replaces", async () => {
    const ws = workspace();
    ws.emulator.control.addFault({
      kind: "fail",
      operation: "CreateResource",
      typeName: LOG_GROUP,
      errorCode: "GeneralServiceException",
      withIdentifier: true,
      count: 1,
    });
    ws.configure(logGroup("e2e-tainted", 7));
    const failed = await ws.run("apply", "-auto-approve");
    assertNoContractViolation(failed);
    assert.notEqual(failed.code, 0);
    assert.match(failed.stderr, /GeneralServiceException/);
    const state = await ws.state();
    assert.equal(state["awscc_logs_log_group.a"]?.tainted, true);
    assert.ok(ws.emulator.control.getResource(LOG_GROUP, "e2e-tainted"), "the object exists remotely");

    const replan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(replan.stdout, /is tainted, so must be replaced/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    assert.equal((await ws.state())["awscc_logs_log_group.a"]?.tainted, false);
    ok(await ws.run("destroy", "-auto-approve"), "destroy");
    assert.deepEqual(ws.emulator.control.listResources(), [], "no orphaned objects");
  });

  test("throttled calls are retried and the apply succeeds", async () => {
    const ws = workspace();
    ws.emulator.control.addFault({ kind: "throttle", rate: 0.3 });
    ws.configure(logGroup("e2e-throttled", 7));
    ok(await ws.run("apply", "-auto-approve"), "apply");
    ok(await ws.run("destroy", "-auto-approve"), "destroy");
    ws.emulator.control.clearFaults();
    assert.deepEqual(ws.emulator.control.listResources(), []);
  });
});

describe("terraform providers schema -json", { skip }, () => {
  test("through the binary equals generated/provider-schema.json", async () => {
    ensureProviderBinary();
    const ws = await TerraformWorkspace.create("schema");
    try {
      ws.configure("");
      const r = await ws.run("providers", "schema", "-json");
      assert.equal(r.code, 0, r.stderr);
      const expected = JSON.parse(
        fs.readFileSync(path.join(repoRoot, "generated/provider-schema.json"), "utf8"),
      );
      assert.deepEqual(JSON.parse(r.stdout), expected);
    } finally {
      await ws.dispose();
    }
  });
});

describe("AWSCC_ONLY_TYPES through terraform", { skip }, () => {
  const workspace = useWorkspace("only-types");
  const body = `
resource "awscc_logs_log_group" "a" {
  log_group_name = "only-types"
}

resource "awscc_sqs_queue" "q" {
  queue_name = "only-types"
}
`;

  test("a type the variable leaves out is one Terraform says the provider does not support", async () => {
    const ws = workspace();
    ws.configure(body);
    ws.setEnv({ AWSCC_ONLY_TYPES: "awscc_logs_log_group" });
    const r = await ws.run("validate", "-no-color");
    assert.equal(r.code, 1, r.stdout);
    assert.match(
      r.stderr,
      /The provider hashicorp\/awscc does not support resource type\s+"awscc_sqs_queue"/,
    );
    assert.doesNotMatch(r.stderr, /awscc_logs_log_group/);
  });

  test("a name that matches nothing stops every command with the variable's message", async () => {
    const ws = workspace();
    ws.setEnv({ AWSCC_ONLY_TYPES: "awscc_logs_log_group awscc_sqs_qeue" });
    const r = await ws.run("validate", "-no-color");
    assert.equal(r.code, 1, r.stdout);
    assert.match(
      r.stderr.replace(/\s+/g, " "),
      /Invalid AWSCC_ONLY_TYPES: awscc_sqs_qeue matches no resource type or data source of this provider; unset it to serve every type/,
    );
  });

  test("with both named, the schema Terraform sees holds them and their data sources alone", async () => {
    const ws = workspace();
    ws.setEnv({ AWSCC_ONLY_TYPES: "awscc_logs_log_group, awscc_sqs_*" });
    ok(await ws.run("validate", "-no-color"), "validate");
    const r = ok(await ws.run("providers", "schema", "-json"), "providers schema");
    const schemas = (
      JSON.parse(r.stdout) as {
        provider_schemas: Record<string, { resource_schemas: object; data_source_schemas: object }>;
      }
    ).provider_schemas["registry.terraform.io/hashicorp/awscc"]!;
    assert.deepEqual(Object.keys(schemas.resource_schemas).sort(), [
      "awscc_logs_log_group",
      "awscc_sqs_queue",
      "awscc_sqs_queue_inline_policy",
    ]);
    assert.deepEqual(Object.keys(schemas.data_source_schemas).sort(), [
      "awscc_logs_log_group",
      "awscc_logs_log_groups",
      "awscc_sqs_queue",
      "awscc_sqs_queue_inline_policy",
      "awscc_sqs_queues",
    ]);
  });

  test("a type only the state holds, left out, stops the plan reading the state", async () => {
    const ws = workspace();
    ws.setEnv({ AWSCC_ONLY_TYPES: "awscc_logs_log_group,awscc_sqs_queue" });
    ok(await ws.run("apply", "-auto-approve"), "apply");
    ws.configure(body.slice(0, body.indexOf('resource "awscc_sqs_queue"')));
    ws.setEnv({ AWSCC_ONLY_TYPES: "awscc_logs_log_group" });
    const r = await ws.run("plan");
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /no schema available for awscc_sqs_queue\.q while reading state/);
    ws.setEnv({ AWSCC_ONLY_TYPES: undefined });
    ok(await ws.run("destroy", "-auto-approve"), "destroy");
    assert.deepEqual(ws.emulator.control.listResources(), []);
  });
});
