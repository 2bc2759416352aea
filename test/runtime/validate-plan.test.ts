// Pure parts of the runtime: generated validators, desired-state validation against a
// CloudFormation schema (ajv with the RE2 → JS pattern engine), planning rules, state upgrade and
// provider settings.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { attributeFromJson } from "../../runtime/convert/from-cfn.js";
import { type JsonDoc, jsonDocToPlain, parseJsonDoc } from "../../runtime/convert/json-doc.js";
import { toDesiredState } from "../../runtime/convert/to-cfn.js";
import { type ScalarType, scalarFromJson } from "../../runtime/convert/scalar-from-json.js";
import { parseNumber } from "../../terraform/values/number.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import { upgradeState } from "../../runtime/read/upgrade-state.js";
import { parseGoDuration, readProviderSettings } from "../../runtime/provider/settings.js";
import { regionFromConfigFile } from "../../runtime/provider/aws-session.js";
import * as a from "../../terraform/schema/define.js";
import { DesiredStateSchemaValidator, terraformPath } from "../../runtime/validate/desired-state-schema.js";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import type { JsonObject } from "../../cfn/json.js";
import { validateConfig } from "../../runtime/validate/validators.js";
import {
  DecimalNumber,
  formatPath,
  isUnknown,
  makeRecord,
  type TfRecord,
  type TfValue,
  UNKNOWN,
} from "../../terraform/values/index.js";
import { definitionOf, objectOf } from "./fixtures.js";
import { loadResource, providerConfig } from "./harness.js";
import { proposedNewState } from "./terraform.js";
import { planViolations } from "./contract.js";

const item = {
  id: a.string("Id", { optional: true, computed: true, validators: [a.lengthAtMost(3), a.notNull()] }),
};
const definition = definitionOf({
  name: a.string("Name", {
    required: true,
    validators: [a.lengthBetween(2, 8), a.regex("^[a-z]+$", "iu")],
    planModifiers: [a.requiresReplace()],
  }),
  mode: a.string("Mode", {
    optional: true,
    computed: true,
    default: "fast",
    validators: [a.oneOf("fast", "slow")],
    planModifiers: [a.useStateForUnknown()],
  }),
  size: a.int64("Size", { optional: true, validators: [a.between(1, 10), a.oneOf(1, 2, 5, 10)] }),
  ratio: a.float64("Ratio", { optional: true, validators: [a.atMost(0.5)] }),
  ports: a.list("Ports", a.elem.int64, {
    optional: true,
    validators: [a.sizeAtMost(2), a.uniqueValues(), a.each(a.atLeast(80))],
  }),
  items: a.listNested(
    "Items",
    { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] },
    item,
  ),
  labels: a.setNested(
    "Labels",
    { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] },
    {
      key: a.string("Key", { optional: true, computed: true, planModifiers: [a.requiresReplace()] }),
      note: a.string("Note", { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] }),
    },
  ),
  config: a.object(
    "Config",
    {
      optional: true,
      computed: true,
      planModifiers: [a.useStateForUnknown(), a.requiresReplaceIfConfigured()],
    },
    {
      kind: a.string("Kind", { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] }),
      key: a.string("Key", { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] }),
    },
  ),
  policy: a.json("Policy", { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] }),
  tags: a.list("Tags", a.elem.string, {
    optional: true,
    computed: true,
    planModifiers: [a.multiset(), a.useStateForUnknown()],
  }),
  arn: a.string("Arn", { computed: true, planModifiers: [a.useStateForUnknown()] }),
});
const attrs = definition.attributes;
/** A diagnostic's words after the type name: " at <where>: <why>", or ": <why>" for the whole object. */
const whyOf = (detail: string | undefined) =>
  detail?.replace(/^The desired state for \S+ does not satisfy its CloudFormation schema/, "") ?? "";
const itemOf = (id: unknown) => makeRecord([["id", id as string]]);
const label = (key: string, note: unknown) =>
  makeRecord([
    ["key", key],
    ["note", note as string],
  ]);

