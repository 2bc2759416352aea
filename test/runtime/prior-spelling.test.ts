// One rule for plan and read: where a value means the same as the prior one (JSON strings with other
// whitespace, key order or number spelling, at any depth), the prior spelling is kept. Pure cases on
// a fixture schema, then real types through the emulator: a map of JSON strings (MediaTailor
// PlaybackConfiguration `configuration_aliases`) and a set of JSON strings inside an object (Connect
// Rule `actions.assign_contact_category_actions`) survive create, refresh, a service
// re-serialisation and a re-spelled configuration without a diff.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { keepPriorSpelling } from "../../runtime/convert/prior-spelling.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import { keepPriorForm } from "../../runtime/read/keep-prior-form.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  definitionImpliedType,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import { planViolations } from "./contract.js";
import { definitionOf, objectOf } from "./fixtures.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const oc = { optional: true, computed: true } as const;
const docAttributes: Attributes = {
  name: a.string("Name", { required: true }),
  doc_map: a.map("DocMap", a.elem.json, oc),
  doc_set: a.set("DocSet", a.elem.json, oc),
  doc_list: a.list("DocList", a.elem.json, oc),
  list_of_sets: a.list("ListOfSets", a.elem.set(a.elem.json), oc),
  items: a.listNested("Items", oc, { label: a.string("Label", oc), doc: a.json("Doc", oc) }),
  members: a.setNested("Members", oc, { label: a.string("Label", oc), doc: a.json("Doc", oc) }),
  by_key: a.mapNested("ByKey", oc, { docs: a.map("Docs", a.elem.json, oc) }),
};
const definition = definitionOf(docAttributes);
const type = definitionImpliedType(definition);
const record = (entries: Record<string, TfValue>): TfRecord => makeRecord(Object.entries(entries));
const member = (label: string, doc: string) => record({ label, doc });

// The same documents, spelled twice: as the user wrote them and as a service re-serialises them.
const A = '{ "b": [1, 2.50], "a": {"y": true, "x": null} }';
const A2 = '{"a":{"x":null,"y":true},"b":[1,2.5]}';
const B = '{ "k": "v" }';
const B2 = '{"k":"v"}';

const state = (spelling: "user" | "service"): TfRecord => {
  const [a1, b1] = spelling === "user" ? [A, B] : [A2, B2];
  return objectOf(definition.attributes, {
    name: "n",
    doc_map: record({ first: a1, second: b1 }),
    doc_set: [a1, b1],
    doc_list: [b1, a1],
    list_of_sets: [[a1], [b1, a1]],
    items: [member("one", a1), member("two", b1)],
    members: [member("one", a1), member("two", b1)],
    by_key: record({ k: record({ docs: record({ d: a1 }) }) }),
    id: "n",
  });
};

function assertSame(actual: TfValue, expected: TfValue, message: string): void {
  assert.ok(
    valueEquals(type, actual, expected),
    `${message}:\n${JSON.stringify(actual)}\n${JSON.stringify(expected)}`,
  );
}

describe("keeping the prior spelling (pure)", () => {
  test("read: maps, sets, lists and nested attributes holding re-serialised JSON keep the prior spelling", () => {
    assertSame(keepPriorForm(docAttributes, state("service"), state("user")), state("user"), "read");
    assertSame(keepPriorSpelling(docAttributes, state("service"), state("user")), state("user"), "helper");
  });

  test("plan: a re-spelled configuration plans no change (the prior state itself)", () => {
    const prior = state("service");
    const config = record({ ...state("user"), id: null });
    const { planned, requiresReplace } = planResource({ definition, prior, proposed: state("user"), config });
    assert.equal(planned, prior);
    assert.deepEqual(requiresReplace, []);
  });

  test("a real change in a collection of JSON strings takes the new value whole (Terraform's plan rule)", () => {
    const prior = state("user");
    const changed = '{"k":"other"}';
    const fresh = record({ ...state("service"), doc_map: record({ first: A2, second: changed }) });
    const read = keepPriorForm(docAttributes, fresh, prior) as TfRecord;
    assert.deepEqual({ ...(read.doc_map as TfRecord) }, { first: A2, second: changed });
    assert.deepEqual(read.doc_set, [A, B], "untouched collections still keep the prior spelling");
    // A plan may only return the configured or the prior value of a collection, never a mix.
    const config = record({ ...state("service"), doc_map: record({ first: A2, second: changed }), id: null });
    const { planned } = planResource({ definition, prior, proposed: record({ ...config, id: "n" }), config });
    assert.deepEqual({ ...((planned as TfRecord).doc_map as TfRecord) }, { first: A2, second: changed });
    assert.deepEqual((planned as TfRecord).doc_set, [A, B]);
    assert.deepEqual(planViolations({ definition, config, prior, planned, requiresReplace: [] }), []);
  });

  test("nested attributes are kept member by member", () => {
    const prior = state("user");
    const fresh = record({ ...state("service"), items: [member("one", A2), member("changed", B2)] });
    const read = keepPriorForm(docAttributes, fresh, prior) as TfRecord;
    assert.deepEqual(
      (read.items as TfRecord[]).map((item) => [item.label, item.doc]),
      [
        ["one", A],
        ["changed", B],
      ],
    );
  });

  test("set elements: an exact match is paired first, so no two elements become equal", () => {
    const prior = record({ ...state("user"), members: [member("one", A2)] });
    // Both fresh elements mean what the prior element means; the exact one takes it.
    const fresh = record({ ...state("user"), members: [member("one", A), member("one", A2)] });
    const read = keepPriorSpelling(docAttributes, fresh, prior) as TfRecord;
    assert.deepEqual(
      (read.members as TfRecord[]).map((item) => item.doc),
      [A, A2],
    );
    const alone = record({ ...state("user"), members: [member("one", A)] });
    assert.deepEqual(
      ((keepPriorSpelling(docAttributes, alone, prior) as TfRecord).members as TfRecord[]).map((m) => m.doc),
      [A2],
    );
  });
});

