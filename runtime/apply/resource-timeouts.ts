// The user's `timeouts = { create = "30m", … }` on a resource: it replaces the type's handler
// timeout (and the 120-minute default) for that one operation, is carried from plan to state and
// from state to state (Cloud Control never returns it), and a time-out says which limit ran out.
import type { Diagnostic } from "../../terraform/provider-backend.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isTimeoutsAttribute, TIMEOUTS_ATTRIBUTE } from "../../terraform/schema/timeouts.js";
import { parseGoDuration } from "../provider/settings.js";
import { isRecord, recordWith, type TfValue } from "../../terraform/values/value.js";
import type { OperationContext, ResourceOperation } from "./context.js";

const WAITER_TIMEOUT = "exceeded max wait time";

function hasTimeouts(definition: ResourceDefinition): boolean {
  return isTimeoutsAttribute(TIMEOUTS_ATTRIBUTE, definition.attributes[TIMEOUTS_ATTRIBUTE]);
}

/** The duration text the user set for an operation, if any. */
export function configuredTimeout(
  definition: ResourceDefinition,
  value: TfValue,
  operation: ResourceOperation,
): string | undefined {
  if (!hasTimeouts(definition) || !isRecord(value)) return undefined;
  const timeouts = value[TIMEOUTS_ATTRIBUTE];
  const text = isRecord(timeouts) ? timeouts[operation] : undefined;
  return typeof text === "string" && parseGoDuration(text) !== undefined ? text : undefined;
}

/** The context for one operation on `value` (planned state, or prior state for a delete). */
export function withConfiguredTimeouts(
  ctx: OperationContext,
  definition: ResourceDefinition,
  value: TfValue,
): OperationContext {
  if (!hasTimeouts(definition)) return ctx;
  return {
    ...ctx,
    operationTimeoutMs: (d, operation) => {
      const text = d === definition ? configuredTimeout(definition, value, operation) : undefined;
      return text === undefined ? ctx.operationTimeoutMs(d, operation) : parseGoDuration(text)! * 1000;
    },
  };
}

/** `to` with the `timeouts` value of `from`: Cloud Control knows nothing of it, so reads drop it. */
export function carryTimeouts(definition: ResourceDefinition, from: TfValue, to: TfValue): TfValue {
  if (!hasTimeouts(definition) || !isRecord(to)) return to;
  const value = isRecord(from) ? (from[TIMEOUTS_ATTRIBUTE] ?? null) : null;
  return recordWith(to, { [TIMEOUTS_ATTRIBUTE]: value });
}

/** The diagnostics, with a time-out that ran on the user's limit saying so. */
export function explainTimeout(
  diagnostics: readonly Diagnostic[],
  definition: ResourceDefinition,
  value: TfValue,
  operation: ResourceOperation,
): Diagnostic[] {
  const text = configuredTimeout(definition, value, operation);
  if (text === undefined) return [...diagnostics];
  return diagnostics.map((d) =>
    d.severity === "error" && d.detail?.includes(WAITER_TIMEOUT)
      ? {
          ...d,
          detail: `${d.detail}\n\nThe ${operation} did not finish within timeouts.${operation} = ${JSON.stringify(text)}.`,
        }
      : d,
  );
}
