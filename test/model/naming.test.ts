import { test, describe } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { goSuppressionsFile, resolveSchemasDir } from "../../cfn/paths.js";
import {
  attributeName,
  identityName,
  isMetaArgument,
  pluralTypeName,
  regexSnakeCase,
  topLevelAttributeName,
  typeNames,
} from "../../terraform/naming/naming.js";
import { goCompatiblePlural } from "../../terraform/naming/pluralize-rules.js";

describe("attributeName", () => {
  // Every row of the docs/mapping.md#attribute-names table, plus the substring replacements and byte-level edge cases.
  const rows: readonly [string, string][] = [
    ["GlobalReplicationGroupDescription", "global_replication_group_description"],
    ["NotificationARNs", "notification_ar_ns"],
    ["VPCId", "vpc_id"],
    ["VpcId", "vpc_id"],
    ["AllowedVPCs", "allowed_vp_cs"],
    ["DBInstanceIdentifier", "db_instance_identifier"],
    ["StorageSizeInGBs", "storage_size_in_g_bs"],
    ["S3Key", "s3_key"],
    ["PreferredCacheClusterAZs", "preferred_cache_cluster_a_zs"],
    ["s3BackupMode", "s_3_backup_mode"],
    ["IPv6Address", "i_pv_6_address"],
    ["Ec2ImageId", "ec_2_image_id"],
    ["CidrIpv6", "cidr_ipv_6"],
    ["Ipv6NetmaskLength", "ipv_6_netmask_length"],
    ["X509CertificateData", "x509_certificate_data"],
    ["ServiceIpv4Cidr", "service_ipv_4_cidr"],
    ["EnableResourceNameDnsAAAARecord", "enable_resource_name_dns_aaaa_record"],
    ["UseBase64", "use_base_64"],
    ["ECPUPerSecond", "ecpu_per_second"],
    ["AbpV10x", "abp_v10_x"],
    ["IAMRoleARN", "iam_role_arn"],
    ["DkimDNSTokenName1", "dkim_dns_token_name_1"],
    ["Oauth2", "oauth_2"],
    ["CloudWatchLogsRoleArn", "cloudwatch_logs_role_arn"],
    ["mp4", "mp_4"],
    ["FSxLustreConfig", "fsx_lustre_config"],
    ["ACCOUNT", "account"],
    // Substring replacements.
    ["CloudFormationStackArn", "cloudformation_stack_arn"],
    ["CloudFrontDistribution", "cloudfront_distribution"],
    ["CNAMEs", "cnames"],
    ["OTelConfig", "otel_config"],
    ["OAuth2", "o_auth_2"],
    // Trimming, non-alphanumeric bytes (one `_` per UTF-8 byte), empty input.
    ["  VpcId\t", "vpc_id"],
    ["a-b.c", "a_b_c"],
    ["Caf\u00e9", "caf__"],
    ["", ""],
    ["Id", "id"],
    ["ID", "id"],
  ];
  for (const [cfn, expected] of rows) {
    test(`${JSON.stringify(cfn)} → ${expected}`, () => assert.equal(attributeName(cfn), expected));
  }
});