describe("validators", () => {
  const diagnostics = (values: Record<string, unknown>) =>
    validateConfig(attrs, objectOf(attrs, values as never)).map(
      (d) => `${d.summary} @ ${d.path ? formatPath(d.path) : "-"}`,
    );
  test("valid and unknown values pass", () => {
    assert.deepEqual(
      diagnostics({ name: "Abc", size: 5, ports: [80, 443], ratio: 0.5, items: [itemOf("a")] }),
      [],
    );
    assert.deepEqual(diagnostics({ name: UNKNOWN, size: UNKNOWN, ports: [UNKNOWN, 80] }), []);
  });
  test("each kind reports with the attribute path", () => {
    assert.deepEqual(diagnostics({ name: "a1" }), ["Invalid Attribute Value Match @ name"]);
    assert.deepEqual(diagnostics({ name: "toolongname" }), ["Invalid Attribute Value Length @ name"]);
    assert.deepEqual(diagnostics({ name: "ab", size: 3 }), ["Invalid Attribute Value Match @ size"]);
    assert.deepEqual(diagnostics({ name: "ab", size: 11 }), [
      "Invalid Attribute Value @ size",
      "Invalid Attribute Value Match @ size",
    ]);
    assert.deepEqual(diagnostics({ name: "ab", ratio: new DecimalNumber("0.50000000000000000001") }), [
      "Invalid Attribute Value @ ratio",
    ]);
    assert.deepEqual(diagnostics({ name: "ab", ports: [80, 80, 443] }), [
      "Invalid Attribute Value @ ports",
      "Duplicate List Value @ ports[1]",
    ]);
    assert.deepEqual(diagnostics({ name: "ab", ports: [22] }), ["Invalid Attribute Value @ ports[0]"]);
    assert.deepEqual(diagnostics({ name: "ab", items: [itemOf("a"), itemOf(null), itemOf("long")] }), [
      "Missing Attribute Value @ items[1].id",
      "Invalid Attribute Value Length @ items[2].id",
    ]);
    assert.deepEqual(diagnostics({ name: "ab", mode: "medium" }), ["Invalid Attribute Value Match @ mode"]);
  });
  test("a required attribute given as null is refused (Terraform only refuses one left out)", () => {
    assert.deepEqual(diagnostics({ name: null, size: 2 }), ["Missing Required Attribute @ name"]);
    assert.deepEqual(diagnostics({ name: UNKNOWN, size: 2 }), []);
  });
});

describe("desired state against the CloudFormation schema", () => {
  const schema: JsonObject = {
    properties: {
      Name: { type: "string", pattern: "(?i)^[a-z]+\\z" },
      Items: { type: "array", items: { $ref: "#/definitions/Item" } },
      Size: { type: "integer" },
      Ratio: { type: "number", oneOf: [{ maximum: 0.1 }, { minimum: 0.4 }] },
      // In a definition: ajv starts its path over there (#/oneOf, like the top level's oneOf).
      Config: { $ref: "#/definitions/Config" },
    },
    definitions: {
      Config: {
        type: "object",
        properties: { Kind: { type: "string" }, Key: { type: "string" } },
        // A tagged union as the registry writes one: each member alone.
        oneOf: ["Kind", "Key"].map((name) => ({
          type: "object",
          title: name,
          properties: { [name]: { type: "string" } },
          required: [name],
          additionalProperties: false,
        })),
      },
      Item: { type: "object", properties: { Id: { type: "string", maxLength: 3 } }, required: ["Id"] },
    },
    oneOf: [{ required: ["Size"] }, { required: ["Ratio"] }],
  };
  const validator = new DesiredStateSchemaValidator({ get: () => schema });
  const check = async (values: Record<string, unknown>) =>
    (await validator.validate(definition, objectOf(attrs, values as never))).map(
      (d) => `${d.path ? formatPath(d.path) : "-"}${whyOf(d.detail)}`,
    );
  test("valid, and RE2 patterns read with their meaning", async () => {
    assert.deepEqual(await check({ name: "ABC", size: 2 }), []);
  });
  test("violations point at attributes; nothing while values are unknown", async () => {
    assert.deepEqual(await check({ name: "ABC", size: 2, items: [itemOf("abcd")] }), [
      "items[0].id at items[0].id: must NOT have more than 3 characters",
    ]);
    assert.deepEqual(await check({ name: "a-b", size: 1 }), [
      'name at name: must match pattern "(?i)^[a-z]+\\z"',
    ]);
    assert.deepEqual(await check({ name: UNKNOWN, size: 2, items: [itemOf("abcd")] }), []);
  });
  test("a oneOf or anyOf spells out its alternatives in Terraform names", async () => {
    // From the alternatives' schemas: which properties each wants set, also when several hold.
    assert.deepEqual(await check({ name: "abc" }), [
      "-: exactly one of these must hold, and none does: (1) size is set; (2) ratio is set",
    ]);
    assert.deepEqual(await check({ name: "abc", size: 2, ratio: 0.45 }), [
      "-: exactly one of these must hold, but (1) and (2) both do: (1) size is set; (2) ratio is set",
    ]);
    assert.deepEqual(await check({ name: "abc", size: 2, config: { kind: "a", key: "b" } }), [
      "config at config: exactly one of these must hold, and none does: (1) only config.kind is set; (2) only config.key is set",
    ]);
    // Alternatives that say more than what is set: ajv's words for what failed in each.
    assert.deepEqual(await check({ name: "abc", ratio: 0.2 }), [
      "ratio at ratio: exactly one of these must hold, and none does: (1) ratio must be <= 0.1; (2) ratio must be >= 0.4",
    ]);
  });
  test("pointers map back through lists, objects and maps", () => {
    assert.equal(formatPath(terraformPath(attrs, "/Items/1/Id")), "items[1].id");
    assert.equal(formatPath(terraformPath(attrs, "/Labels/0/Key")), "labels");
    assert.equal(formatPath(terraformPath(attrs, "/Config/Kind")), "config.kind");
  });
});

