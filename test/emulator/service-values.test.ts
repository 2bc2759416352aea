// Read-only values in the shapes real services give them (the per-type value rules), and the
// call-time model validation messages, through the real SDK.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CreateResourceCommand } from "@aws-sdk/client-cloudcontrol";
import { create, getProperties, type Harness, rejection, startHarness } from "./helpers.js";

const REGION = "eu-west-3";
const ACCOUNT = "000000000777";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("values real services fill in", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ region: REGION, accountId: ACCOUNT });
  });
  after(() => harness.close());

  const made = async (typeName: string, desired: unknown) => {
    const { final } = await create(harness.client, typeName, desired);
    assert.equal(final.OperationStatus, "SUCCESS", final.StatusMessage);
    return getProperties(harness.client, typeName, final.Identifier ?? "");
  };

  test("S3 bucket: domain names and website URL from its name and the region", async () => {
    const bucket = await made("AWS::S3::Bucket", { BucketName: "my-bucket" });
    assert.equal(bucket.Arn, "arn:aws:s3:::my-bucket");
    assert.equal(bucket.DomainName, "my-bucket.s3.amazonaws.com");
    assert.equal(bucket.RegionalDomainName, `my-bucket.s3.${REGION}.amazonaws.com`);
    assert.equal(bucket.DualStackDomainName, `my-bucket.s3.dualstack.${REGION}.amazonaws.com`);
    assert.equal(bucket.WebsiteURL, `http://my-bucket.s3-website-${REGION}.amazonaws.com`);
  });

  test("Connect: a UUID instance id, ARNs with region and account, a flow module's ARN under its instance's", async () => {
    const instance = await made("AWS::Connect::Instance", {
      IdentityManagementType: "CONNECT_MANAGED",
      InstanceAlias: "desk",
      Attributes: { InboundCalls: true, OutboundCalls: false },
    });
    assert.match(String(instance.Id), UUID);
    assert.equal(instance.Arn, `arn:aws:connect:${REGION}:${ACCOUNT}:instance/${String(instance.Id)}`);
    const module = await made("AWS::Connect::ContactFlowModule", {
      InstanceArn: instance.Arn,
      Name: "greeting",
      Content: "{}",
    });
    const arn = String(module.ContactFlowModuleArn);
    assert.ok(arn.startsWith(`${String(instance.Arn)}/flow-module/`), arn);
    assert.match(arn.slice(`${String(instance.Arn)}/flow-module/`.length), UUID);
    // Connect's own word for the kind in an ARN, and an id property that is the ARN's last part.
    const user = await made("AWS::Connect::User", {
      InstanceArn: instance.Arn,
      Username: "ana",
      PhoneConfig: { PhoneType: "SOFT_PHONE" },
      RoutingProfileArn: `${String(instance.Arn)}/routing-profile/r`,
      SecurityProfileArns: [`${String(instance.Arn)}/security-profile/s`],
    });
    assert.match(String(user.UserArn), new RegExp(`^${String(instance.Arn)}/agent/[0-9a-f-]{36}$`));
    const view = await made("AWS::Connect::View", {
      InstanceArn: instance.Arn,
      Name: "v",
      Template: {},
      Actions: ["a"],
    });
    assert.match(String(view.ViewId), UUID);
    assert.equal(view.ViewArn, `${String(instance.Arn)}/view/${String(view.ViewId)}`);
  });

  test("EC2 security group: GroupId is the identifier, as on a VPC security group", async () => {
    const group = await made("AWS::EC2::SecurityGroup", { GroupDescription: "web", VpcId: "vpc-1" });
    assert.match(String(group.Id), /^sg-[0-9a-f]{17}$/);
    assert.equal(group.GroupId, group.Id);
  });

  test("VPC CIDR block: an Amazon-provided IPv6 block is assigned only when asked for", async () => {
    const asked = await made("AWS::EC2::VPCCidrBlock", { VpcId: "vpc-1", AmazonProvidedIpv6CidrBlock: true });
    assert.match(String(asked.Ipv6CidrBlock), /^2600:1f18:[0-9a-f]{4}:[0-9a-f]{2}00::\/56$/);
    const ipv4 = await made("AWS::EC2::VPCCidrBlock", { VpcId: "vpc-2", CidrBlock: "10.1.0.0/16" });
    assert.equal(ipv4.Ipv6CidrBlock, undefined);
  });

  test("model validation at call time: the service's messages", async () => {
    const refuse = async (desired: unknown) => {
      const error = await rejection(
        harness.client.send(
          new CreateResourceCommand({ TypeName: "AWS::S3::Bucket", DesiredState: JSON.stringify(desired) }),
        ),
      );
      assert.equal(error.name, "ValidationException");
      return error.message;
    };
    assert.equal(
      await refuse({ Bogus: 1 }),
      "Model validation failed (#: extraneous key [Bogus] is not permitted)",
    );
    assert.equal(
      await refuse({ BucketName: true }),
      "Model validation failed (#/BucketName: expected type: String, found: Boolean)",
    );
  });
});
