// pairWithPlanned asks whether a planned element fits a fetched one only within groups sharing the
// values of the members every element knows (knownMembersKey). That must pair exactly as asking
// every planned element about every fetched one did: checked against that dense pairing on random
// lists full of unknowns, nulls and look-alikes, and on a long list answered in reverse.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seededRandom } from "../../emulator/realism/seeded.js";
import { pairWithPlanned } from "../../runtime/apply/pair-with-planned.js";
import { knownMembersKey, PRIMITIVE_KINDS } from "../../runtime/state/known-members-key.js";
import { compatibleValues } from "../../runtime/state/correlate.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes } from "../../terraform/schema/types.js";
import { impliedObjectType } from "../../terraform/values/implied-type.js";
import { makeRecord, type TfValue, UNKNOWN, valueEquals } from "../../terraform/values/value.js";

const oc = { optional: true, computed: true } as const;
const rule: Attributes = {
  protocol: a.string("Protocol", oc),
  port: a.int64("Port", oc),
  cidr: a.string("Cidr", oc),
  arn: a.string("Arn", { computed: true }),
};
const ruleType = impliedObjectType(rule);
// Flat elements: fitting is every member compatible (the walk into nested lists is not needed here).
const fits = (planned: TfValue, fetched: TfValue): boolean => compatibleValues(ruleType, planned, fetched);

/** The pairing as it was: a full matrix of fits, the same rules applied over it. */
function densePairing(planned: readonly TfValue[], fetched: readonly TfValue[]): number[] {
  const partners = new Array<number>(planned.length).fill(-1);
  const used = new Array<boolean>(fetched.length).fill(false);
  planned.forEach((item, i) => {
    const j = fetched.findIndex((candidate, k) => !used[k] && valueEquals(ruleType, item, candidate));
    if (j < 0) return;
    partners[i] = j;
    used[j] = true;
  });
  const matrix = planned.map((item, i) =>
    fetched.map((candidate, j) => partners[i] === -1 && !used[j] && fits(item, candidate)),
  );
  const choices = matrix.map((row) => row.filter(Boolean).length);
  const forced: number[] = [];
  choices.forEach((n, i) => n === 1 && forced.push(i));
  const take = (i: number, j: number): void => {
    partners[i] = j;
    used[j] = true;
    matrix.forEach((row, k) => {
      if (partners[k] !== -1 || !row[j]) return;
      choices[k] = (choices[k] as number) - 1;
      if (choices[k] === 1) forced.push(k);
    });
  };
  const freeFit = (i: number): number => matrix[i]?.findIndex((fit, j) => fit && !used[j]) ?? -1;
  const takeForced = (): void => {
    for (let i = forced.shift(); i !== undefined; i = forced.shift())
      if (partners[i] === -1 && choices[i] === 1) take(i, freeFit(i));
  };
  takeForced();
  planned.forEach((_, i) => {
    if (partners[i] !== -1 || choices[i] === 0) return;
    take(i, matrix[i]?.[i] === true && !used[i] ? i : freeFit(i));
    takeForced();
  });
  const leftPlanned = planned.flatMap((_, i) => (partners[i] === -1 ? [i] : []));
  const leftFetched = fetched.flatMap((_, j) => (used[j] ? [] : [j]));
  if (leftPlanned.length === 1 && leftFetched.length === 1)
    partners[leftPlanned[0] as number] = leftFetched[0] as number;
  return partners;
}

type Random = () => number;
const pick = <T>(random: Random, options: readonly T[]): T =>
  options[Math.floor(random() * options.length)] as T;

describe("pairWithPlanned", () => {
  test("pairs as the dense matrix did (3,000 random lists)", () => {
    const random = seededRandom(21);
    let grouped = 0;
    for (let n = 0; n < 3000; n++) {
      // Some lists leave a member unknown or null throughout, some only here and there.
      const sometimesUnknown = random() < 0.5;
      const plannedRule = (): TfValue =>
        makeRecord([
          ["protocol", pick(random, ["tcp", "udp"])],
          ["port", sometimesUnknown && random() < 0.3 ? UNKNOWN : pick(random, [22, 80, 443])],
          ["cidr", pick(random, ["a", "b", null, UNKNOWN])],
          ["arn", random() < 0.9 ? UNKNOWN : pick(random, ["arn-1", "arn-2"])],
        ]);
      const fetchedRule = (): TfValue =>
        makeRecord([
          ["protocol", pick(random, ["tcp", "udp"])],
          ["port", pick(random, [22, 80, 443])],
          ["cidr", pick(random, ["a", "b", null])],
          ["arn", pick(random, ["arn-1", "arn-2", "arn-3"])],
        ]);
      const planned = Array.from({ length: 1 + Math.floor(random() * 6) }, plannedRule);
      const fetched = Array.from({ length: planned.length + Math.floor(random() * 2) }, fetchedRule);
      if (knownMembersKey(rule, [...planned, ...fetched], PRIMITIVE_KINDS)(planned[0] ?? null) !== "")
        grouped++;
      assert.deepEqual(
        pairWithPlanned(rule, planned, fetched),
        densePairing(planned, fetched),
        JSON.stringify({ planned, fetched }),
      );
    }
    assert.ok(grouped > 1000, `too few lists where groups narrow the search: ${grouped}`);
  });

  test("a long list answered in reverse with a member filled in pairs each element with its own", () => {
    const planned = Array.from({ length: 600 }, (_, i) =>
      makeRecord([
        ["protocol", "tcp"],
        ["port", 1000 + i],
        ["cidr", null],
        ["arn", UNKNOWN],
      ]),
    );
    const fetched = planned
      .map((_, i) =>
        makeRecord([
          ["protocol", "tcp"],
          ["port", 1000 + i],
          ["cidr", "0.0.0.0/0"],
          ["arn", `arn-${i}`],
        ]),
      )
      .reverse();
    assert.deepEqual(
      pairWithPlanned(rule, planned, fetched),
      planned.map((_, i) => 599 - i),
    );
  });
});