describe("CloudFormation-required properties with a default (real schemas)", () => {
  // Optional+Computed in our schema (docs/mapping.md#required-optional-computed): the plan fills the default in, so
  // leaving them out is valid. The check must see the planned value, not the raw configuration.
  const validator = new DesiredStateSchemaValidator(directorySchemaSource());
  const problems = async (type: string, values: Record<string, TfValue>) => {
    const resource = await loadResource(type);
    const config = objectOf(resource.attributes, values);
    return (await validator.validate(resource, config)).map(
      (d) => `${d.path ? formatPath(d.path) : "-"}${whyOf(d.detail)}`,
    );
  };
  const ports = [
    makeRecord([
      ["from_port", 80],
      ["to_port", 81],
    ]),
  ];
  test("top level: GlobalAccelerator Listener without protocol, DataSync LocationAzureBlob without authentication type", async () => {
    const arn = "arn:aws:globalaccelerator::123456789012:accelerator/1234abcd-abcd-1234-abcd-1234abcdefgh";
    assert.deepEqual(
      await problems("awscc_globalaccelerator_listener", { accelerator_arn: arn, port_ranges: ports }),
      [],
    );
    assert.deepEqual(await problems("awscc_datasync_location_azure_blob", {}), []);
    // The check still runs: a required property without a default is reported.
    assert.deepEqual(await problems("awscc_globalaccelerator_listener", { accelerator_arn: arn }), [
      "port_ranges at port_ranges: required property PortRanges is missing",
    ]);
  });
  test("nested: GuardHook StackFilters without FilteringCriteria (and HookStatus, FailureMode left out)", async () => {
    const values = {
      alias: "Private::Guard::Hook",
      execution_role: "arn:aws:iam::123456789012:role/hook",
      rule_location: makeRecord([
        ["uri", "s3://rules/guard.zip"],
        ["version_id", null],
      ]),
      target_operations: ["STACK"],
      stack_filters: makeRecord([
        ["filtering_criteria", null],
        [
          "stack_names",
          makeRecord([
            ["include", ["web"]],
            ["exclude", null],
          ]),
        ],
        ["stack_roles", null],
      ]),
    };
    assert.deepEqual(await problems("awscc_cloudformation_guard_hook", values), []);
  });
  test("a default the schema itself forbids is never sent: the property is reported missing (MediaLive alarm template)", async () => {
    // EvaluationPeriods defaults to 0 with minimum 1: the generator drops that default (sent, the
    // create would fail on a value nobody set), so leaving it out is reported at the attribute.
    const found = await problems("awscc_medialive_cloudwatch_alarm_template", {
      comparison_operator: "GreaterThanThreshold",
      metric_name: "ActiveAlerts",
      name: "alerts",
      period: 60,
      statistic: "Average",
      target_resource_type: "MEDIALIVE_CHANNEL",
      threshold: 1,
      treat_missing_data: "missing",
      group_identifier: "group",
      datapoints_to_alarm: 1,
    });
    assert.deepEqual(found, [
      "evaluation_periods at evaluation_periods: required property EvaluationPeriods is missing",
    ]);
  });
  test("a rule across properties names the alternatives: BillingConductor BillingGroup, CloudFormation StackSet", async () => {
    const grouping = makeRecord([
      ["auto_associate", null],
      ["linked_account_ids", ["123456789012"]],
      ["responsibility_transfer_arn", null],
    ]);
    const pricing = makeRecord([
      ["pricing_plan_arn", "arn:aws:billingconductor::123456789012:pricingplan/abcdefghij"],
    ]);
    assert.deepEqual(
      await problems("awscc_billingconductor_billing_group", {
        name: "group",
        account_grouping: grouping,
        computation_preference: pricing,
      }),
      [
        "-: at least one of these must hold, and none does: (1) primary_account_id is set and account_grouping.linked_account_ids is set; (2) account_grouping is set and account_grouping.responsibility_transfer_arn is set",
      ],
    );
    assert.deepEqual(
      await problems("awscc_cloudformation_stack_set", {
        stack_set_name: "set",
        permission_model: "SELF_MANAGED",
        template_url: "https://example.com/t.json",
        template_body: "{}",
      }),
      [
        "-: exactly one of these must hold, but (1) and (2) both do: (1) template_url is set; (2) template_body is set",
      ],
    );
    // A union in a definition (its schemaPath goes through the definition).
    const words = makeRecord([
      ["bucket_name", "bucket"],
      ["object_key", "words.txt"],
    ]);
    assert.deepEqual(
      await problems("awscc_macie_allow_list", {
        name: "list",
        criteria: makeRecord([
          ["regex", "[0-9]+"],
          ["s3_words_list", words],
        ]),
      }),
      [
        "criteria at criteria: exactly one of these must hold, and none does: (1) only criteria.regex is set; (2) only criteria.s3_words_list is set",
      ],
    );
  });
});

