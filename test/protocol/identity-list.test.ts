// Resource identity (protocol 6.9) and list resources (6.10) through the built provider binary:
// a go-plugin client plays Terraform 1.12+/1.14 (Terraform 1.11 on these machines calls neither),
// and the provider talks to a Cloud Control emulator started in this process.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { type RunningEmulator, startEmulator } from "../../emulator/emulator.js";
import logGroup from "../../generated/logs/log_group_resource.js";
import { type LaunchedPlugin, launchPlugin } from "../../protocol/plugin-client.js";
import { identityType } from "../../terraform/identity/identity.js";
import { providerConfigAttributes } from "../../terraform/provider-config.js";
import {
  type CtyType,
  decodeMsgpack,
  definitionImpliedType,
  encodeMsgpack,
  impliedObjectType,
  isRecord,
  isUnknown,
  makeRecord,
  type TfRecord,
  type TfValue,
} from "../../terraform/values/index.js";
import { ensureProviderBinary, providerBinary } from "../e2e/harness.js";

type Message = Record<string, unknown>;
const LOG_GROUP = "awscc_logs_log_group";
const logGroupType = definitionImpliedType(logGroup);
const logGroupIdentityType = identityType(logGroup);

/** An object value of the type with every attribute null except the given ones. */
function objectValue(type: CtyType, values: Record<string, TfValue>): TfRecord {
  assert.equal(type.kind, "object");
  return makeRecord(Object.keys(type.attributes).map((name) => [name, values[name] ?? null]));
}

const dynamic = (type: CtyType, value: TfValue) => ({ msgpack: Buffer.from(encodeMsgpack(type, value)) });
const fromDynamic = (type: CtyType, value: unknown): TfValue =>
  decodeMsgpack(type, (value as { msgpack: Uint8Array }).msgpack);
const identityOf = (data: unknown): TfValue =>
  fromDynamic(logGroupIdentityType, (data as { identity_data: unknown }).identity_data);
const errors = (response: Message, key = "diagnostics") =>
  ((response[key] ?? []) as { severity: string; summary: string; detail: string }[]).filter(
    (d) => d.severity === "ERROR",
  );

