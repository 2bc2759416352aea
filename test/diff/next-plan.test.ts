// What the change report predicts for the first plan after upgrading (next-plan.ts), per change kind:
// each change comes from diffing a tiny schema pair, so the prediction is tested on what the report
// really emits. test/release/slow/terraform-upgrade.test.ts checks these predictions with the real CLI.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Change } from "../../generator/diff/change.js";
import { diffSchemaSets } from "../../generator/diff/diff-report.js";
import { combinedOutcome, nextPlanText, planEffect, type Usage } from "../../generator/diff/next-plan.js";
import { reportMarkdown } from "../../generator/diff/render-markdown.js";
import { noSuppressions, schema, schemaSet } from "./fixtures.js";

const T = "AWS::Test::Thing";
const props = (extra: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  properties: { Name: { type: "string" }, ...extra },
  ...top,
});

function onlyChange(before: Record<string, unknown>, after: Record<string, unknown>): Change {
  const report = diffSchemaSets(
    schemaSet("old", [schema(T, before)]),
    schemaSet("new", [schema(T, after)]),
    noSuppressions,
  );
  const changes = report.changedTypes[0]!.changes.filter((c) => c.kind !== "handlerPermissionsChanged");
  assert.equal(changes.length, 1, JSON.stringify(changes));
  return changes[0]!;
}

const CONFIGURED: Usage = { configured: true };
const OMITTED: Usage = { configured: false };

