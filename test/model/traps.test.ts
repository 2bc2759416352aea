// The traps of docs/mapping.md#hard-cases, on the real schemas that carry them.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { attributeAt, flagsOf, realModel } from "./fixture.js";

describe("docs/mapping.md#hard-cases traps on real schemas", () => {
  test("1. recursion (WAFv2::WebACL, Bedrock::Flow) is cut, not fatal", () => {
    for (const type of ["AWS::WAFv2::WebACL", "AWS::Bedrock::Flow"]) {
      const m = realModel(type);
      assert.ok(m.resource, `${type} should generate`);
      assert.ok(
        m.notes.some((n) => n.kind === "recursion-cut"),
        `${type} should report a recursion cut`,
      );
    }
  });

  test("2. Cognito::UserPool: SmsMessage and SMSMessage live at different levels, so both map", () => {
    const m = realModel("AWS::Cognito::UserPool");
    assert.ok(m.resource);
  });

  test("3. CloudFront::Distribution: top-level Id and nested Id keep their own CFN names", () => {
    const attrs = realModel("AWS::CloudFront::Distribution").resource!.attributes;
    assert.equal(attrs.distribution_id?.cfnName, "Id");
    assert.equal(attributeAt(attrs, "distribution_config.origins.id").cfnName, "Id");
  });

  test("4. WorkSpaces::Workspace: Id → workspace_id clashes with WorkspaceId", () => {
    const m = realModel("AWS::WorkSpaces::Workspace");
    assert.equal(m.resource, undefined);
    assert.match(m.suppressed[0]!.reason, /"Id" and "WorkspaceId"/);
  });

  test("6. AppConfig::Extension Actions: map of sets of objects → map of JSON documents (each value the whole array)", () => {
    // JSON standing for arrays of the schema's Action objects: compared as structured JSON.
    assert.deepEqual(realModel("AWS::AppConfig::Extension").resource!.attributes.actions?.type, {
      kind: "map",
      element: { kind: "string", flavor: "json", structured: true },
    });
  });

  test("7. allOf [$ref, default]: BedrockAgentCore::Gateway ProtocolType, SES IngressPoint IpType", () => {
    const p = realModel("AWS::BedrockAgentCore::Gateway").resource!.attributes.protocol_type!;
    assert.equal(p.default, "MCP");
    const ip = realModel("AWS::SES::MailManagerIngressPoint").resource!.attributes;
    const ipType = attributeAt(ip, "network_configuration.public_network_configuration.ip_type");
    assert.equal(flagsOf(ipType), "optional+computed");
    assert.equal(ipType.default, "IPV4");
    assert.ok(!ipType.validators?.some((v) => v.kind === "notNull"));
  });

  test("8. multi-type: ConfigRule InputParameters plain string, Method RequestParameters map of bool, ASG TopicARN string", () => {
    assert.deepEqual(realModel("AWS::Config::ConfigRule").resource!.attributes.input_parameters?.type, {
      kind: "string",
      flavor: "plain",
    });
    assert.deepEqual(realModel("AWS::ApiGateway::Method").resource!.attributes.request_parameters?.type, {
      kind: "map",
      element: { kind: "bool" },
    });
    const asg = realModel("AWS::AutoScaling::AutoScalingGroup").resource!.attributes;
    assert.deepEqual(attributeAt(asg, "notification_configurations.topic_arn").type, {
      kind: "string",
      flavor: "plain",
    });
  });

  test("9. untyped items (MPA::ApprovalTeam, IoTFleetWise::DecoderManifest) generate with JSON elements", () => {
    for (const type of [
      "AWS::MPA::ApprovalTeam",
      "AWS::IoTFleetWise::DecoderManifest",
      "AWS::Glue::UsageProfile",
    ]) {
      assert.ok(realModel(type).resource, `${type} should generate`);
    }
  });

  test("10. oneOf tagged union (MailManagerRuleSet RuleAction) is one object of optional members", () => {
    const attrs = realModel("AWS::SES::MailManagerRuleSet").resource!.attributes;
    const actions = attributeAt(attrs, "rules.actions");
    assert.equal(actions.type.kind, "listNested");
    const members = "attributes" in actions.type ? Object.values(actions.type.attributes) : [];
    assert.ok(members.length > 3);
    assert.ok(members.every((m) => !m.required));
  });

  test("10. RDS::GlobalCluster SourceDBClusterIdentifier: oneOf patterns dropped", () => {
    const a = realModel("AWS::RDS::GlobalCluster").resource!.attributes.source_db_cluster_identifier!;
    assert.ok(!a.validators?.some((v) => v.kind === "regex"));
  });

  test("11. pointers with *: AppStream::Stack stays Optional+Computed; MSK::Replicator gets RequiresReplace", () => {
    const stack = realModel("AWS::AppStream::Stack").resource!.attributes;
    assert.equal(flagsOf(attributeAt(stack, "storage_connectors.resource_identifier")), "optional+computed");
    const rep = realModel("AWS::MSK::Replicator").resource!.attributes;
    const arn = attributeAt(rep, "replication_info_list.source_kafka_cluster_arn");
    assert.ok(
      arn.planModifiers?.some(
        (p) => p.kind === "requiresReplace" || p.kind === "requiresReplaceIfConfigured",
      ),
    );
  });

  test("12. regex dialects: Amplify (?s), DataSync \\A…\\z, Logs blanked pattern", () => {
    const amplify = realModel("AWS::Amplify::App");
    assert.ok(amplify.resource);
    const logs = realModel("AWS::Logs::LogGroup").resource!.attributes.kms_key_id!;
    assert.ok(!logs.validators?.some((v) => v.kind === "regex"));
  });

  test("13. plural names: DHCPOptions _plural, LocationS3 s3s, Kendra indices, StorageLens lenses", () => {
    assert.equal(realModel("AWS::EC2::DHCPOptions").plural?.tfTypeName, "awscc_ec2_dhcp_options_plural");
    assert.equal(realModel("AWS::DataSync::LocationS3").plural?.tfTypeName, "awscc_datasync_location_s3s");
    assert.equal(realModel("AWS::Kendra::Index").plural?.tfTypeName, "awscc_kendra_indices");
    assert.equal(realModel("AWS::S3::StorageLens").plural?.tfTypeName, "awscc_s3_storage_lenses");
  });

  test("14. identity quirks: StorageLens nested identifier, FlowLog id", () => {
    assert.deepEqual(
      realModel("AWS::S3::StorageLens").resource!.identity.map((i) => i.name),
      ["storage_lens_configuration_id"],
    );
    const flowLog = realModel("AWS::EC2::FlowLog").resource!;
    assert.deepEqual(
      flowLog.identity.map((i) => i.name),
      ["id"],
    );
    assert.ok(flowLog.attributes.flow_log_id);
  });

  test("15. defaults: Cassandra Keyspace object default holding a schema is dropped; SSMIncidents empty set", () => {
    const ks = realModel("AWS::Cassandra::Keyspace");
    assert.equal(ks.resource!.attributes.replication_specification?.default, undefined);
    assert.ok(ks.notes.some((n) => n.kind === "default-dropped"));
  });

  test("IoTFleetWise::Campaign: epoch-number defaults on date-time attributes are dropped (creates would fail)", () => {
    const attrs = realModel("AWS::IoTFleetWise::Campaign").resource!.attributes;
    assert.equal(attrs.start_time?.default, undefined);
    assert.equal(attrs.expiry_time?.default, undefined);
  });

  test("further: Logs::LogGroup integer enum, EKS::Cluster $ref sibling maxItems dropped, EC2 VPCDHCPOptionsAssociation immutable, NetworkManager::Link provider_name", () => {
    const lg = realModel("AWS::Logs::LogGroup").resource!.attributes.retention_in_days!;
    assert.equal(lg.validators?.[0]?.kind, "oneOf");
    const assoc = realModel("AWS::EC2::VPCDHCPOptionsAssociation").resource!;
    assert.equal(assoc.isImmutable, true);
    assert.ok(realModel("AWS::NetworkManager::Link").resource!.attributes.provider_name);
  });
});
