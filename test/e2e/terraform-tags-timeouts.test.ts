// End to end with the real Terraform CLI: provider default_tags on two tag shapes (a set of
// {key, value} on a log group, a map on an SSM parameter) — merged into tags_all, resource tags
// winning, changes and removal of a default tag applied, every second plan clean — and a resource's
// `timeouts` ending a hung create on the user's limit with the object kept (tainted) in state.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import {
  assertNoChanges,
  assertNoContractViolation,
  ok,
  skipWithoutTerraform,
  type TerraformWorkspace,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;

/** main.tf with `providerExtra` inside the provider block (the harness's configure has none). */
function configure(ws: TerraformWorkspace, providerExtra: string, body: string): void {
  const provider = `terraform {
  required_providers {
    awscc = { source = "hashicorp/awscc" }
  }
}

provider "awscc" {
  region = "us-east-1"
  endpoints = {
    cloudcontrolapi = "${ws.emulator.url}"
    sts             = "${ws.emulator.url}"
  }
${providerExtra}
}

`;
  fs.writeFileSync(path.join(ws.dir, "main.tf"), provider + body);
}

const defaultTags = (tags: Record<string, string>) =>
  `  default_tags = {\n    tags = {\n${Object.entries(tags)
    .map(([k, v]) => `      ${k} = "${v}"`)
    .join("\n")}\n    }\n  }`;

const tagged = `
resource "awscc_logs_log_group" "lg" {
  log_group_name = "e2e-tagged"
  tags           = [{ key = "team", value = "web" }]
}

resource "awscc_ssm_parameter" "p" {
  name  = "e2e-tagged"
  type  = "String"
  value = "v"
  tags  = { app = "x" }
}
`;

type Values = Record<string, unknown>;
const tagMap = (value: unknown): Record<string, string> =>
  Array.isArray(value)
    ? Object.fromEntries((value as { key: string; value: string }[]).map((t) => [t.key, t.value]))
    : ((value ?? {}) as Record<string, string>);

describe("terraform: provider default_tags", { skip }, () => {
  const workspace = useWorkspace("default-tags");

  async function values(ws: TerraformWorkspace): Promise<{ lg: Values; p: Values }> {
    const state = await ws.state();
    return { lg: state["awscc_logs_log_group.lg"]!.values, p: state["awscc_ssm_parameter.p"]!.values };
  }

  test("merged into tags_all (resource tags win); the config's tags stay the user's; no diff", async () => {
    const ws = workspace();
    configure(ws, defaultTags({ env: "dev", team: "core" }), tagged);
    const plan = ok(await ws.run("plan", "-out=tfplan"), "plan");
    assert.match(plan.stdout, /tags_all/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    await assertNoChanges(ws);
    const { lg, p } = await values(ws);
    assert.deepEqual(tagMap(lg.tags), { team: "web" });
    assert.deepEqual(tagMap(lg.tags_all), { team: "web", env: "dev" });
    assert.deepEqual(tagMap(p.tags), { app: "x" });
    assert.deepEqual(tagMap(p.tags_all), { app: "x", env: "dev", team: "core" });
  });

  test("changing a default tag updates every resource in place; then no diff", async () => {
    const ws = workspace();
    configure(ws, defaultTags({ env: "prod", team: "core" }), tagged);
    const plan = await ws.run("plan", "-detailed-exitcode", "-out=tfplan");
    assertNoContractViolation(plan);
    assert.equal(plan.code, 2, plan.stdout + plan.stderr);
    assert.match(plan.stdout, /2 to change, 0 to destroy/);
    ok(await ws.run("apply", "tfplan"), "apply the saved plan");
    await assertNoChanges(ws);
    const { lg, p } = await values(ws);
    assert.equal(tagMap(lg.tags_all).env, "prod");
    assert.equal(tagMap(p.tags_all).env, "prod");
  });

  test("removing default_tags removes them from every resource; then no diff", async () => {
    const ws = workspace();
    configure(ws, "", tagged);
    ok(await ws.run("apply", "-auto-approve"), "apply");
    await assertNoChanges(ws);
    const { lg, p } = await values(ws);
    assert.deepEqual(tagMap(lg.tags_all), { team: "web" });
    assert.deepEqual(tagMap(p.tags_all), { app: "x" });
  });
});

describe("terraform: resource timeouts", { skip }, () => {
  const workspace = useWorkspace("timeouts");

  test("a malformed duration fails validate, naming the attribute", async () => {
    const ws = workspace();
    configure(
      ws,
      "",
      `resource "awscc_logs_log_group" "lg" {\n  log_group_name = "e2e-bad"\n  timeouts = { create = "soon" }\n}\n`,
    );
    const r = await ws.run("validate", "-no-color");
    assert.notEqual(r.code, 0);
    assert.match(r.stdout + r.stderr, /timeouts\.create/);
  });

  test('timeouts = { create = "5s" } ends a hung create with an error naming it; the object stays in state, tainted', async () => {
    const ws = workspace();
    configure(
      ws,
      "",
      `resource "awscc_logs_log_group" "lg" {\n  log_group_name = "e2e-hung"\n  timeouts = { create = "5s" }\n}\n`,
    );
    ws.emulator.control.addFault({ kind: "hang", operation: "CreateResource", count: 1 });
    const started = Date.now();
    const r = await ws.run("apply", "-auto-approve");
    const seconds = (Date.now() - started) / 1000;
    assertNoContractViolation(r);
    assert.notEqual(r.code, 0, r.stdout);
    assert.match(r.stdout + r.stderr, /timeouts\.create = "5s"/);
    assert.ok(seconds < 15, `apply took ${seconds} s`);
    const list = ok(await ws.run("state", "list"), "state list");
    assert.match(list.stdout, /awscc_logs_log_group\.lg/);
    const state = await ws.state();
    assert.equal(state["awscc_logs_log_group.lg"]?.tainted, true);
    assert.equal(state["awscc_logs_log_group.lg"]?.values.id, "e2e-hung");
  });
});
