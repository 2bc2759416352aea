// The pure rules behind "values a service rewrites" (docs/runtime.md#values-a-service-rewrites):
// IAM policy equivalence, JSON texts compared by meaning, planned values kept after apply, the
// properties a service did not report, and reserved aws: tags. The same rules through the emulator:
// service-forms.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { keepPlannedKnowns } from "../../runtime/apply/keep-planned.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import { jsonTextsEquivalent } from "../../runtime/convert/json-string.js";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { toDesiredState } from "../../runtime/convert/to-cfn.js";
import { isPolicyDocument, policiesEquivalent } from "../../runtime/convert/policy-document.js";
import { sameMeaning } from "../../runtime/convert/prior-spelling.js";
import { keepUnreported, unreportedPaths } from "../../runtime/state/unreported.js";
import { decodePrivateRecord, encodePrivateRecord } from "../../runtime/state/configured-record.js";
import { modelWithoutReservedTags } from "../../runtime/tags/reserved-tags.js";
import * as a from "../../terraform/schema/define.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import { definitionOf } from "./fixtures.js";
import type { Attributes } from "../../terraform/schema/types.js";
import { makeRecord, type TfRecord, type TfValue, UNKNOWN } from "../../terraform/values/index.js";

const doc = (value: unknown): JsonDocObject => jsonDocFromPlain(value) as JsonDocObject;
const equivalent = (x: unknown, y: unknown): boolean => policiesEquivalent(doc(x), doc(y));
const record = (entries: Record<string, TfValue>): TfRecord => makeRecord(Object.entries(entries));

describe("IAM policy equivalence", () => {
  const base = {
    Version: "2012-10-17",
    Statement: [
      { Sid: "a", Effect: "Allow", Action: ["s3:GetObject", "s3:PutObject"], Resource: "*" },
      {
        Effect: "Deny",
        Principal: { AWS: "123456789012" },
        NotAction: "iam:*",
        Resource: ["arn:aws:s3:::b"],
        Condition: { Bool: { "aws:SecureTransport": false }, NumericLessThan: { "s3:max-keys": 10 } },
      },
    ],
  };

  test("a document is a policy when it has a Statement object or list", () => {
    assert.ok(isPolicyDocument(doc(base)));
    assert.ok(isPolicyDocument(doc({ Statement: { Effect: "Allow" } })));
    assert.ok(!isPolicyDocument(doc({ Statement: "x" })));
    assert.ok(!isPolicyDocument(doc({ Version: "2012-10-17" })));
  });

  test("IAM's own form of the same policy is equivalent", () => {
    const asIam = {
      Statement: [
        {
          Condition: { NumericLessThan: { "s3:max-keys": "10" }, Bool: { "aws:SecureTransport": ["false"] } },
          Resource: "arn:aws:s3:::b",
          NotAction: ["iam:*"],
          Principal: { AWS: ["arn:aws:iam::123456789012:root"] },
          Effect: "deny",
        },
        {
          Resource: ["*"],
          Action: ["s3:PutObject", "s3:GetObject", "s3:GetObject"],
          Effect: "Allow",
          Sid: "a",
        },
      ],
      Version: "2012-10-17",
    };
    assert.ok(equivalent(base, asIam));
    assert.ok(equivalent(asIam, base));
  });

  test("a single statement object ≡ a one-element list; Principal * ≡ {AWS: *}", () => {
    const one = { Statement: { Effect: "Allow", Principal: "*", Action: "sqs:SendMessage" } };
    const listed = {
      Statement: [{ Effect: "Allow", Principal: { AWS: ["*"] }, Action: ["sqs:SendMessage"] }],
    };
    assert.ok(equivalent(one, listed));
  });

  test("Version: compared only when both documents give one", () => {
    const statement = [{ Effect: "Allow", Action: "s3:*", Resource: "*" }];
    assert.ok(equivalent({ Statement: statement }, { Version: "2012-10-17", Statement: statement }));
    assert.ok(equivalent({ Version: "2008-10-17", Statement: statement }, { Statement: statement }));
    assert.ok(
      !equivalent(
        { Version: "2008-10-17", Statement: statement },
        { Version: "2012-10-17", Statement: statement },
      ),
    );
  });

  test("real differences are not equivalent", () => {
    const changed = (mutate: (copy: typeof base) => void) => {
      const copy = structuredClone(base);
      mutate(copy);
      return equivalent(base, copy);
    };
    assert.ok(!changed((c) => (c.Statement[0]!.Action = ["s3:GetObject"])));
    assert.ok(!changed((c) => (c.Statement[0]!.Resource = "arn:aws:s3:::other")));
    assert.ok(!changed((c) => (c.Statement[0]!.Sid = "b")));
    assert.ok(!changed((c) => (c.Statement[1]!.Condition!.Bool["aws:SecureTransport"] = true)));
    assert.ok(!changed((c) => c.Statement.pop()));
    assert.ok(!changed((c) => (c.Statement[1]!.Principal = { AWS: "210987654321" })));
  });

  test("JSON texts: policies at any depth by meaning, other arrays by position", () => {
    const inner = (action: unknown) =>
      JSON.stringify({
        Name: "p",
        PolicyDocument: { Statement: [{ Effect: "Allow", Action: action, Resource: "*" }] },
      });
    assert.ok(jsonTextsEquivalent(inner("s3:*"), inner(["s3:*"])));
    assert.ok(!jsonTextsEquivalent(inner("s3:*"), inner("sqs:*")));
    assert.ok(jsonTextsEquivalent('{"b":[1,2],"a":1}', '{ "a": 1.0, "b": [1, 2] }'));
    assert.ok(!jsonTextsEquivalent('{"b":[1,2]}', '{"b":[2,1]}'));
    assert.ok(!jsonTextsEquivalent("not json", "not  json"));
  });

  test("sameMeaning: plain strings holding a JSON document compare as JSON, other strings exactly", () => {
    const type = a.string("Doc", {}).type;
    assert.ok(
      sameMeaning(
        type,
        '{"Statement":{"Effect":"Allow","Action":"a:b"}}',
        '{"Statement":[{"Action":["a:b"],"Effect":"Allow"}],"Version":"2012-10-17"}',
      ),
    );
    assert.ok(!sameMeaning(type, "STANDARD", "standard"));
    assert.ok(!sameMeaning(type, "3", "3.0"), "a scalar is not a JSON document");
  });
});

