// The randomized lifecycle's choice of an in-place update (random-lifecycle.ts findUpdate) skips a
// value the state already holds: there the plan rightly changes nothing. SageMaker Cluster under the
// `defaults` realism: the service chose AutoScaling {Mode: Disable, AutoScalerType: Karpenter}, and
// the candidate {mode: Disable} (auto_scaler_type null, default Karpenter) is no change.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as a from "../../terraform/schema/define.js";
import { makeRecord, type TfValue } from "../../terraform/values/index.js";
import { configuredHeldBy } from "./state-compare.js";

const autoScaling = a.object(
  "AutoScaling",
  { optional: true, computed: true },
  {
    auto_scaler_type: a.string("AutoScalerType", { optional: true, computed: true, default: "Karpenter" }),
    mode: a.string("Mode", { optional: true, computed: true }),
    note: a.string("Note", { optional: true }),
  },
);
const value = (mode: TfValue, type: TfValue, note: TfValue = null): TfValue =>
  makeRecord([
    ["auto_scaler_type", type],
    ["mode", mode],
    ["note", note],
  ]);

test("null members take their default, or the state's value where Computed", () => {
  assert.ok(configuredHeldBy(autoScaling, value("Disable", null), value("Disable", "Karpenter")));
  const rules = a.listNested(
    "Rules",
    { optional: true },
    { mode: a.string("Mode", { optional: true, computed: true }) },
  );
  const rule = (mode: TfValue): TfValue => makeRecord([["mode", mode]]);
  assert.ok(configuredHeldBy(rules, [rule(null)], [rule("x")]), "list elements member by member");
});

test("a changed value, a default the state does not hold, or a non-Computed member the state holds is a change", () => {
  assert.ok(!configuredHeldBy(autoScaling, value("Enable", null), value("Disable", "Karpenter")));
  assert.ok(!configuredHeldBy(autoScaling, value("Disable", null), value("Disable", "Other")));
  assert.ok(!configuredHeldBy(autoScaling, value("Disable", null), value("Disable", "Karpenter", "n")));
});
