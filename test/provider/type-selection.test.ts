// AWSCC_ONLY_TYPES (provider/type-selection.ts): which names a selection serves, that the schemas
// it serves are the very ones of the full provider, and that the binary answers with them alone.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import * as generatedIndex from "../../generated/index.js";
import { repoRoot } from "../../cfn/paths.js";
import { type LaunchedPlugin, launchPlugin } from "../../protocol/plugin-client.js";
import type { ProviderDescription } from "../../protocol/provider-description.js";
import { type ProviderSchemaJson, schemaFromJson } from "../../protocol/schema-document.js";
import { generatedProviderDescription, PROVIDER_ADDRESS } from "../../provider/description.js";
import { identityCatalogOf } from "../../terraform/identity/catalog.js";
import { pluralTypeName } from "../../terraform/naming/naming.js";
import { describeSelectedTypes, parseTypePatterns, selectTypeNames } from "../../provider/type-selection.js";
import { ensureProviderBinary, providerBinary } from "../e2e/harness.js";

const pluralOf = (name: string) => pluralTypeName(name).plural;

const available = {
  resources: ["awscc_iam_policy", "awscc_iam_role", "awscc_logs_log_group", "awscc_s3_bucket"],
  dataSources: [
    "awscc_iam_policies",
    "awscc_iam_policy",
    "awscc_iam_role",
    "awscc_iam_roles",
    "awscc_logs_log_group",
    "awscc_logs_log_groups",
    "awscc_s3_bucket",
    "awscc_s3_buckets",
  ],
};

describe("AWSCC_ONLY_TYPES patterns", () => {
  test("names are separated by commas or white space", () => {
    assert.deepEqual(parseTypePatterns(" awscc_s3_bucket,awscc_iam_*\n awscc_logs_log_group "), [
      "awscc_s3_bucket",
      "awscc_iam_*",
      "awscc_logs_log_group",
    ]);
  });

  test("anything but a Terraform type name or pattern is refused, naming it", () => {
    assert.throws(() => parseTypePatterns("awscc_s3_bucket, AWS::S3::Bucket"), {
      message: /^"AWS::S3::Bucket" is not a Terraform type name or pattern/,
    });
    assert.throws(() => parseTypePatterns(" , "), /it names no type/);
  });

  test("a resource type brings its singular and plural data sources", () => {
    assert.deepEqual(selectTypeNames(["awscc_iam_policy"], available, pluralOf), {
      resources: ["awscc_iam_policy"],
      dataSources: ["awscc_iam_policies", "awscc_iam_policy"],
    });
  });

  test("a data source can be named alone, and * matches any run of characters", () => {
    assert.deepEqual(selectTypeNames(["awscc_s3_buckets", "awscc_iam_*"], available, pluralOf), {
      resources: ["awscc_iam_policy", "awscc_iam_role"],
      dataSources: [
        "awscc_iam_policies",
        "awscc_iam_policy",
        "awscc_iam_role",
        "awscc_iam_roles",
        "awscc_s3_buckets",
      ],
    });
  });

  test("a pattern that selects nothing is an error, so a typo leaves no type out silently", () => {
    assert.throws(
      () => selectTypeNames(["awscc_s3_bucket", "awscc_logs_loggroup", "awscc_ec2_*"], available, pluralOf),
      { message: /^awscc_logs_loggroup, awscc_ec2_\* matches no resource type or data source/ },
    );
  });
});