describe("strings answered for JSON-string attributes", () => {
  // AWS::ControlTower::EnabledBaseline Parameters[].Value is an anyOf of string, object, number,
  // array and boolean, carried as JSON text; the service answers a string value as a JSON string.
  const anyValue: Attributes = { value: a.json("Value", { optional: true, computed: true }) };
  const read = (json: unknown): TfValue => fromModel(anyValue, doc({ Value: json })).value as TfValue;

  test("a string that is not JSON text is a string value: read as its JSON text, sent back as the string", () => {
    assert.equal(read("v-1"), '"v-1"');
    assert.deepEqual(toDesiredState(anyValue, record({ value: read("v-1") })), doc({ Value: "v-1" }));
  });

  test("a string holding JSON text is the document's text; other kinds are their JSON", () => {
    assert.equal(read('{"a":1}'), '{"a":1}');
    assert.equal(read({ b: [1, true] }), '{"b":[1,true]}');
    assert.equal(read(3), "3");
  });
});

const attributes: Attributes = {
  name: a.string("Name", { required: true }),
  size: a.int64("Size", { optional: true, computed: true }),
  secret: a.string("Secret", { optional: true, computed: true, writeOnly: true }),
  settings: a.object(
    "Settings",
    { optional: true, computed: true },
    {
      mode: a.string("Mode", { optional: true, computed: true }),
      level: a.int64("Level", { optional: true, computed: true }),
    },
  ),
  members: a.setNested(
    "Members",
    { optional: true, computed: true },
    {
      label: a.string("Label", { optional: true, computed: true }),
      arn: a.string("Arn", { computed: true }),
    },
  ),
  labels: a.list("Labels", a.elem.string, { optional: true, computed: true }),
  arn: a.string("Arn", { computed: true }),
};
const value = (entries: Record<string, TfValue>): TfRecord =>
  record(Object.fromEntries(Object.keys(attributes).map((n) => [n, entries[n] ?? null])));
const member = (label: TfValue, arn: TfValue): TfRecord => record({ label, arn });