describe("typeNames", () => {
  const rows: readonly [cfn: string, serviceDir: string, resourceSnake: string][] = [
    ["AWS::EC2::VPCDHCPOptionsAssociation", "ec2", "vpcdhcp_options_association"],
    ["AWS::ApiGatewayV2::Api", "apigatewayv2", "api"],
    ["AWS::Route53RecoveryControl::Cluster", "route53recoverycontrol", "cluster"],
    ["AWS::CloudFront::CloudFrontOriginAccessIdentity", "cloudfront", "cloudfront_origin_access_identity"],
    ["AWS::Timestream::InfluxDBInstance", "timestream", "influx_db_instance"],
    ["AWS::Route53Resolver::ResolverDNSSECConfig", "route53resolver", "resolver_dnssec_config"],
    ["AWS::Location::APIKey", "location", "api_key"],
    ["AWS::ApiGateway::DomainNameV2", "apigateway", "domain_name_v2"],
    ["AWS::DataSync::LocationS3", "datasync", "location_s3"],
    ["AWS::CloudWatch::OTelEnrichment", "cloudwatch", "otel_enrichment"],
    ["AWS::Logs::LogGroup", "logs", "log_group"],
  ];
  for (const [cfn, serviceDir, resourceSnake] of rows) {
    test(cfn, () => {
      const names = typeNames(cfn);
      const [organization, service, resource] = cfn.split("::");
      assert.equal(names.organization, organization);
      assert.equal(names.service, service);
      assert.equal(names.resource, resource);
      assert.equal(names.serviceDir, serviceDir);
      assert.equal(names.resourceSnake, resourceSnake);
      assert.equal(names.moduleBaseName, resourceSnake);
      assert.equal(names.tfTypeName, `awscc_${serviceDir}_${resourceSnake}`);
    });
  }

  test("plural fields come from pluralTypeName", () => {
    const names = typeNames("AWS::EC2::VPCDHCPOptionsAssociation");
    assert.equal(names.pluralTfTypeName, "awscc_ec2_vpcdhcp_options_associations");
    assert.equal(names.pluralCollidesWithSingular, false);
    const terms = typeNames("AWS::Cognito::Terms");
    assert.equal(terms.pluralTfTypeName, "awscc_cognito_terms");
    assert.equal(terms.pluralCollidesWithSingular, true);
  });

  const invalid = [
    "",
    "AWS::EC2",
    "AWS::EC2::VPC::Extra",
    "AWS::::VPC",
    "AWS::EC2::",
    "::EC2::VPC",
    "AWS::E-C2::VPC",
    "AWS:EC2:VPC",
    "AWS::EC2::V",
    " AWS::EC2::VPC",
  ];
  for (const cfn of invalid) {
    test(`rejects ${JSON.stringify(cfn)}`, () => {
      assert.throws(() => typeNames(cfn), /invalid CloudFormation type name/);
    });
  }
});

