// A nested list CloudFormation keeps in no order (insertionOrder false), with members the service
// fills in (its defaults), read in the service's order: Terraform's proposed new state fills each
// element's unset members from the prior element at the same position, so the plan pairs each
// element with the prior element it describes before comparing (runtime/plan/unordered-list.ts,
// docs/runtime.md#plan-time-rules). The pure rule first, then through the emulator with an import.
import assert from "node:assert/strict";
import { CloudControlClient, GetResourceCommand } from "@aws-sdk/client-cloudcontrol";
import jsonpatch, { type Operation } from "fast-json-patch";
import { after, afterEach, before, describe, test } from "node:test";
import {
  type ElementPairing,
  fillFromPartner,
  isUnchangedList,
  matchTargets,
  pairElements,
  planPairedList,
  shortlistsByKeyMembers,
  validAtPosition,
} from "../../runtime/plan/unordered-list.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import { configuredAgreement } from "../../runtime/plan/configured-agreement.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { isUnknown, makeRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";
import type { JsonObject } from "../../emulator/types.js";
import { definitionOf, objectOf } from "./fixtures.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf, proposedNewState } from "./terraform.js";
import { planViolations } from "./contract.js";
import { type Alignments, alignPrior, pathKey } from "../../runtime/plan/aligned-prior.js";

const record = (entries: Record<string, TfValue>): TfRecord => makeRecord(Object.entries(entries));

// The shape of awscc_entityresolution_schema_mapping.mapped_input_fields.
const fieldAttributes: Attributes = {
  field_name: a.string("FieldName", { required: true }),
  type: a.string("Type", { required: true }),
  hashed: a.bool("Hashed", { optional: true, computed: true }),
  note: a.string("Note", { optional: true }),
  options: a.object(
    "Options",
    { optional: true },
    { level: a.string("Level", { optional: true, computed: true }) },
  ),
};
const field = (values: Record<string, TfValue>): TfRecord =>
  record({ field_name: null, type: null, hashed: null, note: null, options: null, ...values });

describe("fillFromPartner", () => {
  test("takes the partner's computed members the configuration leaves null, also inside a configured object", () => {
    const config = field({ field_name: "a", type: "NAME", options: record({ level: null }) });
    const planned = field({
      field_name: "a",
      type: "NAME",
      hashed: true,
      options: record({ level: "wrong" }),
    });
    const partner = field({
      field_name: "a",
      type: "NAME",
      hashed: false,
      note: "n",
      options: record({ level: "x" }),
    });
    const filled = fillFromPartner(fieldAttributes, planned, config, partner);
    assert.equal(filled.hashed, false, "computed and unset: the partner's");
    assert.equal(
      filled.note,
      null,
      "not computed: stays as configured (null), a change if the partner has one",
    );
    assert.equal((filled.options as TfRecord).level, "x");
  });

  test("keeps what the configuration sets", () => {
    const config = field({ field_name: "a", type: "NAME", hashed: true });
    const partner = field({ field_name: "b", type: "EMAIL", hashed: false });
    const filled = fillFromPartner(fieldAttributes, config, config, partner);
    assert.deepEqual({ ...filled }, { ...config });
  });
});

describe("matchTargets", () => {
  const all = (targets: number, candidates: number): number[][] =>
    Array.from({ length: targets }, () => Array.from({ length: candidates }, (_, c) => c));

  test("finds a pairing where taking the first fit would leave a target without one", () => {
    // Target 0 fits candidates 0 and 1, target 1 only candidate 0.
    const fits = [
      [true, true],
      [true, false],
    ];
    assert.deepEqual(
      matchTargets(all(2, 2), 2, (t, c) => fits[t]![c]!),
      [1, 0],
    );
  });

  test("as many targets as can have a partner; -1 for the others", () => {
    assert.deepEqual(
      matchTargets(all(2, 2), 2, (_t, c) => c === 0),
      [0, -1],
    );
    const partners = matchTargets(all(3, 2), 2, (t) => t > 0);
    assert.equal(partners[0], -1);
    assert.deepEqual(partners.slice(1).sort(), [0, 1]);
    assert.deepEqual(
      matchTargets(all(1, 3), 3, (_t, c) => c === 2),
      [2],
    );
  });

  test("a target looks only at its shortlist", () => {
    assert.deepEqual(
      matchTargets([[1], [0]], 2, () => true),
      [1, 0],
    );
    assert.deepEqual(
      matchTargets([[0], [0]], 2, () => true),
      [0, -1],
    );
  });
});

describe("shortlistsByKeyMembers", () => {
  test("prior elements with the plain scalar values every configured element sets", () => {
    const config = [field({ field_name: "z", type: "NAME" }), field({ field_name: "a", type: null })];
    const prior = [
      field({ field_name: "a", type: "EMAIL" }),
      field({ field_name: "z", type: "NAME" }),
      field({ field_name: "z", type: "EMAIL" }),
    ];
    // `type` is not set in every configured element, so only field_name narrows the choice.
    assert.deepEqual(shortlistsByKeyMembers(fieldAttributes, config, prior), [[1, 2], [0]]);
    // With each element's own key members, `type` narrows the first element's choice too.
    assert.deepEqual(shortlistsByKeyMembers(fieldAttributes, config, prior, true), [[1], [0]]);
  });
});

describe("configuredAgreement", () => {
  test("set plain scalars equal the prior's; those left null that nothing fills are null there", () => {
    const agree = configuredAgreement(fieldAttributes);
    const prior = field({ field_name: "a", type: "NAME", hashed: true, note: "n" });
    assert.equal(
      agree(field({ field_name: "a", type: "NAME", note: "n" }), prior),
      true,
      "hashed is computed",
    );
    assert.equal(agree(field({ field_name: "a", type: "EMAIL", note: "n" }), prior), false);
    assert.equal(agree(field({ field_name: "a", type: "NAME" }), prior), false, "note is not computed");
    // A JSON document in a plain string may be planned in the prior's spelling: no key.
    const withDocument = field({ field_name: "a", type: "NAME", note: '{ "k": 1 }' });
    assert.equal(agree(field({ field_name: "a", type: "NAME", note: '{"k":1}' }), withDocument), true);
    assert.deepEqual(
      shortlistsByKeyMembers(
        fieldAttributes,
        [field({ field_name: "a", note: '{"k":1}' })],
        [withDocument],
        true,
      ),
      [[0]],
    );
  });
});

describe("pairElements", () => {
  const asIs = (planned: TfRecord): TfRecord => planned;
  const config = [field({ field_name: "z", type: "NAME" }), field({ field_name: "a", type: "EMAIL" })];
  // The service's order, with its default for `hashed`: false for z, true for a.
  const prior = [
    field({ field_name: "a", type: "EMAIL", hashed: true }),
    field({ field_name: "z", type: "NAME", hashed: false }),
  ];
  // Terraform's proposed new state: unset members filled from the prior element at the same position.
  const proposed = [
    field({ field_name: "z", type: "NAME", hashed: true }),
    field({ field_name: "a", type: "EMAIL", hashed: false }),
  ];
  const pair = (planned: TfRecord[], configured: TfRecord[], before: TfRecord[]): ElementPairing => {
    const pairing = pairElements(fieldAttributes, planned, configured, before, asIs);
    assert.ok(pairing);
    return pairing;
  };

  test("every element pairs with the prior element it describes: no change", () => {
    const pairing = pair(proposed, config, prior);
    assert.deepEqual(pairing.same, [1, 0]);
    assert.equal(isUnchangedList(pairing), true);
  });

  test("a configured member the prior element does not have: that element changes, the other still pairs", () => {
    const changed = [config[0]!, field({ field_name: "a", type: "EMAIL", hashed: false })];
    const pairing = pair(changed, changed, prior);
    assert.deepEqual(pairing.same, [1, -1]);
    assert.deepEqual(
      pairing.changedFrom,
      [-1, 0],
      "the changed element's own prior element, by its key values",
    );
    assert.deepEqual(pairing.leftover, []);
    assert.equal(isUnchangedList(pairing), false);
  });

  test("a non-computed member the prior has but the configuration leaves out is a change", () => {
    const withNote = [prior[0]!, field({ field_name: "z", type: "NAME", hashed: false, note: "n" })];
    const pairing = pair(proposed, config, withNote);
    assert.deepEqual(pairing.same, [-1, 0]);
    assert.deepEqual(pairing.changedFrom, [1, -1]);
    assert.equal(isUnchangedList(pairing), false);
  });

  test("an element removed is left over; an added one has no partner", () => {
    const removed = pair(proposed.slice(0, 1), config.slice(0, 1), prior);
    assert.deepEqual([removed.same, removed.leftover], [[1], [0]]);
    assert.equal(isUnchangedList(removed), false);
    const added = field({ field_name: "m", type: "NAME" });
    const more = pair([...proposed, added], [...config, added], prior);
    assert.deepEqual([more.same, more.changedFrom, more.leftover], [[1, 0, -1], [-1, -1, -1], []]);
  });

  test("no partner by key where the choice is not unique; by index in a list in the configuration's order", () => {
    // Two configured elements change; each could be either remaining prior element (no member is
    // set in every configured element, so there are no key members). The third pairs.
    const keyless: Attributes = { hashed: fieldAttributes.hashed!, note: fieldAttributes.note! };
    const a = record({ hashed: true, note: "a" });
    const b = record({ hashed: false, note: "b" });
    const c = record({ hashed: false, note: "c" });
    const changed = [
      record({ hashed: null, note: null }),
      record({ hashed: null, note: "y" }),
      record({ hashed: null, note: "c" }),
    ];
    const reordered = pairElements(keyless, changed, changed, [c, a, b], asIs);
    assert.ok(reordered);
    assert.deepEqual(
      [reordered.same, reordered.changedFrom, reordered.leftover],
      [
        [-1, -1, 0],
        [-1, -1, -1],
        [1, 2],
      ],
    );
    // The same list in the configured order (c pairs at its own index): Terraform's pairing.
    const inOrder = pairElements(keyless, changed, changed, [a, b, c], asIs);
    assert.deepEqual(
      [inOrder?.same, inOrder?.changedFrom],
      [
        [-1, -1, 2],
        [0, 1, -1],
      ],
    );
    // One changed element and one prior element left: that one.
    const one = pairElements(keyless, changed.slice(0, 1), changed.slice(0, 1), [a], asIs);
    assert.deepEqual(one?.changedFrom, [0]);
  });
});

describe("validAtPosition", () => {
  const jsonAttributes: Attributes = {
    name: a.string("Name", { required: true }),
    doc: a.string("Doc", { optional: true }),
    level: a.string("Level", { optional: true, computed: true }),
  };
  test("a configured member planned neither as configured nor as the element at the same index has it takes Terraform's", () => {
    const config = record({ name: "b", doc: '{"x":1}', level: null });
    const partner = record({ name: "b", doc: '{ "x": 1 }', level: "high" });
    const positional = record({ name: "a", doc: '{"y":2}', level: "low" });
    const proposed = record({ name: "b", doc: '{"x":1}', level: "low" });
    const valid = validAtPosition(jsonAttributes, partner, config, positional, proposed);
    assert.deepEqual({ ...valid }, { name: "b", doc: '{"x":1}', level: "high" });
    // The same spelling at that index is accepted (Terraform allows the prior value there).
    const samePlace = record({ name: "c", doc: '{ "x": 1 }', level: "low" });
    assert.equal(validAtPosition(jsonAttributes, partner, config, samePlace, proposed).doc, '{ "x": 1 }');
  });
});

describe("planPairedList", () => {
  const config = [
    field({ field_name: "z", type: "NAME", hashed: false, note: "kept" }),
    field({ field_name: "m", type: "NAME" }),
    field({ field_name: "a", type: "EMAIL" }),
    field({ field_name: "n", type: "PHONE" }),
  ];
  const prior = [
    field({ field_name: "a", type: "EMAIL", hashed: true }),
    field({ field_name: "m", type: "NAME" }),
    field({ field_name: "old", type: "NAME", hashed: true }),
    field({ field_name: "z", type: "NAME", hashed: true, note: "kept" }),
  ];
  // Positional fill: `a` would get old's hashed, `n` z's.
  const proposed = [
    field({ field_name: "z", type: "NAME", hashed: false, note: "kept" }),
    field({ field_name: "m", type: "NAME" }),
    field({ field_name: "a", type: "EMAIL", hashed: true }),
    field({ field_name: "n", type: "PHONE", hashed: true }),
  ];
  test("each element from the prior element it describes; an added one from none; the prior aligned to the plan", () => {
    const pairing = pairElements(fieldAttributes, proposed, config, prior, (p) => p);
    assert.ok(pairing);
    const seen: (TfRecord | null)[] = [];
    const { elements, alignedPrior } = planPairedList(
      fieldAttributes,
      proposed,
      config,
      prior,
      pairing,
      (_i, element, _config, partner) => {
        seen.push(partner);
        return element;
      },
    );
    assert.deepEqual(
      elements.map((f) => [f.field_name, f.hashed]),
      [
        ["z", false],
        ["m", null],
        ["a", true],
        ["n", null],
      ],
    );
    assert.deepEqual(
      alignedPrior.map((f) => (f as TfRecord | null)?.field_name ?? null),
      ["z", "m", "a", null, "old"],
    );
    assert.deepEqual(
      seen.map((p) => p?.field_name ?? null),
      ["z", null],
      "planned against their partner",
    );
  });
});

describe("planResource with a nested multiset list in the service's order", () => {
  const config = [field({ field_name: "z", type: "NAME" }), field({ field_name: "a", type: "EMAIL" })];
  const prior = [
    field({ field_name: "a", type: "EMAIL", hashed: true }),
    field({ field_name: "z", type: "NAME", hashed: false }),
  ];
  const definition = definitionOf({
    fields: a.listNested("Fields", { required: true, planModifiers: [a.multiset()] }, fieldAttributes),
  });
  const priorState = record({ id: "x", fields: prior });
  const plan = (configured: TfRecord) =>
    planResource({
      definition,
      prior: priorState,
      proposed: proposedNewState(definition.attributes, priorState, configured),
      config: configured,
    }).planned;

  test("the plan keeps the prior value when every element pairs", () => {
    assert.equal(plan(record({ id: null, fields: config })), priorState);
  });

  test("a real change plans that element; the other keeps its own service value, not its neighbour's", () => {
    const hashedZ = [field({ field_name: "z", type: "NAME", hashed: true }), config[1]!];
    const planned = plan(record({ id: null, fields: hashedZ })) as TfRecord;
    assert.notEqual(planned, priorState);
    assert.deepEqual(
      (planned.fields as TfRecord[]).map((f) => [f.field_name, f.hashed]),
      [
        ["z", true],
        ["a", true],
      ],
    );
  });

  test("an added element's computed members are unknown, not a neighbour's", () => {
    const added = [...config, field({ field_name: "n", type: "PHONE" })];
    const withThird = record({
      id: "x",
      fields: [...prior, field({ field_name: "q", type: "X", hashed: true })],
    });
    const planned = planResource({
      definition,
      prior: withThird,
      proposed: proposedNewState(definition.attributes, withThird, record({ id: null, fields: added })),
      config: record({ id: null, fields: added }),
    }).planned as TfRecord;
    const fields = planned.fields as TfRecord[];
    assert.deepEqual(
      fields.slice(0, 2).map((f) => [f.field_name, f.hashed]),
      [
        ["z", false],
        ["a", true],
      ],
    );
    assert.equal(fields[2]?.field_name, "n");
    assert.ok(isUnknown(fields[2]?.hashed), "known after apply, not q's true");
  });
});

describe("alignPrior", () => {
  const inner: Attributes = { v: a.string("V", { required: true }) };
  const outer: Attributes = {
    name: a.string("Name", { required: true }),
    items: a.listNested("Items", { optional: true, planModifiers: [a.multiset()] }, inner),
  };
  const attributes: Attributes = {
    list: a.listNested("List", { optional: true, planModifiers: [a.multiset()] }, outer),
  };
  test("each aligned list holds the prior elements in planned order, also inside an aligned element", () => {
    const two = record({ v: "2" });
    const one = record({ v: "1" });
    const b = record({ name: "b", items: [two, one] });
    const c = record({ name: "c", items: null });
    const prior = record({ list: [c, b] });
    const alignments: Alignments = new Map([
      [pathKey([{ attribute: "list" }]), [b, null, c]],
      [pathKey([{ attribute: "list" }, { index: 0 }, { attribute: "items" }]), [one, two]],
    ]);
    const aligned = alignPrior(attributes, prior, alignments);
    const list = aligned.list as (TfRecord | null)[];
    assert.deepEqual(
      list.map((e) => e?.name ?? null),
      ["b", null, "c"],
    );
    assert.deepEqual(
      (list[0]?.items as TfRecord[]).map((e) => e.v),
      ["1", "2"],
    );
    assert.equal(alignPrior(attributes, prior, new Map()), prior, "nothing aligned: the prior itself");
  });
});

describe("planResource: the later plan steps see the same pairing", () => {
  // A service-chosen zone, a read-only token kept with UseStateForUnknown, a JSON document.
  const memberAttributes: Attributes = {
    name: a.string("Name", { required: true }),
    hashed: a.bool("Hashed", { optional: true, computed: true }),
    zone: a.string("Zone", { optional: true, computed: true }),
    token: a.string("Token", { computed: true, planModifiers: [a.useStateForUnknown()] }),
    doc: a.json("Doc", { optional: true }),
  };
  const definition = definitionOf({
    members: a.listNested("Members", { required: true, planModifiers: [a.multiset()] }, memberAttributes),
  });
  const member = (values: Record<string, TfValue>): TfRecord =>
    record({ name: null, hashed: null, zone: null, token: null, doc: null, ...values });
  // The service's order; a's document in the service's spelling.
  const priorState = record({
    id: "x",
    members: [
      member({ name: "a", hashed: true, zone: "za", token: "ta", doc: '{ "k": "a" }' }),
      member({ name: "q", hashed: false, zone: "zq", token: "tq" }),
      member({ name: "z", hashed: false, zone: "zz", token: "tz" }),
    ],
  });
  // z changes, a is unchanged (its document in another spelling), q is removed, n is added.
  const config = record({
    id: null,
    members: [
      member({ name: "z", hashed: true }),
      member({ name: "a", doc: '{"k":"a"}' }),
      member({ name: "n" }),
    ],
  });

  test("no neighbour's values, and a plan Terraform accepts", () => {
    const result = planResource({
      definition,
      prior: priorState,
      proposed: proposedNewState(definition.attributes, priorState, config),
      config,
    });
    assert.deepEqual(result.requiresReplace, []);
    assert.deepEqual(
      planViolations({ definition, config, prior: priorState, planned: result.planned, requiresReplace: [] }),
      [],
    );
    const [z, a2, n] = (result.planned as TfRecord).members as TfRecord[];
    assert.deepEqual([z?.name, z?.hashed, z?.zone, z?.token], ["z", true, "zz", "tz"]);
    assert.deepEqual([a2?.name, a2?.hashed, a2?.zone, a2?.token], ["a", true, "za", "ta"]);
    assert.equal(a2?.doc, '{"k":"a"}', "as configured: at index 1 the prior element (q) has no document");
    assert.equal(n?.name, "n");
    assert.ok(
      isUnknown(n?.token),
      "known after apply, not the token of z, which sits at index 2 in the prior",
    );
    assert.ok(isUnknown(n?.hashed));
  });
});

describe("an unordered nested list the service sorts and fills in, through the emulator", () => {
  const TYPE = "AWS::EntityResolution::SchemaMapping";
  let h: RuntimeHarness;
  let definition: ResourceDefinition;
  let fields: Attributes;
  before(async () => {
    // The service answers insertionOrder-false arrays sorted by their JSON text.
    h = await startRuntime({ realism: ["order"] });
    definition = await loadResource("awscc_entityresolution_schema_mapping");
    const type = definition.attributes.mapped_input_fields?.type;
    assert.ok(type && type.kind === "listNested");
    fields = type.attributes;
  });
  after(async () => {
    await h.close();
  });
  afterEach(() => h.emulator.control.reset());

  const configWith = (hashedFirst: boolean | null): TfRecord =>
    objectOf(definition.attributes, {
      schema_name: "people",
      mapped_input_fields: [
        objectOf(fields, { field_name: "zfirst", type: "NAME_FIRST", hashed: hashedFirst }),
        objectOf(fields, { field_name: "mmiddle", type: "NAME_MIDDLE" }),
        objectOf(fields, { field_name: "alast", type: "NAME_LAST" }),
      ],
    });

  /** The service's defaults for Hashed, which the configuration leaves out: true for zfirst, false for alast. */
  const SERVICE_HASHED: Record<string, boolean> = { zfirst: true, alast: false };
  function addServiceDefaults(): void {
    const stored = h.emulator.control.getResource(TYPE, "people");
    assert.ok(stored);
    const mapped = (stored.properties.MappedInputFields as JsonObject[]).map((f) => {
      const hashed = SERVICE_HASHED[String(f.FieldName)];
      return hashed === undefined ? f : { ...f, Hashed: hashed };
    });
    h.emulator.control.driftUpdate(TYPE, "people", {
      properties: { ...stored.properties, MappedInputFields: mapped },
    });
  }

  test("imported in the service's order with its defaults: the plan is empty, and a real change still plans", async () => {
    const sim = h.sim(definition);
    const config = configWith(null);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "");
    addServiceDefaults();

    const imported = await sim.importId("people");
    assert.equal(errorsOf(imported.diagnostics), "");
    const importedFields = (imported.state as TfRecord).mapped_input_fields as TfRecord[];
    assert.deepEqual(
      importedFields.map((f) => [f.field_name, f.hashed]),
      [
        ["alast", false],
        ["mmiddle", null],
        ["zfirst", true],
      ],
      "the service's order, not the configured one, and its defaults",
    );
    const plan = await sim.plan(config, imported.state);
    assert.equal(errorsOf(plan.diagnostics), "");
    assert.deepEqual(plan.requiresReplace, []);
    assert.equal(plan.action, "noop");

    // Setting a member to another value than the service's is still a change.
    const update = await sim.plan(configWith(false), imported.state);
    assert.equal(errorsOf(update.diagnostics), "");
    assert.equal(update.action, "update");
  });

  test("refreshed after the service filled in its defaults: the plan is empty", async () => {
    const sim = h.sim(definition);
    const config = configWith(null);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "");
    addServiceDefaults();
    const read = await sim.read(created.state);
    assert.equal(errorsOf(read.diagnostics), "");
    assert.equal((await sim.plan(config, read.state)).action, "noop");
  });
});

