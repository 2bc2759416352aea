// Every error path: synchronous exceptions (as the SDK models them) and FAILED progress events
// with the HandlerErrorCode a real Cloud Control gives.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  CancelResourceRequestCommand,
  CreateResourceCommand,
  DeleteResourceCommand,
  GetResourceCommand,
  GetResourceRequestStatusCommand,
  ListResourceRequestsCommand,
  ListResourcesCommand,
  UpdateResourceCommand,
} from "@aws-sdk/client-cloudcontrol";
import {
  create,
  getProperties,
  type Harness,
  rejection,
  remove,
  startHarness,
  update,
  waitForRequest,
} from "./helpers.js";

const LOG_GROUP = "AWS::Logs::LogGroup";

async function rawCall(
  url: string,
  target: string | undefined,
  body: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { "content-type": "application/x-amz-json-1.0" };
  if (target !== undefined) headers["x-amz-target"] = target;
  const response = await fetch(`${url}/`, { method: "POST", headers, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("synchronous errors", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());

  test("unknown type → TypeNotFoundException (400, as the service answers it) on every type-bound operation", async () => {
    const { client } = harness;
    const typeName = "AWS::Nope::Missing";
    const calls = [
      client.send(new CreateResourceCommand({ TypeName: typeName, DesiredState: "{}" })),
      client.send(new GetResourceCommand({ TypeName: typeName, Identifier: "x" })),
      client.send(new UpdateResourceCommand({ TypeName: typeName, Identifier: "x", PatchDocument: "[]" })),
      client.send(new DeleteResourceCommand({ TypeName: typeName, Identifier: "x" })),
      client.send(new ListResourcesCommand({ TypeName: typeName })),
    ];
    for (const call of calls) {
      const error = await rejection(call);
      assert.equal(error.name, "TypeNotFoundException");
      assert.equal(error.$metadata?.httpStatusCode, 400);
      assert.match(error.message, /AWS::Nope::Missing/);
    }
  });

  test("an operation whose handler the schema lacks → UnsupportedActionException (405)", async () => {
    const { client } = harness;
    const noCreate = await rejection(
      client.send(new CreateResourceCommand({ TypeName: "AWS::Route53::RecordSet", DesiredState: "{}" })),
    );
    assert.equal(noCreate.name, "UnsupportedActionException");
    assert.equal(noCreate.$metadata?.httpStatusCode, 405);
    const noList = await rejection(
      client.send(new ListResourcesCommand({ TypeName: "AWS::IAM::RolePolicy" })),
    );
    assert.equal(noList.name, "UnsupportedActionException");
    // AWS::ApiGateway::UsagePlanKey has create/read/delete/list but no update handler.
    const key = await create(client, "AWS::ApiGateway::UsagePlanKey", {
      KeyId: "k1",
      KeyType: "API_KEY",
      UsagePlanId: "p1",
    });
    assert.equal(key.final.OperationStatus, "SUCCESS", key.final.StatusMessage);
    const noUpdate = await rejection(
      client.send(
        new UpdateResourceCommand({
          TypeName: "AWS::ApiGateway::UsagePlanKey",
          Identifier: key.final.Identifier,
          PatchDocument: "[]",
        }),
      ),
    );
    assert.equal(noUpdate.name, "UnsupportedActionException");
  });

  test("unknown identifier → ResourceNotFoundException on GetResource and UpdateResource", async () => {
    const { client } = harness;
    const get = await rejection(
      client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "ghost" })),
    );
    assert.equal(get.name, "ResourceNotFoundException");
    assert.equal(get.$metadata?.httpStatusCode, 400);
    assert.match(
      get.message,
      /^AWS::Logs::LogGroup Handler returned status FAILED: Resource of type 'AWS::Logs::LogGroup' with identifier 'ghost' not found \(HandlerErrorCode: NotFound, RequestToken: [0-9a-f-]{36}\)$/,
    );
    const patch = JSON.stringify([{ op: "replace", path: "/RetentionInDays", value: 1 }]);
    const upd = await rejection(
      client.send(
        new UpdateResourceCommand({ TypeName: LOG_GROUP, Identifier: "ghost", PatchDocument: patch }),
      ),
    );
    assert.equal(upd.name, "ResourceNotFoundException");
  });

  test("unknown RequestToken → RequestTokenNotFoundException", async () => {
    const { client } = harness;
    for (const call of [
      client.send(new GetResourceRequestStatusCommand({ RequestToken: "no-such-token" })),
      client.send(new CancelResourceRequestCommand({ RequestToken: "no-such-token" })),
    ]) {
      const error = await rejection(call);
      assert.equal(error.name, "RequestTokenNotFoundException");
      assert.equal(error.$metadata?.httpStatusCode, 400);
      assert.equal(error.message, "Request with token no-such-token was not found");
    }
  });

  test("malformed DesiredState, PatchDocument and ResourceModel → InvalidRequestException", async () => {
    const { client } = harness;
    const notJson = await rejection(
      client.send(new CreateResourceCommand({ TypeName: LOG_GROUP, DesiredState: "{oops" })),
    );
    assert.equal(notJson.name, "InvalidRequestException");
    const notObject = await rejection(
      client.send(new CreateResourceCommand({ TypeName: LOG_GROUP, DesiredState: "[1]" })),
    );
    assert.equal(notObject.name, "InvalidRequestException");
    const { final } = await create(client, LOG_GROUP, { LogGroupName: "patch-target" });
    assert.equal(final.OperationStatus, "SUCCESS");
    for (const document of [
      "not json",
      '{"op":"add"}',
      '[{"op":"explode","path":"/A"}]',
      '[{"op":"add","path":"/A"}]',
      '[{"op":"move","path":"/A"}]',
    ]) {
      const error = await rejection(
        client.send(
          new UpdateResourceCommand({
            TypeName: LOG_GROUP,
            Identifier: "patch-target",
            PatchDocument: document,
          }),
        ),
      );
      assert.equal(error.name, "InvalidRequestException", document);
    }
    const badModel = await rejection(
      client.send(new ListResourcesCommand({ TypeName: "AWS::ApiGateway::Stage", ResourceModel: "nope" })),
    );
    assert.equal(badModel.name, "InvalidRequestException");
  });

  test("a list handler that needs a parent identifier → InvalidRequestException without ResourceModel", async () => {
    const { client } = harness;
    const missing = await rejection(
      client.send(new ListResourcesCommand({ TypeName: "AWS::ApiGateway::Stage" })),
    );
    assert.equal(missing.name, "InvalidRequestException");
    assert.match(missing.message, /RestApiId/);
    const unknownKey = await rejection(
      client.send(
        new ListResourcesCommand({
          TypeName: "AWS::ApiGateway::Stage",
          ResourceModel: JSON.stringify({ RestApiId: "a", Bogus: 1 }),
        }),
      ),
    );
    assert.equal(unknownKey.name, "InvalidRequestException");
    // oneOf in the handler schema: exactly one of LoadBalancerArn / ListenerArns.
    const listener = "AWS::ElasticLoadBalancingV2::Listener";
    const both = await rejection(
      client.send(
        new ListResourcesCommand({
          TypeName: listener,
          ResourceModel: JSON.stringify({ LoadBalancerArn: "a", ListenerArns: ["b"] }),
        }),
      ),
    );
    assert.equal(both.name, "InvalidRequestException");
    const one = await client.send(
      new ListResourcesCommand({
        TypeName: listener,
        ResourceModel: JSON.stringify({ ListenerArns: ["b"] }),
      }),
    );
    assert.deepEqual(one.ResourceDescriptions, []);
  });

  test("member constraints → ValidationException; wrong member types → SerializationException", async () => {
    const { client, emulator } = harness;
    const badType = await rejection(
      client.send(new GetResourceCommand({ TypeName: "Logs::LogGroup", Identifier: "x" })),
    );
    assert.equal(badType.name, "ValidationException");
    assert.match(badType.message, /typeName/);
    const noIdentifier = await rejection(
      client.send(new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: undefined })),
    );
    assert.equal(noIdentifier.name, "ValidationException");
    assert.match(noIdentifier.message, /Member must not be null/);
    const badToken = await rejection(
      client.send(
        new CreateResourceCommand({ TypeName: LOG_GROUP, DesiredState: "{}", ClientToken: "has spaces" }),
      ),
    );
    assert.equal(badToken.name, "ValidationException");
    const badMax = await rejection(
      client.send(new ListResourcesCommand({ TypeName: LOG_GROUP, MaxResults: 0 })),
    );
    assert.equal(badMax.name, "ValidationException");
    const badFilter = await rejection(
      client.send(
        new ListResourceRequestsCommand({
          ResourceRequestStatusFilter: { Operations: ["EXPLODE" as never] },
        }),
      ),
    );
    assert.equal(badFilter.name, "ValidationException");
    const badRole = await rejection(
      client.send(
        new GetResourceCommand({ TypeName: LOG_GROUP, Identifier: "x", RoleArn: "not-a-role-arn-at-all" }),
      ),
    );
    assert.equal(badRole.name, "ValidationException");
    const wrongType = await rawCall(
      emulator.url,
      "CloudApiService.GetResource",
      JSON.stringify({ TypeName: 5, Identifier: "x" }),
    );
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.json.__type, "SerializationException");
  });

  test("transport: unknown target, missing target, bad JSON body", async () => {
    const { emulator } = harness;
    const unknown = await rawCall(emulator.url, "CloudApiService.DescribeEverything", "{}");
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.__type, "UnknownOperationException");
    const noTarget = await rawCall(emulator.url, undefined, "{}");
    assert.equal(noTarget.status, 400);
    const badBody = await rawCall(emulator.url, "CloudApiService.GetResource", "{");
    assert.equal(badBody.json.__type, "SerializationException");
    assert.equal(typeof badBody.json.Message, "string");
  });

  test("invalid NextToken → InvalidRequestException; a token is bound to its listing", async () => {
    const { client } = harness;
    for (let i = 0; i < 3; i++) await create(client, LOG_GROUP, { LogGroupName: `paged-${i}` });
    const first = await client.send(new ListResourcesCommand({ TypeName: LOG_GROUP, MaxResults: 1 }));
    assert.ok(first.NextToken);
    const wrongListing = await rejection(
      client.send(new ListResourcesCommand({ TypeName: "AWS::IAM::Role", NextToken: first.NextToken })),
    );
    assert.equal(wrongListing.name, "InvalidRequestException");
    const garbage = await rejection(
      client.send(new ListResourcesCommand({ TypeName: LOG_GROUP, NextToken: "Z2FyYmFnZQ==" })),
    );
    assert.equal(garbage.name, "InvalidRequestException");
  });

  test("deleteNotFound=sync → DeleteResource of an unknown identifier throws ResourceNotFoundException", async () => {
    const { client, emulator } = harness;
    emulator.control.setConfig({ deleteNotFound: "sync" });
    try {
      const error = await rejection(
        client.send(new DeleteResourceCommand({ TypeName: LOG_GROUP, Identifier: "ghost" })),
      );
      assert.equal(error.name, "ResourceNotFoundException");
    } finally {
      emulator.control.setConfig({ deleteNotFound: "async" });
    }
  });
});

