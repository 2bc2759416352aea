// ConfigureProvider against the emulator through the real SDK: static keys, the AWS_* environment,
// a profile from shared files, max_retries, role_arn on every call, assume_role wiring, and
// GetCallerIdentity for the account id.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type RunningEmulator, startEmulator } from "../../emulator/emulator.js";
import { CloudControlBackend } from "../../runtime/provider/cloudcontrol-backend.js";
import { providerConfigAttributes } from "../../terraform/provider-config.js";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import { makeRecord, type TfValue } from "../../terraform/values/index.js";
import { emulatorProviderConfig, FAST, loadResource, providerConfig } from "./harness.js";
import { errorsOf, TerraformSim } from "./terraform.js";

const CAPS = { deferralAllowed: false, writeOnlyAttributesAllowed: true };
const endpoints = (url: string) =>
  makeRecord([
    ["cloudcontrolapi", url],
    ["sts", url],
    ["iam", null],
    ["sso", null],
  ]);

describe("provider configuration", () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startEmulator({ port: 0, accountId: "210987654321", region: "eu-west-1" });
  });
  after(async () => {
    await emulator.stop();
  });

  const configure = async (config: TfValue, env: NodeJS.ProcessEnv = {}) => {
    const backend = new CloudControlBackend({ ...FAST, env, schemaSource: null });
    const result = await backend.configureProvider({
      terraformVersion: "1.11.4",
      config,
      clientCapabilities: CAPS,
    });
    return { backend, errors: errorsOf(result.diagnostics) };
  };

  test("static keys: account from STS GetCallerIdentity, region as configured", async () => {
    const { backend, errors } = await configure(
      emulatorProviderConfig(emulator.url, { region: "eu-west-1" }),
    );
    assert.equal(errors, "");
    assert.deepEqual({ ...backend.session }, { accountId: "210987654321", region: "eu-west-1" });
    backend.stop();
  });

  test("credentials and region from the environment (the SDK chain)", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: "AKIDENV", AWS_SECRET_ACCESS_KEY: "env-secret" });
    try {
      const { backend, errors } = await configure(providerConfig({ endpoints: endpoints(emulator.url) }), {
        AWS_REGION: "ap-south-1",
      });
      assert.equal(errors, "");
      assert.equal(backend.session?.region, "ap-south-1");
    } finally {
      process.env = saved;
    }
  });

  test("a profile from shared config and credentials files", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "awscc-profile-"));
    const credentials = path.join(dir, "credentials");
    const config = path.join(dir, "config");
    writeFileSync(credentials, "[dev]\naws_access_key_id = AKIDFILE\naws_secret_access_key = file-secret\n");
    writeFileSync(config, "[profile dev]\nregion = sa-east-1\n");
    const { backend, errors } = await configure(
      providerConfig({
        profile: "dev",
        shared_credentials_files: [credentials],
        shared_config_files: [config],
        endpoints: endpoints(emulator.url),
      }),
    );
    assert.equal(errors, "");
    assert.equal(backend.session?.region, "sa-east-1");
    const missing = await configure(
      providerConfig({
        profile: "nope",
        shared_credentials_files: [credentials],
        shared_config_files: [config],
        region: "us-east-1",
        endpoints: endpoints(emulator.url),
      }),
    );
    assert.match(missing.errors, /Invalid AWS Provider Configuration/);
  });

  test("assume_role is used for the calls (the emulator has no AssumeRole, so configure reports it)", async () => {
    const assumeRoleAttributes = (
      providerConfigAttributes.assume_role!.type as { attributes: Record<string, unknown> }
    ).attributes;
    const assume = makeRecord(
      Object.keys(assumeRoleAttributes).map((k) => [
        k,
        k === "role_arn" ? "arn:aws:iam::210987654321:role/deploy" : k === "duration" ? "1h" : null,
      ]),
    );
    const { errors } = await configure(emulatorProviderConfig(emulator.url, { assume_role: assume }));
    assert.match(errors, /AssumeRole/);
  });

  test("max_retries bounds the attempts; role_arn is sent on every Cloud Control call", async () => {
    const { backend, errors } = await configure(
      emulatorProviderConfig(emulator.url, {
        max_retries: 3,
        role_arn: "arn:aws:iam::210987654321:role/cfn",
      }),
    );
    assert.equal(errors, "");
    const definition = await loadResource("awscc_logs_log_group");
    const sim = new TerraformSim(backend, definition);
    const config = fromModel(
      definition.attributes,
      jsonDocFromPlain({ LogGroupName: "retries" }) as JsonDocObject,
    );
    emulator.control.addFault({ kind: "throttle", operation: "CreateResource", count: 3 });
    const plan = await sim.plan(config, null);
    const failed = await sim.apply(null, plan.planned, config);
    assert.match(errorsOf(failed.diagnostics), /ThrottlingException/);
    assert.equal(emulator.control.calls({ operation: "CreateResource" }).length, 3);
    const created = await sim.apply(null, plan.planned, config);
    assert.equal(errorsOf(created.diagnostics), "");
    const calls = emulator.control
      .calls()
      .filter((c) => c.typeName === definition.cfnTypeName && c.operation !== "GetResourceRequestStatus");
    assert.ok(calls.length >= 4);
    assert.ok(calls.every((c) => c.input.RoleArn === "arn:aws:iam::210987654321:role/cfn"));
    backend.stop();
  });
});