describe("planning", () => {
  const config = (values: Record<string, unknown>) => objectOf(attrs, values as never);
  const plan = (prior: TfRecord | null, cfg: TfRecord) => {
    const proposed = proposedNewState(attrs, prior, cfg);
    const result = planResource({ definition, prior, proposed, config: cfg });
    assert.deepEqual(
      planViolations({
        definition,
        config: cfg,
        prior,
        planned: result.planned,
        requiresReplace: result.requiresReplace,
      }),
      [],
    );
    return { planned: result.planned as TfRecord, replace: result.requiresReplace.map(formatPath) };
  };
  const prior = objectOf(attrs, {
    name: "abc",
    mode: "fast",
    items: [itemOf("x")],
    labels: [label("a", "note-a"), label("b", "note-b")],
    config: makeRecord([
      ["kind", "k"],
      ["key", null],
    ]),
    policy: '{"a":1,"b":[2]}',
    tags: ["x", "y", "x"],
    arn: "arn:1",
    id: "abc",
  });
  test("create: defaults, unknown computed values, configured values as written", () => {
    const { planned } = plan(null, config({ name: "abc", policy: '{ "b": [2], "a": 1 }' }));
    assert.equal(planned.mode, "fast");
    assert.ok(isUnknown(planned.arn) && isUnknown(planned.id) && isUnknown(planned.items));
    assert.equal(planned.policy, '{ "b": [2], "a": 1 }');
  });
  test("no change: the prior state itself (JSON spelling, multiset order and set order do not count)", () => {
    const cfg = config({
      name: "abc",
      policy: '{ "b": [2], "a": 1 }',
      tags: ["y", "x", "x"],
      labels: [label("b", null), label("a", null)],
      config: makeRecord([
        ["kind", "k"],
        ["key", null],
      ]),
    });
    const { planned, replace } = plan(prior, cfg);
    assert.equal(planned, prior);
    assert.deepEqual(replace, []);
  });
  test("update: prior values kept for unset computed attributes; createOnly parents not disturbed", () => {
    const { planned, replace } = plan(
      prior,
      config({
        name: "abc",
        size: 2,
        config: makeRecord([
          ["kind", "k"],
          ["key", null],
        ]),
      }),
    );
    assert.equal(planned.size, 2);
    assert.equal(planned.arn, "arn:1");
    assert.equal(planned.id, "abc");
    assert.equal(
      (planned.config as TfRecord).key,
      null,
      "a createOnly object's unset member stays as it was",
    );
    assert.deepEqual(replace, []);
  });
  test("requires replace: top level, nested in a set (reported on the set), configured createOnly object", () => {
    assert.deepEqual(plan(prior, config({ name: "xyz" })).replace, ["name"]);
    assert.deepEqual(plan(prior, config({ name: "abc", labels: [label("c", null)] })).replace, ["labels"]);
    assert.deepEqual(
      plan(
        prior,
        config({
          name: "abc",
          config: makeRecord([
            ["kind", "other"],
            ["key", null],
          ]),
        }),
      ).replace,
      ["config"],
    );
  });
  test("unknown configuration stays unknown", () => {
    const { planned } = plan(prior, config({ name: "abc", size: UNKNOWN }));
    assert.ok(isUnknown(planned.size));
  });
  test("id becomes unknown when a primary identifier property changes in place", () => {
    const mutable = definitionOf({
      name: a.string("Name", { required: true }),
      arn: a.string("Arn", { computed: true, planModifiers: [a.useStateForUnknown()] }),
    });
    const before = objectOf(mutable.attributes, { name: "a", arn: "x", id: "a" });
    const cfg = objectOf(mutable.attributes, { name: "b" });
    const result = planResource({
      definition: mutable,
      prior: before,
      proposed: proposedNewState(mutable.attributes, before, cfg),
      config: cfg,
    });
    assert.ok(isUnknown((result.planned as TfRecord).id));
  });
  test("the contract accepts a planned value equal to the prior whole, as Terraform does (multiset in prior order)", () => {
    // e.g. DataPipeline PipelineObjects after an import from a service that keeps its own order
    const field = { key: a.string("Key", { required: true }) };
    const object = {
      name: a.string("Name", { required: true }),
      fields: a.listNested("Fields", { required: true, planModifiers: [a.multiset()] }, field),
    };
    const pipeline = definitionOf({
      name: a.string("Name", { required: true }),
      objects: a.listNested(
        "Objects",
        { optional: true, computed: true, planModifiers: [a.multiset(), a.useStateForUnknown()] },
        object,
      ),
    });
    const one = objectOf(object, { name: "one", fields: [objectOf(field, { key: "a" })] });
    const two = objectOf(object, {
      name: "two",
      fields: [objectOf(field, { key: "b" }), objectOf(field, { key: "c" })],
    });
    const prior = objectOf(pipeline.attributes, { name: "p", objects: [two, one], id: "p" });
    const cfg = objectOf(pipeline.attributes, { name: "p", objects: [one, two] });
    const planned = planResource({
      definition: pipeline,
      prior,
      proposed: proposedNewState(pipeline.attributes, prior, cfg),
      config: cfg,
    }).planned;
    assert.equal(planned, prior, "a multiset in another order is no change");
    assert.deepEqual(
      planViolations({ definition: pipeline, config: cfg, prior, planned, requiresReplace: [] }),
      [],
    );
    // Not equal to the prior: the elements are held to the configuration by position.
    const other = objectOf(pipeline.attributes, { name: "p", objects: [two, one], id: "p" });
    assert.notDeepEqual(
      planViolations({ definition: pipeline, config: cfg, prior: null, planned: other, requiresReplace: [] }),
      [],
    );
  });
  test("read-only members of list elements the update changes are unknown, not the prior element's", () => {
    // e.g. IoTSiteWise AssetModel AssetModelProperties/*/Id: never sent, given anew by the service
    const rule = {
      name: a.string("Name", { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] }),
      id: a.string("Id", { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] }),
    };
    const attributes = {
      name: a.string("Name", { required: true }),
      rules: a.listNested("Rules", { optional: true, computed: true }, rule),
    };
    const withPointer = definitionOf(attributes, { readOnlyProperties: ["/properties/Rules/*/Id"] });
    const without = definitionOf(attributes);
    const prior = objectOf(withPointer.attributes, {
      name: "a",
      rules: [objectOf(rule, { name: "x", id: "1" }), objectOf(rule, { name: "y", id: "2" })],
      id: "a",
    });
    const cfg = objectOf(withPointer.attributes, {
      name: "a",
      rules: [objectOf(rule, { name: "x" }), objectOf(rule, { name: "z" })],
    });
    const idsOf = (definition: typeof without) => {
      const planned = planResource({
        definition,
        prior,
        proposed: proposedNewState(definition.attributes, prior, cfg),
        config: cfg,
      }).planned as TfRecord;
      return (planned.rules as TfRecord[]).map((r) => (isUnknown(r.id) ? "unknown" : r.id));
    };
    assert.deepEqual(idsOf(withPointer), ["1", "unknown"]);
    assert.deepEqual(idsOf(without), ["1", "2"], "a member the update sends keeps its prior value");
  });
  test("after an import, a write-only value and the createOnly members inside it force no replacement", () => {
    // e.g. AWS::Pipes::Pipe SourceParameters (write-only) / ActiveMQBrokerParameters/QueueName (createOnly)
    const broker = {
      queue_name: a.string("QueueName", { required: true, planModifiers: [a.requiresReplace()] }),
    };
    const pipe = definitionOf(
      {
        name: a.string("Name", { required: true }),
        source_parameters: a.object(
          "SourceParameters",
          { optional: true, computed: true, writeOnly: true, planModifiers: [a.useStateForUnknown()] },
          { broker: a.object("Broker", { optional: true, computed: true }, broker) },
        ),
      },
      { writeOnlyProperties: ["/properties/SourceParameters"] },
    );
    const cfg = objectOf(pipe.attributes, {
      name: "a",
      source_parameters: makeRecord([["broker", objectOf(broker, { queue_name: "q" })]]),
    });
    const imported = objectOf(pipe.attributes, { name: "a", id: "a" });
    const planOf = (writeOnlyUnknown: boolean) =>
      planResource({
        definition: pipe,
        prior: imported,
        proposed: proposedNewState(pipe.attributes, imported, cfg),
        config: cfg,
        writeOnlyUnknown,
      }).requiresReplace.map(formatPath);
    assert.deepEqual(planOf(true), []);
    assert.deepEqual(planOf(false), ["source_parameters.broker.queue_name"], "without the import marker");
  });
  test("an empty-collection default leaves a prior null alone: no diff after an import", () => {
    // e.g. SSO PermissionSet ManagedPolicies, VpcLattice TargetGroup Targets (default [])
    const emptyDefault = definitionOf({
      name: a.string("Name", { required: true }),
      names: a.list("Names", a.elem.string, { optional: true, computed: true, default: [] }),
      labels: a.map("Labels", a.elem.string, { optional: true, computed: true, default: {} }),
      mode: a.string("Mode", { optional: true, computed: true, default: "fast" }),
    });
    const planOf = (before: TfRecord | null, cfg: TfRecord) =>
      planResource({
        definition: emptyDefault,
        prior: before,
        proposed: proposedNewState(emptyDefault.attributes, before, cfg),
        config: cfg,
      }).planned as TfRecord;
    const cfg = objectOf(emptyDefault.attributes, { name: "a" });
    const created = planOf(null, cfg);
    assert.deepEqual(
      [created.names, Object.keys(created.labels as TfRecord), created.mode],
      [[], [], "fast"],
    );
    const imported = objectOf(emptyDefault.attributes, { name: "a", mode: "fast", id: "a" });
    assert.equal(planOf(imported, cfg), imported);
    const afterCreate = objectOf(emptyDefault.attributes, {
      name: "a",
      names: [],
      labels: makeRecord(),
      mode: "fast",
      id: "a",
    });
    assert.equal(planOf(afterCreate, cfg), afterCreate);
    assert.equal(planOf(imported, objectOf(emptyDefault.attributes, { name: "a" })).mode, "fast");
    const withoutMode = objectOf(emptyDefault.attributes, { name: "a", id: "a" });
    assert.equal(planOf(withoutMode, cfg).mode, "fast", "other defaults still apply to a prior null");
  });
  test("a create-only default is planned when objects are created, not over an existing object without the value", () => {
    // AWS::CloudFormation::LambdaHook AutoUpdate (create-only, write-only, default true) is new in the
    // current snapshot: hooks created before have no value. Planning the default replaced such an
    // object (or, write-only, planned an in-place update the patch then leaves out); found by
    // npm run test:upgrade.
    const createOnlyDefault = definitionOf({
      name: a.string("Name", { required: true }),
      tier: a.string("Tier", {
        optional: true,
        computed: true,
        default: "standard",
        planModifiers: [a.requiresReplaceIfConfigured()],
      }),
      auto: a.bool("Auto", {
        optional: true,
        computed: true,
        default: true,
        writeOnly: true,
        planModifiers: [a.requiresReplaceIfConfigured()],
      }),
      mode: a.string("Mode", { optional: true, computed: true, default: "fast" }),
    });
    const planOf = (before: TfRecord | null, cfg: TfRecord) =>
      planResource({
        definition: createOnlyDefault,
        prior: before,
        proposed: proposedNewState(createOnlyDefault.attributes, before, cfg),
        config: cfg,
      });
    const cfg = objectOf(createOnlyDefault.attributes, { name: "a" });
    const created = planOf(null, cfg).planned as TfRecord;
    assert.deepEqual([created.tier, created.auto, created.mode], ["standard", true, "fast"]);
    const older = objectOf(createOnlyDefault.attributes, { name: "a", mode: "fast", id: "a" });
    const plan = planOf(older, cfg);
    assert.deepEqual(plan.requiresReplace, []);
    assert.equal(plan.planned, older, "no change: the object keeps what it was created with");
    const withOther = objectOf(createOnlyDefault.attributes, {
      name: "a",
      tier: "gold",
      mode: "slow",
      id: "a",
    });
    const other = planOf(withOther, cfg).planned as TfRecord;
    assert.equal(other.mode, "fast", "other defaults still apply");
    assert.equal(
      other.tier,
      "gold",
      "a create-only value the object has stays: an update could not change it",
    );
    const configured = planOf(older, objectOf(createOnlyDefault.attributes, { name: "a", tier: "gold" }));
    assert.deepEqual(
      configured.requiresReplace.map(formatPath),
      ["tier"],
      "a configured value still replaces",
    );
  });
  test("a computed-only attribute's default is the service's: unknown on create, never sent, prior value kept", () => {
    // e.g. IVS IngestConfiguration State, MediaLive SignalMap MonitorChangesPendingDeployment
    const limits = {
      size: a.int64("Size", { optional: true, computed: true }),
      owner: a.string("Owner", { computed: true, default: "UnsetValue" }),
    };
    const readOnlyDefault = definitionOf({
      name: a.string("Name", { required: true }),
      state: a.string("State", {
        computed: true,
        default: "INACTIVE",
        planModifiers: [a.useStateForUnknown()],
      }),
      limits: a.object(
        "Limits",
        { optional: true, computed: true, planModifiers: [a.useStateForUnknown()] },
        limits,
      ),
    });
    const planOf = (before: TfRecord | null, cfg: TfRecord) =>
      planResource({
        definition: readOnlyDefault,
        prior: before,
        proposed: proposedNewState(readOnlyDefault.attributes, before, cfg),
        config: cfg,
      }).planned as TfRecord;
    const cfg = objectOf(readOnlyDefault.attributes, {
      name: "a",
      limits: objectOf(limits, { size: 1 }),
    });
    const created = planOf(null, cfg);
    assert.ok(isUnknown(created.state));
    assert.ok(isUnknown((created.limits as TfRecord).owner));
    assert.deepEqual(jsonDocToPlain(toDesiredState(readOnlyDefault.attributes, created)), {
      Name: "a",
      Limits: { Size: 1 },
    });
    const before = objectOf(readOnlyDefault.attributes, {
      name: "a",
      state: "ACTIVE",
      limits: objectOf(limits, { size: 1, owner: "someone" }),
      id: "a",
    });
    assert.equal(planOf(before, cfg), before, "no diff against what the service reported");
    const renamed = planOf(
      before,
      objectOf(readOnlyDefault.attributes, { name: "b", limits: cfg.limits ?? null }),
    );
    assert.equal(renamed.state, "ACTIVE");
    assert.equal((renamed.limits as TfRecord).owner, "someone");
  });
});

