// Waiting for a resource request (docs/runtime.md#waiting-for-a-request): poll
// GetResourceRequestStatus right away, then with awscc's jittered backoff (the last poll just
// before the deadline), until the request ends, the operation's deadline passes or the caller
// cancels. Delays are injectable so tests need not sleep for seconds.
import type { HookProgressEvent, ProgressEvent } from "@aws-sdk/client-cloudcontrol";
import type { CloudControlApi } from "./client.js";
import { describeError, isAbortError, isTransientError } from "./errors.js";

export interface WaitTiming {
  /** awscc: 5 s. */
  readonly minDelayMs: number;
  /** awscc: 120 s. */
  readonly maxDelayMs: number;
  readonly random?: () => number;
}

export const DEFAULT_WAIT_TIMING: WaitTiming = { minDelayMs: 5_000, maxDelayMs: 120_000 };

/**
 * One status poll may take this long before it is given up and tried again: a connection that
 * hangs must not use up the whole operation's time in a single call.
 */
export const POLL_CALL_TIMEOUT_MS = 60_000;

/**
 * The last poll is made this long before the deadline (it needs a moment to answer). awscc's waiter
 * stops a whole minimum delay (5 s) early instead, which would cut a user's `timeouts.create = "8s"`
 * to 3 s and leave a limit of 5 s or less a single poll.
 */
export const LAST_POLL_LEAD_MS = 250;

export type WaitFailureKind = "failed" | "timeout" | "cancelled" | "api";

export class WaitError extends Error {
  constructor(
    readonly kind: WaitFailureKind,
    message: string,
    /** The last event read successfully (its Identifier names an object that may exist). */
    readonly lastEvent: ProgressEvent | undefined,
    readonly requestToken: string,
  ) {
    super(message);
    this.name = "WaitError";
  }
}

/** Delay after poll number `poll` (1-based), as awscc's ResourceRequestSuccess waiter computes it. */
export function pollDelayMs(poll: number, timing: WaitTiming): number {
  const random = timing.random ?? Math.random;
  const { minDelayMs: min, maxDelayMs: max } = timing;
  if (poll <= 1) return min;
  const ceiling = poll <= 5 ? Math.min(max, min * 2 ** (poll - 1)) : max;
  return min + random() * (ceiling - min);
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function hookFailures(hooks: readonly HookProgressEvent[]): string {
  const failed = hooks.filter(
    (h) => h.HookStatus === "HOOK_FAILED" || h.HookStatus === "HOOK_COMPLETE_FAILED",
  );
  if (failed.length === 0) return "";
  const entries = failed.map(
    (h) =>
      `HookName: ${h.HookTypeName ?? ""}, HookArn: ${h.HookTypeArn ?? ""}, HookVersion: ${h.HookTypeVersionId ?? ""}, ` +
      `Time: ${h.HookEventTime ? h.HookEventTime.toISOString().replace(/\.\d{3}Z$/, "Z") : ""}, HookMessage: ${h.HookStatusMessage ?? ""}`,
  );
  return `. Hook failures: ${entries.join("; ")}`;
}

export interface WaitRequest {
  readonly api: CloudControlApi;
  readonly requestToken: string;
  /** The whole operation's deadline (epoch ms), covering calls in flight. */
  readonly deadline: number;
  readonly timing: WaitTiming;
  /** Cancellation (StopProvider). */
  readonly signal: AbortSignal;
  /** Sees every event read, e.g. to remember an Identifier as soon as it appears. */
  readonly onEvent?: (event: ProgressEvent) => void;
  readonly now?: () => number;
}

/** Resolves with the terminal event of a successful request; rejects with a WaitError otherwise. */
export async function waitForRequest(request: WaitRequest): Promise<ProgressEvent> {
  const { api, requestToken, deadline, timing, signal } = request;
  const now = request.now ?? Date.now;
  let lastEvent: ProgressEvent | undefined;
  const fail = (kind: WaitFailureKind, message: string): WaitError =>
    new WaitError(kind, message, lastEvent, requestToken);
  const timeoutMessage = "exceeded max wait time for ResourceRequestSuccess waiter";
  let failedPolls = 0;
  let lastFailure: unknown;
  const lastPollError = (error: unknown): string =>
    error !== undefined
      ? `; the last status poll failed${failedPolls > 1 ? ` (${failedPolls} in a row)` : ""}: ${describeError(error)}`
      : "";
  for (let poll = 1; ; poll++) {
    if (signal.aborted)
      throw fail("cancelled", "request cancelled while waiting for the operation to complete");
    const remaining = deadline - now();
    if (remaining <= 0) throw fail("timeout", `${timeoutMessage}${lastPollError(lastFailure)}`);
    const pollSignal = AbortSignal.any([
      signal,
      AbortSignal.timeout(Math.min(remaining, POLL_CALL_TIMEOUT_MS)),
    ]);
    let status;
    try {
      status = await api.getResourceRequestStatus(requestToken, pollSignal);
      failedPolls = 0;
      lastFailure = undefined;
    } catch (error) {
      if (signal.aborted)
        throw fail("cancelled", "request cancelled while waiting for the operation to complete");
      // A call cut off by the deadline says less than the failure before it.
      const reported = isAbortError(error) ? (lastFailure ?? error) : error;
      if (deadline - now() <= 0) throw fail("timeout", `${timeoutMessage}${lastPollError(reported)}`);
      // The request goes on whether or not we can see it: a poll that fails for a passing reason
      // (outage, throttling, a call that hung) is tried again, with the same backoff as polling.
      if (!isTransientError(error)) throw fail("api", describeError(error));
      failedPolls++;
      lastFailure = error;
    }
    if (status) {
      lastEvent = status.event;
      request.onEvent?.(status.event);
      switch (status.event.OperationStatus) {
        case "SUCCESS":
          return status.event;
        case "FAILED":
          // Deleting something that is already gone is what the caller wanted.
          if (status.event.ErrorCode === "NotFound" && status.event.Operation === "DELETE")
            return status.event;
          throw fail(
            "failed",
            `waiter state transitioned to FAILED. StatusMessage: ${status.event.StatusMessage ?? ""}. ` +
              `ErrorCode: ${status.event.ErrorCode ?? ""}${hookFailures(status.hooks)}`,
          );
        case "CANCEL_COMPLETE":
          // awscc counts this as success; the operation did not happen, so it is a failure here.
          throw fail("failed", "the request was cancelled (CANCEL_COMPLETE) before it completed");
        default:
          break; // PENDING, IN_PROGRESS, CANCEL_IN_PROGRESS: keep polling
      }
    }
    const left = deadline - now();
    if (left <= LAST_POLL_LEAD_MS) throw fail("timeout", `${timeoutMessage}${lastPollError(lastFailure)}`);
    const delay = Math.min(pollDelayMs(poll, timing), left - LAST_POLL_LEAD_MS);
    try {
      await sleep(delay, signal);
    } catch {
      throw fail("cancelled", "request cancelled while waiting for the operation to complete");
    }
  }
}
