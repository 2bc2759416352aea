// Terraform 1.11's proposed new state leaves out prior values a service filled in, in two places
// (runtime/plan/complete-proposal.ts): an optional+computed nested attribute whose prior holds a
// member that is not computed, and a set element whose prior partner holds a nested value the
// configuration leaves null. Found with the real CLI (a DynamoDB global table's replica whose
// contributor insights the service filled in planned an update after every apply). The proposals
// here come from the test stand-in for Terraform (terraform.ts), which follows 1.11 in both.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { configuredPaths } from "../../runtime/plan/configured-paths.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import * as a from "../../terraform/schema/define.js";
import { makeRecord, type TfRecord } from "../../terraform/values/index.js";
import { definitionOf, objectOf } from "./fixtures.js";
import { proposedNewState } from "./terraform.js";

const o = { optional: true } as const;
const oc = { optional: true, computed: true } as const;
const definition = definitionOf({
  name: a.string("Name", o),
  // The service fills Level in when the configuration leaves Settings out; Level is not computed.
  settings: a.object("Settings", oc, { level: a.string("Level", o), note: a.string("Note", oc) }),
  replicas: a.setNested("Replicas", o, {
    region: a.string("Region", o),
    insights: a.object("Insights", oc, { enabled: a.bool("Enabled", oc) }),
    kms: a.string("Kms", oc),
  }),
});
const obj = (values: Record<string, unknown>): TfRecord =>
  objectOf(definition.attributes, values as Record<string, never>);
const rec = (values: Record<string, unknown>): TfRecord => makeRecord(Object.entries(values) as never);

const replica = (region: string, insights: TfRecord | null = null, kms: string | null = null): TfRecord =>
  rec({ region, insights, kms });
const prior = obj({
  id: "x",
  name: "n",
  settings: rec({ level: "low", note: "n" }),
  replicas: [replica("r1", rec({ enabled: true }), "k1"), replica("r2", null, "k2")],
});
const config = obj({ name: "n", replicas: [replica("r2"), replica("r1")] });
const plan = (cfg: TfRecord, configuredBefore: ReadonlySet<string> | null) =>
  planResource({
    definition,
    prior,
    proposed: proposedNewState(definition.attributes, prior, cfg),
    config: cfg,
    configuredBefore,
  });

describe("the proposal completed with what the service filled in", () => {
  test("Terraform's proposal leaves both out", () => {
    const proposed = proposedNewState(definition.attributes, prior, config) as TfRecord;
    assert.equal(proposed.settings, null);
    const replicas = proposed.replicas as TfRecord[];
    assert.equal(
      replicas.find((r) => r.region === "r1")?.kms,
      null,
      "r1's partner holds insights: not paired",
    );
    assert.equal(replicas.find((r) => r.region === "r2")?.kms, "k2");
  });

  test("the configuration the object was made from plans no change", () => {
    assert.equal(plan(config, new Set(configuredPaths(definition.attributes, config))).planned, prior);
    assert.equal(plan(config, null).planned, prior, "without a record (an import) too");
  });

  test("an object the user configured and then removed still plans its removal", () => {
    const before = obj({ name: "n", replicas: config.replicas, settings: rec({ level: "low", note: null }) });
    const { planned } = plan(config, new Set(configuredPaths(definition.attributes, before)));
    assert.equal((planned as TfRecord).settings, null);
  });
});
