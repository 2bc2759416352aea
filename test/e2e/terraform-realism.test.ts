// The real Terraform CLI against an emulator with its realism profile on (every behaviour: service
// defaults, empties, its own order, JSON re-serialisation and IAM policy normalisation, properties
// never reported, aws: tags, eventual consistency, scalars as strings): the lifecycle of real types
// chosen for what services do to them (policy documents, tags, unordered lists, numbers, defaults)
// must never end in an error the configuration did not cause or an inconsistent result, every
// apply must be followed by an empty plan, and a refresh-only plan must find nothing. Skipped,
// with the reason, only without terraform on PATH.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import {
  assertNoChanges,
  assertNoContractViolation,
  ok,
  skipWithoutTerraform,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;

const configuration = (v: { team: string; retention: number; delay: number }): string => `
resource "awscc_iam_role" "role" {
  role_name = "realism-role"
  assume_role_policy_document = jsonencode({
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "lambda.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
  policies = [{
    policy_name = "logs"
    policy_document = jsonencode({
      Version   = "2012-10-17"
      Statement = [{ Effect = "Allow", Action = ["logs:PutLogEvents", "logs:CreateLogStream"], Resource = "*" }]
    })
  }]
  tags = [{ key = "team", value = "${v.team}" }]
}

resource "awscc_kms_key" "key" {
  description = "realism"
  key_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "root"
      Effect    = "Allow"
      Principal = { AWS = "arn:aws:iam::123456789012:root" }
      Action    = "kms:*"
      Resource  = "*"
    }]
  })
  tags = [{ key = "team", value = "${v.team}" }, { key = "app", value = "realism" }]
}

resource "awscc_logs_log_group" "logs" {
  log_group_name    = "realism-logs"
  retention_in_days = ${v.retention}
  tags              = [{ key = "team", value = "${v.team}" }]
}

resource "awscc_sqs_queue" "queue" {
  queue_name         = "realism-queue"
  delay_seconds      = ${v.delay}
  visibility_timeout = 60
  tags               = [{ key = "team", value = "${v.team}" }]
}

resource "awscc_ecs_task_definition" "task" {
  family                   = "realism"
  # By name: ECS answers the role's ARN, a form the schema's propertyTransform declares (a pattern).
  task_role_arn            = awscc_iam_role.role.role_name
  cpu                      = "256"
  memory                   = "512"
  network_mode             = "awsvpc"
  requires_compatibilities = ["FARGATE", "EC2"]
  container_definitions = [{
    name      = "app"
    image     = "nginx"
    essential = true
    environment = [{ name = "B", value = "2" }, { name = "A", value = "1" }]
    port_mappings = [{ container_port = 80, protocol = "tcp" }]
  }]
  tags = [{ key = "team", value = "${v.team}" }]
}
`;

const ADDRESSES = [
  "awscc_iam_role.role",
  "awscc_kms_key.key",
  "awscc_logs_log_group.logs",
  "awscc_sqs_queue.queue",
  "awscc_ecs_task_definition.task",
];

describe(
  "terraform lifecycle under the emulator's realism profile (all behaviours, seed 7)",
  { skip },
  () => {
    const workspace = useWorkspace("realism", { realism: "all", seed: 7, eventualMs: 1500 });

    test("apply, empty plan, update, empty plan", async () => {
      const ws = workspace();
      ws.configure(configuration({ team: "a", retention: 7, delay: 5 }));
      ok(await ws.run("apply", "-auto-approve"), "create");
      await assertNoChanges(ws);
      ws.configure(configuration({ team: "b", retention: 14, delay: 10 }));
      const plan = ok(await ws.run("plan", "-out=tfplan"), "plan the update");
      assert.match(plan.stdout, /5 to change, 0 to destroy/);
      ok(await ws.run("apply", "tfplan"), "update");
      await assertNoChanges(ws);
      // A refresh-only plan shows every difference a refresh finds (a normal plan only those that
      // matter to it), so each value the service gave back in its own form must read as the state's.
      // Terraform before 1.15 exits 2 here even when it finds nothing (hashicorp/terraform#36403).
      const refresh = await ws.run("plan", "-refresh-only", "-detailed-exitcode");
      assertNoContractViolation(refresh);
      assert.notEqual(refresh.code, 1, refresh.stdout + refresh.stderr);
      assert.doesNotMatch(refresh.stdout, /Objects have changed outside of Terraform/, refresh.stdout);
      assert.match(refresh.stdout, /No changes\. Your infrastructure still matches the configuration\./);
    });

    test("import of every object: its plan and apply succeed, then the plan is empty; destroy leaves nothing", async () => {
      const ws = workspace();
      const before = await ws.state();
      ok(await ws.run("state", "rm", ...ADDRESSES), "state rm");
      const imports = ADDRESSES.map(
        (address) =>
          `import {\n  to = ${address}\n  id = ${JSON.stringify(String(before[address]?.values.id))}\n}\n`,
      ).join("\n");
      fs.writeFileSync(path.join(ws.dir, "imports.tf"), imports);
      // The task role is held as the ARN the service answered: the same role as the configured name,
      // so the plan writes the configured form instead of replacing for the create-only value.
      const plan = ok(await ws.run("plan", "-out=tfplan"), "plan the import");
      const roleLine = plan.stdout.split("\n").find((line) => /^\s*~ task_role_arn\s/.test(line));
      assert.match(roleLine ?? "", /= "arn:[^"]*:role\/realism-role" -> "realism-role"$/, plan.stdout);
      ok(await ws.run("apply", "tfplan"), "import and apply");
      fs.rmSync(path.join(ws.dir, "imports.tf"));
      await assertNoChanges(ws);
      ok(await ws.run("destroy", "-auto-approve"), "destroy");
      assert.deepEqual(
        ws.emulator.control.listResources().map((r) => `${r.typeName} ${r.identifier}`),
        [],
        "nothing left behind",
      );
    });
  },
);
