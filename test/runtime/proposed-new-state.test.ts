// The test simulator's merge of prior state and configuration (terraform.ts), where the runtime's
// plans start: it has to pair set elements the way Terraform does, or a sweep reports plans the
// provider never sees.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as a from "../../terraform/schema/define.js";
import { isRecord, makeRecord, type TfValue } from "../../terraform/values/index.js";
import { proposedNewState } from "./terraform.js";

const optionalComputed = { optional: true, computed: true } as const;
const attributes = {
  rules: a.setNested(
    "Rules",
    { optional: true },
    {
      name: a.string("Name", { optional: true }),
      settings: a.object(
        "Settings",
        { optional: true },
        {
          mode: a.string("Mode", optionalComputed),
          level: a.int64("Level", { optional: true }),
        },
      ),
    },
  ),
};

const rule = (name: string, mode: TfValue, level: TfValue): TfValue =>
  makeRecord([
    ["name", name],
    [
      "settings",
      makeRecord([
        ["mode", mode],
        ["level", level],
      ]),
    ],
  ]);

test("a set element pairs with the prior one whose nested members agree where configured", () => {
  const prior = makeRecord([["rules", [rule("b", "STRICT", 2), rule("a", "LAX", 1)]]]);
  const config = makeRecord([["rules", [rule("a", null, 1)]]]);
  const proposed = proposedNewState(attributes, prior, config);
  assert.ok(isRecord(proposed));
  const [element] = proposed.rules as TfValue[];
  assert.ok(isRecord(element) && isRecord(element.settings));
  assert.equal(element.settings.mode, "LAX", "the computed member left out keeps its prior value");
});

test("a nested member configured otherwise pairs with no prior element", () => {
  const prior = makeRecord([["rules", [rule("a", "LAX", 1)]]]);
  const config = makeRecord([["rules", [rule("a", null, 2)]]]);
  const proposed = proposedNewState(attributes, prior, config);
  assert.ok(isRecord(proposed));
  const [element] = proposed.rules as TfValue[];
  assert.ok(isRecord(element) && isRecord(element.settings));
  assert.equal(element.settings.mode, null);
});
