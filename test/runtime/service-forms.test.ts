// What real services do to the values they are sent, and the runtime's rule for each
// (docs/runtime.md#values-a-service-rewrites), through the emulator over HTTP: the emulator's
// realism profile where it models the behaviour, and otherwise its drift control, which changes
// the stored object behind the provider's back — while the create's own read-back is held up by a
// latency fault, when the answer to that read is what matters.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  definitionImpliedType,
  formatPath,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import type { Diagnostic } from "../../terraform/provider-backend.js";
import type { JsonObject } from "../../emulator/types.js";
import { chosen } from "../../emulator/realism/seeded.js";
import { SCALARS_TYPE_SHARE } from "../../emulator/realism/scalars.js";
import { objectOf } from "./fixtures.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf, proposedNewState, type TerraformSim } from "./terraform.js";
import { applyViolations, assertNoViolations } from "./contract.js";
import { importWithPrivate, planWithPrivate } from "./private-steps.js";

const NO_BYTES = new Uint8Array();

function nestedAttributes(definition: ResourceDefinition, name: string): Attributes {
  const type = definition.attributes[name]?.type;
  if (!type || !("attributes" in type)) throw new Error(`${name} is not nested`);
  return type.attributes;
}
const CAPABILITIES = { deferralAllowed: false, writeOnlyAttributesAllowed: true };

