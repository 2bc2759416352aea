// The generated write-only arguments (`<name>_wo`, `<name>_wo_version`) through the runtime and
// the emulator: the secret is read from the configuration at apply, sent on create and on a
// version bump only, and never planned or stored; validate refuses both spellings and a Terraform
// without write-only support.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { definitionImpliedType } from "../../terraform/values/implied-type.js";
import { isRecord, makeRecord, type TfValue, valueEquals } from "../../terraform/values/index.js";
import { loadResource, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const TYPE = "AWS::RDS::DBCluster";
const ID = "wo-runtime";

const member = (value: TfValue, name: string): TfValue => (isRecord(value) ? (value[name] ?? null) : null);

// One emulator for the file: each type's objects have their own identifiers.
const h = await startRuntime();
after(() => h.close());

describe("write-only arguments: awscc_rds_db_cluster.master_user_password_wo", () => {
  let definition: ResourceDefinition;
  before(async () => {
    definition = await loadResource("awscc_rds_db_cluster");
  });

  const remotePassword = (): unknown =>
    h.emulator.control.getResource(TYPE, ID)?.properties.MasterUserPassword;

  const config = (password: string, version: number) =>
    h.sim(definition).config({
      db_cluster_identifier: ID,
      engine: "aurora-postgresql",
      master_user_password_wo: password,
      master_user_password_wo_version: version,
    });

  test("create sends the secret; plan and state hold null", async () => {
    const sim = h.sim(definition);
    const plan = await sim.plan(config("first-secret", 1), null);
    assert.equal(errorsOf(plan.diagnostics), "");
    assert.equal(member(plan.planned, "master_user_password_wo"), null);
    const created = await sim.applyConfig(config("first-secret", 1), null);
    assert.equal(errorsOf(created.diagnostics), "");
    assert.equal(remotePassword(), "first-secret");
    assert.equal(member(created.state, "master_user_password_wo"), null);
    assert.equal(member(created.state, "master_user_password_wo_version"), 1);
    assert.equal(member(created.state, "master_user_password"), null);

    // A refresh keeps the version (CloudFormation never returns it) and the secret stays null.
    const read = await sim.read(created.state);
    assert.equal(member(read.state, "master_user_password_wo_version"), 1);
    assert.equal(member(read.state, "master_user_password_wo"), null);

    // A new secret without a version bump: the plan is the one of the old secret, and applying it
    // sends nothing (the real CLI plans no change at all: test/e2e/terraform-write-only.test.ts).
    const type = definitionImpliedType(definition);
    const planOld = await sim.plan(config("first-secret", 1), read.state);
    const planNew = await sim.plan(config("second-secret", 1), read.state);
    assert.ok(valueEquals(type, planOld.planned, planNew.planned));
    const same = await sim.applyConfig(config("second-secret", 1), read.state);
    assert.equal(errorsOf(same.diagnostics), "");
    assert.equal(remotePassword(), "first-secret");

    // The bump sends the current secret.
    const bumped = await sim.applyConfig(config("second-secret", 2), read.state);
    assert.equal(errorsOf(bumped.diagnostics), "");
    assert.equal(bumped.action, "update");
    assert.equal(remotePassword(), "second-secret");
    assert.equal(member(bumped.state, "master_user_password_wo"), null);
    assert.equal(member(bumped.state, "master_user_password_wo_version"), 2);
  });

  test("validate: both spellings is an error on the _wo attribute", async () => {
    const sim = h.sim(definition);
    const both = sim.config({ master_user_password: "a", master_user_password_wo: "b" });
    const diagnostics = await sim.validate(both);
    const error = diagnostics.find((d) => d.summary === "Invalid Attribute Combination");
    assert.ok(error, errorsOf(diagnostics));
    assert.deepEqual(error.path, [{ attribute: "master_user_password_wo" }]);
    assert.ok(!error.detail?.includes('"b"'));
    assert.equal(errorsOf(await sim.validate(sim.config({ master_user_password: "a" }))), "");
  });

  test("validate: _wo without the client's write-only capability is an error", async () => {
    const result = await h.backend.validateResourceConfig({
      typeName: definition.tfTypeName,
      definition,
      config: h.sim(definition).config({ master_user_password_wo: "b" }),
      clientCapabilities: { deferralAllowed: false, writeOnlyAttributesAllowed: false },
    });
    const error = (result.diagnostics ?? []).find((d) => d.summary === "Write-only Attribute Not Allowed");
    assert.ok(error, errorsOf(result.diagnostics));
    assert.deepEqual(error.path, [{ attribute: "master_user_password_wo" }]);
  });
});

describe("write-only arguments inside a nested object: awscc_iam_user.login_profile.password_wo", () => {
  let definition: ResourceDefinition;
  before(async () => {
    definition = await loadResource("awscc_iam_user");
  });

  const USER = "wo-nested-user";
  const remoteLogin = (): unknown =>
    h.emulator.control.getResource("AWS::IAM::User", USER)?.properties.LoginProfile;
  /** A login_profile value with every member, as Terraform sends objects. */
  const loginProfile = (values: Record<string, TfValue>): TfValue => {
    const attribute = definition.attributes.login_profile;
    assert.ok(attribute && attribute.type.kind === "object");
    return makeRecord(Object.keys(attribute.type.attributes).map((name) => [name, values[name] ?? null]));
  };
  const config = (login: Record<string, TfValue>) =>
    h.sim(definition).config({ user_name: USER, login_profile: loginProfile(login) });

  test("create sends LoginProfile.Password; plan and state hold null; a version bump sends the new one", async () => {
    const sim = h.sim(definition);
    const first = config({
      password_wo: "nested-secret-1",
      password_wo_version: 1,
      password_reset_required: true,
    });
    assert.equal(errorsOf(await sim.validate(first)), "", "the _wo value satisfies the required Password");
    const plan = await sim.plan(first, null);
    assert.equal(errorsOf(plan.diagnostics), "");
    assert.equal(member(member(plan.planned, "login_profile"), "password_wo"), null);
    const created = await sim.applyConfig(first, null);
    assert.equal(errorsOf(created.diagnostics), "");
    assert.deepEqual(remoteLogin(), { Password: "nested-secret-1", PasswordResetRequired: true });
    const login = member(created.state, "login_profile");
    assert.equal(member(login, "password_wo"), null);
    assert.equal(member(login, "password"), null);
    assert.equal(member(login, "password_wo_version"), 1);
    assert.ok(!JSON.stringify(created.state).includes("nested-secret-1"));

    const read = await sim.read(created.state);
    assert.equal(member(member(read.state, "login_profile"), "password_wo_version"), 1);

    const unchanged = await sim.applyConfig(
      config({ password_wo: "nested-secret-2", password_wo_version: 1, password_reset_required: true }),
      read.state,
    );
    assert.equal(errorsOf(unchanged.diagnostics), "");
    assert.equal((remoteLogin() as { Password?: unknown }).Password, "nested-secret-1");

    const bumped = await sim.applyConfig(
      config({ password_wo: "nested-secret-2", password_wo_version: 2, password_reset_required: true }),
      read.state,
    );
    assert.equal(errorsOf(bumped.diagnostics), "");
    assert.equal(bumped.action, "update");
    assert.deepEqual(remoteLogin(), { Password: "nested-secret-2", PasswordResetRequired: true });
    assert.equal(member(member(bumped.state, "login_profile"), "password_wo_version"), 2);
    assert.ok(!JSON.stringify(bumped.state).includes("nested-secret-2"));
  });

  test("validate: both spellings is an error on login_profile.password_wo; neither is the required-member error", async () => {
    const sim = h.sim(definition);
    const diagnostics = await sim.validate(config({ password: "a", password_wo: "b" }));
    const error = diagnostics.find((d) => d.summary === "Invalid Attribute Combination");
    assert.ok(error, errorsOf(diagnostics));
    assert.deepEqual(error.path, [{ attribute: "login_profile" }, { attribute: "password_wo" }]);
    assert.match(
      error.detail ?? "",
      /"login_profile\.password_wo" cannot be specified when "login_profile\.password"/,
    );
    const neither = await sim.validate(config({ password_reset_required: true }));
    assert.match(errorsOf(neither), /login_profile\.password must be set/);
  });
});

describe("write-only arguments in a write-only object: awscc_ses_email_identity.dkim_signing_attributes", () => {
  let definition: ResourceDefinition;
  before(async () => {
    definition = await loadResource("awscc_ses_email_identity");
  });

  const IDENTITY = "example.com";
  const remoteDkim = (): unknown =>
    h.emulator.control.getResource("AWS::SES::EmailIdentity", IDENTITY)?.properties.DkimSigningAttributes;
  const dkim = (values: Record<string, TfValue>): TfValue => {
    const attribute = definition.attributes.dkim_signing_attributes;
    assert.ok(attribute && attribute.type.kind === "object");
    return makeRecord(Object.keys(attribute.type.attributes).map((name) => [name, values[name] ?? null]));
  };
  const config = (selector: string, extra: Record<string, TfValue> = {}) =>
    h.sim(definition).config({
      email_identity: IDENTITY,
      dkim_signing_attributes: dkim({
        domain_signing_selector: selector,
        domain_signing_private_key_wo: "private-key-1",
        domain_signing_private_key_wo_version: 1,
      }),
      ...extra,
    });

  test("an update that sends the object again (it is never read back) keeps the unchanged secret in it", async () => {
    const sim = h.sim(definition);
    const created = await sim.applyConfig(config("sel"), null);
    assert.equal(errorsOf(created.diagnostics), "");
    assert.deepEqual(remoteDkim(), {
      DomainSigningSelector: "sel",
      DomainSigningPrivateKey: "private-key-1",
    });

    // An unrelated change: the update re-sends DkimSigningAttributes, the key with it.
    const read = await sim.read(created.state);
    const tagged = await sim.applyConfig(
      config("sel", {
        tags: [
          makeRecord([
            ["key", "a"],
            ["value", "b"],
          ]),
        ],
      }),
      read.state,
    );
    assert.equal(errorsOf(tagged.diagnostics), "");
    assert.equal(tagged.action, "update");
    assert.deepEqual(remoteDkim(), {
      DomainSigningSelector: "sel",
      DomainSigningPrivateKey: "private-key-1",
    });

    // A change inside the object, version unchanged: the key stays too.
    const reselected = await sim.applyConfig(
      config("sel2", {
        tags: [
          makeRecord([
            ["key", "a"],
            ["value", "b"],
          ]),
        ],
      }),
      (await sim.read(tagged.state)).state,
    );
    assert.equal(errorsOf(reselected.diagnostics), "");
    assert.deepEqual(remoteDkim(), {
      DomainSigningSelector: "sel2",
      DomainSigningPrivateKey: "private-key-1",
    });
    assert.ok(!JSON.stringify(reselected.state).includes("private-key-1"));
  });
});

describe("write-only arguments of a create-only secret: awscc_directoryservice_simple_ad.password_wo", () => {
  let definition: ResourceDefinition;
  before(async () => {
    definition = await loadResource("awscc_directoryservice_simple_ad");
  });

  const config = (password: string, version: number) =>
    h.sim(definition).config({
      name: "corp.example.com",
      size: "Small",
      vpc_settings: makeRecord([
        ["subnet_ids", ["subnet-0123456789abcdef0", "subnet-0123456789abcdef1"]],
        ["vpc_id", "vpc-0123456789abcdef0"],
      ]),
      password_wo: password,
      password_wo_version: version,
    });
  const remotePasswords = (): unknown[] =>
    h.emulator.control.listResources("AWS::DirectoryService::SimpleAD").map((r) => r.properties.Password);

  test("a version bump replaces the directory: CloudFormation takes the password only on create", async () => {
    const sim = h.sim(definition);
    const created = await sim.applyConfig(config("first-secret", 1), null);
    assert.equal(errorsOf(created.diagnostics), "");
    assert.deepEqual(remotePasswords(), ["first-secret"]);
    const read = await sim.read(created.state);
    const plan = await sim.plan(config("second-secret", 2), read.state);
    assert.equal(errorsOf(plan.diagnostics), "");
    assert.equal(plan.action, "replace");
    const bumped = await sim.applyConfig(config("second-secret", 2), read.state);
    assert.equal(errorsOf(bumped.diagnostics), "");
    assert.deepEqual(remotePasswords(), ["second-secret"]);
    assert.equal(member(bumped.state, "password_wo_version"), 2);
  });
});
