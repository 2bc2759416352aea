// The whole lifecycle (create → poll → get → update → list → delete) of real corpus types chosen
// for their traps, driven through the real @aws-sdk/client-cloudcontrol.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  GetResourceCommand,
  ListResourcesCommand,
  type ResourceDescription,
} from "@aws-sdk/client-cloudcontrol";
import { create, getProperties, type Harness, rejection, remove, startHarness, update } from "./helpers.js";

const ACCOUNT = "123456789012";

interface LifecycleCase {
  typeName: string;
  /** Why the type is here. */
  trap: string;
  desired: Record<string, unknown>;
  /** Expected Identifier (exact) or its shape. */
  identifier: string | RegExp;
  /** Known up front (every identifier part comes from the desired state)? */
  identifierOnAccept: boolean;
  afterCreate(properties: Record<string, unknown>, identifier: string): void;
  patch: unknown[];
  afterUpdate(properties: Record<string, unknown>): void;
  /** ResourceModel for ListResources, or "unsupported" when the type has no list handler. */
  list: Record<string, unknown> | undefined | "unsupported";
  /** Checks on what the emulator stores (write-only values included). */
  stored?(properties: Record<string, unknown>): void;
}

const trustPolicy = (service: string) => ({
  Version: "2012-10-17",
  Statement: [{ Effect: "Allow", Principal: { Service: service }, Action: "sts:AssumeRole" }],
});

const LB_ARN = `arn:aws:elasticloadbalancing:us-east-1:${ACCOUNT}:loadbalancer/app/web/50dc6c495c0c9188`;
const TG = (name: string) =>
  `arn:aws:elasticloadbalancing:us-east-1:${ACCOUNT}:targetgroup/${name}/6d0ecf831eec9f09`;