/** Waits until the emulator stores an object of the type (a create request completed), then returns it. */
async function storedObject(
  h: RuntimeHarness,
  typeName: string,
): Promise<{ identifier: string; properties: JsonObject }> {
  for (let i = 0; i < 500; i++) {
    const [stored] = h.emulator.control.listResources(typeName);
    if (stored) return stored;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no ${typeName} was stored`);
}

/** Create through the backend with private bytes kept, as Terraform keeps them. */
interface Tracked {
  state: TfValue;
  private: Uint8Array;
}

async function create(
  h: RuntimeHarness,
  sim: TerraformSim,
  config: TfRecord,
  whileReadingBack?: (stored: { identifier: string; properties: JsonObject }) => void,
): Promise<Tracked & { diagnostics: readonly Diagnostic[] }> {
  const plan = await sim.plan(config, null);
  assert.equal(errorsOf(plan.diagnostics), "");
  // The read-back waits 400 ms before the emulator looks at the object: time to change it.
  if (whileReadingBack)
    h.emulator.control.addFault({ kind: "latency", operation: "GetResource", latencyMs: 400, count: 1 });
  const applying = h.backend.applyResourceChange({
    typeName: sim.definition.tfTypeName,
    definition: sim.definition,
    priorState: null,
    plannedState: plan.planned,
    config,
    plannedPrivate: NO_BYTES,
    providerMeta: null,
  });
  if (whileReadingBack) whileReadingBack(await storedObject(h, sim.definition.cfnTypeName));
  const result = await applying;
  const diagnostics = result.diagnostics ?? [];
  assertNoViolations(
    "apply",
    applyViolations({
      definition: sim.definition,
      planned: plan.planned,
      newState: result.newState,
      hasErrors: false,
    }),
  );
  assert.equal(errorsOf(diagnostics), "", "create errors");
  return { state: result.newState, private: result.private ?? NO_BYTES, diagnostics };
}

async function refresh(
  h: RuntimeHarness,
  definition: ResourceDefinition,
  tracked: Tracked,
): Promise<Tracked> {
  const result = await h.backend.readResource({
    typeName: definition.tfTypeName,
    definition,
    currentState: tracked.state,
    private: tracked.private,
    providerMeta: null,
    clientCapabilities: CAPABILITIES,
  });
  assert.equal(errorsOf(result.diagnostics), "", "refresh errors");
  return { state: result.newState, private: result.private ?? tracked.private };
}

async function planAction(
  h: RuntimeHarness,
  definition: ResourceDefinition,
  config: TfValue,
  tracked: Tracked,
): Promise<string> {
  const result = await h.backend.planResourceChange({
    typeName: definition.tfTypeName,
    definition,
    priorState: tracked.state,
    proposedNewState: proposedNewState(definition.attributes, tracked.state, config),
    config,
    priorPrivate: tracked.private,
    providerMeta: null,
    clientCapabilities: CAPABILITIES,
  });
  assert.equal(errorsOf(result.diagnostics), "");
  if ((result.requiresReplace ?? []).length > 0) return "replace";
  return valueEquals(definitionImpliedType(definition), result.plannedState, tracked.state)
    ? "noop"
    : "update";
}

const TRUST_POLICY = JSON.stringify({
  Version: "2012-10-17",
  Statement: [
    { Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" }, Action: "sts:AssumeRole" },
    {
      Effect: "Allow",
      Principal: { AWS: ["arn:aws:iam::123456789012:root", "222233334444"] },
      Action: ["sts:AssumeRole", "sts:TagSession"],
      Condition: { Bool: { "aws:MultiFactorAuthPresent": true } },
    },
  ],
});

/** The trust policy as IAM gives it back: arrays for scalars and scalars for one-element arrays, statements and values reordered, the account id as its root ARN, booleans as strings. */
const TRUST_POLICY_AS_IAM = {
  Statement: [
    {
      Condition: { Bool: { "aws:MultiFactorAuthPresent": "true" } },
      Action: ["sts:TagSession", "sts:AssumeRole"],
      Principal: { AWS: ["arn:aws:iam::222233334444:root", "123456789012"] },
      Effect: "Allow",
    },
    { Action: ["sts:AssumeRole"], Principal: { Service: ["lambda.amazonaws.com"] }, Effect: "Allow" },
  ],
  Version: "2012-10-17",
};

describe("eventual consistency after a create (realism: eventual)", () => {
  let h: RuntimeHarness;
  before(async () => {
    // GetResource answers not-found for 1.5 s after each create completes.
    h = await startRuntime({ realism: ["eventual"], eventualMs: 1500 });
  });
  after(async () => {
    await h.close();
  });
  afterEach(() => h.emulator.control.reset());

  test("eventual consistency: the read right after a create retries not-found, so the create succeeds", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, { log_group_name: "eventual", retention_in_days: 7 });
    const started = Date.now();
    const created = await create(h, sim, config);
    assert.ok(Date.now() - started >= 1000, "the read waited for the object to become visible");
    assert.match(
      String((created.state as TfRecord).arn),
      /^arn:aws:logs:/,
      "unknowns filled from the late read",
    );
    const notFound = h.emulator.control
      .calls({ operation: "GetResource" })
      .filter((call) => call.errorCode?.startsWith("ResourceNotFound"));
    assert.ok(notFound.length >= 1, "the emulator did answer not-found first");
    const destroyed = await sim.apply(created.state, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "");
  });

  test("a refresh that finds the object gone still removes it from state (only the post-create read retries)", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, { log_group_name: "gone" });
    const created = await create(h, sim, config);
    h.emulator.control.driftDelete(definition.cfnTypeName, "gone");
    const started = Date.now();
    const read = await sim.read(created.state);
    assert.equal(read.state, null);
    assert.ok(Date.now() - started < 1000, "no retry on refresh");
  });
});

describe("a service's own forms through the emulator", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime();
  });
  after(async () => {
    await h.close();
  });
  // Each test starts from an empty emulator, so the object a test changes is its own.
  afterEach(() => h.emulator.control.reset());

  test("IAM policy equivalence: a trust policy IAM rewrites is no change, on refresh or in a plan", async () => {
    const definition = await loadResource("awscc_iam_role");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, {
      role_name: "policy-forms",
      assume_role_policy_document: TRUST_POLICY,
    });
    const created = await create(h, sim, config, ({ identifier, properties }) =>
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
        properties: { ...properties, AssumeRolePolicyDocument: TRUST_POLICY_AS_IAM as unknown as JsonObject },
      }),
    );
    assert.equal((created.state as TfRecord).assume_role_policy_document, TRUST_POLICY, "as planned");
    assert.deepEqual(created.diagnostics, [], "an equivalent form is no warning");
    const refreshed = await refresh(h, definition, created);
    assert.equal(
      (refreshed.state as TfRecord).assume_role_policy_document,
      TRUST_POLICY,
      "prior spelling kept",
    );
    assert.equal(await planAction(h, definition, config, refreshed), "noop");
    // The Version IAM adds where the document had none is no change either.
    const unversioned = JSON.stringify({ Statement: JSON.parse(TRUST_POLICY).Statement });
    const withoutVersion = objectOf(definition.attributes, {
      role_name: "policy-forms",
      assume_role_policy_document: unversioned,
    });
    assert.equal(await planAction(h, definition, withoutVersion, refreshed), "noop");
    // A real change to the policy is one.
    const changed = objectOf(definition.attributes, {
      role_name: "policy-forms",
      assume_role_policy_document: TRUST_POLICY.replace("sts:TagSession", "sts:SetSourceIdentity"),
    });
    assert.equal(await planAction(h, definition, changed, refreshed), "update");
  });

  test("aws: tags the service adds are in neither tags nor tags_all, never planned away and never sent", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = h.sim(definition);
    const tags = (value: string) => [
      objectOf(nestedAttributes(definition, "tags"), {
        key: "team",
        value,
      }),
    ];
    const config = objectOf(definition.attributes, { log_group_name: "aws-tags", tags: tags("a") });
    const addServiceTags = ({ identifier, properties }: { identifier: string; properties: JsonObject }) =>
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
        properties: {
          ...properties,
          Tags: [
            { Key: "aws:cloudformation:stack-name", Value: "stack" },
            ...((properties.Tags as JsonObject[]) ?? []),
          ],
        },
      });
    const created = await create(h, sim, config, addServiceTags);
    const refreshed = await refresh(h, definition, created);
    for (const name of ["tags", "tags_all"]) {
      const keys = ((refreshed.state as TfRecord)[name] as TfRecord[]).map((tag) => tag.key);
      assert.deepEqual(keys, ["team"], name);
    }
    assert.equal(await planAction(h, definition, config, refreshed), "noop");
    const updated = await sim.applyConfig(
      objectOf(definition.attributes, { log_group_name: "aws-tags", tags: tags("b") }),
      refreshed.state,
    );
    assert.equal(errorsOf(updated.diagnostics), "");
    const patch = String(
      h.emulator.control.calls({ operation: "UpdateResource" }).at(-1)?.input?.PatchDocument,
    );
    assert.doesNotMatch(patch, /aws:/, "the update's patch never names an aws: tag");
    const stored = h.emulator.control.getResource(definition.cfnTypeName, "aws-tags");
    // Tags is unordered: the patch replaces it whole (no index that could name the service's tag),
    // and the service keeps its own tag, unchanged.
    assert.deepEqual(
      [...(stored?.properties.Tags as JsonObject[])].sort((x, y) =>
        String(x.Key).localeCompare(String(y.Key)),
      ),
      [
        { Key: "aws:cloudformation:stack-name", Value: "stack" },
        { Key: "team", Value: "b" },
      ],
      "the tag changed is the one configured; the service's tag is still there as it was",
    );
  });

  test("a property the service never reports back is kept from the prior state; a reported change is drift", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, { log_group_name: "unreported", retention_in_days: 7 });
    const dropRetention = ({ identifier, properties }: { identifier: string; properties: JsonObject }) => {
      const { RetentionInDays: _dropped, ...rest } = properties;
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, { properties: rest });
    };
    const created = await create(h, sim, config, dropRetention);
    assert.equal((created.state as TfRecord).retention_in_days, 7);
    const refreshed = await refresh(h, definition, created);
    assert.equal((refreshed.state as TfRecord).retention_in_days, 7, "kept: the service never reported it");
    assert.equal(await planAction(h, definition, config, refreshed), "noop");
    const again = await refresh(h, definition, refreshed);
    assert.equal((again.state as TfRecord).retention_in_days, 7, "on every read");
    // Once the service reports another value, that is drift.
    h.emulator.control.driftUpdate(definition.cfnTypeName, "unreported", {
      patch: [{ op: "add", path: "/RetentionInDays", value: 30 }],
    });
    const drifted = await refresh(h, definition, again);
    assert.equal((drifted.state as TfRecord).retention_in_days, 30);
    assert.equal(await planAction(h, definition, config, drifted), "update");
  });

  test("a configured value stored in a form that is not equivalent: consistent state, and a warning naming both values", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, { log_group_name: "case", log_group_class: "STANDARD" });
    const lowerCase = ({ identifier, properties }: { identifier: string; properties: JsonObject }) =>
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
        properties: { ...properties, LogGroupClass: "standard" },
      });
    const created = await create(h, sim, config, lowerCase);
    assert.equal((created.state as TfRecord).log_group_class, "STANDARD", "the state is what was planned");
    const warnings = created.diagnostics.filter((d) => d.severity === "warning");
    assert.equal(warnings.length, 1, JSON.stringify(created.diagnostics));
    const [warning] = warnings;
    assert.equal(formatPath(warning!.path ?? []), "log_group_class");
    assert.match(warning!.detail ?? "", /"standard"/);
    assert.match(warning!.detail ?? "", /"STANDARD"/);
  });

  test("a set element the service answers in another form: the apply still returns the plan", async () => {
    const definition = await loadResource("awscc_ecs_task_definition");
    const sim = h.sim(definition);
    const containerAttributes = nestedAttributes(definition, "container_definitions");
    const config = objectOf(definition.attributes, {
      family: "sorted",
      container_definitions: [
        objectOf(containerAttributes, {
          name: "app",
          image: "nginx",
          credential_specs: ["credentialspec:z", "credentialspec:a"],
        }),
      ],
    });
    // The set holds unknowns (members the service decides), so it is filled from the answer, in
    // which the service spelled the image its own way: create() checks Terraform's "inconsistent
    // result after apply" rule.
    const created = await create(h, sim, config, ({ identifier, properties }) =>
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
        properties: {
          ...properties,
          ContainerDefinitions: (properties.ContainerDefinitions as JsonObject[]).map((c) => ({
            ...c,
            Image: "docker.io/library/nginx:latest",
          })),
        },
      }),
    );
    const [container] = (created.state as TfRecord).container_definitions as TfRecord[];
    assert.equal(container!.image, "nginx");
    assert.ok(
      created.diagnostics.some(
        (d) => d.severity === "warning" && formatPath(d.path ?? []) === "container_definitions",
      ),
      "the other form is a warning",
    );
  });

  // Forms the schema declares for a value (propertyTransform).

  test('EC2 rules given protocol numbers, answered by name and in another order: "6" stays "6"; a real change is still drift', async () => {
    const definition = await loadResource("awscc_ec2_security_group");
    const rule = (protocol: string, port: number) =>
      objectOf(nestedAttributes(definition, "security_group_ingress"), {
        ip_protocol: protocol,
        from_port: port,
        to_port: port,
        cidr_ip: "10.0.0.0/8",
      });
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, {
      group_description: "rules by number",
      security_group_ingress: [rule("6", 443), rule("17", 53), rule("6", 22)],
    });
    // EC2 answers protocol names, in an order of its own (the schema's transform says "6" is "tcp").
    const asEc2 = ({ identifier, properties }: { identifier: string; properties: JsonObject }) =>
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
        properties: {
          ...properties,
          SecurityGroupIngress: [
            { IpProtocol: "tcp", FromPort: 22, ToPort: 22, CidrIp: "10.0.0.0/8" },
            { IpProtocol: "udp", FromPort: 53, ToPort: 53, CidrIp: "10.0.0.0/8" },
            { IpProtocol: "tcp", FromPort: 443, ToPort: 443, CidrIp: "10.0.0.0/8" },
          ],
        },
      });
    const created = await create(h, sim, config, asEc2);
    assert.deepEqual(
      created.diagnostics.filter((d) => d.severity === "warning"),
      [],
      "the service's form is the value sent: no warning",
    );
    const protocols = (state: TfValue) =>
      ((state as TfRecord).security_group_ingress as readonly TfRecord[]).map(
        (r) => `${String(r.ip_protocol)}:${String(r.from_port)}`,
      );
    assert.deepEqual(protocols(created.state).sort(), ["17:53", "6:22", "6:443"]);
    const refreshed = await refresh(h, definition, created);
    assert.deepEqual(protocols(refreshed.state).sort(), ["17:53", "6:22", "6:443"]);
    assert.equal(await planAction(h, definition, config, refreshed), "noop");

    // Someone changes the DNS rule to TCP behind Terraform's back: that is drift.
    const [stored] = h.emulator.control.listResources(definition.cfnTypeName);
    h.emulator.control.driftUpdate(definition.cfnTypeName, stored!.identifier, {
      properties: {
        ...stored!.properties,
        SecurityGroupIngress: [
          { IpProtocol: "tcp", FromPort: 22, ToPort: 22, CidrIp: "10.0.0.0/8" },
          { IpProtocol: "tcp", FromPort: 53, ToPort: 53, CidrIp: "10.0.0.0/8" },
          { IpProtocol: "tcp", FromPort: 443, ToPort: 443, CidrIp: "10.0.0.0/8" },
        ],
      },
    });
    const drifted = await refresh(h, definition, refreshed);
    assert.deepEqual(protocols(drifted.state).sort(), ["6:22", "6:443", "tcp:53"]);
    assert.equal(await planAction(h, definition, config, drifted), "update");
  });

  // Create-only values: without the transforms, a replacement after every refresh or import.

  const cases: { type: string; config: Record<string, TfValue>; answered: JsonObject }[] = [
    // Route 53 answers the zone name fully qualified and in lower case.
    {
      type: "awscc_route53_hosted_zone",
      config: { name: "Example.COM" },
      answered: { Name: "example.com." },
    },
    // ECS answers a task role given by name as the role's ARN.
    {
      type: "awscc_ecs_task_definition",
      config: { family: "app", task_role_arn: "app-role" },
      answered: { TaskRoleArn: "arn:aws:iam::123456789012:role/app-role" },
    },
  ];
  const imports: {
    what: string;
    type: string;
    identifier: string;
    held: JsonObject;
    importedAs: Record<string, TfValue>;
    config: Record<string, TfValue>;
  }[] = [
    {
      what: "a zone name held fully qualified",
      type: "awscc_route53_hosted_zone",
      identifier: "Z0123456789ABCDEFGHIJ",
      held: { Id: "Z0123456789ABCDEFGHIJ", Name: "example.com." },
      importedAs: { name: "example.com." },
      config: { name: "example.com" },
    },
    // The role's transform gives a pattern, `arn:…:iam::[0-9]{12}[:]role/app-role`, that the
    // configured name shapes.
    {
      what: "a task role held as its ARN",
      type: "awscc_ecs_task_definition",
      identifier: "arn:aws:ecs:us-east-1:123456789012:task-definition/app:1",
      held: {
        TaskDefinitionArn: "arn:aws:ecs:us-east-1:123456789012:task-definition/app:1",
        Family: "app",
        TaskRoleArn: "arn:aws:iam::123456789012:role/app-role",
      },
      importedAs: { task_role_arn: "arn:aws:iam::123456789012:role/app-role" },
      config: { family: "app", task_role_arn: "app-role" },
    },
  ];
  for (const { what, type, identifier, held, importedAs, config: given } of imports)
    test(`after an import, ${what} is taken in the configured form, not replaced`, async () => {
      const definition = await loadResource(type);
      h.emulator.control.putResource(definition.cfnTypeName, identifier, held);
      const imported = await importWithPrivate(h, definition, identifier);
      assert.equal(imported.errors, "");
      for (const [name, value] of Object.entries(importedAs))
        assert.deepEqual((imported.state as TfRecord)[name], value, `${name}: the service's form`);
      const config = objectOf(definition.attributes, given);
      const plan = await planWithPrivate(h, definition, config, imported.state, imported.private);
      assert.equal(plan.errors, "");
      assert.deepEqual(plan.requiresReplace, [], "the same object: no replacement");
      for (const [name, value] of Object.entries(given))
        assert.deepEqual((plan.planned as TfRecord)[name], value, name);
      const applied = await h.sim(definition).apply(imported.state, plan.planned, config);
      assert.equal(errorsOf(applied.diagnostics), "");
      for (const [name, value] of Object.entries(given))
        assert.deepEqual((applied.state as TfRecord)[name], value, name);
      assert.deepEqual(
        h.emulator.control.calls({ operation: "UpdateResource" }).length,
        0,
        "a create-only value is not sent",
      );
      const refreshed = await refresh(h, definition, {
        state: applied.state,
        private: imported.private,
      });
      assert.equal(await planAction(h, definition, config, refreshed), "noop");
    });

  for (const { type, config: given, answered } of cases) {
    test(`${type}: ${JSON.stringify(answered)}`, async () => {
      const definition = await loadResource(type);
      const sim = h.sim(definition);
      const config = objectOf(definition.attributes, given);
      const asService = ({ identifier, properties }: { identifier: string; properties: JsonObject }) =>
        h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
          properties: { ...properties, ...answered },
        });
      const created = await create(h, sim, config, asService);
      assert.deepEqual(created.diagnostics, [], "no warning: the answer is the value sent");
      const refreshed = await refresh(h, definition, created);
      for (const [name, value] of Object.entries(given))
        assert.deepEqual((refreshed.state as TfRecord)[name], value, name);
      assert.equal(await planAction(h, definition, config, refreshed), "noop");
    });
  }
});

