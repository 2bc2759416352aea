import assert from "node:assert/strict";
import { test } from "node:test";
import { freeProviderSeconds, providerAlive } from "../../bench/free-provider.js";
import type { CpuSample } from "../../bench/provider-usage.js";

/** Samples every 0.5 s; Terraform uses `rate` CPU s per s throughout, the emulator 0.1. */
const samples = (until: number, rate: number): CpuSample[] =>
  Array.from({ length: until * 2 + 1 }, (_, i) => ({
    t: i / 2,
    terraform: (rate * i) / 2,
    emulator: 0.1 * (i / 2),
  }));

const near = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

test("provider processes alive at once count once, and only intervals they cover count", () => {
  // 0.5-1.5 and 1.0-2.0 overlap: alive from 0.5 to 2.0; 3.0-3.5 adds half a second.
  const spans = [
    { firstSeen: 0.5, lastSeen: 1.5 },
    { firstSeen: 1, lastSeen: 2 },
    { firstSeen: 3, lastSeen: 3.5 },
  ];
  const alive = providerAlive(spans, samples(4, 1));
  near(alive.seconds, 2);
  near(alive.othersCpuSeconds, 2 * 1.1);
});

test("a free provider leaves the time without one as it is and spreads the others' CPU over the cores", () => {
  // 3 s in all, 2 s of them with a provider alive, during which the others used 1.2 CPU s.
  near(freeProviderSeconds(3, { seconds: 2, othersCpuSeconds: 1.2 }, 2), 1 + 0.6);
});

test("the bound never exceeds the measured time", () => {
  near(freeProviderSeconds(2, { seconds: 1, othersCpuSeconds: 5 }, 2), 2);
  near(freeProviderSeconds(1.5, providerAlive([], samples(2, 1)), 2), 1.5);
});
