// The plan step for read-only members of list elements (runtime/plan/regenerated-members.ts): an
// element the update writes again gets them from the service, so the plan leaves them unknown. An
// ordered list is patched element by element; a list kept in no order is sent whole when it
// changes, so every element of it is written again.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readOnlyElementMembers, unknownRegeneratedMembers } from "../../runtime/plan/regenerated-members.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes } from "../../terraform/schema/types.js";
import { isUnknown, makeRecord, type TfRecord, type TfValue, UNKNOWN } from "../../terraform/values/index.js";
import { definitionOf } from "./fixtures.js";

const item: Attributes = {
  name: a.string("Name", { required: true }),
  arn: a.string("Arn", { optional: true, computed: true }),
};
const element = (name: string, arn: TfValue = null): TfRecord =>
  makeRecord([
    ["name", name],
    ["arn", arn],
  ]);

function plannedArns(ordered: boolean, prior: TfRecord[], planned: TfRecord[]): TfValue[] {
  const definition = definitionOf(
    {
      items: a.listNested("Items", { required: true, planModifiers: ordered ? [] : [a.multiset()] }, item),
    },
    { readOnlyProperties: ["/properties/Items/*/Arn"] },
  );
  const config = makeRecord([["items", planned.map((e) => element(String(e.name)))]]);
  const result = unknownRegeneratedMembers(
    definition.attributes,
    makeRecord([["items", planned]]),
    config,
    makeRecord([["items", prior]]),
    readOnlyElementMembers(definition),
  );
  return (result.items as TfRecord[]).map((e) => e.arn ?? null);
}

describe("read-only members of rewritten list elements", () => {
  const prior = [element("a", "arn:a")];
  // Earlier plan steps left the added element's computed member unknown.
  const planned = [element("a", "arn:a"), element("b", UNKNOWN)];

  test("ordered list: the element left as it was keeps its value (the patch adds the other)", () => {
    const arns = plannedArns(true, prior, planned);
    assert.equal(arns[0], "arn:a");
  });

  test("unordered list that changes: every element is sent again, every value unknown", () => {
    const arns = plannedArns(false, prior, planned);
    assert.ok(arns.every(isUnknown), JSON.stringify(arns));
  });

  test("unordered list that does not change: nothing is sent, the values stay", () => {
    assert.deepEqual(plannedArns(false, prior, [element("a", "arn:a")]), ["arn:a"]);
  });
});