describe("state upgrade", () => {
  test("drops, fills and converts; garbage is an error", () => {
    const raw = JSON.stringify({
      name: "abc",
      gone: 1,
      size: "7",
      items: { id: "x" },
      config: [{ kind: "k" }],
      ports: 80,
      tags: "t",
    });
    const { state, diagnostics } = upgradeState(definition, raw);
    const value = state as TfRecord;
    assert.deepEqual(diagnostics, []);
    assert.equal(value.size, 7);
    assert.deepEqual(value.ports, [80]);
    assert.deepEqual(value.tags, ["t"]);
    assert.equal(((value.items as TfRecord[])[0] as TfRecord).id, "x");
    assert.equal((value.config as TfRecord).kind, "k");
    assert.equal(value.arn, null);
    assert.ok(!("gone" in value));
    const bad = upgradeState(definition, JSON.stringify({ name: "abc", size: { no: 1 } }));
    assert.equal((bad.state as TfRecord).size, null);
    assert.match(bad.diagnostics[0]?.detail ?? "", /size/);
    for (const garbage of ["not json", "[1,2]", '"text"']) {
      const outcome = upgradeState(definition, garbage);
      assert.equal(outcome.state, null);
      assert.equal(outcome.diagnostics[0]?.severity, "error", garbage);
    }
    assert.equal(
      String((upgradeState(definition, '{"size": 123456789012345678901}').state as TfRecord).size),
      "123456789012345678901",
    );
  });
});

