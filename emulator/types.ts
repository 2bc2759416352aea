// Shared vocabulary of the emulator: the Cloud Control enums, JSON values, and the records the
// store keeps (resources and resource requests). Wire shapes live in progress-events.ts.

import type { JsonObject, JsonValue } from "../cfn/json.js";
import type { RealismBehaviour } from "./realism/behaviours.js";

export type { JsonObject, JsonValue };

export const RESOURCE_OPERATIONS = ["CREATE", "UPDATE", "DELETE"] as const;
export type ResourceOperation = (typeof RESOURCE_OPERATIONS)[number];

export const OPERATION_STATUSES = [
  "PENDING",
  "IN_PROGRESS",
  "SUCCESS",
  "FAILED",
  "CANCEL_IN_PROGRESS",
  "CANCEL_COMPLETE",
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** Statuses after which a request never changes again. */
export const TERMINAL_STATUSES: ReadonlySet<OperationStatus> = new Set([
  "SUCCESS",
  "FAILED",
  "CANCEL_COMPLETE",
]);

export const HANDLER_ERROR_CODES = [
  "NotUpdatable",
  "InvalidRequest",
  "AccessDenied",
  "UnauthorizedTaggingOperation",
  "InvalidCredentials",
  "AlreadyExists",
  "NotFound",
  "ResourceConflict",
  "Throttling",
  "ServiceLimitExceeded",
  "NotStabilized",
  "GeneralServiceException",
  "ServiceInternalError",
  "ServiceTimeout",
  "NetworkFailure",
  "InternalFailure",
] as const;
export type HandlerErrorCode = (typeof HANDLER_ERROR_CODES)[number];

/** The Cloud Control operations served under `X-Amz-Target: CloudApiService.<name>`. */
export const API_OPERATIONS = [
  "CreateResource",
  "GetResource",
  "UpdateResource",
  "DeleteResource",
  "ListResources",
  "GetResourceRequestStatus",
  "ListResourceRequests",
  "CancelResourceRequest",
] as const;
export type ApiOperation = (typeof API_OPERATIONS)[number];

export const MUTATING_OPERATIONS: Readonly<Record<ResourceOperation, ApiOperation>> = {
  CREATE: "CreateResource",
  UPDATE: "UpdateResource",
  DELETE: "DeleteResource",
};

export const HOOK_STATUSES = [
  "HOOK_PENDING",
  "HOOK_IN_PROGRESS",
  "HOOK_COMPLETE_SUCCEEDED",
  "HOOK_COMPLETE_FAILED",
  "HOOK_FAILED",
] as const;
export type HookStatus = (typeof HOOK_STATUSES)[number];

/** A hook progress event staged by a fault; times are epoch milliseconds. */
export interface HookEvent {
  hookTypeName?: string;
  hookTypeVersionId?: string;
  hookTypeArn?: string;
  invocationPoint?: string;
  hookStatus: HookStatus;
  hookEventTime?: number;
  hookStatusMessage?: string;
  failureMode?: "FAIL" | "WARN";
}

/** An object the emulated account holds. `properties` keeps write-only values too. */
export interface StoredResource {
  typeName: string;
  identifier: string;
  properties: JsonObject;
  createdAt: number;
  updatedAt: number;
}

/** How a request was told to end by a fault when it was accepted. */
export interface StagedFailure {
  errorCode: HandlerErrorCode;
  message?: string;
  /** The FAILED event names the object; for CREATE the object is also stored. */
  withIdentifier: boolean;
  /** The FAILED event names the identifier, and nothing is stored (not even for CREATE). */
  identifierOnly?: boolean;
}

/** A resource request (the thing a RequestToken names). Times are epoch milliseconds. */
export interface RequestRecord {
  requestToken: string;
  operation: ResourceOperation;
  typeName: string;
  /** Identifier shown on events; unknown for a create whose identifier is generated. */
  identifier?: string;
  status: OperationStatus;
  createdAt: number;
  eventTime: number;
  /** Status polls counted towards completion (restarted by a cancel). */
  polls: number;
  /** When the current phase started (request accepted, or cancel requested). */
  phaseStartedAt: number;
  completeAfterPolls: number;
  completeAfterMs: number;
  clientToken?: string;
  /** Canonical form of the input, to tell an idempotent replay from a ClientToken conflict. */
  fingerprint: string;
  /** DesiredState (CREATE) or PatchDocument (UPDATE) text, run when the request completes. */
  document?: string;
  hang?: boolean;
  /** A cancel is acknowledged but does not stop the request: it completes as if not cancelled. */
  ignoresCancel?: boolean;
  stagedFailure?: StagedFailure;
  hookEvents?: HookEvent[];
  statusMessage?: string;
  errorCode?: HandlerErrorCode;
}

/** When new requests complete: after this many status polls and this much time, both. */
export interface CompletionPolicy {
  completeAfterPolls: number;
  completeAfterMs: number;
}

export interface EmulatorConfig extends CompletionPolicy {
  /** DeleteResource on an unknown identifier: FAILED NotFound event (async) or ResourceNotFoundException. */
  deleteNotFound: "async" | "sync";
  /** GetResource and ListResources answer arrays of objects in reverse order (a service that reorders). */
  reorderArrays: boolean;
  /** Realism behaviours on (emulator/realism/; empty: the service answers what it stored). */
  realism: RealismBehaviour[];
  /** Seed of the profile's choices (which types, which properties, which values). */
  realismSeed: number;
  /** `eventual`: how long after a create GetResource does not find the object yet. */
  eventualMs: number;
}
