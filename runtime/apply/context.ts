// What every remote operation needs: the API, how to wait, the provider-wide cancellation signal,
// the registry of requests in flight, and how long each kind of operation may take.
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import type { CloudControlApi } from "../cloudcontrol/client.js";
import type { InFlightRequests } from "../cloudcontrol/in-flight.js";
import type { WaitTiming } from "../cloudcontrol/waiter.js";

export type ResourceOperation = "create" | "update" | "delete";

export interface OperationContext {
  readonly api: CloudControlApi;
  readonly timing: WaitTiming;
  /** Aborted by StopProvider. */
  readonly signal: AbortSignal;
  readonly inFlight: InFlightRequests;
  readonly newClientToken: () => string;
  /** The time an operation may take, in ms. */
  readonly operationTimeoutMs: (definition: ResourceDefinition, operation: ResourceOperation) => number;
  readonly now: () => number;
}

export const DEFAULT_TIMEOUT_MINUTES = 120;

/** The type's handler timeout (CloudFormation `timeoutInMinutes`; 0 or absent means 120 minutes). */
export function definitionTimeoutMs(definition: ResourceDefinition, operation: ResourceOperation): number {
  const minutes = definition.timeouts[operation];
  return (minutes > 0 ? minutes : DEFAULT_TIMEOUT_MINUTES) * 60_000;
}
