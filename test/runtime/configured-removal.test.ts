// The rule for attributes removed from the configuration, as pure functions: which paths count as
// configured, the versioned private record, and what the plan makes of a removal.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { updatePatchDocument } from "../../runtime/apply/update.js";
import { configuredPaths } from "../../runtime/plan/configured-paths.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes } from "../../terraform/schema/types.js";
import { decodePrivateRecord, encodePrivateRecord } from "../../runtime/state/configured-record.js";
import { IMPORTED_PRIVATE } from "../../runtime/state/import-marker.js";
import { formatPath, isUnknown, makeRecord, type TfRecord, UNKNOWN } from "../../terraform/values/index.js";
import { definitionOf, objectOf } from "./fixtures.js";
import { proposedNewState } from "./terraform.js";

const oc = { optional: true, computed: true } as const;
const member = { key: a.string("Key", oc), value: a.string("Value", oc) };

const attributes: Attributes = {
  name: a.string("Name", { ...oc, planModifiers: [a.requiresReplaceIfConfigured()] }),
  retention: a.int64("Retention", oc),
  class: a.string("Class", { ...oc, default: "STANDARD" }),
  arn: a.string("Arn", { computed: true }),
  secret: a.string("Secret", { ...oc, writeOnly: true }),
  tags: a.setNested("Tags", oc, member),
  versioning: a.object("Versioning", oc, { status: a.string("Status", oc), mfa: a.string("Mfa", oc) }),
  rules: a.listNested("Rules", oc, { id: a.string("Id", oc), days: a.int64("Days", oc) }),
  labels: a.map("Labels", a.elem.string, oc),
  by_key: a.mapNested("ByKey", oc, { size: a.int64("Size", oc) }),
};
const definition = definitionOf(attributes);
const obj = (values: Record<string, unknown>): TfRecord =>
  objectOf(definition.attributes, values as Record<string, never>);
const rec = (values: Record<string, unknown>): TfRecord => makeRecord(Object.entries(values) as never);

describe("configured paths", () => {
  test("every non-null configured attribute at any depth, lists by index, sets with *, map keys escaped", () => {
    const config = obj({
      retention: 7,
      tags: [rec({ key: "a", value: "1" }), rec({ key: "b", value: null })],
      versioning: rec({ status: "Enabled", mfa: null }),
      rules: [rec({ id: "r0", days: null }), rec({ id: null, days: 3 })],
      labels: rec({ x: "y" }),
      by_key: rec({ "a/b~c": rec({ size: 1 }) }),
      name: UNKNOWN,
    });
    assert.deepEqual(configuredPaths(definition.attributes, config), [
      "/by_key",
      "/by_key/a~1b~0c/size",
      "/labels",
      "/name",
      "/retention",
      "/rules",
      "/rules/0/id",
      "/rules/1/days",
      "/tags",
      "/tags/*/key",
      "/tags/*/value",
      "/versioning",
      "/versioning/status",
    ]);
  });
});

describe("private record", () => {
  test("round trip, and older bytes read as no record", () => {
    const bytes = encodePrivateRecord(["/a", "/b/c"]);
    assert.deepEqual([...(decodePrivateRecord(bytes).configured ?? [])], ["/a", "/b/c"]);
    assert.equal(decodePrivateRecord(new Uint8Array()).configured, null);
    const imported = decodePrivateRecord(IMPORTED_PRIVATE);
    assert.equal(imported.configured, null);
    assert.equal(imported.writeOnlyUnknown, true);
    assert.equal(decodePrivateRecord(new TextEncoder().encode("not json")).configured, null);
    const future = new TextEncoder().encode(JSON.stringify({ v: 2, configured: ["/a"] }));
    assert.equal(decodePrivateRecord(future).configured, null, "an unknown version is not trusted");
  });
});