describe("pluralTypeName", () => {
  // The spec's examples, reached through typeNames so the singular is the real type name.
  const byType: readonly [cfn: string, plural: string][] = [
    ["AWS::Kendra::Index", "awscc_kendra_indices"],
    ["AWS::Location::PlaceIndex", "awscc_location_place_indices"],
    ["AWS::ResourceExplorer2::Index", "awscc_resourceexplorer2_indices"],
    ["AWS::QuickSight::Analysis", "awscc_quicksight_analyses"],
    ["AWS::EC2::NetworkInsightsAnalysis", "awscc_ec2_network_insights_analyses"],
    ["AWS::S3::StorageLens", "awscc_s3_storage_lenses"],
    ["AWS::Events::EventBus", "awscc_events_event_buses"],
    ["AWS::KMS::Alias", "awscc_kms_aliases"],
    [
      "AWS::ARCZonalShift::AutoshiftObserverNotificationStatus",
      "awscc_arczonalshift_autoshift_observer_notification_statuses",
    ],
    ["AWS::IoT::Policy", "awscc_iot_policies"],
    ["AWS::Shield::DRTAccess", "awscc_shield_drt_accesses"],
    ["AWS::ApiGateway::DomainNameV2", "awscc_apigateway_domain_name_v2s"],
    ["AWS::DataSync::LocationS3", "awscc_datasync_location_s3s"],
    ["AWS::EC2::DHCPOptions", "awscc_ec2_dhcp_options_plural"],
    ["AWS::DataSync::LocationEFS", "awscc_datasync_location_efs_plural"],
    ["AWS::DataSync::LocationHDFS", "awscc_datasync_location_hdfs_plural"],
    ["AWS::DataSync::LocationNFS", "awscc_datasync_location_nfs_plural"],
    ["AWS::DataSync::LocationFSxOpenZFS", "awscc_datasync_location_fsx_open_zfs_plural"],
    ["AWS::DataSync::LocationFSxWindows", "awscc_datasync_location_fsx_windows_plural"],
    ["AWS::WorkSpacesWeb::BrowserSettings", "awscc_workspacesweb_browser_settings_plural"],
    ["AWS::EC2::VPCEndpointServicePermissions", "awscc_ec2_vpc_endpoint_service_permissions_plural"],
    ["AWS::QuickSight::CustomPermissions", "awscc_quicksight_custom_permissions_plural"],
    [
      "AWS::ECS::ClusterCapacityProviderAssociations",
      "awscc_ecs_cluster_capacity_provider_associations_plural",
    ],
    ["AWS::EC2::VPCDHCPOptionsAssociation", "awscc_ec2_vpcdhcp_options_associations"],
    ["AWS::Logs::LogGroup", "awscc_logs_log_groups"],
  ];
  for (const [cfn, expected] of byType) {
    test(`${cfn} → ${expected}`, () => {
      const result = pluralTypeName(typeNames(cfn).tfTypeName);
      assert.deepEqual(result, { plural: expected, collidesWithSingular: false });
    });
  }

  const collisions = [
    "awscc_cognito_terms",
    "awscc_ses_vdm_attributes",
    "awscc_ssmguiconnect_preferences",
    "awscc_observabilityadmin_telemetry_pipelines",
  ];
  for (const name of collisions) {
    test(`${name} collides with its singular`, () => {
      assert.deepEqual(pluralTypeName(name), { plural: name, collidesWithSingular: true });
    });
  }

  // Rule-by-rule rows, chosen where the Go rules differ from pluralize's own English rules.
  const ruleRows: readonly [string, string][] = [
    ["awscc_x_software", "awscc_x_softwares"], // uncountables match only the whole string
    ["awscc_x_fish", "awscc_x_fishes"],
    ["awscc_x_equipment", "awscc_x_equipments"],
    ["awscc_x_human", "awscc_x_humen"], // irregular suffix man→men
    ["awscc_x_person", "awscc_x_people"],
    ["awscc_x_child", "awscc_x_children"],
    ["awscc_x_remove", "awscc_x_removes"],
    ["awscc_x_zombie", "awscc_x_zombies"],
    ["awscc_x_goose", "awscc_x_geese"],
    ["awscc_x_foot", "awscc_x_feet"],
    ["awscc_x_tooth", "awscc_x_teeth"],
    ["awscc_x_leaf", "awscc_x_leaves"],
    ["awscc_x_schema", "awscc_x_schemas"],
    ["awscc_x_drive", "awscc_x_drives"],
    ["awscc_x_quiz", "awscc_x_quizzes"],
    ["awscc_x_ox", "awscc_x_oxes"], // ^ox is anchored to the whole string
    ["awscc_x_mouse", "awscc_x_mouses"], // so is ^(m|l)ouse
    ["awscc_x_matrix", "awscc_x_matrices"],
    ["awscc_x_vertex", "awscc_x_vertices"],
    ["awscc_x_box", "awscc_x_boxes"],
    ["awscc_x_branch", "awscc_x_branches"],
    ["awscc_x_class", "awscc_x_classes"],
    ["awscc_x_mesh", "awscc_x_meshes"],
    ["awscc_x_query", "awscc_x_queries"],
    ["awscc_x_colloquy", "awscc_x_colloquies"],
    ["awscc_x_day", "awscc_x_days"],
    ["awscc_x_archive", "awscc_x_archives"],
    ["awscc_x_knife", "awscc_x_knives"],
    ["awscc_x_safe", "awscc_x_saves"], // [^f]fe → ves, as in Go
    ["awscc_x_wolf", "awscc_x_wolves"],
    ["awscc_x_chef", "awscc_x_chefs"],
    ["awscc_x_crisis", "awscc_x_crises"],
    ["awscc_x_medium", "awscc_x_media"],
    ["awscc_x_tomato", "awscc_x_tomatoes"],
    ["awscc_x_potato", "awscc_x_potatos"],
    ["awscc_x_bus", "awscc_x_buses"],
    ["awscc_x_campus", "awscc_x_campuses"],
    ["awscc_x_virus", "awscc_x_viri"],
    ["awscc_x_s3", "awscc_x_s3s"],
    ["awscc_x_v10", "awscc_x_v10s"],
  ];
  for (const [singular, expected] of ruleRows) {
    test(`${singular} → ${expected}`, () => {
      assert.deepEqual(pluralTypeName(singular), { plural: expected, collidesWithSingular: false });
    });
  }

  const unchanged = [
    "awscc_x_moose",
    "awscc_x_chassis",
    "awscc_x_criteria",
    "awscc_x_axis",
    "awscc_x_octopi",
  ];
  for (const name of unchanged) {
    test(`${name} collides with its singular`, () => {
      assert.equal(pluralTypeName(name).collidesWithSingular, true);
    });
  }

  for (const bad of ["schema", "Awscc_x_y", "awscc__x", "awscc_x_", ""]) {
    test(`rejects ${JSON.stringify(bad)}`, () => assert.throws(() => pluralTypeName(bad), /pluralTypeName/));
  }

  test("the underlying rules keep inflection's whole-word and case behaviour", () => {
    const plural = goCompatiblePlural();
    assert.equal(plural("money"), "money"); // not uncountable in pluralize itself
    assert.equal(plural("Sheep"), "Sheep");
    assert.equal(plural("ox"), "oxen");
    assert.equal(plural("mouse"), "mice");
    assert.equal(plural("axis"), "axes");
    assert.equal(plural("Person"), "People");
    assert.equal(plural("PERSON"), "PEOPLE");
    assert.equal(plural("VPC"), "VPCS");
    assert.equal(plural("DHCPOptions"), "DHCPOptions");
  });
});

