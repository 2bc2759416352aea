// The resource lifecycle of real generated types through the runtime, the real AWS SDK and the
// emulator: create → refresh → no-op plan → update → import → drift → replace → destroy, with the
// docs/protocol.md contract checked after every plan, apply and read (see terraform.ts).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { keepPriorForm } from "../../runtime/read/keep-prior-form.js";
import { nullWriteOnly, writeOnlyAttributes } from "../../runtime/state/write-only.js";
import { reorderWithPrior } from "../../runtime/convert/reorder.js";
import { toDesiredState } from "../../runtime/convert/to-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  definitionImpliedType,
  formatPath,
  isRecord,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf, type TerraformSim } from "./terraform.js";
import { show } from "./state-compare.js";

const ACCOUNT = "123456789012";
type Doc = Record<string, unknown>;

interface LifecycleCase {
  readonly type: string;
  readonly trap: string;
  readonly create: Doc;
  /** In-place change (undefined for types that cannot be updated). */
  readonly update?: Doc;
  /** A createOnly change: the plan must replace. */
  readonly replace: Doc;
  /** Out-of-band change of a configured property (real drift). */
  readonly drift: (stored: Doc) => Doc;
  /** Out-of-band re-serialisation that means the same (normalization: no diff). */
  readonly normalize?: (stored: Doc) => Doc;
  /** Adjusts the configuration built from a document (e.g. JSON written by hand). */
  readonly tweak?: (config: TfRecord) => TfRecord;
  readonly identifier: RegExp;
  /** Extra checks after the update was applied. */
  readonly afterUpdate?: (h: RuntimeHarness, state: TfRecord, definition: ResourceDefinition) => void;
}

const trust = (service: string) => ({
  Version: "2012-10-17",
  Statement: [{ Effect: "Allow", Principal: { Service: service }, Action: "sts:AssumeRole" }],
});
const LB = (n: string) =>
  `arn:aws:elasticloadbalancing:us-east-1:${ACCOUNT}:loadbalancer/app/${n}/50dc6c495c0c9188`;
const TG = (n: string) =>
  `arn:aws:elasticloadbalancing:us-east-1:${ACCOUNT}:targetgroup/${n}/6d0ecf831eec9f09`;
const with_ = (doc: Doc, patch: Doc): Doc => ({ ...doc, ...patch });
const tag = (Key: string, Value: string) => ({ Key, Value });

