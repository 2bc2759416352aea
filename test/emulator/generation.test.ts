// Units under the handlers: pattern sampling, generated read-only values (over the whole corpus),
// ARNs and ids, schema pointers, identifiers, validation messages and page tokens.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import { seededRandom } from "../../emulator/emulator.js";
import { fillGeneratedValues } from "../../emulator/generate/fill-generated.js";
import { samplePattern } from "../../emulator/generate/pattern-sample.js";
import {
  arnFor,
  arnServiceInPattern,
  fitsStringNode,
  type GenerationContext,
  idFor,
} from "../../emulator/generate/plausible-values.js";
import { schemaNodeAt } from "../../emulator/generate/schema-nodes.js";
import { identifierOf, resolveIdentifier } from "../../emulator/schema/identifiers.js";
import {
  findMatches,
  isAtOrBelow,
  isStrictAncestor,
  parseSchemaPointer,
  removeMatches,
  sameValuesAt,
} from "../../emulator/schema/pointers.js";
import { directorySchemaSource, inMemorySchemaSource } from "../../cfn/schema-source.js";
import { TypeRegistry } from "../../emulator/schema/type-registry.js";
import { validationFailureMessage } from "../../emulator/schema/validator.js";
import { decodePageToken, encodePageToken } from "../../emulator/service/page-tokens.js";
import type { JsonObject, StoredResource } from "../../emulator/types.js";

const ctx = (seed = 1): GenerationContext => ({
  accountId: "123456789012",
  region: "eu-west-1",
  now: Date.parse("2025-06-01T12:00:00Z"),
  random: seededRandom(seed),
});

const corpus = new TypeRegistry(directorySchemaSource(resolveSchemasDir()));

describe("pattern sampling", () => {
  const cases: Array<[string, { minLength?: number; maxLength?: number }]> = [
    ["^[a-z]{3}-[0-9]{4}$", {}],
    ["^arn:aws[-a-z]*:iam::\\d{12}:role/[\\w+=,.@-]{1,64}$", {}],
    ["^(foo|bar)baz$", {}],
    ["^[A-Z0-9]+$", { minLength: 26, maxLength: 26 }],
    ["^[a-zA-Z0-9][a-zA-Z0-9-]*$", { minLength: 36, maxLength: 36 }],
    ["^[\\p{L}\\p{N}_.-]+$", {}],
    ["^(?:[0-9a-f]{8}-){2}[0-9a-f]{4}$", {}],
    ["[^/]+", { maxLength: 5 }],
    ["^[[:alnum:]]{4,6}$", {}],
    // negated escapes inside a class, general categories (Organizations, Omics, IoT, Outposts)
    ["[\\s\\S]*", { minLength: 1 }],
    ["^[\\S ]+$", {}],
    ["[^\\p{C}]+", {}],
    ["^[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}\\t\\n\\r ]+$", {}],
    ["^[\\p{L}||\\p{M}||\\p{Z}||\\p{S}||\\p{N}||\\p{P}]+$", { maxLength: 10 }],
  ];
  for (const [pattern, limits] of cases) {
    test(pattern, () => {
      for (let seed = 1; seed <= 5; seed++) {
        const value = samplePattern(pattern, seededRandom(seed), limits);
        assert.ok(value !== undefined, "a sample was found");
        assert.match(value, new RegExp(pattern.replace("[[:alnum:]]", "[A-Za-z0-9]"), "u"));
        if (limits.minLength !== undefined) assert.ok(value.length >= limits.minLength);
        if (limits.maxLength !== undefined) assert.ok(value.length <= limits.maxLength);
      }
    });
  }

  test("shortest: every optional part left out", () => {
    const pattern = "arn:(aws)[-]{0,1}[a-z]{0,3}:iam::[0-9]{12}[:]role/app";
    for (let seed = 1; seed <= 5; seed++)
      assert.match(
        samplePattern(pattern, seededRandom(seed), { shortest: true }) ?? "",
        /^arn:aws:iam::[0-9]{12}:role\/app$/,
      );
    assert.equal(samplePattern("ab[0-9]*", seededRandom(1), { shortest: true }), "ab");
  });

  test("gives up on constructs it cannot generate", () => {
    assert.equal(samplePattern("^(?=a)a$", Math.random), undefined);
    assert.equal(samplePattern("^(a)\\1$", Math.random), undefined);
    assert.equal(samplePattern("^[a-z]{2}$", Math.random, { minLength: 5 }), undefined);
  });
});