describe("resource identity and list resources through the binary", () => {
  let emulator: RunningEmulator;
  let plugin: LaunchedPlugin;

  before(async () => {
    ensureProviderBinary();
    emulator = await startEmulator({ port: 0, seed: 11 });
    plugin = await launchPlugin({
      command: providerBinary,
      env: { AWS_ACCESS_KEY_ID: "emulator", AWS_SECRET_ACCESS_KEY: "emulator", TF_LOG: "" },
    });
    const configType = impliedObjectType(providerConfigAttributes);
    const endpointsType = configType.attributes.endpoints!;
    const config = objectValue(configType, {
      region: "us-east-1",
      endpoints: objectValue(endpointsType, { cloudcontrolapi: emulator.url, sts: emulator.url }),
    });
    const configured = await plugin.call("ConfigureProvider", {
      terraform_version: "1.14.0",
      config: dynamic(configType, config),
    });
    assert.deepEqual(errors(configured), []);
  });

  after(async () => {
    await plugin?.shutdown();
    await emulator?.stop();
  });

  test("GetResourceIdentitySchemas: primary identifier parts required, account and region optional", async () => {
    const response = await plugin.call("GetResourceIdentitySchemas");
    assert.deepEqual(errors(response), []);
    const schemas = response.identity_schemas as Record<
      string,
      { version: number; identity_attributes: Message[] }
    >;
    assert.ok(Object.keys(schemas).length > 1400, `only ${Object.keys(schemas).length} identity schemas`);
    const shape = (typeName: string) =>
      schemas[typeName]!.identity_attributes.map((a) => ({
        name: a.name,
        type: Buffer.from(a.type as Uint8Array).toString(),
        required: a.required_for_import,
        optional: a.optional_for_import,
      }));
    assert.equal(schemas[LOG_GROUP]!.version, 0);
    assert.deepEqual(shape(LOG_GROUP), [
      { name: "log_group_name", type: '"string"', required: true, optional: false },
      { name: "account_id", type: '"string"', required: false, optional: true },
      { name: "region", type: '"string"', required: false, optional: true },
    ]);
    assert.deepEqual(
      shape("awscc_apigateway_stage").map((a) => [a.name, a.required]),
      [
        ["rest_api_id", true],
        ["stage_name", true],
        ["account_id", false],
        ["region", false],
      ],
    );
    // A primary identifier named account_id is that attribute, required; region stays optional.
    const accountNamed = Object.entries(schemas).find(
      ([, s]) => s.identity_attributes.length === 2 && s.identity_attributes[0]!.name === "account_id",
    );
    assert.ok(accountNamed, "no type whose primary identifier is account_id");
    assert.deepEqual(
      shape(accountNamed[0]).map((a) => [a.name, a.required, a.optional]),
      [
        ["account_id", true, false],
        ["region", false, true],
      ],
    );
  });

  test("GetProviderSchema and GetMetadata declare the same list resources", async () => {
    const schema = await plugin.call("GetProviderSchema");
    const listSchemas = schema.list_resource_schemas as Record<string, { block: { attributes: unknown[] } }>;
    const names = Object.keys(listSchemas).sort();
    assert.ok(names.length > 1000, `only ${names.length} list resources`);
    assert.ok(names.includes(LOG_GROUP));
    assert.ok(!names.includes("awscc_apigateway_stage"), "a list handler needing arguments is not offered");
    assert.deepEqual(listSchemas[LOG_GROUP]!.block.attributes, []);
    for (const name of names) assert.ok(Object.hasOwn(schema.resource_schemas as object, name), name);
    const metadata = await plugin.call("GetMetadata");
    const listed = (metadata.list_resources as { type_name: string }[]).map((r) => r.type_name).sort();
    assert.deepEqual(listed, names);
  });

  test("plan, apply, read and import carry the identity", async () => {
    const config = objectValue(logGroupType, { log_group_name: "identity-lg", retention_in_days: 7 });
    const plan = await plugin.call("PlanResourceChange", {
      type_name: LOG_GROUP,
      prior_state: dynamic(logGroupType, null),
      proposed_new_state: dynamic(logGroupType, config),
      config: dynamic(logGroupType, config),
    });
    assert.deepEqual(errors(plan), []);
    const planned = identityOf(plan.planned_identity);
    assert.ok(isRecord(planned));
    assert.ok(isUnknown(planned.log_group_name), "the identifier is not known before the create");
    assert.equal(planned.account_id, emulator.accountId);
    assert.equal(planned.region, "us-east-1");

    const apply = await plugin.call(
      "ApplyResourceChange",
      {
        type_name: LOG_GROUP,
        prior_state: dynamic(logGroupType, null),
        planned_state: plan.planned_state,
        config: dynamic(logGroupType, config),
        planned_private: plan.planned_private,
      },
      60_000,
    );
    assert.deepEqual(errors(apply), []);
    const expected = { log_group_name: "identity-lg", account_id: emulator.accountId, region: "us-east-1" };
    assert.deepEqual({ ...(identityOf(apply.new_identity) as TfRecord) }, expected);

    const read = await plugin.call("ReadResource", {
      type_name: LOG_GROUP,
      current_state: apply.new_state,
      private: apply.private,
      current_identity: apply.new_identity,
    });
    assert.deepEqual(errors(read), []);
    assert.deepEqual({ ...(identityOf(read.new_identity) as TfRecord) }, expected);

    const byIdentity = await plugin.call("ImportResourceState", {
      type_name: LOG_GROUP,
      id: "",
      identity: {
        identity_data: dynamic(
          logGroupIdentityType,
          objectValue(logGroupIdentityType, { log_group_name: "identity-lg" }),
        ),
      },
    });
    assert.deepEqual(errors(byIdentity), []);
    const imported = (byIdentity.imported_resources as Message[])[0]!;
    const importedState = fromDynamic(logGroupType, imported.state);
    assert.ok(isRecord(importedState));
    assert.equal(importedState.id, "identity-lg");
    assert.deepEqual({ ...(identityOf(imported.identity) as TfRecord) }, expected);

    const byId = await plugin.call("ImportResourceState", { type_name: LOG_GROUP, id: "identity-lg" });
    assert.deepEqual(
      { ...(identityOf((byId.imported_resources as Message[])[0]!.identity) as TfRecord) },
      expected,
    );

    const otherRegion = await plugin.call("ImportResourceState", {
      type_name: LOG_GROUP,
      id: "",
      identity: {
        identity_data: dynamic(
          logGroupIdentityType,
          objectValue(logGroupIdentityType, { log_group_name: "identity-lg", region: "eu-west-3" }),
        ),
      },
    });
    assert.equal((otherRegion.imported_resources as unknown[]).length, 0);
    assert.match(errors(otherRegion)[0]?.detail ?? "", /region is "eu-west-3".*"us-east-1"/);

    const upgraded = await plugin.call("UpgradeResourceIdentity", {
      type_name: LOG_GROUP,
      version: 0,
      raw_identity: { json: Buffer.from(JSON.stringify(expected)) },
    });
    assert.deepEqual(errors(upgraded), []);
    assert.deepEqual({ ...(identityOf(upgraded.upgraded_identity) as TfRecord) }, expected);
    const newer = await plugin.call("UpgradeResourceIdentity", {
      type_name: LOG_GROUP,
      version: 1,
      raw_identity: { json: Buffer.from(JSON.stringify(expected)) },
    });
    assert.match(errors(newer)[0]?.detail ?? "", /version 1; this provider only reads identity version 0/);

    const missing = await plugin.call("ImportResourceState", {
      type_name: LOG_GROUP,
      id: "",
      identity: { identity_data: dynamic(logGroupIdentityType, objectValue(logGroupIdentityType, {})) },
    });
    assert.match(errors(missing)[0]?.detail ?? "", /"log_group_name" is required/);
  });

  test("ListResource streams every object over several pages, with and without the resource", async () => {
    const names = ["identity-lg"];
    for (let i = 0; i < 24; i++) {
      const name = `listed-${String(i).padStart(2, "0")}`;
      emulator.control.putResource("AWS::Logs::LogGroup", name, {
        LogGroupName: name,
        RetentionInDays: 30,
        Arn: `arn:aws:logs:us-east-1:${emulator.accountId}:log-group:${name}:*`,
        ...(i === 0 ? { Tags: [{ Key: "team", Value: "blue" }] } : {}),
      });
      names.push(name);
    }
    const validate = await plugin.call("ValidateListResourceConfig", {
      type_name: LOG_GROUP,
      config: dynamic({ kind: "object", attributes: {} }, makeRecord()),
    });
    assert.deepEqual(errors(validate), []);
    const listCallsBefore = emulator.control.calls({ operation: "ListResources" }).length;

    const events = await plugin.stream("ListResource", {
      type_name: LOG_GROUP,
      config: dynamic({ kind: "object", attributes: {} }, makeRecord()),
      include_resource_object: false,
    });
    assert.deepEqual(
      events.flatMap((e) => errors(e, "diagnostic")),
      [],
    );
    assert.deepEqual(events.map((e) => e.display_name).sort(), [...names].sort());
    const pages = emulator.control.calls({ operation: "ListResources" }).slice(listCallsBefore);
    assert.equal(pages.length, 2, "25 objects come in two pages of the emulator's 20");
    assert.ok(pages[1]!.input.NextToken, "the second page is asked for with the first page's token");
    for (const event of events) {
      const identity = identityOf(event.identity) as TfRecord;
      assert.deepEqual(
        { ...identity },
        { log_group_name: event.display_name, account_id: emulator.accountId, region: "us-east-1" },
      );
      assert.equal(event.resource_object ?? null, null, "no resource object unless asked for");
    }

    const full = await plugin.stream("ListResource", {
      type_name: LOG_GROUP,
      config: dynamic({ kind: "object", attributes: {} }, makeRecord()),
      include_resource_object: true,
    });
    assert.equal(full.length, names.length);
    for (const event of full) {
      const state = fromDynamic(logGroupType, event.resource_object);
      assert.ok(isRecord(state));
      assert.equal(state.id, event.display_name);
      assert.equal(state.log_group_name, event.display_name);
      const retention = Number(String(state.retention_in_days));
      assert.equal(retention, event.display_name === "identity-lg" ? 7 : 30);
      // As ReadResource after an import reads it: the tags also in tags_all.
      if (event.display_name === "listed-00") {
        assert.equal(
          JSON.stringify(state.tags),
          JSON.stringify([
            makeRecord([
              ["key", "team"],
              ["value", "blue"],
            ]),
          ]),
        );
        assert.equal(JSON.stringify(state.tags_all), JSON.stringify(state.tags));
      }
    }

    const limited = await plugin.stream("ListResource", {
      type_name: LOG_GROUP,
      config: dynamic({ kind: "object", attributes: {} }, makeRecord()),
      limit: 3,
    });
    assert.equal(limited.length, 3);
  });

  test("ListResource and ValidateListResourceConfig refuse types without a list resource", async () => {
    const events = await plugin.stream("ListResource", {
      type_name: "awscc_apigateway_stage",
      config: dynamic({ kind: "object", attributes: {} }, makeRecord()),
    });
    assert.equal(events.length, 1);
    assert.match(errors(events[0]!, "diagnostic")[0]?.summary ?? "", /List Resource Type Not Found/);
    const validate = await plugin.call("ValidateListResourceConfig", { type_name: "awscc_nope" });
    assert.match(errors(validate)[0]?.summary ?? "", /List Resource Type Not Found/);
  });
});