describe("planned values kept after apply", () => {
  test("known values stay as planned, unknowns take the service's values", () => {
    const planned = value({ name: "n", size: 3, labels: ["b", "a"], arn: UNKNOWN });
    const filled = value({ name: "N", size: 4, labels: ["a", "b"], arn: "arn:x" });
    assert.deepEqual(
      keepPlannedKnowns(attributes, planned, filled),
      value({ name: "n", size: 3, labels: ["b", "a"], arn: "arn:x" }),
    );
  });

  test("set elements holding unknowns keep their known members; unknowns come from the partner", () => {
    const planned = value({ name: "n", members: [member("one", UNKNOWN), member("two", UNKNOWN)] });
    // The service answered the labels in its own case and in another order.
    const filled = value({ name: "n", members: [member("TWO", "arn:2"), member("one", "arn:1")] });
    const kept = keepPlannedKnowns(attributes, planned, filled) as TfRecord;
    assert.deepEqual(kept.members, [member("one", "arn:1"), member("two", "arn:2")]);
  });
});

describe("properties the service does not report", () => {
  const writeOnly = new Set([attributes.secret!]);

  test("sent, known and non-empty, then absent: recorded, through nested objects", () => {
    const sent = value({
      name: "n",
      size: 3,
      secret: "s",
      settings: record({ mode: "m", level: null }),
      labels: [],
    });
    const answer = value({ name: "n", settings: record({ mode: null, level: 2 }) });
    assert.deepEqual(unreportedPaths(attributes, sent, answer, writeOnly), ["/settings/mode", "/size"]);
  });

  test("a read keeps the prior value only where the service still reports nothing", () => {
    const prior = value({ name: "n", size: 3, settings: record({ mode: "m", level: 1 }) });
    const paths = new Set(["/size", "/settings/mode"]);
    const silent = value({ name: "n", settings: record({ mode: null, level: 1 }) });
    assert.deepEqual(keepUnreported(attributes, silent, prior, paths), prior);
    const drifted = value({ name: "n", size: 9, settings: record({ mode: "other", level: 1 }) });
    assert.deepEqual(keepUnreported(attributes, drifted, prior, paths), drifted);
    assert.deepEqual(keepUnreported(attributes, silent, prior, new Set()), silent);
  });

  test("the private record carries them, and older records read as none", () => {
    const bytes = encodePrivateRecord(["/name"], ["/size"]);
    assert.deepEqual([...decodePrivateRecord(bytes).unreported], ["/size"]);
    assert.deepEqual([...decodePrivateRecord(encodePrivateRecord(["/name"])).unreported], []);
    assert.deepEqual([...decodePrivateRecord(new Uint8Array()).unreported], []);
  });
});

describe("reserved aws: tags", () => {
  test("left out of Tags lists and <Kind>Tags maps; other properties untouched", () => {
    const model = doc({
      Tags: [
        { Key: "aws:cloudformation:stack-name", Value: "s" },
        { Key: "team", Value: "a" },
      ],
      BackupVaultTags: { "aws:createdBy": "x", env: "e" },
      Description: "aws:cloudformation",
    });
    assert.deepEqual(JSON.parse(JSON.stringify(modelWithoutReservedTags(model))), {
      Tags: [{ Key: "team", Value: "a" }],
      BackupVaultTags: { env: "e" },
      Description: "aws:cloudformation",
    });
  });
  test("also out of the type's declared tag property, whatever its name (Cognito UserPoolTagsAtCreate)", () => {
    const model = doc({ UserPoolTagsAtCreate: { "aws:cloudformation:stack-id": "s", env: "e" } });
    assert.deepEqual(JSON.parse(JSON.stringify(modelWithoutReservedTags(model, "UserPoolTagsAtCreate"))), {
      UserPoolTagsAtCreate: { env: "e" },
    });
    assert.deepEqual(JSON.parse(JSON.stringify(modelWithoutReservedTags(model))), {
      UserPoolTagsAtCreate: { "aws:cloudformation:stack-id": "s", env: "e" },
    });
  });
});