const logGroup: Doc = {
  LogGroupName: "app-logs",
  RetentionInDays: 7,
  DataProtectionPolicy: { Name: "policy", Statement: [{ Sid: "audit", DataIdentifier: ["EmailAddress"] }] },
  Tags: [tag("env", "dev"), tag("app", "web")],
};
const role: Doc = {
  RoleName: "app-role",
  AssumeRolePolicyDocument: trust("lambda.amazonaws.com"),
  Description: "d1",
};
const stage: Doc = {
  RestApiId: "a1b2c3d4e5",
  StageName: "prod",
  Description: "v1",
  Variables: { color: "blue" },
  Tags: [tag("b", "2"), tag("a", "1")],
};
const rolePolicy: Doc = {
  PolicyName: "inline",
  RoleName: "app-role",
  PolicyDocument: {
    Version: "2012-10-17",
    Statement: [{ Effect: "Allow", Action: "s3:GetObject", Resource: "*" }],
  },
};
const db: Doc = {
  DBInstanceIdentifier: "orders-db",
  Engine: "postgres",
  DBInstanceClass: "db.t3.micro",
  AllocatedStorage: "20",
  MasterUsername: "admin",
  MasterUserPassword: "correct-horse-battery",
};
const flowLog: Doc = {
  ResourceType: "VPC",
  ResourceId: "vpc-0a1b2c3d4e5f60718",
  TrafficType: "ALL",
  LogDestinationType: "cloud-watch-logs",
  LogGroupName: "flow-logs",
  DeliverLogsPermissionArn: `arn:aws:iam::${ACCOUNT}:role/flow`,
  Tags: [tag("team", "net")],
};
const repository: Doc = {
  RepositoryName: "web-app",
  EncryptionConfiguration: { EncryptionType: "AES256" },
  ImageTagMutability: "MUTABLE",
  EmptyOnDelete: true,
};
const connectPeer: Doc = {
  TransitGatewayAttachmentId: "tgw-attach-0a1b2c3d4e5f60718",
  ConnectPeerConfiguration: {
    PeerAddress: "10.0.0.1",
    InsideCidrBlocks: ["169.254.10.0/29"],
    BgpConfigurations: [{ PeerAsn: 65000 }],
  },
};
const refreshSchedule: Doc = {
  AwsAccountId: ACCOUNT,
  DataSetId: "sales",
  Schedule: { ScheduleId: "nightly", RefreshType: "FULL_REFRESH", ScheduleFrequency: { Interval: "DAILY" } },
};
const authorizer: Doc = {
  ApiId: "api0123456",
  AuthorizerType: "JWT",
  Name: "jwt",
  IdentitySource: ["$request.header.Authorization"],
  JwtConfiguration: { Audience: ["web"], Issuer: "https://issuer.example.com" },
};
const queue: Doc = {
  QueueName: "jobs",
  VisibilityTimeout: 30,
  RedrivePolicy: { deadLetterTargetArn: `arn:aws:sqs:us-east-1:${ACCOUNT}:dlq`, maxReceiveCount: 5 },
  Tags: [tag("b", "2"), tag("a", "1"), tag("b", "2")],
};
const listener: Doc = {
  LoadBalancerArn: LB("web"),
  Port: 443,
  Protocol: "HTTPS",
  Certificates: [{ CertificateArn: `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/abc` }],
  DefaultActions: [
    {
      Type: "authenticate-oidc",
      Order: 1,
      AuthenticateOidcConfig: {
        Issuer: "https://idp.example.com",
        AuthorizationEndpoint: "https://idp.example.com/auth",
        TokenEndpoint: "https://idp.example.com/token",
        UserInfoEndpoint: "https://idp.example.com/userinfo",
        ClientId: "client",
        ClientSecret: "very-secret",
      },
    },
    {
      Type: "forward",
      Order: 2,
      ForwardConfig: {
        TargetGroups: [
          { TargetGroupArn: TG("blue"), Weight: 1 },
          { TargetGroupArn: TG("green"), Weight: 1 },
        ],
      },
    },
  ],
};
const scalingPolicy: Doc = {
  PolicyName: "cpu",
  PolicyType: "TargetTrackingScaling",
  ResourceId: "service/default/web",
  ScalableDimension: "ecs:service:DesiredCount",
  ServiceNamespace: "ecs",
  TargetTrackingScalingPolicyConfiguration: {
    TargetValue: 70.5,
    PredefinedMetricSpecification: { PredefinedMetricType: "ECSServiceAverageCPUUtilization" },
  },
};
const parameter: Doc = {
  Name: "/app/flag",
  Type: "String",
  Value: "on",
  Tags: { team: "a" },
  Description: "feature flag",
};
const vpcConnector: Doc = {
  VpcConnectorName: "conn-a",
  Subnets: ["subnet-0b", "subnet-0a"],
  SecurityGroups: ["sg-01"],
};

