// End to end with the real Terraform CLI: a secret given as the write-only argument
// `master_user_password_wo` reaches the service (the emulator's store) but never the plan output,
// `terraform show -json` or the state file; bumping `_wo_version` sends a new one, changing the
// secret alone does not; setting both spellings is refused at validate.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import {
  assertNoChanges,
  ok,
  skipWithoutTerraform,
  type TerraformWorkspace,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;
const TYPE = "AWS::RDS::DBCluster";
const IDENTIFIER = "e2e-write-only";

const cluster = (
  password: string,
  version: number,
  extra = "",
): string => `resource "awscc_rds_db_cluster" "a" {
  db_cluster_identifier           = "${IDENTIFIER}"
  engine                          = "aurora-postgresql"
  master_username                 = "dbadmin"
  master_user_password_wo         = "${password}"
  master_user_password_wo_version = ${version}
${extra}}
`;

/** Every place Terraform keeps or shows the resource: state file (with the provider's private data decoded), show -json. */
async function assertNoTrace(
  ws: TerraformWorkspace,
  secrets: readonly string[],
  shown: string[],
  checkValues = true,
): Promise<void> {
  const stateText = fs.readFileSync(path.join(ws.dir, "terraform.tfstate"), "utf8");
  const privates = [...stateText.matchAll(/"private":\s*"([^"]*)"/g)].map((m) =>
    Buffer.from(m[1]!, "base64").toString("utf8"),
  );
  const show = ok(await ws.run("show", "-json"), "show -json").stdout;
  for (const secret of secrets) {
    for (const [where, text] of [
      ["state file", stateText],
      ["private state", privates.join("\n")],
      ["show -json", show],
      ...shown.map((t, i) => [`command output ${i}`, t] as const),
    ] as const) {
      assert.ok(!text.includes(secret), `${where} holds the secret ${secret}`);
    }
  }
  if (!checkValues) return;
  const values = (await ws.state())["awscc_rds_db_cluster.a"]?.values;
  assert.equal(values?.master_user_password_wo, null);
  assert.equal(values?.master_user_password, null);
}

const remotePassword = (ws: TerraformWorkspace): unknown =>
  ws.emulator.control.getResource(TYPE, IDENTIFIER)?.properties.MasterUserPassword;

describe("terraform: write-only argument master_user_password_wo, AWS::RDS::DBCluster", { skip }, () => {
  const workspace = useWorkspace("write-only");
  const first = "first-Secret-4821";
  const second = "second-Secret-9377";
  const third = "third-Secret-1163";

  test("create sends the secret, no trace of it in plan, show or state", async () => {
    const ws = workspace();
    ws.configure(cluster(first, 1));
    const plan = ok(await ws.run("plan"), "plan");
    assert.match(plan.stdout, /will be created/);
    assert.match(plan.stdout, /master_user_password_wo\s+= \(write-only attribute\)/);
    const apply = ok(await ws.run("apply", "-auto-approve"), "apply");
    assert.equal(remotePassword(ws), first, "the emulator received the secret as MasterUserPassword");
    await assertNoTrace(ws, [first], [plan.stdout + plan.stderr, apply.stdout + apply.stderr]);
    await assertNoChanges(ws);
  });

  test("a _wo_version bump sends the new secret; a new secret alone plans nothing", async () => {
    const ws = workspace();
    ws.configure(cluster(second, 2));
    const plan = ok(await ws.run("plan"), "plan");
    assert.match(plan.stdout, /will be updated in-place/);
    assert.match(plan.stdout, /master_user_password_wo_version\s+= 1 -> 2/);
    const apply = ok(await ws.run("apply", "-auto-approve"), "apply");
    assert.equal(remotePassword(ws), second, "the update sent the new secret");
    await assertNoTrace(ws, [first, second], [plan.stdout + plan.stderr, apply.stdout + apply.stderr]);

    ws.configure(cluster(third, 2));
    await assertNoChanges(ws);
    ok(await ws.run("apply", "-auto-approve"), "apply");
    assert.equal(remotePassword(ws), second, "without a version bump the secret is not sent");
    await assertNoTrace(ws, [first, second, third], []);
  });

  test("both master_user_password and master_user_password_wo: validate names the attribute", async () => {
    const ws = workspace();
    ws.configure(cluster(third, 2, `  master_user_password = "${third}"\n`));
    const validate = await ws.run("validate", "-no-color");
    assert.notEqual(validate.code, 0, validate.stdout);
    const text = validate.stdout + validate.stderr;
    assert.match(text, /Invalid Attribute Combination/);
    assert.match(text, /with awscc_rds_db_cluster\.a,[\s\S]*master_user_password_wo/);
    assert.match(
      text,
      /"master_user_password_wo" cannot be specified when\s+"master_user_password" is specified/,
    );
    // Terraform quotes the configuration line itself; the provider's detail never holds the value.
    const detail = text.slice(text.indexOf('Attribute "master_user_password_wo"'));
    assert.ok(!detail.includes(third), "the diagnostic detail does not show the secret");
  });
});

describe(
  "terraform: write-only argument inside a nested object, AWS::IAM::User login_profile.password_wo",
  { skip },
  () => {
    const workspace = useWorkspace("write-only-nested");
    const USER = "e2e-wo-user";
    const user = (password: string, version: number): string => `resource "awscc_iam_user" "u" {
  user_name = "${USER}"
  login_profile = {
    password_wo             = "${password}"
    password_wo_version     = ${version}
    password_reset_required = true
  }
}
`;
    const remoteLogin = (ws: TerraformWorkspace): unknown =>
      ws.emulator.control.getResource("AWS::IAM::User", USER)?.properties.LoginProfile;
    const first = "nested-First-5521";
    const second = "nested-Second-8804";

    test("create and a version bump send LoginProfile.Password; no trace of either in plan, show or state", async () => {
      const ws = workspace();
      ws.configure(user(first, 1));
      const plan = ok(await ws.run("plan"), "plan");
      assert.match(plan.stdout, /password_wo\s+= \(sensitive, write-only attribute\)/);
      const apply = ok(await ws.run("apply", "-auto-approve"), "apply");
      assert.deepEqual(remoteLogin(ws), { Password: first, PasswordResetRequired: true });
      await assertNoTrace(ws, [first], [plan.stdout + plan.stderr, apply.stdout + apply.stderr], false);
      const login = (await ws.state())["awscc_iam_user.u"]?.values?.login_profile as Record<string, unknown>;
      assert.equal(login.password_wo, null);
      assert.equal(login.password, null);
      assert.equal(login.password_wo_version, 1);
      await assertNoChanges(ws);

      ws.configure(user(second, 2));
      const bump = ok(await ws.run("plan"), "plan");
      assert.match(bump.stdout, /will be updated in-place/);
      const applied = ok(await ws.run("apply", "-auto-approve"), "apply");
      assert.deepEqual(remoteLogin(ws), { Password: second, PasswordResetRequired: true });
      await assertNoTrace(
        ws,
        [first, second],
        [bump.stdout + bump.stderr, applied.stdout + applied.stderr],
        false,
      );
      await assertNoChanges(ws);
    });
  },
);