describe("FAILED progress events", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());

  const failedCreate = async (typeName: string, desired: unknown) => {
    const { final } = await create(harness.client, typeName, desired);
    assert.equal(final.OperationStatus, "FAILED");
    assert.equal(final.Operation, "CREATE");
    assert.equal(final.Identifier, undefined, "nothing was created");
    return final;
  };

  /** A create the service refuses at call time: ValidationException, no request made. */
  const refusedCreate = async (typeName: string, desired: unknown) => {
    const error = await rejection(
      harness.client.send(
        new CreateResourceCommand({ TypeName: typeName, DesiredState: JSON.stringify(desired) }),
      ),
    );
    assert.equal(error.name, "ValidationException", error.message);
    assert.equal(error.$metadata?.httpStatusCode, 400);
    return { StatusMessage: error.message, ErrorCode: "InvalidRequest" };
  };

  test("schema violations → ValidationException at call time naming the property path and the reason", async () => {
    const requestsBefore = harness.emulator.control.listRequests().length;
    const missing = await refusedCreate("AWS::IAM::RolePolicy", { PolicyName: "p" });
    assert.equal(missing.ErrorCode, "InvalidRequest");
    assert.match(missing.StatusMessage ?? "", /#: required key \[RoleName\] not found/);

    const wrongType = await refusedCreate(LOG_GROUP, { LogGroupName: "typed", RetentionInDays: "seven" });
    assert.match(wrongType.StatusMessage ?? "", /#\/RetentionInDays: expected type: Integer, found: String/);

    const notInEnum = await refusedCreate(LOG_GROUP, { LogGroupName: "enum", RetentionInDays: 8 });
    assert.match(notInEnum.StatusMessage ?? "", /#\/RetentionInDays: 8 is not a valid enum value/);

    const extraneous = await refusedCreate(LOG_GROUP, { LogGroupName: "extra", Bogus: true });
    assert.equal(
      extraneous.StatusMessage,
      "Model validation failed (#: extraneous key [Bogus] is not permitted)",
    );

    const nested = await refusedCreate(LOG_GROUP, { LogGroupName: "nested", Tags: [{ Key: "only-key" }] });
    assert.match(nested.StatusMessage ?? "", /#\/Tags\/0: required key \[Value\] not found/);

    const pattern = await refusedCreate("AWS::QuickSight::RefreshSchedule", {
      AwsAccountId: "12345678901x",
      DataSetId: "d",
      Schedule: { ScheduleId: "s" },
    });
    assert.match(
      pattern.StatusMessage ?? "",
      /#\/AwsAccountId: string \[12345678901x\] does not match pattern/,
    );

    const tooLong = await refusedCreate(LOG_GROUP, { LogGroupName: "x".repeat(513) });
    assert.match(tooLong.StatusMessage ?? "", /#\/LogGroupName: must NOT have more than 512 characters/);

    const duplicates = await refusedCreate(LOG_GROUP, {
      LogGroupName: "dupes",
      Tags: [
        { Key: "a", Value: "1" },
        { Key: "a", Value: "1" },
      ],
    });
    assert.match(duplicates.StatusMessage ?? "", /#\/Tags: must NOT have duplicate items/);
    assert.equal(harness.emulator.control.listRequests().length, requestsBefore, "no request was made");
    assert.equal(harness.emulator.control.listResources(LOG_GROUP).length, 0);
  });

  test("a read-only property in the desired state → FAILED InvalidRequest", async () => {
    const failed = await failedCreate(LOG_GROUP, {
      LogGroupName: "ro",
      Arn: "arn:aws:logs:us-east-1:123456789012:log-group:ro",
    });
    assert.equal(failed.ErrorCode, "InvalidRequest");
    assert.match(failed.StatusMessage ?? "", /#\/Arn: read-only property \/properties\/Arn cannot be set/);
  });

  test("existing identifier → FAILED AlreadyExists naming it, the first object untouched", async () => {
    const { client, emulator } = harness;
    const first = await create(client, LOG_GROUP, { LogGroupName: "twice", RetentionInDays: 1 });
    assert.equal(first.final.OperationStatus, "SUCCESS");
    const { final: second } = await create(client, LOG_GROUP, { LogGroupName: "twice", RetentionInDays: 3 });
    assert.equal(second.OperationStatus, "FAILED");
    assert.equal(second.ErrorCode, "AlreadyExists");
    assert.equal(second.Identifier, "twice", "the FAILED event names the object that was there");
    assert.equal(second.StatusMessage, "The log group Already Exists");
    assert.equal(emulator.control.getResource(LOG_GROUP, "twice")?.properties.RetentionInDays, 1);
  });

  test("create-only changes → NotUpdatableException at call time (top level, nested object, inside arrays, three-part id)", async () => {
    const { client } = harness;
    const cases: Array<{ typeName: string; desired: unknown; patch: unknown[] }> = [
      {
        typeName: LOG_GROUP,
        desired: { LogGroupName: "immutable" },
        patch: [{ op: "replace", path: "/LogGroupName", value: "renamed" }],
      },
      {
        typeName: "AWS::ECR::Repository",
        desired: { RepositoryName: "enc", EncryptionConfiguration: { EncryptionType: "AES256" } },
        patch: [{ op: "replace", path: "/EncryptionConfiguration/EncryptionType", value: "KMS" }],
      },
      {
        typeName: "AWS::EC2::TransitGatewayConnectPeer",
        desired: {
          TransitGatewayAttachmentId: "tgw-attach-1",
          ConnectPeerConfiguration: {
            PeerAddress: "10.0.0.1",
            InsideCidrBlocks: ["169.254.10.0/29"],
            BgpConfigurations: [{ PeerAsn: 65000 }],
          },
        },
        patch: [
          { op: "replace", path: "/ConnectPeerConfiguration/BgpConfigurations/0/PeerAsn", value: 65001 },
        ],
      },
      {
        typeName: "AWS::QuickSight::RefreshSchedule",
        desired: { AwsAccountId: "123456789012", DataSetId: "d", Schedule: { ScheduleId: "s1" } },
        patch: [{ op: "replace", path: "/Schedule/ScheduleId", value: "s2" }],
      },
    ];
    for (const entry of cases) {
      const { final } = await create(client, entry.typeName, entry.desired);
      assert.equal(final.OperationStatus, "SUCCESS", final.StatusMessage);
      const before = await getProperties(client, entry.typeName, final.Identifier ?? "");
      const refused = await rejection(
        client.send(
          new UpdateResourceCommand({
            TypeName: entry.typeName,
            Identifier: final.Identifier,
            PatchDocument: JSON.stringify(entry.patch),
          }),
        ),
      );
      assert.equal(refused.name, "NotUpdatableException", entry.typeName);
      assert.match(refused.message, /createOnlyProperties \[\/properties\//);
      assert.deepEqual(
        await getProperties(client, entry.typeName, final.Identifier ?? ""),
        before,
        "nothing applied",
      );
    }
  });

  test("a create-only value written back unchanged is not a change", async () => {
    const { client } = harness;
    const { final } = await create(client, LOG_GROUP, { LogGroupName: "same-name" });
    const updated = await update(client, LOG_GROUP, "same-name", [
      { op: "replace", path: "/LogGroupName", value: "same-name" },
      { op: "add", path: "/RetentionInDays", value: 5 },
    ]);
    assert.equal(final.OperationStatus, "SUCCESS");
    assert.equal(updated.OperationStatus, "SUCCESS", updated.StatusMessage);
  });

  test("patches writing read-only paths → ValidationException at call time", async () => {
    const { client } = harness;
    const flow = await create(client, "AWS::EC2::FlowLog", {
      ResourceType: "VPC",
      ResourceId: "vpc-1",
      TrafficType: "ALL",
    });
    const id = flow.final.Identifier ?? "";
    const patchRefusal = (typeName: string, identifier: string, patch: unknown) =>
      rejection(
        client.send(
          new UpdateResourceCommand({
            TypeName: typeName,
            Identifier: identifier,
            PatchDocument: JSON.stringify(patch),
          }),
        ),
      );
    const onId = await patchRefusal("AWS::EC2::FlowLog", id, [{ op: "replace", path: "/Id", value: "fl-0" }]);
    assert.equal(onId.name, "ValidationException");
    assert.match(onId.message, /readOnlyProperties \[\/properties\/Id\]/);
    await create(client, "AWS::RDS::DBInstance", { DBInstanceIdentifier: "ro-db", Engine: "mysql" });
    const viaParent = await patchRefusal("AWS::RDS::DBInstance", "ro-db", [
      { op: "replace", path: "/Endpoint", value: { Address: "evil.example.com" } },
    ]);
    assert.equal(viaParent.name, "ValidationException");
    const removal = await patchRefusal(LOG_GROUP, "same-name", [{ op: "remove", path: "/Arn" }]);
    assert.equal(removal.name, "ValidationException");
  });

  test("patches that cannot be applied or break the schema → FAILED InvalidRequest, nothing applied", async () => {
    const { client } = harness;
    await create(client, LOG_GROUP, { LogGroupName: "patchy", RetentionInDays: 7 });
    const cases: unknown[][] = [
      [{ op: "remove", path: "/KmsKeyId" }], // nothing there
      [
        { op: "test", path: "/RetentionInDays", value: 8 },
        { op: "replace", path: "/RetentionInDays", value: 1 },
      ],
      [{ op: "add", path: "/Tags/0/Key", value: "x" }], // parent missing
      [{ op: "replace", path: "/RetentionInDays", value: "seven" }],
      [{ op: "add", path: "/Unknown", value: 1 }],
    ];
    for (const patch of cases) {
      const result = await update(client, LOG_GROUP, "patchy", patch);
      assert.equal(result.OperationStatus, "FAILED", JSON.stringify(patch));
      assert.equal(result.ErrorCode, "InvalidRequest", JSON.stringify(patch));
      assert.equal(result.Identifier, "patchy");
    }
    assert.equal((await getProperties(client, LOG_GROUP, "patchy")).RetentionInDays, 7);
    const passing = await update(client, LOG_GROUP, "patchy", [
      { op: "test", path: "/RetentionInDays", value: 7 },
      { op: "copy", from: "/Arn", path: "/KmsKeyId" },
      { op: "move", from: "/KmsKeyId", path: "/DataProtectionPolicy" },
      { op: "replace", path: "/DataProtectionPolicy", value: { Name: "p" } },
    ]);
    assert.equal(passing.OperationStatus, "SUCCESS", passing.StatusMessage);
  });

  test("delete of an unknown identifier → FAILED NotFound with Operation DELETE", async () => {
    const result = await remove(harness.client, LOG_GROUP, "never-existed");
    assert.equal(result.OperationStatus, "FAILED");
    assert.equal(result.ErrorCode, "NotFound");
    assert.equal(result.Operation, "DELETE");
    assert.equal(result.Identifier, "never-existed");
  });

  test("the JSON identifier form resolves primary and additional identifiers", async () => {
    const { client } = harness;
    const stage = await create(client, "AWS::ApiGateway::Stage", { RestApiId: "r1", StageName: "beta" });
    assert.equal(stage.final.Identifier, "r1|beta");
    const byJson = await client.send(
      new GetResourceCommand({
        TypeName: "AWS::ApiGateway::Stage",
        Identifier: JSON.stringify({ StageName: "beta", RestApiId: "r1" }),
      }),
    );
    assert.equal(byJson.ResourceDescription?.Identifier, "r1|beta");
    const app = await create(client, "AWS::AppConfig::Application", { Name: "payments" });
    const byName = await client.send(
      new GetResourceCommand({
        TypeName: "AWS::AppConfig::Application",
        Identifier: JSON.stringify({ Name: "payments" }),
      }),
    );
    assert.equal(byName.ResourceDescription?.Identifier, app.final.Identifier);
    const deleteByJson = await client.send(
      new DeleteResourceCommand({
        TypeName: "AWS::ApiGateway::Stage",
        Identifier: '{"RestApiId":"r1","StageName":"beta"}',
      }),
    );
    const done = await waitForRequest(client, deleteByJson.ProgressEvent?.RequestToken ?? "");
    assert.equal(done.OperationStatus, "SUCCESS");
  });
});