describe("generated read-only values", () => {
  test("ARNs and ids have the service's shape", () => {
    const logGroup = corpus.find("AWS::Logs::LogGroup");
    const role = corpus.find("AWS::IAM::Role");
    const bucket = corpus.find("AWS::S3::Bucket");
    const vpc = corpus.find("AWS::EC2::VPC");
    assert.ok(logGroup && role && bucket && vpc);
    assert.equal(arnFor(logGroup, "g", ctx()), "arn:aws:logs:eu-west-1:123456789012:log-group/g");
    assert.equal(arnFor(role, "r", ctx()), "arn:aws:iam::123456789012:role/r");
    assert.equal(arnFor(bucket, "b", ctx()), "arn:aws:s3:::b");
    assert.match(idFor(vpc, "VpcId", ctx()), /^vpc-[0-9a-f]{17}$/);
    assert.match(idFor(role, "RoleId", ctx()), /^AROA[A-Z0-9]{17}$/);
  });

  test("every corpus type: generated values satisfy their pattern and length limits", () => {
    let checked = 0;
    const misses: string[] = [];
    for (const file of listSchemaFiles(resolveSchemasDir())) {
      const type = corpus.find(file.replace(/\.json$/, "").replaceAll("_", "::"));
      assert.ok(type, file);
      const model: JsonObject = {};
      fillGeneratedValues(type, model, ctx(checked + 1));
      for (const path of type.generated) {
        const node = schemaNodeAt(type.schema, path);
        if (!node) continue;
        for (const match of findMatches(model, path)) {
          if (typeof match.value !== "string") continue;
          checked++;
          if (!fitsStringNode(node, match.value))
            misses.push(`${type.typeName} ${path.join("/")} = ${match.value}`);
        }
      }
    }
    assert.ok(checked > 1000, `checked ${checked} values`);
    assert.deepEqual(misses, []);
  });

  test("objects of a type whose name has a default, or that are accounts, get identifiers of their own", () => {
    const channel = corpus.find("AWS::IVS::Channel");
    const account = corpus.find("AWS::Organizations::Account");
    assert.ok(channel && account);
    const context = ctx();
    const channels = [0, 1].map(() => {
      const model: JsonObject = { Name: "-" };
      fillGeneratedValues(channel, model, context);
      return identifierOf(channel, model);
    });
    assert.notEqual(channels[0], channels[1]);
    assert.match(String(channels[0]), /^arn:aws:ivs:eu-west-1:123456789012:channel\/[0-9a-f]{32}$/);
    const accounts = [0, 1].map(() => {
      const model: JsonObject = { AccountName: "same", Email: "a@example.com" };
      fillGeneratedValues(account, model, context);
      return model;
    });
    assert.notEqual(accounts[0]!.AccountId, accounts[1]!.AccountId);
    assert.notEqual(accounts[0]!.AccountId, "123456789012");
    assert.equal(
      accounts[0]!.Arn,
      `arn:aws:organizations::123456789012:account/o-123456789012/${String(accounts[0]!.AccountId)}`,
    );
  });

  test("an ARN whose pattern names another service than the namespace is built for that service", () => {
    const replicator = corpus.find("AWS::MSK::Replicator");
    assert.ok(replicator);
    assert.equal(arnServiceInPattern("arn:(aws|aws-us-gov|aws-cn):kafka:.*"), "kafka");
    assert.equal(arnServiceInPattern("^arn:aws[-a-z]*:iam::\\d{12}:role/.*"), "iam");
    assert.equal(arnServiceInPattern("^[a-z]+$"), undefined);
    const arns = ["r-1", "r-2"].map((name) => {
      const model: JsonObject = { ReplicatorName: name };
      fillGeneratedValues(replicator, model, ctx());
      return model.ReplicatorArn;
    });
    assert.deepEqual(arns, [
      "arn:aws:kafka:eu-west-1:123456789012:replicator/r-1",
      "arn:aws:kafka:eu-west-1:123456789012:replicator/r-2",
    ]);
  });

  test("values already present are kept; nested read-only members are filled where the parent exists", () => {
    const db = corpus.find("AWS::RDS::DBInstance");
    assert.ok(db);
    const model: JsonObject = { DBInstanceIdentifier: "mine", MasterUserSecret: { KmsKeyId: "k" } };
    fillGeneratedValues(db, model, ctx());
    assert.equal(model.DBInstanceIdentifier, "mine");
    assert.match(
      String((model.MasterUserSecret as JsonObject).SecretArn),
      /^arn:aws:rds:eu-west-1:123456789012:/,
    );
    assert.equal(typeof (model.Endpoint as JsonObject).Address, "string");
    const withoutSecret: JsonObject = { DBInstanceIdentifier: "x" };
    fillGeneratedValues(db, withoutSecret, ctx());
    assert.equal(withoutSecret.MasterUserSecret, undefined, "no parent, no child");
  });
});