describe("the next plan after upgrading, per change kind", () => {
  test("a removed argument: an error where configured, dropped silently otherwise", () => {
    const c = onlyChange(props({ Size: { type: "integer" } }), props({}));
    assert.deepEqual(planEffect(c, CONFIGURED), { outcome: "error", diagnostic: "Unsupported argument" });
    assert.deepEqual(planEffect(c, OMITTED), { outcome: "noChange" });
    assert.match(c.nextPlan ?? "", /Unsupported argument.*dropped from the state/);
  });

  test("a type change: an error where configured, no change otherwise", () => {
    const c = onlyChange(props({ Size: { type: "integer" } }), props({ Size: { type: "string" } }));
    assert.equal(c.kind, "typeChanged");
    assert.deepEqual(planEffect(c, CONFIGURED), {
      outcome: "error",
      diagnostic: "Incorrect attribute value type",
    });
    assert.equal(planEffect(c, OMITTED).outcome, "noChange");
  });

  test("now required: an error where not configured", () => {
    const c = onlyChange(
      props({ Size: { type: "integer" } }),
      props({ Size: { type: "integer" } }, { required: ["Name", "Size"] }),
    );
    assert.equal(c.kind, "requiredAdded");
    assert.deepEqual(planEffect(c, OMITTED), { outcome: "error", diagnostic: "Missing required argument" });
    assert.equal(planEffect(c, CONFIGURED).outcome, "noChange");
  });

  test("a new required argument is missing from every configuration", () => {
    const c = onlyChange(props({}), props({ Size: { type: "integer" } }, { required: ["Name", "Size"] }));
    assert.equal(c.kind, "propertyAdded");
    assert.equal(planEffect(c, OMITTED).outcome, "error");
  });

  test("now create-only: no change now; replacement only when the value changes later", () => {
    const c = onlyChange(
      props({ Size: { type: "integer" } }),
      props(
        { Size: { type: "integer" } },
        { createOnlyProperties: ["/properties/Name", "/properties/Size"] },
      ),
    );
    assert.equal(c.kind, "createOnlyAdded");
    assert.equal(planEffect(c, CONFIGURED).outcome, "noChange");
    assert.match(c.nextPlan ?? "", /next change of the value replaces/);
  });

  test("now write-only: no change (the value in the state is kept)", () => {
    const c = onlyChange(
      props({ Size: { type: "integer" } }),
      props({ Size: { type: "integer" } }, { writeOnlyProperties: ["/properties/Size"] }),
    );
    assert.equal(c.kind, "writeOnlyAdded");
    assert.equal(planEffect(c, CONFIGURED).outcome, "noChange");
  });

  test("now read-only: an error where configured", () => {
    const c = onlyChange(
      props({ Size: { type: "integer" } }),
      props({ Size: { type: "integer" } }, { readOnlyProperties: ["/properties/Size"] }),
    );
    assert.equal(c.kind, "readOnlyAdded");
    assert.equal(planEffect(c, CONFIGURED).diagnostic, "Invalid Configuration for Read-Only Attribute");
    assert.equal(planEffect(c, OMITTED).outcome, "noChange");
  });

  test("a new default: an update in place where omitted and the object has another value", () => {
    const c = onlyChange(
      props({ Mode: { type: "string" } }),
      props({ Mode: { type: "string", default: "A" } }),
    );
    assert.equal(c.kind, "defaultAdded");
    assert.equal(planEffect(c, { configured: false, priorIsDefault: false }).outcome, "update");
    assert.equal(planEffect(c, { configured: false, priorIsDefault: true }).outcome, "noChange");
    assert.equal(planEffect(c, { configured: true, priorIsDefault: false }).outcome, "noChange");
    assert.match(c.nextPlan ?? "", /update in place setting the default "A"/);
  });

  test("a new argument with a default plans it like a new default", () => {
    const c = onlyChange(props({}), props({ Mode: { type: "string", default: "A" } }));
    assert.equal(c.kind, "propertyAdded");
    assert.equal(c.after, "A");
    assert.equal(planEffect(c, { configured: false, priorIsDefault: false }).outcome, "update");
    const plain = onlyChange(props({}), props({ Mode: { type: "string" } }));
    assert.equal(planEffect(plain, { configured: false, priorIsDefault: false }).outcome, "noChange");
  });

  test("a create-only default applies to new objects only: no change for existing ones", () => {
    const createOnly = { createOnlyProperties: ["/properties/Name", "/properties/Mode"] };
    const added = onlyChange(
      props({}, createOnly),
      props({ Mode: { type: "string", default: "A" } }, createOnly),
    );
    assert.equal(added.kind, "propertyAdded");
    assert.equal(added.createOnly, true);
    assert.equal(planEffect(added, { configured: false, priorIsDefault: false }).outcome, "noChange");
    const changed = onlyChange(
      props({ Mode: { type: "string", default: "A" } }, createOnly),
      props({ Mode: { type: "string", default: "B" } }, createOnly),
    );
    assert.equal(changed.kind, "defaultChanged");
    assert.equal(planEffect(changed, { configured: false, priorIsDefault: false }).outcome, "noChange");
    assert.match(changed.nextPlan ?? "", /existing objects keep what they have/);
  });

  test("narrowed constraints: an error only for a configured value they reject", () => {
    const c = onlyChange(
      props({ Size: { type: "string", maxLength: 10 } }),
      props({ Size: { type: "string", maxLength: 5 } }),
    );
    assert.equal(c.kind, "boundChanged");
    assert.deepEqual(planEffect(c, { configured: true, rejected: true }), {
      outcome: "error",
      diagnostic: "Invalid Attribute Value Length",
    });
    assert.equal(planEffect(c, { configured: true, rejected: false }).outcome, "noChange");
    const e = onlyChange(
      props({ Mode: { type: "string", enum: ["A", "B"] } }),
      props({ Mode: { type: "string", enum: ["A"] } }),
    );
    assert.equal(
      planEffect(e, { configured: true, rejected: true }).diagnostic,
      "Invalid Attribute Value Match",
    );
    const widened = onlyChange(
      props({ Mode: { type: "string", enum: ["A"] } }),
      props({ Mode: { type: "string", enum: ["A", "B"] } }),
    );
    assert.equal(planEffect(widened, { configured: true, rejected: true }).outcome, "noChange");
  });

  test("a plural data source no longer generated: an error where used", () => {
    const c = onlyChange(
      {},
      {
        handlers: {
          create: { permissions: ["test:Create"] },
          read: { permissions: ["test:Read"] },
          update: { permissions: ["test:Update"] },
          delete: { permissions: ["test:Delete"] },
        },
      },
    );
    assert.equal(c.kind, "handlerRemoved");
    assert.deepEqual(planEffect(c, CONFIGURED), { outcome: "error", diagnostic: "Invalid data source" });
  });

  test("the strongest outcome wins: error, then replace, then update", () => {
    assert.equal(combinedOutcome([{ outcome: "update" }, { outcome: "error" }]), "error");
    assert.equal(combinedOutcome([{ outcome: "noChange" }, { outcome: "update" }]), "update");
    assert.equal(combinedOutcome([]), "noChange");
  });

  test("the Markdown says what the next plan shows for every breaking change", () => {
    const report = diffSchemaSets(
      schemaSet("old", [schema(T, props({ Size: { type: "integer" } }))]),
      schemaSet("new", [schema(T, props({}))]),
      noSuppressions,
    );
    const md = reportMarkdown(report);
    assert.match(
      md,
      /`size` removed: .*Next plan after upgrading: if configured: error "Unsupported argument"/,
    );
    assert.equal(
      nextPlanText(report.changedTypes[0]!.changes[0]!),
      report.changedTypes[0]!.changes[0]!.nextPlan,
    );
  });
});
