import assert from "node:assert/strict";
import { test } from "node:test";
import { freeProviderSeconds, splitWall } from "../../bench/free-provider.js";
import type { ProviderSpan } from "../../bench/provider-usage.js";

const span = (firstSeen: number, lastSeen: number, terraform: number, emulator = 0): ProviderSpan => ({
  firstSeen,
  lastSeen,
  cpuSeconds: 1,
  terraformCpuSeconds: terraform,
  emulatorCpuSeconds: emulator,
});

test("the wall time splits into provider spans, overlapping ones counted once, and Terraform alone", () => {
  const split = splitWall(4, [span(0.5, 1.5, 0.4), span(1, 2, 0.2, 0.1), span(3, 3.5, 0.3)]);
  assert.equal(split.providerSpanSeconds, 2);
  assert.equal(split.terraformAloneSeconds, 2);
  assert.ok(Math.abs(split.othersCpuInSpans - 1) < 1e-9);
});

test("a free provider leaves Terraform alone as it is and its CPU in the spans spread over the cores", () => {
  // 1.0 s alone; spans of 2.0 s in which Terraform and the emulator used 1.2 CPU s: 0.6 s on 2 cores.
  assert.ok(Math.abs(freeProviderSeconds(3, [span(0, 1, 0.8), span(2, 3, 0.3, 0.1)], 2) - 1.6) < 1e-9);
});

test("the bound never exceeds the measured time when Terraform's CPU fills the spans", () => {
  assert.equal(freeProviderSeconds(2, [span(0, 1, 5)], 2), 2);
  assert.equal(freeProviderSeconds(1.5, [], 2), 1.5);
});