const CASES: LifecycleCase[] = [
  {
    type: "awscc_logs_log_group",
    trap: "JSON attribute written by hand (semantic equality), default, set of objects",
    create: logGroup,
    update: with_(logGroup, { RetentionInDays: 14, Tags: [tag("env", "prod"), tag("app", "web")] }),
    replace: with_(logGroup, {
      LogGroupName: "app-logs-2",
      RetentionInDays: 14,
      Tags: [tag("env", "prod"), tag("app", "web")],
    }),
    drift: (p) => with_(p, { RetentionInDays: 30 }),
    normalize: (p) => with_(p, { Tags: [...(p.Tags as unknown[])].reverse() }),
    tweak: (config) =>
      makeRecord([
        ...Object.entries(config),
        [
          "data_protection_policy",
          '{ "Statement": [ { "DataIdentifier": ["EmailAddress"], "Sid": "audit" } ],\n  "Name": "policy" }',
        ],
      ]),
    identifier: /^app-logs(-2)?$/,
  },
  {
    type: "awscc_iam_role",
    trap: "JSON policy document, global service",
    create: role,
    update: with_(role, { Description: "d2", MaxSessionDuration: 7200 }),
    replace: with_(role, { RoleName: "app-role-2", Description: "d2", MaxSessionDuration: 7200 }),
    drift: (p) => with_(p, { Description: "changed by hand" }),
    normalize: (p) => with_(p, { AssumeRolePolicyDocument: reverseKeys(p.AssumeRolePolicyDocument) }),
    identifier: /^app-role(-2)?$/,
  },
  {
    type: "awscc_apigateway_stage",
    trap: "compound identifier, map, multiset tags",
    create: stage,
    update: with_(stage, { Description: "v2", Variables: { color: "green", size: "L" } }),
    replace: with_(stage, { StageName: "beta", Description: "v2" }),
    drift: (p) => with_(p, { Description: "hand edit" }),
    normalize: (p) => with_(p, { Tags: [...(p.Tags as unknown[])].reverse() }),
    identifier: /^a1b2c3d4e5\|(prod|beta)$/,
  },
  {
    type: "awscc_iam_role_policy",
    trap: "compound identifier PolicyName|RoleName, no list handler",
    create: rolePolicy,
    update: with_(rolePolicy, {
      PolicyDocument: {
        Version: "2012-10-17",
        Statement: [{ Effect: "Allow", Action: "s3:PutObject", Resource: "*" }],
      },
    }),
    replace: with_(rolePolicy, { PolicyName: "inline-2" }),
    drift: (p) =>
      with_(p, {
        PolicyDocument: {
          Version: "2012-10-17",
          Statement: [{ Effect: "Deny", Action: "*", Resource: "*" }],
        },
      }),
    identifier: /^inline(-2)?\|app-role$/,
  },
  {
    type: "awscc_rds_db_instance",
    trap: "write-only MasterUserPassword (re-sent on update, kept on read), nested read-only Endpoint",
    create: db,
    update: with_(db, { AllocatedStorage: "30" }),
    replace: with_(db, { DBInstanceIdentifier: "orders-db-2", AllocatedStorage: "30" }),
    drift: (p) => with_(p, { AllocatedStorage: "40" }),
    identifier: /^orders-db(-2)?$/,
    afterUpdate: (h, state) => {
      assert.equal(state.master_user_password, "correct-horse-battery");
      const patch = h.emulator.control.calls({ operation: "UpdateResource" }).at(-1)?.input
        .PatchDocument as string;
      assert.deepEqual(JSON.parse(patch), [
        { op: "replace", path: "/AllocatedStorage", value: "30" },
        { op: "add", path: "/MasterUserPassword", value: "correct-horse-battery" },
      ]);
    },
  },
  {
    type: "awscc_ec2_flow_log",
    trap: "read-only generated primary identifier (Id → flow_log_id)",
    create: flowLog,
    update: with_(flowLog, { Tags: [tag("team", "net"), tag("cost", "42")] }),
    replace: with_(flowLog, { TrafficType: "REJECT" }),
    drift: (p) => with_(p, { Tags: [tag("team", "other")] }),
    identifier: /^fl-[0-9a-f]{17}$/,
    afterUpdate: (_h, state) => assert.equal(state.flow_log_id, state.id),
  },
  {
    type: "awscc_ecr_repository",
    trap: "nested createOnly EncryptionConfiguration.EncryptionType, write-only EmptyOnDelete",
    create: repository,
    update: with_(repository, { ImageTagMutability: "IMMUTABLE" }),
    replace: with_(repository, {
      ImageTagMutability: "IMMUTABLE",
      EncryptionConfiguration: { EncryptionType: "KMS_DSSE" },
    }),
    drift: (p) => with_(p, { ImageTagMutability: "MUTABLE" }),
    identifier: /^web-app$/,
    afterUpdate: (_h, state) => assert.equal(state.empty_on_delete, true),
  },
  {
    type: "awscc_ec2_transit_gateway_connect_peer",
    trap: "createOnly members of a required object, computed-only list of objects inside it (read-only members per element)",
    create: connectPeer,
    update: with_(connectPeer, { Tags: [tag("a", "b")] }),
    replace: with_(connectPeer, {
      ConnectPeerConfiguration: { ...(connectPeer.ConnectPeerConfiguration as Doc), PeerAddress: "10.0.0.2" },
    }),
    drift: (p) => with_(p, { Tags: [tag("a", "changed")] }),
    identifier: /^tgw-connect-peer-[0-9a-f]{17}$/,
  },
  {
    type: "awscc_quicksight_refresh_schedule",
    trap: "nested primary identifier /Schedule/ScheduleId in a three-part identifier",
    create: refreshSchedule,
    update: with_(refreshSchedule, {
      Schedule: { ...(refreshSchedule.Schedule as Doc), RefreshType: "INCREMENTAL_REFRESH" },
    }),
    replace: with_(refreshSchedule, {
      Schedule: { ...(refreshSchedule.Schedule as Doc), ScheduleId: "hourly" },
    }),
    drift: (p) => with_(p, { Schedule: { ...(p.Schedule as Doc), RefreshType: "FULL_REFRESH" } }),
    identifier: new RegExp(`^${ACCOUNT}\\|sales\\|(nightly|hourly)$`),
  },
  {
    type: "awscc_apigatewayv2_authorizer",
    trap: "compound identifier mixing a generated part (AuthorizerId) and a given one (ApiId)",
    create: authorizer,
    update: with_(authorizer, {
      JwtConfiguration: { Audience: ["web", "mobile"], Issuer: "https://issuer.example.com" },
    }),
    replace: with_(authorizer, { ApiId: "api9999999" }),
    drift: (p) => with_(p, { Name: "renamed" }),
    identifier: /^[a-z0-9]{10}\|api(0123456|9999999)$/,
  },
  {
    type: "awscc_sqs_queue",
    trap: "read-only URL as identifier, JSON property, multiset tags with duplicates",
    create: queue,
    update: with_(queue, { VisibilityTimeout: 60 }),
    replace: with_(queue, { QueueName: "jobs-2", VisibilityTimeout: 60 }),
    drift: (p) => with_(p, { VisibilityTimeout: 5 }),
    normalize: (p) => with_(p, { Tags: [tag("a", "1"), tag("b", "2"), tag("b", "2")] }),
    identifier: /^https:\/\/sqs\.us-east-1\.amazonaws\.com\/123456789012\/jobs(-2)?$/,
  },
  {
    type: "awscc_elasticloadbalancingv2_listener",
    trap: "write-only member inside list elements (DefaultActions/*/AuthenticateOidcConfig/ClientSecret)",
    create: listener,
    update: with_(listener, { Port: 8443 }),
    replace: with_(listener, { LoadBalancerArn: LB("api"), Port: 8443 }),
    drift: (p) => with_(p, { Port: 9443 }),
    identifier: /^arn:aws:elasticloadbalancing:us-east-1:123456789012:listener\/[a-f0-9]{32}$/,
    afterUpdate: (_h, state) => {
      const actions = state.default_actions as TfRecord[];
      assert.equal((actions[0]?.authenticate_oidc_config as TfRecord).client_secret, "very-secret");
    },
  },
  {
    type: "awscc_applicationautoscaling_scaling_policy",
    trap: "decimal numbers, identifier with a read-only part (Arn|ScalableDimension)",
    create: scalingPolicy,
    update: with_(scalingPolicy, {
      TargetTrackingScalingPolicyConfiguration: {
        ...(scalingPolicy.TargetTrackingScalingPolicyConfiguration as Doc),
        TargetValue: 0.1,
      },
    }),
    replace: with_(scalingPolicy, { PolicyName: "cpu-2" }),
    drift: (p) =>
      with_(p, {
        TargetTrackingScalingPolicyConfiguration: {
          ...(p.TargetTrackingScalingPolicyConfiguration as Doc),
          TargetValue: 12.25,
        },
      }),
    identifier: /\|ecs:service:DesiredCount$/,
  },
  {
    type: "awscc_ssm_parameter",
    trap: "map of strings (Tags), write-only Description",
    create: parameter,
    update: with_(parameter, { Value: "off", Tags: { team: "b", env: "x" } }),
    replace: with_(parameter, { Name: "/app/flag2", Value: "off" }),
    drift: (p) => with_(p, { Value: "tampered" }),
    identifier: /^\/app\/flag2?$/,
    afterUpdate: (_h, state) => assert.equal(state.description, "feature flag"),
  },
  {
    type: "awscc_apprunner_vpc_connector",
    trap: "sets of strings, every property createOnly (no update)",
    create: vpcConnector,
    replace: with_(vpcConnector, { Subnets: ["subnet-0c"] }),
    drift: (p) => with_(p, { SecurityGroups: ["sg-99"] }),
    normalize: (p) => with_(p, { Subnets: [...(p.Subnets as unknown[])].reverse() }),
    identifier: /^arn:aws:apprunner:/,
  },
];