describe("a change to one element of an imported unordered list, through the emulator (order and defaults)", () => {
  const TYPE = "AWS::EntityResolution::SchemaMapping";
  let h: RuntimeHarness;
  let definition: ResourceDefinition;
  let fields: Attributes;
  let client: CloudControlClient;
  before(async () => {
    // Sorted answers, and the service's own values for members left out.
    h = await startRuntime({ realism: ["order", "defaults"] });
    client = new CloudControlClient({
      endpoint: h.emulator.url,
      region: "us-east-1",
      credentials: { accessKeyId: "any", secretAccessKey: "any" },
    });
    definition = await loadResource("awscc_entityresolution_schema_mapping");
    const type = definition.attributes.mapped_input_fields?.type;
    assert.ok(type && type.kind === "listNested");
    fields = type.attributes;
  });
  after(async () => {
    client.destroy();
    await h.close();
  });
  afterEach(() => h.emulator.control.reset());

  const configWith = (hashedFirst: boolean | null): TfRecord =>
    objectOf(definition.attributes, {
      schema_name: "people",
      mapped_input_fields: [
        objectOf(fields, { field_name: "zfirst", type: "NAME_FIRST", hashed: hashedFirst }),
        objectOf(fields, { field_name: "mmiddle", type: "NAME_MIDDLE" }),
        objectOf(fields, { field_name: "alast", type: "NAME_LAST" }),
      ],
    });
  const byName = (list: TfValue): Map<string, TfRecord> =>
    new Map((list as TfRecord[]).map((f) => [String(f.field_name), f]));

  test("the plan changes that element only, the others keep their own service values; applied, the next plan is empty", async () => {
    const sim = h.sim(definition);
    const created = await sim.applyConfig(configWith(null), null);
    assert.equal(errorsOf(created.diagnostics), "");
    // The service chose Hashed per field: true for zfirst, false for the others.
    const stored = h.emulator.control.getResource(TYPE, "people");
    assert.ok(stored);
    const chosen = (stored.properties.MappedInputFields as JsonObject[]).map((f) => ({
      ...f,
      Hashed: f.FieldName === "zfirst",
    }));
    h.emulator.control.driftUpdate(TYPE, "people", {
      properties: { ...stored.properties, MappedInputFields: chosen },
    });

    const imported = await sim.importId("people");
    assert.equal(errorsOf(imported.diagnostics), "");
    const importedFields = (imported.state as TfRecord).mapped_input_fields as TfRecord[];
    assert.deepEqual(
      importedFields.map((f) => f.field_name),
      ["alast", "mmiddle", "zfirst"],
      "the service's order",
    );

    const config = configWith(false);
    const plan = await sim.plan(config, imported.state);
    assert.equal(errorsOf(plan.diagnostics), "");
    assert.equal(plan.action, "update");
    assert.deepEqual(plan.requiresReplace, []);
    const planned = byName((plan.planned as TfRecord).mapped_input_fields ?? null);
    const prior = byName(importedFields);
    // Each element as the service has it (a member it left null may be planned unknown, as on any
    // update), but for the one change.
    const asTheServiceHasIt = (name: string, change: Record<string, TfValue> = {}): void => {
      const element = planned.get(name);
      const own = { ...prior.get(name), ...change };
      assert.ok(element, name);
      for (const member of Object.keys(own)) {
        const value: TfValue = element[member] ?? null;
        if (own[member] === null && isUnknown(value)) continue;
        assert.deepEqual(value, own[member], `${name}.${member}`);
      }
    };
    asTheServiceHasIt("zfirst", { hashed: false });
    asTheServiceHasIt("mmiddle");
    asTheServiceHasIt("alast");
    assert.equal(prior.get("alast")?.hashed, false);

    // The object as the service answers it, which the update's patch is computed against.
    const answer = await client.send(new GetResourceCommand({ TypeName: TYPE, Identifier: "people" }));
    const remote = JSON.parse(answer.ResourceDescription?.Properties ?? "{}") as JsonObject;
    h.emulator.control.clearCalls();
    const applied = await sim.apply(imported.state, plan.planned, config);
    assert.equal(errorsOf(applied.diagnostics), "");
    const patch = h.emulator.control.calls({ operation: "UpdateResource" }).at(-1)?.input.PatchDocument;
    assert.ok(typeof patch === "string");
    // What the provider asks for: that object, patched, has each field with its own Hashed.
    const { newDocument } = jsonpatch.applyPatch(
      structuredClone(remote),
      JSON.parse(patch) as Operation[],
      false,
      false,
    );
    const hashed = Object.fromEntries(
      (newDocument.MappedInputFields as JsonObject[]).map((f) => [f.FieldName, f.Hashed ?? null]),
    );
    assert.deepEqual(
      hashed,
      { zfirst: false, mmiddle: prior.get("mmiddle")?.hashed ?? null, alast: false },
      patch,
    );
    assert.equal((await sim.plan(config, applied.state)).action, "noop");
  });
});

