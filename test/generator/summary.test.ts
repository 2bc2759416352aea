// The closing summary: counts by rule always; every warning listed with --verbose.
import assert from "node:assert/strict";
import { test } from "node:test";
import { makeFinding } from "../../cfn/findings.js";
import { countPlan, formatSummary, type GenerationOverview } from "../../generator/pipeline/summary.js";

const overview: GenerationOverview = {
  types: [],
  adjustments: [],
  patterns: { kept: 1, rewritten: 0, dropped: 0, blank: 0 },
  findings: [
    makeFinding("warning", "A.json", "/properties/X/default", "dropped", "default-dropped"),
    makeFinding("warning", "B.json", "/properties/Y/pattern", "translated", "regex-translated"),
    makeFinding("error", "C.json", "/typeName", "clash", "name-clash"),
  ],
};

test("warnings are counted by rule, and listed one per line only when asked", () => {
  const counts = countPlan(overview, 3);
  const short = formatSummary(overview, counts, 1);
  assert.match(short, /Warnings: 2 \(each in manifest\.json under findings; --verbose lists them\)/);
  assert.match(short, /1 {2}default-dropped/);
  assert.doesNotMatch(short, /warning A\.json/);
  const long = formatSummary(overview, counts, 1, { listWarnings: true });
  assert.match(long, /warning A\.json: \/properties\/X\/default: .*dropped/);
  assert.match(long, /warning B\.json: \/properties\/Y\/pattern: .*translated/);
  assert.match(long, /error C\.json: \/typeName: .*clash/, "errors are always listed");
});
