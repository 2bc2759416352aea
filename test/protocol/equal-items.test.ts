// EqualItems (value.ts): pairing values with equal list items by keying each item once, as the
// multiset rule, write-only carry-over and set correlation do; it must pair exactly as comparing
// item by item with valueEquals would, taking the first untaken equal item.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CtyType } from "../../terraform/values/cty-type.js";
import { EqualItems, makeRecord, Unknown, valueEquals, type TfValue } from "../../terraform/values/value.js";
import { multisetPlanValue } from "../../runtime/state/multiset.js";

const rule: CtyType = {
  kind: "object",
  attributes: { port: { kind: "number" }, cidrs: { kind: "set", element: { kind: "string" } } },
};
const ruleOf = (port: number, cidrs: string[]): TfValue =>
  makeRecord([
    ["port", port],
    ["cidrs", cidrs],
  ]);

/** The pairing by comparing item against item, as the code did before keying. */
function pairByComparing(type: CtyType, items: readonly TfValue[], values: readonly TfValue[]): number[] {
  const used = new Array<boolean>(items.length).fill(false);
  return values.map((value) => {
    const index = items.findIndex((item, i) => !used[i] && valueEquals(type, item, value));
    if (index >= 0) used[index] = true;
    return index;
  });
}

describe("EqualItems", () => {
  test("takes the first untaken equal item, each once, as comparing item by item does", () => {
    const items = [ruleOf(22, ["a", "b"]), ruleOf(80, ["c"]), ruleOf(22, ["b", "a"]), null, ruleOf(443, [])];
    const values = [
      ruleOf(22, ["b", "a"]),
      ruleOf(22, ["a", "b"]),
      ruleOf(22, ["a", "b"]),
      null,
      ruleOf(80, ["c"]),
      ruleOf(8080, []),
    ];
    const equal = new EqualItems(rule, items);
    const keyed = values.map((v) => equal.take(v));
    assert.deepEqual(keyed, [0, 2, -1, 3, 1, -1]);
    assert.deepEqual(keyed, pairByComparing(rule, items, values));
  });

  test("unknowns match by their refinements unless told to ignore them", () => {
    const refined = new Unknown({ notNull: true });
    assert.equal(new EqualItems({ kind: "string" }, [refined]).take(new Unknown()), -1);
    assert.equal(
      new EqualItems({ kind: "string" }, [refined], { ignoreRefinements: true }).take(new Unknown()),
      0,
    );
  });
});

describe("multisetPlanValue with keyed items", () => {
  const type: CtyType = { kind: "list", element: rule };
  const prior = [ruleOf(22, ["a"]), ruleOf(80, ["b"]), ruleOf(22, ["a"])];

  test("the same items in another order keep the prior; repeats must repeat as often", () => {
    assert.equal(
      multisetPlanValue(type, [ruleOf(22, ["a"]), ruleOf(22, ["a"]), ruleOf(80, ["b"])], prior),
      prior,
    );
    const planned = [ruleOf(22, ["a"]), ruleOf(80, ["b"]), ruleOf(80, ["b"])];
    assert.equal(multisetPlanValue(type, planned, prior), planned);
  });

  test("a long list in reverse order is still the same multiset", () => {
    const long = Array.from({ length: 500 }, (_, i) => ruleOf(i, [`10.0.${i % 250}.0/24`]));
    assert.equal(multisetPlanValue(type, [...long].reverse(), long), long);
  });
});
