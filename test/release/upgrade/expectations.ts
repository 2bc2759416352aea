// What the change report predicts for each block of the upgrade test, from next-plan.ts's rules
// and how the block's configuration (and its state before the upgrade) meets each change.
import { isDeepStrictEqual } from "node:util";
import type { Change } from "../../../generator/diff/change.js";
import type { ChangedType, DiffReport } from "../../../generator/diff/diff-report.js";
import {
  combinedOutcome,
  type PlanEffect,
  type PlanOutcome,
  planEffect,
} from "../../../generator/diff/next-plan.js";
import type { FixtureBlock } from "./fixture.js";

export interface Expectation {
  readonly outcome: PlanOutcome;
  /** Error summaries, sorted (one per change that errors). */
  readonly errors: readonly string[];
  /** Top-level attributes an update changes. */
  readonly updated: readonly string[];
  /** The changes of the block's type, for messages. */
  readonly changes: readonly Change[];
  readonly changedType?: ChangedType;
}

/** The values at a report path (`a.b[*].c`) inside a configuration or state value. */
export function valuesAt(root: unknown, tfPath: string): unknown[] {
  let current: unknown[] = [root];
  for (const segment of tfPath.split(".")) {
    const name = segment.replace(/\[\*\]$/, "");
    const each = segment.endsWith("[*]");
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || typeof v !== "object" || Array.isArray(v)) continue;
      const child = (v as Record<string, unknown>)[name];
      if (child === undefined || child === null) continue;
      if (each && Array.isArray(child)) next.push(...child.filter((x) => x !== null));
      else if (each && typeof child === "object") next.push(...Object.values(child as object));
      else next.push(child);
    }
    current = next;
  }
  return current;
}

function changesFor(block: FixtureBlock, report: DiffReport): { type?: ChangedType; changes: Change[] } {
  for (const t of report.changedTypes) {
    if (block.kind === "resource" && t.modules.resource === block.type) {
      // The plural data source's disappearance does not concern the resource.
      const changes = t.changes.filter(
        (c) => c.moduleEffect === undefined || c.moduleEffect.module === "resource",
      );
      return { type: t, changes };
    }
    const own = t.changes.filter((c) => c.moduleEffect?.tfTypeName === block.type);
    if (own.length > 0) return { type: t, changes: own };
  }
  return { changes: [] };
}

export function expectationFor(
  block: FixtureBlock,
  report: DiffReport,
  /** The block's values in the state before the upgrade (resources only). */
  prior: Readonly<Record<string, unknown>> | undefined,
): Expectation {
  const { type, changes } = changesFor(block, report);
  const effects: { change: Change; effect: PlanEffect }[] = changes.map((change) => {
    const configured = change.tfPath === undefined ? true : valuesAt(block.values, change.tfPath).length > 0;
    const priorValues =
      change.tfPath === undefined || prior === undefined ? [] : valuesAt(prior, change.tfPath);
    const effect = planEffect(change, {
      configured,
      rejected: change.tfPath !== undefined && (block.rejected ?? []).includes(change.tfPath),
      priorIsDefault:
        change.after !== undefined && priorValues.some((v) => isDeepStrictEqual(v, change.after)),
    });
    return { change, effect };
  });
  return {
    outcome: combinedOutcome(effects.map((e) => e.effect)),
    errors: effects.flatMap((e) => (e.effect.outcome === "error" ? [e.effect.diagnostic ?? "?"] : [])).sort(),
    updated: [
      ...new Set(
        effects.flatMap((e) =>
          e.effect.outcome === "update" && e.change.tfPath ? [e.change.tfPath.split(/[.[]/)[0]!] : [],
        ),
      ),
    ].sort(),
    changes,
    ...(type && { changedType: type }),
  };
}