describe("identityName", () => {
  const rows: readonly [string | string[], string][] = [
    ["/properties/Id", "id"],
    ["/properties/Arn", "arn"],
    ["/properties/Provider", "provider_name"],
    ["/properties/ProviderName", "provider_name"],
    ["/properties/CredentialProviderArn", "credential_provider_arn"],
    ["/properties/AccountId", "account_id"],
    ["/properties/DBInstanceIdentifier", "db_instance_identifier"],
    ["/properties/S3Key", "s3_key"],
    ["/properties/StorageLensConfiguration/Id", "storage_lens_configuration_id"],
    ["/properties/Schedule/ScheduleId", "schedule_schedule_id"],
    [["Device", "DeviceName"], "device_device_name"],
    [["Provider"], "provider_name"],
    // Where the regex snake case differs from attributeName.
    ["/properties/IPv6Address", "i_pv6_address"],
    ["/properties/Ipv6CidrBlock", "ipv6_cidr_block"],
  ];
  for (const [pointer, expected] of rows) {
    test(`${JSON.stringify(pointer)} → ${expected}`, () => assert.equal(identityName(pointer), expected));
  }

  test("regexSnakeCase differs from attributeName on digits", () => {
    assert.equal(regexSnakeCase("CidrIpv6"), "cidr_ipv6");
    assert.equal(attributeName("CidrIpv6"), "cidr_ipv_6");
  });
});

describe("topLevelAttributeName and isMetaArgument", () => {
  const rows: readonly [string, string, string][] = [
    ["Id", "flow_log", "flow_log_id"],
    ["ID", "flow_log", "flow_log_id"],
    ["Provider", "link", "provider_name"],
    ["ProviderArn", "link", "provider_arn"],
    ["VpcId", "flow_log", "vpc_id"],
    ["WorkspaceId", "workspace", "workspace_id"],
    ["Count", "x", "count"],
  ];
  for (const [cfn, resourceSnake, expected] of rows) {
    test(`${cfn} in ${resourceSnake} → ${expected}`, () => {
      assert.equal(topLevelAttributeName(cfn, resourceSnake), expected);
    });
  }

  test("meta-arguments", () => {
    for (const name of ["count", "depends_on", "for_each", "lifecycle"])
      assert.equal(isMetaArgument(name), true);
    for (const name of ["provider", "provider_name", "id", "Count", "counts", ""]) {
      assert.equal(isMetaArgument(name), false);
    }
    assert.equal(isMetaArgument(attributeName("DependsOn")), true);
    assert.equal(isMetaArgument(attributeName("ForEach")), true);
  });
});

interface HclBlock {
  readonly label: string;
  readonly cfnTypeName: string;
  readonly pluralSuppressed: boolean;
}

/** The `resource_schema` blocks of the Go provider's list; commented-out blocks are skipped. */
function readHclBlocks(): HclBlock[] {
  const text = fs
    .readFileSync(goSuppressionsFile, "utf8")
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n");
  const blocks: HclBlock[] = [];
  for (const match of text.matchAll(/^resource_schema\s+"([^"]+)"\s*\{([^}]*)\}/gm)) {
    const body = match[2]!;
    const cfn = /cloudformation_type_name\s*=\s*"([^"]+)"/.exec(body);
    assert.ok(cfn, `block ${match[1]} has no cloudformation_type_name`);
    blocks.push({
      label: match[1]!,
      cfnTypeName: cfn[1]!,
      pluralSuppressed: /suppress_plural_data_source_generation\s*=\s*true/.test(body),
    });
  }
  return blocks;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every property name under a schema node: properties, items, patternProperties and combinators. */
function collectPropertyNames(node: Json | undefined, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectPropertyNames(item, into);
    return;
  }
  if (!isObject(node)) return;
  if (isObject(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      into.add(name);
      collectPropertyNames(child, into);
    }
  }
  if (isObject(node.patternProperties)) {
    for (const child of Object.values(node.patternProperties)) collectPropertyNames(child, into);
  }
  for (const key of ["items", "additionalProperties", "oneOf", "anyOf", "allOf"]) {
    collectPropertyNames(node[key], into);
  }
}

