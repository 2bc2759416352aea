// Provider default_tags against the emulator, for a {key, value} set (logs log group) and a map
// (SSM parameter): the plan keeps the user's tags and plans the merge in tags_all, Cloud Control
// receives the merge, reads split it again so the next plan is clean, and changing or removing a
// default tag updates the object.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { makeRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";
import { emulatorProviderConfig, loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf, type TerraformSim } from "./terraform.js";

const defaultTags = (tags: Record<string, string> | null): TfValue =>
  tags === null ? null : makeRecord([["tags", makeRecord(Object.entries(tags))]]);

const configOf = (definition: ResourceDefinition, doc: Record<string, unknown>): TfRecord =>
  fromModel(definition.attributes, jsonDocFromPlain(doc) as JsonDocObject);

const plain = (value: TfValue | undefined): unknown => JSON.parse(JSON.stringify(value ?? null));

/** Tags as key → value, whichever shape. */
function tagMap(value: TfValue | undefined): Record<string, string> {
  if (value === null || value === undefined) return {};
  if (Array.isArray(value))
    return Object.fromEntries(
      (value as TfRecord[]).map((item) => [item.key as string, item.value as string]),
    );
  return Object.fromEntries(Object.entries(value as TfRecord)) as Record<string, string>;
}

function sentTags(h: RuntimeHarness, operation: "CreateResource" | "UpdateResource"): Record<string, string> {
  const input = h.emulator.control.calls({ operation }).at(-1)?.input;
  if (operation === "UpdateResource")
    return JSON.parse(String(input?.PatchDocument)) as Record<string, string>;
  const tags = (JSON.parse(String(input?.DesiredState)) as { Tags?: unknown }).Tags;
  if (Array.isArray(tags))
    return Object.fromEntries((tags as { Key: string; Value: string }[]).map((t) => [t.Key, t.Value]));
  return (tags ?? {}) as Record<string, string>;
}

async function reconfigure(h: RuntimeHarness, tags: Record<string, string> | null): Promise<void> {
  const result = await h.backend.configureProvider({
    terraformVersion: "1.11.4",
    config: emulatorProviderConfig(h.emulator.url, { default_tags: defaultTags(tags) }),
    clientCapabilities: { deferralAllowed: false, writeOnlyAttributesAllowed: true },
  });
  assert.equal(errorsOf(result.diagnostics ?? []), "");
}

/** Plan and apply `config` over `prior`, then refresh and check that the next plan is clean. */
async function converge(sim: TerraformSim, config: TfRecord, prior: TfValue, expectAction: string) {
  const plan = await sim.plan(config, prior);
  assert.equal(errorsOf(plan.diagnostics), "");
  assert.equal(plan.action, expectAction);
  const applied = await sim.apply(prior, plan.planned, config);
  assert.equal(errorsOf(applied.diagnostics), "");
  const read = await sim.read(applied.state);
  const again = await sim.plan(config, read.state);
  assert.equal(again.action, "noop", "the plan after a refresh is clean");
  return { plan, state: read.state as TfRecord };
}

const cases = [
  { type: "awscc_logs_log_group", doc: { LogGroupName: "tagged" }, own: [{ Key: "team", Value: "web" }] },
  { type: "awscc_ssm_parameter", doc: { Name: "tagged", Type: "String", Value: "v" }, own: { team: "web" } },
];

describe("provider default_tags", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime({}, {}, { default_tags: defaultTags({ team: "core", env: "dev" }) });
    h.emulator.control.setConfig({ completeAfterPolls: 1, completeAfterMs: 0 });
  });
  after(async () => {
    await h.close();
  });

  for (const { type, doc, own } of cases) {
    test(`${type}: merge planned in tags_all, resource tags win, defaults changed and removed`, async () => {
      await reconfigure(h, { team: "core", env: "dev" });
      const definition = await loadResource(type);
      const sim = h.sim(definition);
      const config = configOf(definition, { ...doc, Tags: own });

      const created = await converge(sim, config, null, "create");
      const planned = created.plan.planned as TfRecord;
      assert.deepEqual(plain(planned.tags), plain(config.tags), "tags planned as configured");
      assert.deepEqual(tagMap(planned.tags_all), { team: "web", env: "dev" });
      assert.deepEqual(sentTags(h, "CreateResource"), { team: "web", env: "dev" });
      assert.deepEqual(tagMap(created.state.tags), { team: "web" });
      assert.deepEqual(tagMap(created.state.tags_all), { team: "web", env: "dev" });

      await reconfigure(h, { team: "core", env: "prod" });
      const changed = await converge(sim, config, created.state, "update");
      assert.match(JSON.stringify(sentTags(h, "UpdateResource")), /prod/);
      assert.deepEqual(tagMap(changed.state.tags_all), { team: "web", env: "prod" });

      await reconfigure(h, null);
      const removed = await converge(sim, config, changed.state, "update");
      assert.deepEqual(tagMap(removed.state.tags_all), { team: "web" });
      const remote = h.emulator.control
        .listResources()
        .find((r) => r.typeName === definition.cfnTypeName && r.identifier === "tagged");
      assert.ok(remote, "the object is in the emulator");
      assert.doesNotMatch(JSON.stringify(remote), /prod/);

      // Without resource tags the defaults alone are sent; tags stays null.
      await reconfigure(h, { env: "dev" });
      const fresh = {
        ...doc,
        ...(type === "awscc_logs_log_group" ? { LogGroupName: "bare" } : { Name: "bare" }),
      };
      const bareConverged = await converge(sim, configOf(definition, fresh), null, "create");
      assert.equal(bareConverged.state.tags, null);
      assert.deepEqual(tagMap(bareConverged.state.tags_all), { env: "dev" });

      // A changed default reaches it; removing default_tags takes the default tags off it too
      // (they were never the user's), without a diff in `tags` along the way.
      await reconfigure(h, { env: "prod" });
      const bareRefreshed = await sim.read(bareConverged.state);
      assert.equal(
        (bareRefreshed.state as TfRecord).tags,
        null,
        "the old default tags do not become the user's",
      );
      const bareChanged = await converge(sim, configOf(definition, fresh), bareRefreshed.state, "update");
      assert.equal(bareChanged.state.tags, null);
      assert.deepEqual(tagMap(bareChanged.state.tags_all), { env: "prod" });
      await reconfigure(h, null);
      // As Terraform does: a refresh under the new provider configuration, then the plan.
      const refreshed = await sim.read(bareChanged.state);
      assert.equal((refreshed.state as TfRecord).tags, null, "the default tags do not become the user's");
      const bareRemoved = await converge(sim, configOf(definition, fresh), refreshed.state, "update");
      assert.equal(bareRemoved.state.tags, null);
      assert.deepEqual(tagMap(bareRemoved.state.tags_all), {});
      const bareRemote = h.emulator.control
        .listResources()
        .find((r) => r.typeName === definition.cfnTypeName && r.identifier === "bare");
      assert.ok(bareRemote, "the bare object is in the emulator");
      assert.deepEqual(
        tagMap(
          fromModel(definition.attributes, jsonDocFromPlain(bareRemote.properties) as JsonDocObject).tags,
        ),
        {},
      );
    });
  }

  test("data sources carry no tags_all", async () => {
    const definition = await loadResource("awscc_logs_log_group");
    assert.ok(Object.hasOwn(definition.attributes, "tags_all"));
    const { singularDataSourceFrom } = await import("../../terraform/schema/derive.js");
    assert.equal(Object.hasOwn(singularDataSourceFrom(definition).attributes, "tags_all"), false);
  });
});