/** A configuration from a desired-state document: computed-only attributes cannot be configured. */
function configFrom(definition: ResourceDefinition, doc: Doc): TfRecord {
  return withoutComputedOnly(
    definition.attributes,
    fromModel(definition.attributes, jsonDocFromPlain(doc) as JsonDocObject),
  );
}

function withoutComputedOnly(attributes: Attributes, value: TfRecord): TfRecord {
  return makeRecord(
    Object.keys(value).map((name) => {
      const attribute = attributes[name];
      const member = value[name] ?? null;
      if (!attribute || member === null) return [name, member];
      if (attribute.computed && !attribute.optional && !attribute.required) return [name, null];
      if (!("attributes" in attribute.type)) return [name, member];
      const nested = attribute.type.attributes;
      if (attribute.type.kind === "object") return [name, withoutComputedOnly(nested, member as TfRecord)];
      if (Array.isArray(member))
        return [name, member.map((item) => withoutComputedOnly(nested, item as TfRecord))];
      return [name, member];
    }),
  );
}

/** The same JSON with every object's keys in reverse order (a re-serialisation). */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  return value;
}

function storedOf(h: RuntimeHarness, definition: ResourceDefinition) {
  return h.emulator.control.listResources(definition.cfnTypeName);
}

function assertSameState(
  definition: ResourceDefinition,
  actual: TfValue,
  expected: TfValue,
  message: string,
): void {
  if (valueEquals(definitionImpliedType(definition), actual, expected)) return;
  const a = isRecord(actual) ? actual : {};
  const b = isRecord(expected) ? expected : {};
  const differing = Object.keys(definition.attributes).filter(
    (n) => !valueEquals(definitionImpliedType(definition).attributes[n]!, a[n] ?? null, b[n] ?? null),
  );
  assert.fail(
    `${message}: attributes differ: ${differing.map((n) => `${n}: ${show(a[n])} vs ${show(b[n])}`).join("; ")}`,
  );
}