describe("full corpus", () => {
  const blocks = readHclBlocks();

  test("every resource_schema label is the Go type name of its CloudFormation type", () => {
    let matched = 0;
    const mismatches: string[] = [];
    for (const block of blocks) {
      const expected = `awscc_${block.label.slice("aws_".length)}`;
      const actual = typeNames(block.cfnTypeName).tfTypeName;
      if (actual === expected) matched++;
      else mismatches.push(`${block.cfnTypeName}: ${actual} != ${expected}`);
    }
    console.log(`type names: ${matched} of ${blocks.length} resource_schema blocks match`);
    assert.deepEqual(mismatches, []);
    assert.ok(blocks.length >= 1489, `only ${blocks.length} blocks parsed`);
  });

  test("every property name snake-cases to a non-empty [a-z0-9_] name", () => {
    const dir = resolveSchemasDir();
    const names = new Set<string>();
    const files = fs.readdirSync(dir).filter((file) => file.endsWith(".json"));
    for (const file of files) {
      const schema = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Json;
      assert.ok(isObject(schema), `${file} is not an object`);
      collectPropertyNames(schema, names);
      if (isObject(schema.definitions)) {
        for (const definition of Object.values(schema.definitions)) collectPropertyNames(definition, names);
      }
    }
    const bad = [...names].filter((name) => !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(attributeName(name)));
    console.log(`attribute names: ${names.size} distinct property names in ${files.length} schemas`);
    assert.ok(files.length >= 1489, `only ${files.length} schema files`);
    assert.ok(names.size > 10000, `only ${names.size} property names found`);
    assert.deepEqual(
      bad.map((name) => `${name} → ${attributeName(name)}`),
      [],
    );
  });

  test("identity names equal the attribute names, except a top-level Id (a quirk)", () => {
    const dir = resolveSchemasDir();
    let pointers = 0;
    let idQuirks = 0;
    const mismatches: string[] = [];
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      const schema = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as {
        typeName: string;
        primaryIdentifier?: string[];
      };
      const { resourceSnake } = typeNames(schema.typeName);
      for (const pointer of schema.primaryIdentifier ?? []) {
        pointers++;
        const segments = pointer.replace(/^\/properties\//, "").split("/");
        const attribute =
          segments.length === 1
            ? topLevelAttributeName(segments[0]!, resourceSnake)
            : segments.map(attributeName).join("_");
        const identity = identityName(pointer);
        if (pointer === "/properties/Id" && identity === "id") idQuirks++;
        else if (identity !== attribute)
          mismatches.push(`${schema.typeName} ${pointer}: ${identity} != ${attribute}`);
      }
    }
    console.log(`identity names: ${pointers} primary-identifier pointers, ${idQuirks} top-level Id → id`);
    assert.deepEqual(mismatches, []);
    assert.ok(idQuirks > 100, `only ${idQuirks} top-level Id identifiers`);
  });

  test("plural names: the Go provider's figures for its generated plurals", () => {
    const byType = new Map(blocks.map((block) => [block.cfnTypeName, block]));
    let plusS = 0;
    let otherForms = 0;
    const collisions: string[] = [];
    let generatedPlusS = 0;
    let generatedOther = 0;
    const generatedCollisions: string[] = [];
    for (const block of byType.values()) {
      const names = typeNames(block.cfnTypeName);
      const simple = names.pluralTfTypeName === `${names.tfTypeName}s`;
      if (names.pluralCollidesWithSingular) collisions.push(names.tfTypeName);
      else if (simple) plusS++;
      else otherForms++;
      if (block.pluralSuppressed) continue;
      if (names.pluralCollidesWithSingular) generatedCollisions.push(names.tfTypeName);
      else if (simple) generatedPlusS++;
      else generatedOther++;
    }
    console.log(
      `plurals over all ${byType.size} types: ${plusS} singular+"s", ${otherForms} other forms, ` +
        `${collisions.length} collisions (${collisions.join(", ")})`,
    );
    console.log(
      `plurals over the ${generatedPlusS + generatedOther + generatedCollisions.length} types whose plural ` +
        `the Go provider generates: ${generatedPlusS} singular+"s", ${generatedOther} other forms`,
    );
    // docs/mapping.md#plural-names: 990 of the 1091 generated plural names are singular+"s", 101 are not.
    assert.deepEqual(generatedCollisions, []);
    assert.equal(generatedPlusS, 990);
    assert.equal(generatedOther, 101);
    for (const name of [
      "awscc_cognito_terms",
      "awscc_ses_vdm_attributes",
      "awscc_ssmguiconnect_preferences",
      "awscc_observabilityadmin_telemetry_pipelines",
    ]) {
      assert.ok(collisions.includes(name), `${name} should collide`);
    }
  });
});
