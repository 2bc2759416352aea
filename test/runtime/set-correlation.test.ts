// Set elements have no address: planning pairs them with configured and prior elements
// (correlateElements), and after an apply each planned element with unknowns takes them from the
// filled element that agrees with it (keepPlannedKnowns). Both try only candidates that share the
// values of the members every element knows (known-members-key.ts); checked here against trying
// every candidate, on random sets full of unknowns and nulls, and on a long set in reverse.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seededRandom } from "../../emulator/realism/seeded.js";
import { keepPlannedKnowns } from "../../runtime/apply/keep-planned.js";
import { compatibleValues, correlateElements } from "../../runtime/state/correlate.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes } from "../../terraform/schema/types.js";
import { impliedObjectType } from "../../terraform/values/implied-type.js";
import {
  makeRecord,
  type TfRecord,
  type TfValue,
  Unknown,
  UNKNOWN,
  valueEquals,
} from "../../terraform/values/value.js";

const o = { optional: true } as const;
const selector: Attributes = {
  name: a.string("Name", o),
  port: a.int64("Port", o),
  zones: a.set("Zones", a.elem.string, o),
  fields: a.setNested("Fields", o, { field: a.string("Field", o) }),
  arn: a.string("Arn", { computed: true }),
};
const selectorType = impliedObjectType(selector);
const REFINED = new Unknown({ notNull: true });

type Random = () => number;
const pick = <T>(random: Random, options: readonly T[]): T =>
  options[Math.floor(random() * options.length)] as T;
const fieldsOf = (...names: string[]): TfValue => names.map((field) => makeRecord([["field", field]]));

function randomSelector(random: Random, unknowns: boolean): TfRecord {
  const maybeUnknown = <T extends TfValue>(value: T): TfValue =>
    unknowns && random() < 0.3 ? UNKNOWN : value;
  return makeRecord([
    ["name", maybeUnknown(pick(random, ["a", "b", null]))],
    ["port", pick(random, [1, 2])],
    ["zones", maybeUnknown(pick(random, [null, ["1a"], ["1a", "1b"]]))],
    [
      "fields",
      pick(random, [
        null,
        fieldsOf("x"),
        fieldsOf("x", "y"),
        ...(unknowns ? [[makeRecord([["field", UNKNOWN]])], [makeRecord([["field", REFINED]])]] : []),
      ]),
    ],
    ["arn", unknowns && random() < 0.8 ? UNKNOWN : pick(random, ["arn-1", "arn-2"])],
  ]);
}

/** The pairing as it was: every untaken candidate tried, equal ones first, then compatible ones. */
function correlateByTrying(targets: readonly TfValue[], candidates: readonly TfValue[]): number[] {
  const used = new Array<boolean>(candidates.length).fill(false);
  const partners = new Array<number>(targets.length).fill(-1);
  for (const matches of [
    (c: TfValue, t: TfValue) => valueEquals(selectorType, c, t, { ignoreRefinements: true }),
    (c: TfValue, t: TfValue) => compatibleValues(selectorType, c, t),
  ])
    targets.forEach((target, t) => {
      if (partners[t] !== -1) return;
      const index = candidates.findIndex((candidate, c) => !used[c] && matches(candidate, target));
      if (index < 0) return;
      used[index] = true;
      partners[t] = index;
    });
  return partners;
}

describe("set elements paired through the members every element knows", () => {
  test("correlateElements pairs as trying every candidate did (3,000 random sets)", () => {
    const random = seededRandom(41);
    for (let n = 0; n < 3000; n++) {
      const targets = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        randomSelector(random, true),
      );
      const candidates = Array.from({ length: Math.floor(random() * 6) }, () =>
        randomSelector(random, false),
      );
      assert.deepEqual(
        correlateElements(selector, targets, candidates),
        correlateByTrying(targets, candidates),
        JSON.stringify({ targets, candidates }),
      );
    }
  });

  test("a long set filled in reverse: each planned element takes its own element's unknowns", () => {
    const attributes: Attributes = { selectors: a.setNested("Selectors", o, selector) };
    const planned = Array.from({ length: 500 }, (_, i) =>
      makeRecord([
        ["name", `s${i}`],
        ["port", i],
        ["zones", ["1a"]],
        ["fields", fieldsOf(`f${i}`)],
        ["arn", UNKNOWN],
      ]),
    );
    const filled = planned
      .map((element, i) =>
        makeRecord([...Object.entries(element), ["arn", `arn-${i}`]] as [string, TfValue][]),
      )
      .reverse();
    const kept = keepPlannedKnowns(
      attributes,
      makeRecord([["selectors", planned]]),
      makeRecord([["selectors", filled]]),
    ) as TfRecord;
    assert.deepEqual(
      (kept.selectors as TfRecord[]).map((element) => [element.name, element.arn]),
      planned.map((_, i) => [`s${i}`, `arn-${i}`]),
    );
  });
});
