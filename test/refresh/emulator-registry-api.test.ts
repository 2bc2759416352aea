// The emulator's CloudFormation ListTypes/DescribeType as the real SDK sees them: filters and
// defaults, NextToken paging, lookups by name and ARN, and the awsQuery errors it parses.
import {
  CloudFormationClient,
  DescribeTypeCommand,
  ListTypesCommand,
  type ListTypesCommandInput,
} from "@aws-sdk/client-cloudformation";
import assert from "node:assert/strict";
import path from "node:path";
import { after, describe, test } from "node:test";
import { startEmulator } from "../../emulator/emulator.js";
import { copySchemas, CREDENTIALS, readJson, removeDir, sampleSchemaFiles, tempDir } from "./helpers.js";

const root = tempDir("registry-api");
const typeNames = copySchemas(sampleSchemaFiles(60), root);
const emulator = await startEmulator({ port: 0, schemasDir: root, region: "eu-west-1" });
const client = new CloudFormationClient({
  endpoint: emulator.url,
  region: "eu-west-1",
  credentials: CREDENTIALS,
  maxAttempts: 1,
});
after(async () => {
  client.destroy();
  await emulator.stop();
  removeDir(root);
});

async function listAll(input: ListTypesCommandInput): Promise<string[]> {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListTypesCommand({ ...input, NextToken: token }));
    names.push(...(page.TypeSummaries ?? []).map((summary) => summary.TypeName ?? "?"));
    token = page.NextToken;
  } while (token);
  return names;
}

function provisioningOf(typeName: string): string {
  const schema = readJson(path.join(root, `${typeName.replaceAll("::", "_")}.json`)) as {
    handlers?: Record<string, unknown>;
  };
  if (!schema.handlers || "update" in schema.handlers) return "FULLY_MUTABLE";
  return "IMMUTABLE";
}

describe("emulated CloudFormation registry", () => {
  test("ListTypes pages through public AWS types per provisioning type", async () => {
    const publicTypes = { Visibility: "PUBLIC", Type: "RESOURCE", MaxResults: 3 } as const;
    const mutable = await listAll({ ...publicTypes, Filters: { Category: "AWS_TYPES" } });
    const immutable = await listAll({ ...publicTypes, ProvisioningType: "IMMUTABLE" });
    assert.deepEqual(
      mutable,
      typeNames.filter((name) => provisioningOf(name) === "FULLY_MUTABLE"),
    );
    assert.deepEqual(
      immutable,
      typeNames.filter((name) => provisioningOf(name) === "IMMUTABLE"),
    );
    assert.ok(mutable.length > 3, "more than one page");
  });

  test("summaries carry the type's ARN, description and update time", async () => {
    const typeName = typeNames[0] as string;
    const page = await client.send(
      new ListTypesCommand({
        Visibility: "PUBLIC",
        ProvisioningType: provisioningOf(typeName) as "IMMUTABLE" | "FULLY_MUTABLE",
        Filters: { TypeNamePrefix: typeName },
      }),
    );
    assert.equal(page.TypeSummaries?.length, 1);
    const summary = page.TypeSummaries?.[0];
    assert.equal(summary?.TypeName, typeName);
    assert.equal(
      summary?.TypeArn,
      `arn:aws:cloudformation:eu-west-1::type/resource/${typeName.replaceAll("::", "-")}`,
    );
    assert.equal(summary?.Type, "RESOURCE");
    assert.ok(summary?.LastUpdated instanceof Date);
    assert.equal(typeof summary?.Description, "string");
  });

  test("filters that exclude AWS's public types list nothing", async () => {
    for (const input of [
      {}, // Visibility defaults to PRIVATE
      { Visibility: "PUBLIC", DeprecatedStatus: "DEPRECATED" },
      { Visibility: "PUBLIC", Type: "HOOK" },
      { Visibility: "PUBLIC", Filters: { Category: "THIRD_PARTY" } },
      { Visibility: "PUBLIC", ProvisioningType: "NON_PROVISIONABLE" },
    ] as ListTypesCommandInput[]) {
      assert.deepEqual(await listAll(input), [], JSON.stringify(input));
    }
  });

  test("DescribeType returns the schema text by name or by ARN", async () => {
    const typeName = typeNames[1] as string;
    const byName = await client.send(new DescribeTypeCommand({ Type: "RESOURCE", TypeName: typeName }));
    const file = path.join(root, `${typeName.replaceAll("::", "_")}.json`);
    assert.deepEqual(JSON.parse(byName.Schema ?? ""), readJson(file));
    assert.equal(byName.TypeName, typeName);
    assert.equal(byName.Visibility, "PUBLIC");
    assert.equal(byName.DeprecatedStatus, "LIVE");
    assert.equal(byName.ProvisioningType, provisioningOf(typeName));
    const byArn = await client.send(new DescribeTypeCommand({ Arn: byName.Arn }));
    assert.equal(byArn.Schema, byName.Schema);
  });

  test("errors arrive as the SDK's modelled exceptions with their status", async () => {
    await assert.rejects(
      client.send(new DescribeTypeCommand({ Type: "RESOURCE", TypeName: "AWS::Nope::Missing" })),
      (error: Error & { $metadata?: { httpStatusCode?: number } }) =>
        error.name === "TypeNotFoundException" &&
        error.$metadata?.httpStatusCode === 404 &&
        /AWS::Nope::Missing/.test(error.message),
    );
    await assert.rejects(client.send(new ListTypesCommand({ MaxResults: 101 })), { name: "ValidationError" });
    await assert.rejects(client.send(new ListTypesCommand({ NextToken: "bogus" })), {
      name: "ValidationError",
    });
    emulator.control.addFault({ kind: "error", errorName: "CFNRegistryException", count: 1 });
    await assert.rejects(
      client.send(new ListTypesCommand({ Visibility: "PUBLIC" })),
      (error: Error & { $metadata?: { httpStatusCode?: number } }) =>
        error.name === "CFNRegistryException" && error.$metadata?.httpStatusCode === 400,
    );
  });
});