describe("service forms the realism profile models on reads", () => {
  const LOG_GROUP = "AWS::Logs::LogGroup";
  // A seed under which the LogGroup handler answers numbers as strings.
  const scalarSeed = Array.from({ length: 200 }, (_, i) => i).find((seed) =>
    chosen(seed, ["scalars", LOG_GROUP], SCALARS_TYPE_SHARE),
  ) as number;
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime({ realism: ["scalars", "empties"], seed: scalarSeed });
  });
  after(async () => {
    await h.close();
  });
  afterEach(() => h.emulator.control.reset());

  test('scalars: "7" for retention_in_days reads as 7, and an empty tag list stays as configured', async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, {
      log_group_name: "scalars",
      retention_in_days: 7,
      tags: [],
    });
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "");
    const answer = await h.backend.readResource({
      typeName: definition.tfTypeName,
      definition,
      currentState: created.state,
      private: sim.privateOf(created.state),
      providerMeta: null,
      clientCapabilities: CAPABILITIES,
    });
    const state = answer.newState as TfRecord;
    assert.equal(state.retention_in_days, 7);
    assert.deepEqual(
      state.tags,
      [],
      "an empty collection the service answers as absent keeps its prior form",
    );
    assert.equal((await sim.plan(config, state)).action, "noop");
  });

  test("defaults: a value the service chose for an optional property left out is no change", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, { log_group_name: "defaults" });
    const created = await create(h, sim, config, ({ identifier, properties }) =>
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
        properties: { ...properties, RetentionInDays: 731 },
      }),
    );
    assert.equal((created.state as TfRecord).retention_in_days, 731, "filled from the answer");
    assert.equal((await sim.plan(config, created.state)).action, "noop");
  });

  test("defaults: an object the service chose keeps its members as answered, not the schema's defaults for them", async () => {
    // DeletionProtection.Mode defaults to DISABLED in the schema; the service answers ENABLED.
    const definition = await loadResource("awscc_verifiedpermissions_policy_store");
    const sim = h.sim(definition);
    const config = objectOf(definition.attributes, { validation_settings: { mode: "OFF" } });
    const created = await create(h, sim, config, ({ identifier, properties }) =>
      h.emulator.control.driftUpdate(definition.cfnTypeName, identifier, {
        properties: { ...properties, DeletionProtection: { Mode: "ENABLED" } },
      }),
    );
    assert.deepEqual(
      { ...((created.state as TfRecord).deletion_protection as TfRecord) },
      { mode: "ENABLED" },
    );
    assert.equal((await sim.plan(config, created.state)).action, "noop");
  });
});
