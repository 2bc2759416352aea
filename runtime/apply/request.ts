// One mutating Cloud Control request from call to terminal event: the call itself (bounded by the
// operation's deadline and the provider's cancellation), registration of the RequestToken while it
// runs, and the wait. Failures say which stage failed and carry what is known about the object.
import type { ProgressEvent } from "@aws-sdk/client-cloudcontrol";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isAbortError } from "../cloudcontrol/errors.js";
import { describeInFlight } from "../cloudcontrol/in-flight.js";
import { type WaitFailureKind, waitForRequest, WaitError } from "../cloudcontrol/waiter.js";
import type { OperationContext, ResourceOperation } from "./context.js";

const API_OPERATION = {
  create: "CreateResource",
  update: "UpdateResource",
  delete: "DeleteResource",
} as const;
const REQUEST_OPERATION = { create: "CREATE", update: "UPDATE", delete: "DELETE" } as const;

export class RequestError extends Error {
  constructor(
    /** "call": the API call failed (nothing started); "empty": no ProgressEvent; "wait": the request did not succeed. */
    readonly stage: "call" | "empty" | "wait",
    readonly apiOperation: string,
    readonly reason: unknown,
    /** The object's identifier, if any response named one. */
    readonly identifier: string | undefined,
    readonly requestToken: string | undefined,
    /** For "wait": how the wait ended; for "call": "timeout" when the deadline cut the call off. */
    readonly waitKind?: WaitFailureKind,
    /** For a FAILED request: its HandlerErrorCode (e.g. AlreadyExists). */
    readonly errorCode?: string,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = "RequestError";
  }
}

export interface RequestOutcome {
  readonly event: ProgressEvent;
  /** Identifier from the last event that named one (or the first response). */
  readonly identifier: string | undefined;
}

export async function runRequest(
  ctx: OperationContext,
  definition: ResourceDefinition,
  operation: ResourceOperation,
  knownIdentifier: string | undefined,
  call: (signal: AbortSignal) => Promise<ProgressEvent | undefined>,
): Promise<RequestOutcome> {
  const apiOperation = API_OPERATION[operation];
  const deadline = ctx.now() + ctx.operationTimeoutMs(definition, operation);
  const callSignal = AbortSignal.any([ctx.signal, AbortSignal.timeout(Math.max(1, deadline - ctx.now()))]);
  let first: ProgressEvent | undefined;
  try {
    first = await call(callSignal);
  } catch (error) {
    // Cut off by the deadline rather than by the provider stopping: the operation's time ran out.
    const timedOut = isAbortError(error) && !ctx.signal.aborted;
    throw new RequestError(
      "call",
      apiOperation,
      error,
      knownIdentifier,
      undefined,
      timedOut ? "timeout" : undefined,
    );
  }
  const requestToken = first?.RequestToken;
  let identifier = first?.Identifier || knownIdentifier;
  if (!first || !requestToken) {
    throw new RequestError(
      "empty",
      apiOperation,
      new Error(`${apiOperation} returned no ProgressEvent`),
      identifier,
      undefined,
    );
  }
  const entry = {
    requestToken,
    operation: REQUEST_OPERATION[operation],
    typeName: definition.cfnTypeName,
    identifier,
  };
  ctx.inFlight.add(entry);
  try {
    const event = await waitForRequest({
      api: ctx.api,
      requestToken,
      deadline,
      timing: ctx.timing,
      signal: ctx.signal,
      now: ctx.now,
      onEvent: (e) => {
        if (e.Identifier) identifier = entry.identifier = e.Identifier;
      },
    });
    return { event, identifier };
  } catch (error) {
    const cause =
      error instanceof WaitError && error.kind === "cancelled"
        ? new Error(`${error.message}; the request was still in flight: ${describeInFlight(entry)}`)
        : error;
    const failed = error instanceof WaitError && error.kind === "failed" ? error.lastEvent : undefined;
    throw new RequestError(
      "wait",
      apiOperation,
      cause,
      identifier,
      requestToken,
      error instanceof WaitError ? error.kind : undefined,
      failed?.ErrorCode,
    );
  } finally {
    ctx.inFlight.remove(requestToken);
  }
}
