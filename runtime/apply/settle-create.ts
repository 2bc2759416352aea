// Settling a create we stopped following (Ctrl-C, deadline, status polls that kept failing): the
// request may still make the object, and the service promises nothing about a cancelled create.
// So learn the request (repeating an interrupted CreateResource with the same ClientToken, which
// the service answers with the same request, through an outage if need be), cancel it if it still
// runs, and follow it to its end: whatever Identifier it names is returned, so state keeps
// tracking it. Settling is brief once the provider is stopping.
import type { ProgressEvent } from "@aws-sdk/client-cloudcontrol";
import { setTimeout as sleep } from "node:timers/promises";
import type { CloudControlApi } from "../cloudcontrol/client.js";
import { isAbortError, isTransientError } from "../cloudcontrol/errors.js";

/**
 * How long settling may take in all when the provider is stopping (Terraform waits for it). When it
 * is not (the service went away, or the wait ran out), the create's own time limit applies instead.
 */
export const SETTLE_TIMEOUT_MS = 15_000;
const SETTLE_POLL_MS = 250;
/** Ceiling of the pause between attempts that failed for a passing reason (outage, throttling). */
const SETTLE_RETRY_MAX_MS = 5_000;

export interface Settled {
  readonly identifier: string | undefined;
  /** HandlerErrorCode of a FAILED request (AlreadyExists names an object that is not ours). */
  readonly errorCode: string | undefined;
  /** The request's last known status (undefined when it could not be learnt). */
  readonly status: string | undefined;
}

export interface SettleCreate {
  readonly api: CloudControlApi;
  /** Known when the create answered; otherwise `repeatCreate` finds it. */
  readonly requestToken: string | undefined;
  /** The same CreateResource call, with the same ClientToken. */
  readonly repeatCreate: (signal: AbortSignal) => Promise<ProgressEvent | undefined>;
  readonly timeoutMs?: number;
  /** The provider's stop signal: once it fires, settling ends within SETTLE_TIMEOUT_MS. */
  readonly stop?: AbortSignal;
  readonly pollMs?: number;
}

/** Aborts after `timeoutMs`, or SETTLE_TIMEOUT_MS after `stop`, whichever is first. */
function settleSignal(
  timeoutMs: number,
  stop: AbortSignal | undefined,
): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const timers = [setTimeout(() => controller.abort(), timeoutMs)];
  const onStop = (): void => {
    timers.push(setTimeout(() => controller.abort(), SETTLE_TIMEOUT_MS));
  };
  if (stop?.aborted) onStop();
  else stop?.addEventListener("abort", onStop, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      for (const timer of timers) clearTimeout(timer);
      stop?.removeEventListener("abort", onStop);
    },
  };
}

/**
 * `call` until it answers: a failure that says nothing about the request (connection refused,
 * throttling, 5xx) is tried again after a growing pause, until `signal` ends the settling.
 */
async function untilAnswered<T>(call: () => Promise<T>, signal: AbortSignal, pollMs: number): Promise<T> {
  for (let pause = pollMs; ; pause = Math.min(pause * 2, SETTLE_RETRY_MAX_MS)) {
    try {
      return await call();
    } catch (error) {
      if (signal.aborted || !isTransientError(error)) throw error;
      await sleep(pause, undefined, { signal });
    }
  }
}

const RUNNING = new Set(["PENDING", "IN_PROGRESS", "CANCEL_IN_PROGRESS"]);

/**
 * Whether a CreateResource call that failed may have reached the service: it was cut off, or no
 * answer came back (connection lost), or the service failed while handling it.
 */
export function createMayHaveStarted(error: unknown): boolean {
  if (isAbortError(error)) return true;
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
}

/** Best effort: resolves with what was learnt, or undefined when the service could not be asked. */
export async function settleCreate(request: SettleCreate): Promise<Settled | undefined> {
  const { api } = request;
  const settling = settleSignal(request.timeoutMs ?? SETTLE_TIMEOUT_MS, request.stop);
  const { signal } = settling;
  const pollMs = request.pollMs ?? SETTLE_POLL_MS;
  const status = async (token: string) =>
    (await untilAnswered(() => api.getResourceRequestStatus(token, signal), signal, pollMs)).event;
  let identifier: string | undefined;
  let event: ProgressEvent | undefined;
  const learn = (e: ProgressEvent | undefined): void => {
    if (!e) return;
    event = e;
    if (e.Identifier) identifier = e.Identifier;
  };
  try {
    let requestToken = request.requestToken;
    if (!requestToken) {
      learn(await untilAnswered(() => request.repeatCreate(signal), signal, pollMs));
      requestToken = event?.RequestToken;
      if (!requestToken) return { identifier, errorCode: undefined, status: undefined };
    }
    learn(await status(requestToken));
    let cancelled = false;
    while (event && RUNNING.has(event.OperationStatus ?? "")) {
      if (!cancelled && event.OperationStatus !== "CANCEL_IN_PROGRESS") {
        cancelled = true;
        // Refused when the request has just ended: the status read next tells how.
        learn(await api.cancelResourceRequest(requestToken, signal).catch(() => undefined));
      } else {
        await sleep(pollMs, undefined, { signal });
      }
      // A cancelled create may still end in SUCCESS: only the final status says.
      learn(await status(requestToken));
    }
  } catch {
    // Out of time, or the service went away: keep what was learnt.
    if (!event) return undefined;
  } finally {
    settling.done();
  }
  const current = event as ProgressEvent | undefined;
  return { identifier, errorCode: current?.ErrorCode, status: current?.OperationStatus };
}
