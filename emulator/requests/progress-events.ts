// Resource requests as the wire shows them: ProgressEvent and HookProgressEvent structures with
// timestamps as epoch seconds (the SDK's awsJson1_0 default timestamp format).
import { type HookEvent, type OperationStatus, type RequestRecord, TERMINAL_STATUSES } from "../types.js";

export const IN_FLIGHT_STATUSES: ReadonlySet<OperationStatus> = new Set([
  "PENDING",
  "IN_PROGRESS",
  "CANCEL_IN_PROGRESS",
]);

export const CANCELLABLE_STATUSES: ReadonlySet<OperationStatus> = new Set(["PENDING", "IN_PROGRESS"]);

export function isInFlight(request: RequestRecord): boolean {
  return IN_FLIGHT_STATUSES.has(request.status);
}

export function isTerminal(request: RequestRecord): boolean {
  return TERMINAL_STATUSES.has(request.status);
}

export function epochSeconds(milliseconds: number): number {
  return milliseconds / 1000;
}

export type WireObject = Record<string, unknown>;

export function progressEventOf(request: RequestRecord): WireObject {
  const event: WireObject = {
    TypeName: request.typeName,
    RequestToken: request.requestToken,
    Operation: request.operation,
    OperationStatus: request.status,
    EventTime: epochSeconds(request.eventTime),
  };
  if (request.identifier !== undefined) event.Identifier = request.identifier;
  if (request.statusMessage !== undefined) event.StatusMessage = request.statusMessage;
  if (request.errorCode !== undefined) event.ErrorCode = request.errorCode;
  return event;
}

function hookEventOf(event: HookEvent): WireObject {
  const wire: WireObject = { HookStatus: event.hookStatus };
  if (event.hookTypeName !== undefined) wire.HookTypeName = event.hookTypeName;
  if (event.hookTypeVersionId !== undefined) wire.HookTypeVersionId = event.hookTypeVersionId;
  if (event.hookTypeArn !== undefined) wire.HookTypeArn = event.hookTypeArn;
  if (event.invocationPoint !== undefined) wire.InvocationPoint = event.invocationPoint;
  if (event.hookEventTime !== undefined) wire.HookEventTime = epochSeconds(event.hookEventTime);
  if (event.hookStatusMessage !== undefined) wire.HookStatusMessage = event.hookStatusMessage;
  if (event.failureMode !== undefined) wire.FailureMode = event.failureMode;
  return wire;
}

/** Hook events become visible once the request has ended. */
export function hookEventsOf(request: RequestRecord): WireObject[] {
  if (!isTerminal(request) || !request.hookEvents) return [];
  return request.hookEvents.map(hookEventOf);
}
