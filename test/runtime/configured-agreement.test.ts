// configuredAgreement (configured-agreement.ts) and the shortlists by key members (unordered-list.ts)
// let pairing skip planning a configured element against a prior element that it cannot plan equal
// to. They must never skip one that would: checked
// against the plan itself on random pairs. The oracle is an ordered list of one element, which the
// plan shapes by position from the prior element (as pairing shapes a candidate): wherever that
// plans the element equal to the prior one, the agreement must hold.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seededRandom } from "../../emulator/realism/seeded.js";
import { configuredAgreement } from "../../runtime/plan/configured-agreement.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import { shortlistsByKeyMembers } from "../../runtime/plan/unordered-list.js";
import * as a from "../../terraform/schema/define.js";
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { impliedObjectType } from "../../terraform/values/implied-type.js";
import { makeRecord, type TfRecord, type TfValue, valueEquals } from "../../terraform/values/value.js";
import { definitionOf } from "./fixtures.js";
import { proposedNewState } from "./terraform.js";

const o = { optional: true } as const;
const oc = { optional: true, computed: true } as const;
const multiset = (attribute: Attribute): Attribute => ({
  ...attribute,
  planModifiers: [{ kind: "multiset" }],
});
const entry: Attributes = { key: a.string("Key", o), value: a.string("Value", oc) };
const element: Attributes = {
  name: a.string("Name", o),
  port: a.int64("Port", oc),
  mode: a.string("Mode", { optional: true, default: "fast" }),
  policy: a.json("Policy", o),
  labels: a.list("Labels", a.elem.string, o),
  zones: multiset(a.list("Zones", a.elem.string, o)),
  settings: a.object("Settings", oc, { level: a.string("Level", o), note: a.string("Note", oc) }),
  entries: multiset(a.listNested("Entries", o, entry)),
  steps: a.listNested("Steps", o, entry),
  byName: a.mapNested("ByName", o, entry),
  statement: a.structuredJson("Statement", o),
  statements: a.list("Statements", a.elem.structuredJson, o),
};
const elementType = impliedObjectType(element);
const definition = definitionOf({ items: a.listNested("Items", o, element) });

type Random = () => number;
const pick = <T>(random: Random, options: readonly T[]): T =>
  options[Math.floor(random() * options.length)] as T;

const policies = [
  '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}',
  '{"Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":"*"}]}',
  '{"a": 1}',
  '{"a":1}',
];
// Structured JSON as configured, and as a service may answer it: with members of its own filled in,
// which a plan without a record of the configuration (after an import) keeps (structured-json.ts).
const thinStatement = '{"Match":{"Header":"h"},"Priority":1}';
const statements = [thinStatement, '{"Match":{"Header":"h","Mode":"EXACT"},"Priority":"1"}'];
const entryOf = (key: string, value: TfValue): TfRecord =>
  makeRecord([
    ["key", key],
    ["value", value],
  ]);

/** A prior element as the service holds it: every computed member known. */
function priorElement(random: Random): TfRecord {
  return makeRecord([
    ["name", pick(random, ["a", "b", null])],
    ["port", pick(random, [1, 2])],
    ["mode", pick(random, ["fast", "slow"])],
    ["policy", pick(random, [...policies, null])],
    ["labels", pick(random, [null, ["x"], ["x", "y"], ["y", "x"]])],
    ["zones", pick(random, [null, ["1a", "1b"], ["1b", "1a"]])],
    [
      "settings",
      pick(random, [
        makeRecord([
          ["level", "hi"],
          ["note", "n"],
        ]),
        makeRecord([
          ["level", null],
          ["note", "n"],
        ]),
      ]),
    ],
    ["entries", pick(random, [null, [entryOf("k", "v")], [entryOf("k", "v"), entryOf("j", "w")]])],
    ["steps", pick(random, [null, [entryOf("k", "v")], [entryOf("k", "v"), entryOf("j", "w")]])],
    ["byName", pick(random, [null, makeRecord([["k", entryOf("k", "v")]])])],
    ["statement", pick(random, [...statements, null])],
    ["statements", pick(random, [null, ...statements.map((s) => [s])])],
  ]);
}