async function refreshAndExpectNoop(
  sim: TerraformSim,
  config: TfValue,
  state: TfValue,
  message: string,
): Promise<TfValue> {
  const refreshed = await sim.read(state);
  assert.equal(errorsOf(refreshed.diagnostics), "", `${message}: read errors`);
  assertSameState(sim.definition, refreshed.state, state, `${message}: refresh changed the state`);
  const plan = await sim.plan(config, refreshed.state);
  assert.equal(plan.action, "noop", `${message}: expected an empty plan`);
  return refreshed.state;
}

describe("resource lifecycle through the emulator", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime();
  });
  after(async () => {
    await h.close();
  });

  for (const c of CASES) {
    test(`${c.type}: ${c.trap}`, async () => {
      const definition = await loadResource(c.type);
      const sim = h.sim(definition);
      const tweak = c.tweak ?? ((x: TfRecord) => x);
      const config1 = tweak(configFrom(definition, c.create));

      // create
      const created = await sim.applyConfig(config1, null);
      assert.equal(errorsOf(created.diagnostics), "", "create errors");
      assert.equal(created.action, "create");
      let state = created.state as TfRecord;
      assert.match(String(state.id), c.identifier);
      assert.equal(storedOf(h, definition).length, 1);
      state = (await refreshAndExpectNoop(sim, config1, state, "after create")) as TfRecord;

      // update in place
      let config = config1;
      if (c.update) {
        config = tweak(configFrom(definition, c.update));
        const updated = await sim.applyConfig(config, state);
        assert.equal(errorsOf(updated.diagnostics), "", "update errors");
        assert.equal(updated.action, "update");
        state = updated.state as TfRecord;
        c.afterUpdate?.(h, state, definition);
        state = (await refreshAndExpectNoop(sim, config, state, "after update")) as TfRecord;
      }

      // import: the stub plus a read gives the same state (write-only values aside)
      const imported = await sim.importId(String(state.id));
      assert.equal(errorsOf(imported.diagnostics), "", "import errors");
      // Write-only values at any depth (e.g. DefaultActions/*/AuthenticateOidcConfig/ClientSecret)
      // are never read back, so an import cannot know them.
      const writeOnly = writeOnlyAttributes(definition);
      const withoutWriteOnly = (v: TfValue) => nullWriteOnly(definition.attributes, v, writeOnly);
      const alignedTo = (plainD: ResourceDefinition, v: TfValue, reference: TfValue): TfValue => {
        // tags_all has no CloudFormation name: align it like a property, so list order alone does not count.
        // (tags_all is shaped like tags, whose members carry CloudFormation names.)
        const tags = plainD.attributes.tags;
        const d =
          plainD.attributes.tags_all && tags
            ? { ...plainD, attributes: { ...plainD.attributes, tags_all: { ...tags, cfnName: "TagsAll" } } }
            : plainD;
        const ordered = reorderWithPrior(
          toDesiredState(d.attributes, v),
          toDesiredState(d.attributes, reference),
        );
        const value = makeRecord([
          ...Object.entries(fromModel(d.attributes, ordered as JsonDocObject)),
          ["id", (v as TfRecord).id ?? null],
        ]);
        return withoutWriteOnly(keepPriorForm(d.attributes, value, reference));
      };
      assertSameState(
        definition,
        alignedTo(definition, imported.state, state),
        withoutWriteOnly(state),
        "import (up to list order and JSON spelling)",
      );

      // normalization out of band: no diff
      const identifier = String(state.id);
      if (c.normalize) {
        const stored = storedOf(h, definition)[0]!;
        h.emulator.control.driftUpdate(definition.cfnTypeName, stored.identifier, {
          properties: c.normalize(stored.properties) as never,
        });
        const reread = await sim.read(state);
        assertSameState(definition, reread.state, state, "a re-serialisation is not drift");
      }

      // real drift: detected by refresh, and planned back
      const stored = storedOf(h, definition)[0]!;
      h.emulator.control.driftUpdate(definition.cfnTypeName, stored.identifier, {
        properties: c.drift(stored.properties) as never,
      });
      const drifted = await sim.read(state);
      assert.ok(
        !valueEquals(definitionImpliedType(definition), drifted.state, state),
        "drift must show in the refreshed state",
      );
      const fix = await sim.applyConfig(config, drifted.state);
      assert.equal(errorsOf(fix.diagnostics), "", "drift repair errors");
      assert.notEqual(fix.action, "noop", "the plan must undo the drift");
      state = (await refreshAndExpectNoop(sim, config, fix.state, "after drift repair")) as TfRecord;

      // replace: createOnly change → delete then create, one object remains
      const config3 = tweak(configFrom(definition, c.replace));
      const plan3 = await sim.plan(config3, state);
      assert.equal(
        plan3.action,
        "replace",
        `createOnly change must replace (paths: ${plan3.requiresReplace.map(formatPath).join(", ")})`,
      );
      const replaced = await sim.applyConfig(config3, state);
      assert.equal(errorsOf(replaced.diagnostics), "", "replace errors");
      state = replaced.state as TfRecord;
      assert.equal(storedOf(h, definition).length, 1, "exactly one object after the replacement");
      const deletes = h.emulator.control.calls({
        operation: "DeleteResource",
        typeName: definition.cfnTypeName,
      });
      assert.equal(deletes.at(-1)?.input.Identifier, identifier, "the replaced object was deleted");
      state = (await refreshAndExpectNoop(sim, config3, state, "after replace")) as TfRecord;

      // destroy
      const destroyed = await sim.apply(state, null, null);
      assert.equal(errorsOf(destroyed.diagnostics), "", "destroy errors");
      assert.equal(destroyed.state, null);
      assert.equal(storedOf(h, definition).length, 0, "nothing left behind");
    });
  }
});