describe("a default in the service's form", () => {
  test("an imported object whose policy is the schema default in IAM's form plans no change", () => {
    const policy = {
      Statement: [{ Effect: "Allow", Principal: { AWS: "*" }, Action: "kms:*", Resource: "*" }],
    };
    const definition = definitionOf({
      name: a.string("Name", { required: true }),
      key_policy: a.string("KeyPolicy", {
        optional: true,
        computed: true,
        default: JSON.stringify(policy, null, 2),
      }),
    });
    const asService = JSON.stringify({
      Statement: { Action: ["kms:*"], Effect: "Allow", Principal: { AWS: ["*"] }, Resource: ["*"] },
      Version: "2012-10-17",
    });
    const prior = record({ name: "k", key_policy: asService, id: "k" });
    const config = record({ name: "k", key_policy: null, id: null });
    const { planned } = planResource({ definition, prior, proposed: prior, config });
    assert.equal((planned as TfRecord).key_policy, asService);
  });

  // CloudFront's default viewer certificate, as the service answers it: the members the default
  // leaves unset hold values the service chose (a defaulted object inside a nested one, too).
  const optionalComputed = { optional: true, computed: true } as const;
  const certificate = a.object(
    "ViewerCertificate",
    { ...optionalComputed, default: { cloudfront_default_certificate: true } },
    {
      cloudfront_default_certificate: a.bool("CloudFrontDefaultCertificate", optionalComputed),
      minimum_protocol_version: a.string("MinimumProtocolVersion", optionalComputed),
      ssl_support_method: a.string("SslSupportMethod", optionalComputed),
    },
  );
  const definition = definitionOf({
    name: a.string("Name", { required: true }),
    distribution_config: a.object(
      "DistributionConfig",
      { required: true },
      {
        enabled: a.bool("Enabled", { required: true }),
        viewer_certificate: certificate,
      },
    ),
  });
  const distribution = (viewerCertificate: TfValue): TfRecord =>
    record({
      name: "d",
      distribution_config: record({ enabled: true, viewer_certificate: viewerCertificate }),
      id: "d",
    });
  const config = record({
    name: "d",
    distribution_config: record({ enabled: true, viewer_certificate: null }),
    id: null,
  });
  const plan = (prior: TfRecord) =>
    planResource({ definition, prior, proposed: prior, config }).planned as TfRecord;

  test("an object default whose unset members the service filled in plans no change", () => {
    const prior = distribution(
      record({
        cloudfront_default_certificate: true,
        minimum_protocol_version: "TLSv1",
        ssl_support_method: "vip",
      }),
    );
    assert.equal(plan(prior), prior);
  });

  test("an object default inside an object default holds the service's members at any depth", () => {
    const restrictions = a.object(
      "Restrictions",
      { ...optionalComputed, default: { geo_restriction: { restriction_type: "none" } } },
      {
        geo_restriction: a.object("GeoRestriction", optionalComputed, {
          restriction_type: a.string("RestrictionType", optionalComputed),
          locations: a.list("Locations", a.elem.string, optionalComputed),
        }),
      },
    );
    const nested = definitionOf({ name: a.string("Name", { required: true }), restrictions });
    const held = (restrictionType: string) =>
      record({
        name: "d",
        restrictions: record({
          geo_restriction: record({ restriction_type: restrictionType, locations: ["DE"] }),
        }),
        id: "d",
      });
    const unset = record({ name: "d", restrictions: null, id: null });
    const planOf = (prior: TfRecord) =>
      planResource({ definition: nested, prior, proposed: prior, config: unset }).planned;
    const asDefault = held("none");
    assert.equal(planOf(asDefault), asDefault);
    const otherwise = held("whitelist");
    assert.notEqual(planOf(otherwise), otherwise);
  });

  test("an object default the service holds otherwise in a member it sets is planned back", () => {
    const prior = distribution(
      record({
        cloudfront_default_certificate: false,
        minimum_protocol_version: "TLSv1",
        ssl_support_method: "vip",
      }),
    );
    const planned = plan(prior).distribution_config as TfRecord;
    // The member the default sets is planned back; those it leaves unset keep the service's values
    // (useStateForUnknown, as the definitions give every Optional+Computed attribute).
    assert.deepEqual(
      { ...(planned.viewer_certificate as TfRecord) },
      { cloudfront_default_certificate: true, minimum_protocol_version: "TLSv1", ssl_support_method: "vip" },
    );
  });
});