describe("a multiset list in the service's order while something else changes", () => {
  // The shape of awscc_customerprofiles_event_trigger.event_trigger_conditions' dimensions: after
  // an import the service's order, where the elements at each index differ in their nested lists.
  const operation = {
    operator: a.string("Operator", { required: true }),
    source: a.string("Source", { optional: true, computed: true }),
  };
  const dimensionAttributes: Attributes = {
    operations: {
      ...a.listNested("Operations", { required: true }, operation),
      planModifiers: [a.multiset()],
    },
  };
  const definition = definitionOf({
    label: a.string("Label", { optional: true }),
    dimensions: {
      ...a.listNested("Dimensions", { required: true }, dimensionAttributes),
      planModifiers: [a.multiset()],
    },
  });
  const op = (operator: string, source: TfValue) => record({ operator, source });
  const dimension = (...operations: TfRecord[]) => record({ operations });

  test("stays the prior value whole: no unknowns marked by position, a plan Terraform accepts", () => {
    const prior = objectOf(definition.attributes, {
      label: null,
      id: "x",
      dimensions: [
        dimension(op("CONTAINS", null)),
        dimension(op("CONTAINS", null), op("EXCLUSIVE", "filled")),
      ],
    });
    const config = objectOf(definition.attributes, {
      label: "changed",
      dimensions: [dimension(op("EXCLUSIVE", null), op("CONTAINS", null)), dimension(op("CONTAINS", null))],
    });
    const proposed = proposedNewState(definition.attributes, prior, config);
    const { planned } = planResource({ definition, prior, proposed, config, configuredBefore: null });
    assert.deepEqual(planViolations({ definition, config, prior, planned, requiresReplace: [] }), []);
    assert.equal((planned as TfRecord).label, "changed");
    assert.deepEqual((planned as TfRecord).dimensions, prior.dimensions);
  });

  test("in the configuration's order, its members are planned as usual", () => {
    const prior = objectOf(definition.attributes, {
      label: null,
      id: "x",
      dimensions: [
        dimension(op("EXCLUSIVE", "filled"), op("CONTAINS", null)),
        dimension(op("CONTAINS", null)),
      ],
    });
    const config = objectOf(definition.attributes, {
      label: "changed",
      dimensions: [dimension(op("EXCLUSIVE", null), op("CONTAINS", null)), dimension(op("CONTAINS", null))],
    });
    const proposed = proposedNewState(definition.attributes, prior, config);
    const { planned } = planResource({ definition, prior, proposed, config, configuredBefore: null });
    const operations = ((planned as TfRecord).dimensions as TfRecord[])[1]?.operations as TfRecord[];
    assert.ok(isUnknown(operations[0]?.source), "a computed member left null may change with the update");
  });
});
