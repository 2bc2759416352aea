// How fast a command could be if the provider cost nothing: Terraform's own time, the floor under
// any work on the provider's side. Used to say how far a ratio target is within the provider's reach.
import type { CpuSample, ProviderSpan } from "./provider-usage.js";

/** The part of a command during which at least one provider process was alive. */
export interface ProviderAlive {
  readonly seconds: number;
  /** Terraform's and the emulator's CPU seconds meanwhile. */
  readonly othersCpuSeconds: number;
}

/**
 * Sums, over the intervals between samples in which some provider process was seen alive at both
 * ends, the wall time and Terraform's and the emulator's CPU: processes alive at once count once.
 */
export function providerAlive(
  spans: readonly Pick<ProviderSpan, "firstSeen" | "lastSeen">[],
  samples: readonly CpuSample[],
): ProviderAlive {
  let seconds = 0;
  let othersCpuSeconds = 0;
  for (let i = 1; i < samples.length; i++) {
    const from = samples[i - 1]!;
    const to = samples[i]!;
    if (!spans.some((s) => s.firstSeen <= from.t && to.t <= s.lastSeen)) continue;
    seconds += to.t - from.t;
    othersCpuSeconds += to.terraform - from.terraform + (to.emulator - from.emulator);
  }
  return { seconds, othersCpuSeconds };
}

/**
 * A lower bound on the command's wall time with a provider that costs no CPU: the time with no
 * provider process stays as it is, and while one is alive only Terraform's and the emulator's CPU
 * remains, spread at best over every core.
 */
export function freeProviderSeconds(seconds: number, alive: ProviderAlive, cores: number): number {
  return secondsWithoutProvider(seconds, alive) + Math.min(alive.seconds, alive.othersCpuSeconds / cores);
}

/** The part of a command's `seconds` with no provider process alive: Terraform alone. */
export function secondsWithoutProvider(seconds: number, alive: ProviderAlive): number {
  return Math.max(0, seconds - alive.seconds);
}