/** A configuration element near `prior`: members left out, respelled, reordered or changed at random. */
function configuredNear(random: Random, prior: TfRecord): TfRecord {
  const vary = (name: string, value: TfValue): TfValue => {
    const roll = random();
    if (roll < 0.2) return null;
    if (roll < 0.3) return priorElement(random)[name] ?? null;
    if (Array.isArray(value) && roll < 0.5) return [...value].reverse();
    if (name === "settings" && value !== null)
      return makeRecord([["level", (value as TfRecord).level ?? null]]);
    if (name === "statement" && value !== null && roll < 0.7) return thinStatement;
    if (name === "statements" && value !== null && roll < 0.7) return [thinStatement];
    if (name === "entries" || name === "steps")
      return Array.isArray(value) ? value.map((e) => entryOf((e as TfRecord).key as string, null)) : value;
    return value;
  };
  return makeRecord(Object.keys(element).map((name) => [name, vary(name, prior[name] ?? null)]));
}

describe("configuredAgreement", () => {
  test("holds wherever the plan keeps the prior element (4,000 random pairs)", () => {
    const random = seededRandom(31);
    const agrees = configuredAgreement(element);
    let kept = 0;
    let rejected = 0;
    for (let i = 0; i < 4000; i++) {
      const priorItem = priorElement(random);
      const configItem = configuredNear(random, priorItem);
      const prior = makeRecord([
        ["items", [priorItem]],
        ["id", "x"],
      ]);
      const config = makeRecord([
        ["items", [configItem]],
        ["id", null],
      ]);
      const proposed = proposedNewState(definition.attributes, prior, config);
      const { planned } = planResource({ definition, prior, proposed, config });
      const plannedItem = ((planned as TfRecord).items as TfValue[])[0] ?? null;
      const agreement = agrees(configItem, priorItem);
      if (!agreement) rejected++;
      if (valueEquals(elementType, plannedItem, priorItem)) {
        kept++;
        assert.ok(agreement, JSON.stringify({ configItem, priorItem }));
        assert.deepEqual(
          shortlistsByKeyMembers(element, [configItem], [priorItem], true, true),
          [[0]],
          `shortlisted: ${JSON.stringify({ configItem, priorItem })}`,
        );
      }
    }
    assert.ok(kept > 300, `too few kept elements to say anything: ${kept}`);
    assert.ok(rejected > 1000, `too few pairs ruled out to be of use: ${rejected}`);
  });

  test("shortlists narrow by scalars inside nested objects and by relation keys", () => {
    const withSettings = (level: string, policy: string): TfRecord =>
      makeRecord(
        Object.keys(element).map((name) => [
          name,
          name === "settings"
            ? makeRecord([
                ["level", level],
                ["note", null],
              ])
            : name === "policy"
              ? policy
              : null,
        ]),
      );
    const [versioned, unversioned, other] = policies as [string, string, string];
    const prior = [withSettings("lo", versioned), withSettings("hi", other), withSettings("hi", versioned)];
    // The same policy without its Version means the same: the third prior element is the one.
    assert.deepEqual(shortlistsByKeyMembers(element, [withSettings("hi", unversioned)], prior, true, true), [
      [2],
    ]);
    // Without allKeys only top-level plain scalars count (none set here): every prior element.
    assert.deepEqual(shortlistsByKeyMembers(element, [withSettings("hi", unversioned)], prior, true), [
      [0, 1, 2],
    ]);
  });
  test("shortlists narrow by the scalars of nested lists' elements, in no order", () => {
    const withEntries = (keys: readonly string[]): TfRecord =>
      makeRecord(
        Object.keys(element).map((name) => [
          name,
          name === "entries"
            ? keys.map((k) => entryOf(k, null))
            : name === "steps"
              ? keys.map((k) => entryOf(k, "v"))
              : null,
        ]),
      );
    const prior = [withEntries(["a"]), withEntries(["b", "a"]), withEntries(["a", "b"]), withEntries(["b"])];
    // value is left null in entries (not a key there) but set in steps: both lists key by their keys.
    assert.deepEqual(shortlistsByKeyMembers(element, [withEntries(["a", "b"])], prior, true, true), [[1, 2]]);
    // An empty list keys nothing (a service answers [] for a list never set): every prior element.
    assert.deepEqual(shortlistsByKeyMembers(element, [withEntries([])], prior, true, true), [[0, 1, 2, 3]]);
  });
});