describe("state upgrade across a type change", () => {
  test("JSON text stored while the attribute was typed json is read as the map or object it now is", () => {
    // AWS::DevOpsAgent::Service AccessibleResources items, ServiceCatalog ProvisioningArtifactParameters
    // Info: json → map / object between the schema snapshots; the text holds exactly that data.
    const changed = definitionOf({
      resources: a.list("Resources", a.elem.map(a.elem.string), { computed: true }),
      info: a.object(
        "Info",
        { optional: true, computed: true },
        { url: a.string("Url", { optional: true }) },
      ),
    });
    const { state, diagnostics } = upgradeState(
      changed,
      JSON.stringify({ resources: ['{"arn":"arn:x","kind":"bucket"}'], info: '{"Url":"https://e"}' }),
    );
    assert.deepEqual(diagnostics, []);
    const value = state as TfRecord;
    assert.equal(((value.resources as TfRecord[])[0] as TfRecord).arn, "arn:x");
    assert.equal((value.info as TfRecord).url, "https://e");
    const notJson = upgradeState(changed, JSON.stringify({ resources: ["not json"] }));
    assert.equal((notJson.state as TfRecord).resources, null);
    assert.match(notJson.diagnostics[0]?.detail ?? "", /resources/);
  });
});

describe("scalar coercion shared by model reads and state upgrades", () => {
  const cases: [ScalarType, JsonDoc, TfValue | "unconvertible"][] = [
    [a.elem.string, parseNumber("12.50"), "12.5"],
    [a.elem.string, true, "true"],
    [a.elem.string, parseJsonDoc('{"b":1,"a":[2]}'), '{"a":[2],"b":1}'],
    [a.elem.json, parseNumber("3"), "3"],
    [a.elem.bool, "false", false],
    [a.elem.bool, "yes", "unconvertible"],
    [a.elem.int64, "42", 42],
    [a.elem.float64, "1e400", parseNumber("1e400")],
    [a.elem.int64, "forty", "unconvertible"],
    [a.elem.int64, parseJsonDoc("[1]"), "unconvertible"],
  ];
  test("the same conversions; only what cannot be converted differs (null when reading, reported when upgrading)", () => {
    const numberAttributes = { value: a.int64("Value", { optional: true }) };
    for (const [type, json, expected] of cases) {
      const label = `${type.kind} ← ${JSON.stringify(jsonDocToPlain(json))}`;
      const read = attributeFromJson(type, json);
      const upgraded = (() => {
        try {
          return scalarFromJson(type, json, () => {
            throw new Error("unconvertible");
          });
        } catch {
          return "unconvertible";
        }
      })();
      if (expected === "unconvertible") {
        assert.equal(read, null, label);
        assert.equal(upgraded, "unconvertible", label);
      } else {
        assert.equal(String(read), String(expected), label);
        assert.equal(String(upgraded), String(expected), label);
      }
    }
    const upgradedState = upgradeState(definitionOf(numberAttributes), '{"value": "forty"}');
    assert.equal((upgradedState.state as TfRecord).value, null);
    assert.match(upgradedState.diagnostics[0]?.detail ?? "", /value/);
  });
});