describe("keeping the prior spelling through the emulator (real types)", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime();
  });
  after(async () => {
    await h.close();
  });

  /** Service re-serialisation: every JSON object's keys in reverse order. */
  const reverseKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reverseKeys)
      : typeof value === "object" && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reverseKeys(v)]),
          )
        : value;

  async function roundTrip(
    definition: ResourceDefinition,
    config: TfRecord,
    respelled: TfRecord,
  ): Promise<void> {
    const sim = h.sim(definition);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "", "create errors");
    const implied = definitionImpliedType(definition);
    const refreshed = await sim.read(created.state);
    assert.ok(valueEquals(implied, refreshed.state, created.state), "refresh after create: no change");
    const stored = h.emulator.control.listResources(definition.cfnTypeName)[0]!;
    h.emulator.control.driftUpdate(definition.cfnTypeName, stored.identifier, {
      properties: reverseKeys(stored.properties) as never,
    });
    const reread = await sim.read(refreshed.state);
    assert.ok(valueEquals(implied, reread.state, created.state), "a service re-serialisation is not drift");
    assert.equal((await sim.plan(config, reread.state)).action, "noop", "plan after refresh");
    assert.equal((await sim.plan(respelled, reread.state)).action, "noop", "re-spelled configuration");
    const destroyed = await sim.apply(reread.state, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "");
  }

  test("map of JSON strings: MediaTailor PlaybackConfiguration configuration_aliases", async () => {
    const definition = await loadResource("awscc_mediatailor_playback_configuration");
    const aliases = (a1: string, b1: string) =>
      record({ "player_params.origin_domain": a1, "player_params.ad_type": b1 });
    const configWith = (aliasMap: TfRecord) =>
      objectOf(definition.attributes, {
        name: "vod",
        ad_decision_server_url: "https://ads.example.com/vast",
        video_content_source_url: "https://origin.example.com",
        configuration_aliases: aliasMap,
      });
    await roundTrip(
      definition,
      configWith(
        aliases('{ "pdx": "abc.com",  "iad": "xyz.com" }', '{ "customized": "abc", "default": "def" }'),
      ),
      configWith(aliases('{"iad":"xyz.com","pdx":"abc.com"}', '{"default": "def", "customized": "abc"}')),
    );
  });

  test("set of JSON strings inside an object: Connect Rule actions.assign_contact_category_actions", async () => {
    const definition = await loadResource("awscc_connect_rule");
    const nested = (name: string): Attributes =>
      (definition.attributes[name]!.type as { attributes: Attributes }).attributes;
    const configWith = (category: string) =>
      objectOf(definition.attributes, {
        name: "tag-calls",
        instance_arn: "arn:aws:connect:us-east-1:123456789012:instance/abc-123",
        function: '{"Version":"2022-11-25","RuleFunction":"true"}',
        publish_status: "PUBLISHED",
        trigger_event_source: objectOf(nested("trigger_event_source"), {
          event_source_name: "OnPostCallAnalysisAvailable",
        }),
        actions: objectOf(nested("actions"), { assign_contact_category_actions: [category] }),
      });
    await roundTrip(
      definition,
      configWith('{ "b": [1, 2],\n  "a": {"z": 1, "y": 2} }'),
      configWith('{"a":{"y":2,"z":1},"b":[1,2]}'),
    );
  });
});