describe("schema pointers", () => {
  const model: JsonObject = {
    Items: [
      { Id: 1, Tags: [{ Key: "a" }] },
      { Id: 2, Tags: [] },
    ],
    Name: "n",
  };
  test("wildcards expand over array elements", () => {
    assert.deepEqual(parseSchemaPointer("/properties/Items/*/Id"), ["Items", "*", "Id"]);
    assert.equal(parseSchemaPointer("/definitions/X"), undefined);
    assert.deepEqual(
      findMatches(model, ["Items", "*", "Id"]).map((match) => [match.path.join("/"), match.value]),
      [
        ["Items/0/Id", 1],
        ["Items/1/Id", 2],
      ],
    );
    const copy = structuredClone(model);
    removeMatches(copy, ["Items", "*", "Tags", "*"]);
    assert.deepEqual(copy.Items, [
      { Id: 1, Tags: [] },
      { Id: 2, Tags: [] },
    ]);
    assert.ok(isAtOrBelow(["Items", "3", "Id", "x"], ["Items", "*", "Id"]));
    assert.ok(!isAtOrBelow(["Items"], ["Items", "*", "Id"]));
    assert.ok(isStrictAncestor(["Items"], ["Items", "*", "Id"]));
    assert.ok(sameValuesAt(model, structuredClone(model), ["Items", "*", "Id"]));
    assert.ok(!sameValuesAt(model, { ...model, Items: [{ Id: 2 }, { Id: 1 }] }, ["Items", "*", "Id"]));
  });
});

describe("identifiers", () => {
  const source = inMemorySchemaSource([
    {
      typeName: "Test::Nested::Thing",
      properties: {
        Parent: { type: "string" },
        Spec: { type: "object", properties: { Id: { type: "integer" } } },
        Name: { type: "string" },
      },
      primaryIdentifier: ["/properties/Parent", "/properties/Spec/Id"],
      additionalIdentifiers: [["/properties/Name"]],
      handlers: { read: {} },
    },
  ]);
  const type = new TypeRegistry(source).find("Test::Nested::Thing");
  test("joined with |, numbers as text, JSON form resolved", () => {
    assert.ok(type);
    assert.equal(identifierOf(type, { Parent: "p", Spec: { Id: 7 } }), "p|7");
    assert.equal(identifierOf(type, { Parent: "p" }), undefined);
    const stored: StoredResource[] = [
      {
        typeName: type.typeName,
        identifier: "p|7",
        properties: { Parent: "p", Spec: { Id: 7 }, Name: "seven" },
        createdAt: 0,
        updatedAt: 0,
      },
    ];
    assert.equal(
      resolveIdentifier(type, '{"Id":7,"Parent":"p"}', () => stored),
      "p|7",
    );
    assert.equal(
      resolveIdentifier(type, '{"Name":"seven"}', () => stored),
      "p|7",
    );
    assert.equal(
      resolveIdentifier(type, '{"Name":"eight"}', () => stored),
      '{"Name":"eight"}',
    );
    assert.equal(
      resolveIdentifier(type, "p|7", () => stored),
      "p|7",
    );
  });

  test("schema source: unknown types and in-memory fallbacks", () => {
    assert.equal(corpus.find("AWS::Nope::Nothing"), undefined);
    const layered = inMemorySchemaSource([], directorySchemaSource(resolveSchemasDir()));
    assert.equal(layered.get("AWS::Logs::LogGroup")?.typeName, "AWS::Logs::LogGroup");
  });
});