describe("a selection over the generated provider", () => {
  const schemaJson = fs.readFileSync(path.join(repoRoot, "generated/provider-schema.json"), "utf8");
  const full = (JSON.parse(schemaJson) as { provider_schemas: Record<string, ProviderSchemaJson> })
    .provider_schemas[PROVIDER_ADDRESS]!;
  // An identity catalog of three types, one of them not selected (from source the full one would
  // load every resource module).
  const identities = Promise.all(
    ["awscc_logs_log_group", "awscc_iam_role_policy", "awscc_s3_bucket"].map(
      async (name) => (await generatedIndex.resources[name]!()).default,
    ),
  ).then((definitions) => JSON.stringify(identityCatalogOf(definitions)));
  let selected: ProviderDescription;
  before(async () => {
    const identityText = await identities;
    const everyType = generatedProviderDescription(generatedIndex, {
      json: () => schemaJson,
      identityCatalog: () => identityText,
    });
    selected = describeSelectedTypes(everyType, "awscc_logs_log_group awscc_iam_role_policy");
  });

  test("serves each selected schema exactly as the full provider does, and no other", async () => {
    const catalog = await selected.schemaCatalog();
    assert.deepEqual(Object.keys(catalog.resources).sort(), [
      "awscc_iam_role_policy",
      "awscc_logs_log_group",
    ]);
    assert.deepEqual(Object.keys(catalog.dataSources).sort(), [
      "awscc_iam_role_policy",
      "awscc_logs_log_group",
      "awscc_logs_log_groups",
    ]);
    for (const name of Object.keys(catalog.resources)) {
      assert.deepEqual(catalog.resources[name], schemaFromJson(full.resource_schemas![name]!), name);
    }
    for (const name of Object.keys(catalog.dataSources)) {
      assert.deepEqual(catalog.dataSources[name], schemaFromJson(full.data_source_schemas![name]!), name);
    }
    assert.equal(await selected.encodedSchemaResponse?.(), undefined);
  });

  test("every other type is unknown, and identities and list resources are narrowed", async () => {
    assert.equal(await selected.resource("awscc_s3_bucket"), undefined);
    assert.equal(await selected.dataSource("awscc_s3_buckets"), undefined);
    assert.equal((await selected.resource("awscc_logs_log_group"))?.tfTypeName, "awscc_logs_log_group");
    assert.equal((await selected.dataSource("awscc_logs_log_groups"))?.tfTypeName, "awscc_logs_log_groups");
    const catalog = await selected.identityCatalog!();
    assert.deepEqual(Object.keys(catalog.identities).sort(), [
      "awscc_iam_role_policy",
      "awscc_logs_log_group",
    ]);
    assert.deepEqual(catalog.listResources, ["awscc_logs_log_group"]);
  });
});

describe("AWSCC_ONLY_TYPES through the binary", () => {
  let plugin: LaunchedPlugin;
  let misspelt: LaunchedPlugin;
  before(async () => {
    ensureProviderBinary();
    plugin = await launchPlugin({
      command: providerBinary,
      env: { AWSCC_ONLY_TYPES: "awscc_logs_log_group,awscc_s3_bucket", TF_LOG: "" },
    });
    misspelt = await launchPlugin({
      command: providerBinary,
      env: { AWSCC_ONLY_TYPES: "awscc_logs_loggroup", TF_LOG: "" },
    });
  });
  after(async () => {
    await plugin?.shutdown();
    await misspelt?.shutdown();
  });

  test("GetProviderSchema and GetMetadata answer with the selected types alone", async () => {
    const schema = await plugin.call("GetProviderSchema");
    assert.deepEqual(schema.diagnostics ?? [], []);
    assert.deepEqual(Object.keys(schema.resource_schemas as object).sort(), [
      "awscc_logs_log_group",
      "awscc_s3_bucket",
    ]);
    assert.deepEqual(Object.keys(schema.data_source_schemas as object).sort(), [
      "awscc_logs_log_group",
      "awscc_logs_log_groups",
      "awscc_s3_bucket",
      "awscc_s3_buckets",
    ]);
    assert.deepEqual(Object.keys(schema.list_resource_schemas as object).sort(), [
      "awscc_logs_log_group",
      "awscc_s3_bucket",
    ]);
    const metadata = await plugin.call("GetMetadata");
    assert.deepEqual((metadata.resources as { type_name: string }[]).map((r) => r.type_name).sort(), [
      "awscc_logs_log_group",
      "awscc_s3_bucket",
    ]);
    const identities = await plugin.call("GetResourceIdentitySchemas");
    assert.deepEqual(Object.keys(identities.identity_schemas as object).sort(), [
      "awscc_logs_log_group",
      "awscc_s3_bucket",
    ]);
  });

  test("a type left out is unknown to the process", async () => {
    const response = await plugin.call("ValidateResourceConfig", { type_name: "awscc_iam_role" });
    const diagnostics = response.diagnostics as { severity: string; summary: string; detail: string }[];
    assert.equal(diagnostics.length, 1);
    assert.match(`${diagnostics[0]!.summary} ${diagnostics[0]!.detail}`, /awscc_iam_role/);
  });

  test("a misspelt name answers GetProviderSchema with an error naming it", async () => {
    const response = await misspelt.call("GetProviderSchema");
    assert.deepEqual(response.diagnostics, [
      {
        severity: "ERROR",
        summary: "Invalid AWSCC_ONLY_TYPES",
        detail:
          "awscc_logs_loggroup matches no resource type or data source of this provider; " +
          "unset it to serve every type",
        attribute: null,
      },
    ]);
    assert.deepEqual(response.resource_schemas, {});
  });
});
