// Removing attributes from the configuration, through the emulator: plan, apply, refresh and a
// second plan, with the private bytes carried from step to step as Terraform does. The removed
// value must leave the remote object (an UpdateResource patch with `remove`), and the next plan
// must show no change.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import {
  definitionImpliedType,
  formatPath,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { importWithPrivate, planWithPrivate } from "./private-steps.js";
import { errorsOf } from "./terraform.js";

interface Tracked {
  readonly state: TfValue;
  readonly private: Uint8Array;
}

describe("removing configured attributes", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime();
  });
  after(async () => {
    await h.close();
  });

  const config = (definition: ResourceDefinition, values: Record<string, TfValue>): TfRecord =>
    makeRecord(Object.keys(definition.attributes).map((name) => [name, values[name] ?? null]));

  async function applyPlan(
    definition: ResourceDefinition,
    cfg: TfRecord,
    prior: Tracked | null,
  ): Promise<Tracked & { replace: string[]; planned: TfValue }> {
    const priorState = prior?.state ?? null;
    const priorPrivate = prior?.private ?? new Uint8Array();
    const plan = await planWithPrivate(h, definition, cfg, priorState, priorPrivate);
    assert.equal(plan.errors, "");
    const replace = plan.requiresReplace.map(formatPath);
    let from: Tracked = { state: priorState, private: plan.plannedPrivate };
    if (replace.length > 0) {
      const destroyed = await h.backend.applyResourceChange({
        typeName: definition.tfTypeName,
        definition,
        priorState,
        plannedState: null,
        config: null,
        plannedPrivate: priorPrivate,
        providerMeta: null,
      });
      assert.equal(errorsOf(destroyed.diagnostics), "");
      from = { state: null, private: new Uint8Array() };
    }
    const planned =
      replace.length > 0
        ? (await planWithPrivate(h, definition, cfg, null, from.private)).planned
        : plan.planned;
    const applied = await h.backend.applyResourceChange({
      typeName: definition.tfTypeName,
      definition,
      priorState: from.state,
      plannedState: planned,
      config: cfg,
      plannedPrivate: from.private,
      providerMeta: null,
    });
    assert.equal(errorsOf(applied.diagnostics), "");
    const appliedPrivate = applied.private ?? from.private;
    // A refresh passes the record through.
    const read = await h.backend.readResource({
      typeName: definition.tfTypeName,
      definition,
      currentState: applied.newState,
      private: appliedPrivate,
      providerMeta: null,
      clientCapabilities: { deferralAllowed: false, writeOnlyAttributesAllowed: true },
    });
    assert.equal(errorsOf(read.diagnostics), "");
    return { state: read.newState, private: read.private ?? appliedPrivate, replace, planned: plan.planned };
  }

  async function assertNoChange(
    definition: ResourceDefinition,
    cfg: TfRecord,
    tracked: Tracked,
  ): Promise<void> {
    const again = await planWithPrivate(h, definition, cfg, tracked.state, tracked.private);
    assert.equal(again.errors, "");
    assert.deepEqual(again.requiresReplace, []);
    assert.ok(
      valueEquals(definitionImpliedType(definition), again.planned, tracked.state),
      "the second plan shows no change",
    );
  }

  const remote = (definition: ResourceDefinition, state: TfValue) =>
    h.emulator.control.getResource(definition.cfnTypeName, String((state as TfRecord).id))?.properties ?? {};

  const lastPatch = (): string => {
    const updates = h.emulator.control.calls({ operation: "UpdateResource" });
    return String(updates[updates.length - 1]?.input.PatchDocument ?? "");
  };

  test("log group: tags and retention_in_days removed", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const tag = (key: string, value: string) =>
      makeRecord([
        ["key", key],
        ["value", value],
      ]);
    const full = config(definition, {
      log_group_name: "removal-1",
      retention_in_days: 7,
      tags: [tag("team", "a"), tag("env", "dev")],
    });
    let tracked = await applyPlan(definition, full, null);
    assert.equal(remote(definition, tracked.state).RetentionInDays, 7);
    await assertNoChange(definition, full, tracked);

    const noTags = config(definition, { log_group_name: "removal-1", retention_in_days: 7 });
    tracked = await applyPlan(definition, noTags, tracked);
    assert.equal((tracked.planned as TfRecord).tags, null, "the plan shows the tags going");
    assert.match(lastPatch(), /"op":"remove","path":"\/Tags"/);
    assert.equal(remote(definition, tracked.state).Tags, undefined);
    assert.equal((tracked.state as TfRecord).tags, null);
    await assertNoChange(definition, noTags, tracked);

    const bare = config(definition, { log_group_name: "removal-1" });
    tracked = await applyPlan(definition, bare, tracked);
    assert.equal((tracked.planned as TfRecord).retention_in_days, null);
    assert.match(lastPatch(), /"op":"remove","path":"\/RetentionInDays"/);
    assert.equal(remote(definition, tracked.state).RetentionInDays, undefined);
    await assertNoChange(definition, bare, tracked);
  });

  test("log group: a removed createOnly name replaces the object", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const named = config(definition, { log_group_name: "removal-named", retention_in_days: 3 });
    let tracked = await applyPlan(definition, named, null);
    const firstId = (tracked.state as TfRecord).id;
    const unnamed = config(definition, { retention_in_days: 3 });
    tracked = await applyPlan(definition, unnamed, tracked);
    assert.deepEqual(tracked.replace, ["log_group_name"]);
    assert.notEqual((tracked.state as TfRecord).id, firstId);
    assert.equal(h.emulator.control.getResource(definition.cfnTypeName, String(firstId)), undefined);
    await assertNoChange(definition, unnamed, tracked);
  });

  test("ssm parameter: a map of tags and one map key removed", async () => {
    const definition = await loadResource("awscc_ssm_parameter");
    const tags = (entries: [string, string][]) => makeRecord(entries);
    const base = { name: "/removal/p1", type: "String", value: "v" };
    const full = config(definition, {
      ...base,
      tags: tags([
        ["a", "1"],
        ["b", "2"],
      ]),
    });
    let tracked = await applyPlan(definition, full, null);
    const oneKey = config(definition, { ...base, tags: tags([["a", "1"]]) });
    tracked = await applyPlan(definition, oneKey, tracked);
    assert.deepEqual(remote(definition, tracked.state).Tags, { a: "1" });
    await assertNoChange(definition, oneKey, tracked);
    const none = config(definition, base);
    tracked = await applyPlan(definition, none, tracked);
    assert.equal(remote(definition, tracked.state).Tags, undefined);
    await assertNoChange(definition, none, tracked);
  });

  test("s3 bucket: a nested member, then the whole nested object removed", async () => {
    const definition = await loadResource("awscc_s3_bucket");
    const block = (values: Record<string, boolean | null>) =>
      makeRecord(
        ["block_public_acls", "block_public_policy", "ignore_public_acls", "restrict_public_buckets"].map(
          (name) => [name, values[name] ?? null],
        ),
      );
    const both = config(definition, {
      bucket_name: "removal-bucket",
      public_access_block_configuration: block({ block_public_acls: true, block_public_policy: true }),
    });
    let tracked = await applyPlan(definition, both, null);
    const one = config(definition, {
      bucket_name: "removal-bucket",
      public_access_block_configuration: block({ block_public_acls: true }),
    });
    tracked = await applyPlan(definition, one, tracked);
    assert.deepEqual(tracked.replace, []);
    assert.deepEqual(remote(definition, tracked.state).PublicAccessBlockConfiguration, {
      BlockPublicAcls: true,
    });
    await assertNoChange(definition, one, tracked);
    const none = config(definition, { bucket_name: "removal-bucket" });
    tracked = await applyPlan(definition, none, tracked);
    assert.equal(remote(definition, tracked.state).PublicAccessBlockConfiguration, undefined);
    assert.equal((tracked.state as TfRecord).public_access_block_configuration, null);
    await assertNoChange(definition, none, tracked);
  });

  test("values the service filled in and objects without a record plan no change", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const cfg = config(definition, { log_group_name: "removal-norecord", retention_in_days: 5 });
    const created = await applyPlan(definition, cfg, null);
    // Bytes as written before this change (nothing recorded): the removal is not seen, as before.
    const bare = config(definition, { log_group_name: "removal-norecord" });
    const old = await planWithPrivate(h, definition, bare, created.state, new Uint8Array());
    assert.equal((old.planned as TfRecord).retention_in_days, 5);
    // log_group_class was never configured: its default stays without a diff.
    await assertNoChange(definition, cfg, created);
  });

  test("an imported object has no record until its next apply records one", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    const full = config(definition, { log_group_name: "removal-imported", retention_in_days: 14 });
    const created = await applyPlan(definition, full, null);
    const imported = await importWithPrivate(h, definition, String((created.state as TfRecord).id));
    assert.equal(imported.errors, "");
    const bare = config(definition, { log_group_name: "removal-imported" });
    const before = await planWithPrivate(h, definition, bare, imported.state, imported.private);
    assert.equal((before.planned as TfRecord).retention_in_days, 14, "no record: no removal, as before");
    // An apply of the full configuration records it; then the removal is seen.
    const changed = config(definition, { log_group_name: "removal-imported", retention_in_days: 30 });
    const applied = await applyPlan(definition, changed, imported);
    const after = await applyPlan(definition, bare, applied);
    assert.equal((after.planned as TfRecord).retention_in_days, null);
    assert.equal(remote(definition, after.state).RetentionInDays, undefined);
    await assertNoChange(definition, bare, after);
  });
});
