// The awsJson1_0 front end of Cloud Control: `POST /` with `X-Amz-Target: CloudApiService.<Op>`.
// Applies the transport-level faults (latency, throttling, synchronous exceptions) before the
// operation runs, and renders errors as `{"__type": <name>, "Message": <text>}`.
import type { WireObject } from "../requests/progress-events.js";
import { ApiError, errorBody } from "../api-errors.js";
import type { CallLog } from "../control/call-log.js";
import type { FaultRegistry } from "../faults/fault-rules.js";
import type { CloudControlService } from "../service/cloud-control-service.js";
import { API_OPERATIONS, type ApiOperation } from "../types.js";
import type { Reply } from "./reply.js";

export const TARGET_PREFIX = "CloudApiService.";
export const JSON_CONTENT_TYPE = "application/x-amz-json-1.0";

export interface CloudControlEndpointDeps {
  readonly service: CloudControlService;
  readonly faults: FaultRegistry;
  readonly calls: CallLog;
  readonly clock: () => number;
  /** Waits for injected latency; resolves early when the emulator stops. */
  readonly sleep: (ms: number) => Promise<void>;
  /** Called when an operation failed in an unexpected way (an emulator bug). */
  readonly onInternalError: (error: unknown) => void;
  /** A GetResource answer's properties as the realism profile's read-time forms give them. */
  readonly answeredProperties?: (typeName: string, properties: string) => Promise<string>;
}

export interface EndpointResult {
  reply: Reply;
  operation: string;
  typeName?: string;
}

function jsonAnswer(status: number, value: unknown, requestId: string, errorType?: string): Reply {
  const headers: Record<string, string> = {
    "content-type": JSON_CONTENT_TYPE,
    "x-amzn-requestid": requestId,
  };
  if (errorType !== undefined) headers["x-amzn-errortype"] = errorType;
  return { status, headers, body: JSON.stringify(value) };
}

function parseInput(body: string): Record<string, unknown> {
  if (body.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ApiError("SerializationException", "Request body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ApiError("SerializationException", "Request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

async function applyTransportFaults(
  deps: CloudControlEndpointDeps,
  operation: ApiOperation,
  typeName: string | undefined,
): Promise<void> {
  const latency = deps.faults.fire("latency", operation, typeName, "all");
  const delay = latency.reduce((sum, rule) => sum + (rule.latencyMs ?? 0), 0);
  if (delay > 0) await deps.sleep(delay);
  const throttle = deps.faults.fire("throttle", operation, typeName, "first")[0];
  if (throttle)
    throw new ApiError("ThrottlingException", throttle.message ?? "Rate exceeded", throttle.status);
  const error = deps.faults.fire("error", operation, typeName, "first")[0];
  if (error?.errorName !== undefined) {
    throw new ApiError(error.errorName, error.message ?? `Injected ${error.errorName}`, error.status);
  }
}

async function withAnsweredProperties(
  answer: WireObject,
  typeName: string,
  answered: (typeName: string, properties: string) => Promise<string>,
): Promise<WireObject> {
  const description = answer.ResourceDescription as WireObject | undefined;
  const properties = description?.Properties;
  if (typeof properties !== "string") return answer;
  return {
    ...answer,
    ResourceDescription: { ...description, Properties: await answered(typeName, properties) },
  };
}

export async function handleCloudControlCall(
  deps: CloudControlEndpointDeps,
  target: string,
  body: string,
  requestId: string,
): Promise<EndpointResult> {
  const receivedAt = deps.clock();
  const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
  let input: Record<string, unknown> = {};
  let typeName: string | undefined;
  let status = 200;
  let errorCode: string | undefined;
  let reply: Reply;
  try {
    if (name === undefined || !API_OPERATIONS.includes(name as ApiOperation)) {
      throw new ApiError("UnknownOperationException", `Unknown operation ${target}`);
    }
    const operation = name as ApiOperation;
    input = parseInput(body);
    typeName = deps.service.typeNameOf(input);
    await applyTransportFaults(deps, operation, typeName);
    let answer = deps.service.handle(operation, input);
    if (operation === "GetResource" && deps.answeredProperties && typeName !== undefined)
      answer = await withAnsweredProperties(answer, typeName, deps.answeredProperties);
    reply = jsonAnswer(200, answer, requestId);
  } catch (caught) {
    let error: ApiError;
    if (caught instanceof ApiError) error = caught;
    else {
      deps.onInternalError(caught);
      error = new ApiError("InternalFailure", "The emulator failed to handle the request", 500);
    }
    status = error.status;
    errorCode = error.code;
    reply = jsonAnswer(error.status, errorBody(error), requestId, error.code);
  }
  const record = { at: deps.clock(), receivedAt, operation: name ?? target, input, status } as Parameters<
    CallLog["add"]
  >[0];
  if (typeName !== undefined) record.typeName = typeName;
  if (errorCode !== undefined) record.errorCode = errorCode;
  deps.calls.add(record);
  return typeName === undefined
    ? { reply, operation: name ?? target }
    : { reply, operation: name ?? target, typeName };
}