describe("schema defaults", () => {
  test("a default its own node rejects is never filled in (null, [] under minItems, a non-date date-time)", () => {
    const registry = new TypeRegistry(
      inMemorySchemaSource([
        {
          typeName: "Test::Defaults::Thing",
          properties: {
            Name: { type: "string" },
            Timeout: { type: "number", maximum: 60, default: null },
            Addresses: { type: "array", items: { type: "string" }, default: null },
            Settings: {
              type: "object",
              properties: {
                Params: { type: "array", minItems: 1, items: { type: "string" }, default: [] },
                Start: { type: "string", format: "date-time", default: "0" },
                Enabled: { type: "boolean", default: "true" },
                Mode: { $ref: "#/definitions/Mode", default: "fast" },
                Retries: { type: "integer", default: 3 },
              },
            },
          },
          definitions: { Mode: { type: "string", enum: ["fast", "slow"] } },
          primaryIdentifier: ["/properties/Name"],
          additionalProperties: false,
        },
      ]),
    );
    const type = registry.find("Test::Defaults::Thing");
    assert.ok(type);
    const model: JsonObject = { Name: "a", Settings: {} };
    assert.deepEqual(type.validate(model), []);
    assert.deepEqual(model, { Name: "a", Settings: { Mode: "fast", Retries: 3 } });
  });

  test("real types whose schemas declare such defaults validate a minimal model", () => {
    const minimal: Record<string, JsonObject> = {
      "AWS::WorkSpacesWeb::UserSettings": {
        CopyAllowed: "Disabled",
        DownloadAllowed: "Disabled",
        PasteAllowed: "Disabled",
        PrintAllowed: "Disabled",
        UploadAllowed: "Disabled",
      },
      "AWS::GlobalAccelerator::Accelerator": { Name: "acc" },
      "AWS::SSMIncidents::ResponsePlan": {
        Name: "plan",
        IncidentTemplate: { Title: "t", Impact: 3 },
        Actions: [{ SsmAutomation: { RoleArn: "arn:aws:iam::123456789012:role/r", DocumentName: "d" } }],
      },
    };
    for (const [typeName, model] of Object.entries(minimal)) {
      const type = corpus.find(typeName);
      assert.ok(type, typeName);
      assert.deepEqual(type.validate(structuredClone(model)), [], typeName);
    }
  });
});

describe("messages and tokens", () => {
  test("validation failure message lists path and reason", () => {
    assert.equal(
      validationFailureMessage(["#: required key [Name] not found"]),
      "Model validation failed (#: required key [Name] not found)",
    );
    assert.match(
      validationFailureMessage(["#/A: x", "#/B: y"]),
      /^Model validation failed \(#: 2 schema violations found; #\/A: x; #\/B: y\)$/,
    );
  });

  test("page tokens only work for the listing that issued them", () => {
    const token = encodePageToken("resources:A", 20);
    assert.match(token, /^[-A-Za-z0-9+/=]+$/);
    assert.equal(decodePageToken(token, "resources:A"), 20);
    assert.equal(decodePageToken(token, "resources:B"), undefined);
    assert.equal(decodePageToken("!!", "resources:A"), undefined);
  });
});