describe("planning removals", () => {
  const prior = obj({
    id: "thing-1",
    name: "n1",
    retention: 7,
    class: "STANDARD",
    arn: "arn:1",
    secret: "s",
    tags: [rec({ key: "a", value: "1" })],
    versioning: rec({ status: "Enabled", mfa: "Disabled" }),
    rules: [rec({ id: "r0", days: 5 }), rec({ id: "r1", days: 9 })],
    labels: rec({ x: "y" }),
  });
  const fullConfig = {
    name: "n1",
    retention: 7,
    secret: "s",
    tags: [rec({ key: "a", value: "1" })],
    versioning: rec({ status: "Enabled" }),
    rules: [rec({ id: "r0", days: 5 }), rec({ id: "r1" })],
    labels: rec({ x: "y" }),
  };
  const recorded = new Set(configuredPaths(definition.attributes, obj(fullConfig)));
  // Terraform's proposed new state keeps the prior value of every optional+computed attribute left null.
  const proposedFor = (config: TfRecord): TfRecord =>
    proposedNewState(definition.attributes, prior, config) as TfRecord;
  const plan = (config: TfRecord, configuredBefore: ReadonlySet<string> | null = recorded) =>
    planResource({ definition, prior, proposed: proposedFor(config), config, configuredBefore });

  test("the same configuration plans no change", () => {
    assert.equal(plan(obj(fullConfig)).planned, prior);
  });

  test("a removed scalar and removed whole collections plan null", () => {
    const { planned, requiresReplace } = plan(
      obj({ ...fullConfig, retention: null, tags: null, labels: null }),
    );
    const p = planned as TfRecord;
    assert.equal(p.retention, null);
    assert.equal(p.tags, null);
    assert.equal(p.labels, null);
    assert.deepEqual(requiresReplace, []);
    assert.equal(p.arn, "arn:1", "a computed-only value the user never set is untouched");
  });

  test("a removed whole nested object plans null; a removed nested member plans null in place", () => {
    assert.equal((plan(obj({ ...fullConfig, versioning: null })).planned as TfRecord).versioning, null);
    // The prior nested value comes through Terraform's merge member by member.
    const config = obj({ ...fullConfig, versioning: rec({ status: null, mfa: null }) });
    const { planned } = plan(config);
    const versioning = (planned as TfRecord).versioning as TfRecord;
    assert.equal(versioning.status, null, "configured before, removed now");
    assert.equal(versioning.mfa, "Disabled", "filled in by the service, never configured: kept");
  });

  test("list element members are recorded by position", () => {
    const config = obj({ ...fullConfig, rules: [rec({ id: "r0", days: null }), rec({ id: "r1" })] });
    const { planned } = plan(config);
    const rules = (planned as TfRecord).rules as TfRecord[];
    assert.equal(rules[0]?.days, null, "element 0 had days configured");
    assert.equal(rules[1]?.days, 9, "element 1 never configured days: the service's value stays");
  });

  test("unknown in the configuration is not a removal", () => {
    const { planned } = plan(obj({ ...fullConfig, retention: UNKNOWN }));
    assert.ok(isUnknown((planned as TfRecord).retention));
  });

  test("without a record (older state, import) nothing is planned away", () => {
    assert.equal(plan(obj({ ...fullConfig, retention: null, tags: null }), null).planned, prior);
  });

  test("a removed createOnly value is decided by a new object", () => {
    const { planned, requiresReplace } = plan(obj({ ...fullConfig, name: null }));
    assert.ok(isUnknown((planned as TfRecord).name));
    assert.deepEqual(requiresReplace.map(formatPath), ["name"]);
  });

  test("a value with a schema default plans the default; write-only values are left alone", () => {
    const withClass = new Set([...recorded, "/class"]);
    const changed = plan(obj({ ...fullConfig, secret: null, retention: 1 }), withClass);
    const p = changed.planned as TfRecord;
    assert.equal(p.class, "STANDARD");
    assert.equal(p.secret, "s");
  });

  test("the update patch removes what the plan removed, members and whole properties", () => {
    const config = obj({ ...fullConfig, retention: null, tags: null, versioning: rec({ status: null }) });
    const { planned } = plan(config);
    const ops = JSON.parse(updatePatchDocument(definition, prior, planned)) as { op: string; path: string }[];
    const removes = ops.filter((op) => op.op === "remove").map((op) => op.path);
    assert.deepEqual(removes.sort(), ["/Retention", "/Tags", "/Versioning/Status"]);
  });
});