const CASES: LifecycleCase[] = [
  {
    typeName: "AWS::Logs::LogGroup",
    trap: "JSON-typed property, default applied, tags",
    desired: {
      LogGroupName: "app-logs",
      RetentionInDays: 7,
      DataProtectionPolicy: {
        Name: "policy",
        Statement: [{ Sid: "audit", DataIdentifier: ["EmailAddress"] }],
      },
      Tags: [{ Key: "env", Value: "dev" }],
    },
    identifier: "app-logs",
    identifierOnAccept: true,
    afterCreate(p) {
      assert.equal(p.Arn, `arn:aws:logs:us-east-1:${ACCOUNT}:log-group/app-logs`);
      assert.equal(p.LogGroupClass, "STANDARD", "schema default applied");
      assert.deepEqual(p.DataProtectionPolicy, {
        Name: "policy",
        Statement: [{ Sid: "audit", DataIdentifier: ["EmailAddress"] }],
      });
    },
    patch: [
      { op: "replace", path: "/RetentionInDays", value: 14 },
      { op: "replace", path: "/DataProtectionPolicy/Statement/0/Sid", value: "audit2" },
    ],
    afterUpdate(p) {
      assert.equal(p.RetentionInDays, 14);
      assert.equal(
        (p.DataProtectionPolicy as { Statement: Array<{ Sid: string }> }).Statement[0]?.Sid,
        "audit2",
      );
    },
    list: undefined,
  },
  {
    typeName: "AWS::IAM::Role",
    trap: "JSON policy document, global-service ARN, IAM-style read-only id",
    desired: { RoleName: "app-role", AssumeRolePolicyDocument: trustPolicy("lambda.amazonaws.com") },
    identifier: "app-role",
    identifierOnAccept: true,
    afterCreate(p) {
      assert.equal(p.Arn, `arn:aws:iam::${ACCOUNT}:role/app-role`, "IAM ARNs carry no region");
      assert.match(String(p.RoleId), /^AROA[A-Z0-9]{17}$/);
      assert.equal(p.Path, "/");
      assert.deepEqual(p.AssumeRolePolicyDocument, trustPolicy("lambda.amazonaws.com"));
    },
    patch: [
      {
        op: "replace",
        path: "/AssumeRolePolicyDocument/Statement/0/Principal/Service",
        value: "ec2.amazonaws.com",
      },
      { op: "add", path: "/Description", value: "updated" },
    ],
    afterUpdate(p) {
      assert.deepEqual(p.AssumeRolePolicyDocument, trustPolicy("ec2.amazonaws.com"));
      assert.equal(p.Description, "updated");
    },
    list: undefined,
  },
  {
    typeName: "AWS::ApiGateway::Stage",
    trap: "compound identifier RestApiId|StageName, list needs a parent id",
    desired: { RestApiId: "a1b2c3d4e5", StageName: "prod", Description: "v1", Variables: { color: "blue" } },
    identifier: "a1b2c3d4e5|prod",
    identifierOnAccept: true,
    afterCreate(p) {
      assert.deepEqual(p.Variables, { color: "blue" });
    },
    patch: [{ op: "replace", path: "/Description", value: "v2" }],
    afterUpdate(p) {
      assert.equal(p.Description, "v2");
    },
    list: { RestApiId: "a1b2c3d4e5" },
  },
  {
    typeName: "AWS::IAM::RolePolicy",
    trap: "compound identifier PolicyName|RoleName, no list handler",
    desired: {
      PolicyName: "inline",
      RoleName: "app-role",
      PolicyDocument: {
        Version: "2012-10-17",
        Statement: [{ Effect: "Allow", Action: "s3:GetObject", Resource: "*" }],
      },
    },
    identifier: "inline|app-role",
    identifierOnAccept: true,
    afterCreate(p) {
      assert.equal(p.RoleName, "app-role");
    },
    patch: [{ op: "replace", path: "/PolicyDocument/Statement/0/Action", value: "s3:PutObject" }],
    afterUpdate(p) {
      assert.equal(
        (p.PolicyDocument as { Statement: Array<{ Action: string }> }).Statement[0]?.Action,
        "s3:PutObject",
      );
    },
    list: "unsupported",
  },
  {
    typeName: "AWS::RDS::DBInstance",
    trap: "write-only MasterUserPassword, nested read-only Endpoint",
    desired: {
      DBInstanceIdentifier: "orders-db",
      Engine: "postgres",
      DBInstanceClass: "db.t3.micro",
      AllocatedStorage: "20",
      MasterUsername: "admin",
      MasterUserPassword: "correct-horse-battery",
    },
    identifier: "orders-db",
    identifierOnAccept: true,
    afterCreate(p) {
      assert.equal("MasterUserPassword" in p, false, "write-only values are never returned");
      assert.equal(p.DBInstanceArn, `arn:aws:rds:us-east-1:${ACCOUNT}:db-instance/orders-db`);
      const endpoint = p.Endpoint as Record<string, unknown>;
      assert.match(String(endpoint.Address), /\.us-east-1\.rds\.amazonaws\.com$/);
      assert.equal(typeof endpoint.Port, "string");
    },
    patch: [
      { op: "replace", path: "/AllocatedStorage", value: "30" },
      { op: "add", path: "/MasterUserPassword", value: "new-secret-value" },
    ],
    afterUpdate(p) {
      assert.equal(p.AllocatedStorage, "30");
      assert.equal("MasterUserPassword" in p, false);
      assert.match(
        String((p.Endpoint as Record<string, unknown>).Address),
        /rds\.amazonaws\.com$/,
        "read-only kept",
      );
    },
    list: undefined,
    stored(p) {
      assert.equal(
        p.MasterUserPassword,
        "new-secret-value",
        "the emulator keeps write-only values privately",
      );
    },
  },
  {
    typeName: "AWS::EC2::FlowLog",
    trap: "read-only generated primary identifier (Id)",
    desired: {
      ResourceType: "VPC",
      ResourceId: "vpc-0a1b2c3d4e5f60718",
      TrafficType: "ALL",
      LogDestinationType: "cloud-watch-logs",
      LogGroupName: "flow-logs",
      DeliverLogsPermissionArn: `arn:aws:iam::${ACCOUNT}:role/flow`,
    },
    identifier: /^fl-[0-9a-f]{17}$/,
    identifierOnAccept: false,
    afterCreate(p, identifier) {
      assert.equal(p.Id, identifier);
    },
    patch: [{ op: "add", path: "/Tags", value: [{ Key: "team", Value: "net" }] }],
    afterUpdate(p) {
      assert.deepEqual(p.Tags, [{ Key: "team", Value: "net" }]);
    },
    list: undefined,
  },
  {
    typeName: "AWS::ECR::Repository",
    trap: "nested create-only EncryptionConfiguration/EncryptionType, write-only EmptyOnDelete",
    desired: {
      RepositoryName: "web-app",
      EncryptionConfiguration: { EncryptionType: "AES256" },
      ImageTagMutability: "MUTABLE",
      EmptyOnDelete: true,
    },
    identifier: "web-app",
    identifierOnAccept: true,
    afterCreate(p) {
      assert.equal(p.Arn, `arn:aws:ecr:us-east-1:${ACCOUNT}:repository/web-app`);
      assert.equal(typeof p.RepositoryUri, "string");
      assert.equal("EmptyOnDelete" in p, false);
    },
    patch: [{ op: "replace", path: "/ImageTagMutability", value: "IMMUTABLE" }],
    afterUpdate(p) {
      assert.equal(p.ImageTagMutability, "IMMUTABLE");
      assert.deepEqual(p.EncryptionConfiguration, { EncryptionType: "AES256" });
    },
    list: undefined,
  },
  {
    typeName: "AWS::EC2::TransitGatewayConnectPeer",
    trap: "create-only path inside a nested array (BgpConfigurations/*/PeerAsn), read-only members per element",
    desired: {
      TransitGatewayAttachmentId: "tgw-attach-0a1b2c3d4e5f60718",
      ConnectPeerConfiguration: {
        PeerAddress: "10.0.0.1",
        InsideCidrBlocks: ["169.254.10.0/29"],
        BgpConfigurations: [{ PeerAsn: 65000 }],
      },
    },
    identifier: /^tgw-connect-peer-[0-9a-f]{17}$/,
    identifierOnAccept: false,
    afterCreate(p) {
      const configuration = p.ConnectPeerConfiguration as {
        BgpConfigurations: Array<Record<string, unknown>>;
      };
      const bgp = configuration.BgpConfigurations[0] ?? {};
      assert.equal(bgp.PeerAsn, 65000);
      assert.equal(typeof bgp.BgpStatus, "string", "read-only member generated inside the array element");
    },
    patch: [{ op: "add", path: "/Tags", value: [{ Key: "a", Value: "b" }] }],
    afterUpdate(p) {
      assert.deepEqual(p.Tags, [{ Key: "a", Value: "b" }]);
    },
    list: undefined,
  },
  {
    typeName: "AWS::QuickSight::RefreshSchedule",
    trap: "nested primary identifier /Schedule/ScheduleId in a three-part identifier",
    desired: {
      AwsAccountId: ACCOUNT,
      DataSetId: "sales",
      Schedule: {
        ScheduleId: "nightly",
        RefreshType: "FULL_REFRESH",
        ScheduleFrequency: { Interval: "DAILY" },
      },
    },
    identifier: `${ACCOUNT}|sales|nightly`,
    identifierOnAccept: true,
    afterCreate(p) {
      assert.match(String(p.Arn), /^arn:aws:quicksight:us-east-1:123456789012:refresh-schedule\//);
    },
    patch: [{ op: "replace", path: "/Schedule/RefreshType", value: "INCREMENTAL_REFRESH" }],
    afterUpdate(p) {
      assert.equal((p.Schedule as Record<string, unknown>).RefreshType, "INCREMENTAL_REFRESH");
    },
    list: { AwsAccountId: ACCOUNT, DataSetId: "sales" },
  },
  {
    typeName: "AWS::ApiGatewayV2::Authorizer",
    trap: "compound identifier mixing a generated part (AuthorizerId) and a given one (ApiId)",
    desired: {
      ApiId: "api0123456",
      AuthorizerType: "JWT",
      Name: "jwt",
      IdentitySource: ["$request.header.Authorization"],
      JwtConfiguration: { Audience: ["web"], Issuer: "https://issuer.example.com" },
    },
    identifier: /^[a-z0-9]{10}\|api0123456$/,
    identifierOnAccept: false,
    afterCreate(p, identifier) {
      assert.equal(`${String(p.AuthorizerId)}|${String(p.ApiId)}`, identifier);
    },
    patch: [{ op: "replace", path: "/JwtConfiguration/Audience", value: ["web", "mobile"] }],
    afterUpdate(p) {
      assert.deepEqual((p.JwtConfiguration as Record<string, unknown>).Audience, ["web", "mobile"]);
    },
    list: { ApiId: "api0123456" },
  },
  {
    typeName: "AWS::SQS::Queue",
    trap: "read-only URL as the primary identifier, object-or-string JSON property",
    desired: {
      QueueName: "jobs",
      VisibilityTimeout: 30,
      RedrivePolicy: { deadLetterTargetArn: `arn:aws:sqs:us-east-1:${ACCOUNT}:dlq`, maxReceiveCount: 5 },
    },
    identifier: `https://sqs.us-east-1.amazonaws.com/${ACCOUNT}/jobs`,
    identifierOnAccept: false,
    afterCreate(p) {
      assert.equal(p.Arn, `arn:aws:sqs:us-east-1:${ACCOUNT}:queue/jobs`);
    },
    patch: [{ op: "replace", path: "/VisibilityTimeout", value: 60 }],
    afterUpdate(p) {
      assert.equal(p.VisibilityTimeout, 60);
    },
    list: undefined,
  },
  {
    typeName: "AWS::ElasticLoadBalancingV2::Listener",
    trap: "arrays nested in arrays, write-only member inside array elements",
    desired: {
      LoadBalancerArn: LB_ARN,
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
    },
    identifier: /^arn:aws:elasticloadbalancing:us-east-1:123456789012:listener\/[a-f0-9]{32}$/,
    identifierOnAccept: false,
    afterCreate(p) {
      const actions = p.DefaultActions as Array<Record<string, Record<string, unknown>>>;
      assert.equal("ClientSecret" in (actions[0]?.AuthenticateOidcConfig ?? {}), false);
      assert.equal(actions[0]?.AuthenticateOidcConfig?.ClientId, "client");
    },
    patch: [{ op: "replace", path: "/DefaultActions/1/ForwardConfig/TargetGroups/1/Weight", value: 5 }],
    afterUpdate(p) {
      const actions = p.DefaultActions as Array<{
        ForwardConfig?: { TargetGroups: Array<{ Weight: number }> };
      }>;
      assert.deepEqual(
        actions[1]?.ForwardConfig?.TargetGroups.map((group) => group.Weight),
        [1, 5],
      );
    },
    list: { LoadBalancerArn: LB_ARN },
    stored(p) {
      const actions = p.DefaultActions as Array<Record<string, Record<string, unknown>>>;
      assert.equal(actions[0]?.AuthenticateOidcConfig?.ClientSecret, "very-secret");
    },
  },
];

/** The values of `full` at the keys `shape` has, at any depth (objects only). */
function pick(full: Record<string, unknown>, shape: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, value]) => {
      const whole = full[key];
      const nested = typeof value === "object" && value !== null && !Array.isArray(value);
      return [
        key,
        nested && typeof whole === "object" && whole !== null
          ? pick(whole as Record<string, unknown>, value as Record<string, unknown>)
          : whole,
      ];
    }),
  );
}

