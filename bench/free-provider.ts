// How fast a command could be if the provider cost nothing: Terraform's own time, the floor under
// any work on the provider's side. Used to say how far a ratio target is within the provider's reach.
import type { ProviderSpan } from "./provider-usage.js";

export interface WallSplit {
  /** Wall seconds while at least one provider process was alive. */
  readonly providerSpanSeconds: number;
  /** Wall seconds with no provider process: Terraform alone (start-up, graph, rendering the plan). */
  readonly terraformAloneSeconds: number;
  /** Terraform's and the emulator's CPU seconds during the provider spans. */
  readonly othersCpuInSpans: number;
}

/** The command's wall time split into provider spans (overlapping ones merged) and the rest. */
export function splitWall(seconds: number, spans: readonly ProviderSpan[]): WallSplit {
  const sorted = [...spans].sort((a, b) => a.firstSeen - b.firstSeen);
  let covered = 0;
  let end = -Infinity;
  for (const span of sorted) {
    const from = Math.max(span.firstSeen, end);
    if (span.lastSeen > from) covered += span.lastSeen - from;
    end = Math.max(end, span.lastSeen);
  }
  return {
    providerSpanSeconds: covered,
    terraformAloneSeconds: Math.max(0, seconds - covered),
    othersCpuInSpans: spans.reduce((sum, s) => sum + s.terraformCpuSeconds + s.emulatorCpuSeconds, 0),
  };
}

/**
 * A lower bound on the command's wall time with a provider that costs no CPU: the time with no
 * provider process stays as it is, and during the provider's spans only Terraform's and the
 * emulator's CPU remains, spread at best over every core.
 */
export function freeProviderSeconds(seconds: number, spans: readonly ProviderSpan[], cores: number): number {
  const split = splitWall(seconds, spans);
  return split.terraformAloneSeconds + Math.min(split.providerSpanSeconds, split.othersCpuInSpans / cores);
}
