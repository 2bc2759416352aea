// Settling a create we stopped following (Ctrl-C, deadline, status polls that kept failing): the
// request may still make the object, and the service promises nothing about a cancelled create.
// So learn the request (repeating an interrupted CreateResource with the same ClientToken, which
// the service answers with the same request), cancel it if it still runs, and follow it to its
// end for a short while: whatever Identifier it names is returned, so state keeps tracking it.
import type { ProgressEvent } from "@aws-sdk/client-cloudcontrol";
import { setTimeout as sleep } from "node:timers/promises";
import type { CloudControlApi } from "../cloudcontrol/client.js";
import { isAbortError } from "../cloudcontrol/errors.js";

/** How long settling may take in all; it runs after the stop signal, so it must be short. */
export const SETTLE_TIMEOUT_MS = 15_000;
const SETTLE_POLL_MS = 250;

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
  readonly pollMs?: number;
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
  const signal = AbortSignal.timeout(request.timeoutMs ?? SETTLE_TIMEOUT_MS);
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
      learn(await request.repeatCreate(signal));
      requestToken = event?.RequestToken;
      if (!requestToken) return { identifier, errorCode: undefined, status: undefined };
    }
    learn((await api.getResourceRequestStatus(requestToken, signal)).event);
    let cancelled = false;
    while (event && RUNNING.has(event.OperationStatus ?? "")) {
      if (!cancelled && event.OperationStatus !== "CANCEL_IN_PROGRESS") {
        cancelled = true;
        // Refused when the request has just ended: the status read next tells how.
        learn(await api.cancelResourceRequest(requestToken, signal).catch(() => undefined));
      } else {
        await sleep(request.pollMs ?? SETTLE_POLL_MS, undefined, { signal });
      }
      // A cancelled create may still end in SUCCESS: only the final status says.
      learn((await api.getResourceRequestStatus(requestToken, signal)).event);
    }
  } catch {
    // Out of time, or the service went away: keep what was learnt.
    if (!event) return undefined;
  }
  const current = event as ProgressEvent | undefined;
  return { identifier, errorCode: current?.ErrorCode, status: current?.OperationStatus };
}