describe("lifecycle of real types through the AWS SDK", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());

  for (const entry of CASES) {
    test(`${entry.typeName}: ${entry.trap}`, async () => {
      const { client, emulator } = harness;
      const { accepted, final } = await create(client, entry.typeName, entry.desired);
      assert.equal(accepted.Operation, "CREATE");
      assert.equal(accepted.OperationStatus, "IN_PROGRESS", "the service answers a create as running");
      assert.equal(accepted.TypeName, entry.typeName);
      assert.ok(accepted.EventTime instanceof Date, "EventTime deserialises to a Date");
      assert.equal(final.OperationStatus, "SUCCESS", final.StatusMessage);
      const identifier = final.Identifier ?? "";
      if (typeof entry.identifier === "string") assert.equal(identifier, entry.identifier);
      else assert.match(identifier, entry.identifier);
      assert.equal(accepted.Identifier, entry.identifierOnAccept ? identifier : undefined);
      assert.equal(final.ResourceModel, undefined, "SUCCESS events carry no ResourceModel");

      const created = await getProperties(client, entry.typeName, identifier);
      entry.afterCreate(created, identifier);

      const updated = await update(client, entry.typeName, identifier, entry.patch);
      assert.equal(updated.OperationStatus, "SUCCESS", updated.StatusMessage);
      assert.equal(updated.Operation, "UPDATE");
      assert.equal(updated.Identifier, identifier);
      const afterUpdate = await getProperties(client, entry.typeName, identifier);
      entry.afterUpdate(afterUpdate);
      entry.stored?.(emulator.control.getResource(entry.typeName, identifier)?.properties ?? {});

      if (entry.list === "unsupported") {
        const error = await rejection(client.send(new ListResourcesCommand({ TypeName: entry.typeName })));
        assert.equal(error.name, "UnsupportedActionException");
      } else {
        const resourceModel = entry.list === undefined ? undefined : JSON.stringify(entry.list);
        const listed = await client.send(
          new ListResourcesCommand({ TypeName: entry.typeName, ResourceModel: resourceModel }),
        );
        const found = (listed.ResourceDescriptions ?? []).find(
          (d: ResourceDescription) => d.Identifier === identifier,
        );
        assert.ok(found, "the object is listed");
        const listedModel = JSON.parse(found.Properties ?? "{}") as Record<string, unknown>;
        assert.ok(Object.keys(listedModel).length > 0, "list shows the identifier properties");
        assert.deepEqual(
          listedModel,
          pick(afterUpdate, listedModel),
          "list shows only values of the read model (its primary identifier)",
        );
      }

      const deleted = await remove(client, entry.typeName, identifier);
      assert.equal(deleted.OperationStatus, "SUCCESS", deleted.StatusMessage);
      assert.equal(deleted.Operation, "DELETE");
      const gone = await rejection(
        client.send(new GetResourceCommand({ TypeName: entry.typeName, Identifier: identifier })),
      );
      assert.equal(gone.name, "ResourceNotFoundException");
      assert.equal(emulator.control.listResources(entry.typeName).length, 0, "no orphan left");
    });
  }
});