describe("provider settings", () => {
  test("durations, defaults and checks", () => {
    assert.equal(parseGoDuration("1h30m"), 5400);
    assert.equal(parseGoDuration("15m"), 900);
    assert.equal(parseGoDuration("15 minutes"), undefined);
    const { settings, diagnostics } = readProviderSettings(providerConfig({ region: "eu-west-1" }), true);
    assert.deepEqual(diagnostics, []);
    assert.equal(settings.maxRetries, 25);
    assert.equal(settings.region, "eu-west-1");
    const bad = readProviderSettings(
      providerConfig({
        max_retries: 0,
        access_key: "x",
        assume_role: objectOf(providerConfigAttributesOf("assume_role"), { duration: "5m" }),
      }),
      true,
    );
    const summaries = bad.diagnostics.map((d) => d.summary).sort();
    assert.deepEqual(summaries, [
      "Incomplete Static Credentials",
      "Invalid Attribute Value",
      "Invalid Duration",
      "Missing Attribute Value",
    ]);
    assert.deepEqual(readProviderSettings(providerConfig({ region: UNKNOWN }), false).diagnostics, []);
    assert.equal(
      readProviderSettings(providerConfig({ region: UNKNOWN }), true).diagnostics[0]?.summary,
      "Unknown Provider Configuration Value",
    );
  });
  test("region from a shared config file profile", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "awscc-config-"));
    const file = path.join(dir, "config");
    writeFileSync(file, "[default]\nregion = us-west-2\n\n[profile dev] # comment\nregion=eu-central-1\n");
    assert.equal(regionFromConfigFile(file, "default"), "us-west-2");
    assert.equal(regionFromConfigFile(file, "dev"), "eu-central-1");
    assert.equal(regionFromConfigFile(file, "none"), undefined);
  });
});

import { providerConfigAttributes } from "../../terraform/provider-config.js";
function providerConfigAttributesOf(name: string) {
  return (providerConfigAttributes[name]!.type as { attributes: Parameters<typeof objectOf>[0] }).attributes;
}
