// CloudFormation's registry reads over the awsQuery protocol, enough for a schema refresh:
// ListTypes (filters, NextToken paging) and DescribeType (the `Schema` text) for the types of the
// emulator's schema folder. Form-encoded POST `Action=...&Version=2010-05-15`, XML answers in the
// CloudFormation namespace, errors as `<ErrorResponse>` with the status the SDK models.
//
// Faults: the emulator's rules apply here too (latency, throttle, error). A rule scoped to a Cloud
// Control operation never matches these actions; an unscoped rule or one scoped by typeName does
// (DescribeType carries its type name; ListTypes none). Throttling answers `Throttling` (400),
// the code CloudFormation uses and the SDK retries.
import { ApiError } from "../api-errors.js";
import type { CallLog, CallRecord } from "../control/call-log.js";
import type { FaultRegistry } from "../faults/fault-rules.js";
import { decodePageToken, encodePageToken } from "../service/page-tokens.js";
import type { ApiOperation } from "../types.js";
import type { CatalogType, RegistryCatalog } from "./cloudformation-catalog.js";
import type { Reply } from "./reply.js";

export const CLOUDFORMATION_VERSION = "2010-05-15";
const XML_NAMESPACE = `http://cloudformation.amazonaws.com/doc/${CLOUDFORMATION_VERSION}/`;
const DEFAULT_PAGE_SIZE = 100;

/** HTTP status of each error code as the SDK's awsQuery error traits model it. */
const ERROR_STATUS: Readonly<Record<string, number>> = {
  CFNRegistryException: 400,
  TypeNotFoundException: 404,
  ValidationError: 400,
  Throttling: 400,
  InvalidAction: 400,
  MissingAction: 400,
  InternalFailure: 500,
};

export interface CloudFormationQueryDeps {
  readonly catalog: RegistryCatalog;
  readonly faults: FaultRegistry;
  readonly calls: CallLog;
  readonly region: string;
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly onInternalError: (error: unknown) => void;
}

export interface CloudFormationResult {
  reply: Reply;
  /** What the request log names, e.g. `CloudFormation DescribeType AWS::Logs::LogGroup`. */
  label: string;
}

/** A form-encoded query call for CloudFormation's API version (STS uses another version). */
export function isCloudFormationRequest(body: string): boolean {
  return new URLSearchParams(body).get("Version") === CLOUDFORMATION_VERSION;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>\r]/g, (char) =>
    char === "&" ? "&amp;" : char === "<" ? "&lt;" : char === ">" ? "&gt;" : "&#13;",
  );
}

function element(name: string, value: string | boolean | undefined): string {
  return value === undefined ? "" : `<${name}>${escapeXml(String(value))}</${name}>`;
}

function xmlReply(status: number, body: string, requestId: string): Reply {
  return { status, headers: { "content-type": "text/xml", "x-amzn-requestid": requestId }, body };
}

function errorReply(error: ApiError, requestId: string): Reply {
  const type = error.status >= 500 ? "Receiver" : "Sender";
  return xmlReply(
    error.status,
    `<ErrorResponse xmlns="${XML_NAMESPACE}"><Error><Type>${type}</Type>${element("Code", error.code)}` +
      `${element("Message", error.message)}</Error><RequestId>${requestId}</RequestId></ErrorResponse>`,
    requestId,
  );
}

function resultReply(action: string, result: string, requestId: string): Reply {
  return xmlReply(
    200,
    `<${action}Response xmlns="${XML_NAMESPACE}"><${action}Result>${result}</${action}Result>` +
      `<ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></${action}Response>`,
    requestId,
  );
}

function cfnError(code: string, message: string, status?: number): ApiError {
  return new ApiError(code, message, status ?? ERROR_STATUS[code] ?? 400);
}

function enumParam(params: URLSearchParams, name: string, allowed: readonly string[]): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!allowed.includes(value)) {
    const member = name.charAt(0).toLowerCase() + name.slice(1);
    throw cfnError(
      "ValidationError",
      `1 validation error detected: Value '${value}' at '${member}' failed to satisfy constraint: ` +
        `Member must satisfy enum value set: [${allowed.join(", ")}]`,
    );
  }
  return value;
}

function typeArn(region: string, typeName: string): string {
  return `arn:aws:cloudformation:${region}::type/resource/${typeName.replaceAll("::", "-")}`;
}

interface ListQuery {
  visibility: string;
  type?: string;
  provisioningType: string;
  deprecatedStatus: string;
  category?: string;
  publisherId?: string;
  typeNamePrefix?: string;
}

function readListQuery(params: URLSearchParams): ListQuery {
  return {
    // The registry's defaults: private types, fully mutable, live.
    visibility: enumParam(params, "Visibility", ["PUBLIC", "PRIVATE"]) ?? "PRIVATE",
    type: enumParam(params, "Type", ["RESOURCE", "MODULE", "HOOK"]),
    provisioningType:
      enumParam(params, "ProvisioningType", ["NON_PROVISIONABLE", "IMMUTABLE", "FULLY_MUTABLE"]) ??
      "FULLY_MUTABLE",
    deprecatedStatus: enumParam(params, "DeprecatedStatus", ["LIVE", "DEPRECATED"]) ?? "LIVE",
    category: enumParam(params, "Filters.Category", ["REGISTERED", "ACTIVATED", "THIRD_PARTY", "AWS_TYPES"]),
    publisherId: params.get("Filters.PublisherId") ?? undefined,
    typeNamePrefix: params.get("Filters.TypeNamePrefix") ?? undefined,
  };
}

/** Every catalog type is a public, live, AWS-published resource type without a publisher id. */
function matches(type: CatalogType, query: ListQuery): boolean {
  if (query.visibility !== "PUBLIC" || query.deprecatedStatus !== "LIVE") return false;
  if (query.type !== undefined && query.type !== "RESOURCE") return false;
  if (query.category !== undefined && query.category !== "AWS_TYPES") return false;
  if (query.publisherId !== undefined) return false;
  if (query.typeNamePrefix !== undefined && !type.typeName.startsWith(query.typeNamePrefix)) return false;
  return type.provisioningType === query.provisioningType;
}

function pageSize(params: URLSearchParams): number {
  const raw = params.get("MaxResults");
  if (raw === null) return DEFAULT_PAGE_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 100) {
    throw cfnError(
      "ValidationError",
      `1 validation error detected: Value '${raw}' at 'maxResults' failed to satisfy constraint: ` +
        "Member must have value between 1 and 100",
    );
  }
  return size;
}

function listTypes(deps: CloudFormationQueryDeps, params: URLSearchParams): string {
  const query = readListQuery(params);
  const size = pageSize(params);
  const scope = `ListTypes ${JSON.stringify(query)}`;
  const token = params.get("NextToken");
  const offset = token === null ? 0 : decodePageToken(token, scope);
  if (offset === undefined) throw cfnError("ValidationError", "Invalid NextToken");
  const selected = deps.catalog.list().filter((type) => matches(type, query));
  const page = selected.slice(offset, offset + size);
  const members = page.map(
    (type) =>
      "<member>" +
      element("Type", "RESOURCE") +
      element("TypeName", type.typeName) +
      element("TypeArn", typeArn(deps.region, type.typeName)) +
      element("LastUpdated", type.lastUpdated.toISOString()) +
      element("Description", type.description) +
      "</member>",
  );
  const next = offset + size < selected.length ? encodePageToken(scope, offset + size) : undefined;
  return `<TypeSummaries>${members.join("")}</TypeSummaries>${element("NextToken", next)}`;
}

/** The type a DescribeType call names, by `TypeName` (with `Type`) or by `Arn`. */
function describedTypeName(params: URLSearchParams, region: string): string {
  const typeName = params.get("TypeName");
  const arn = params.get("Arn");
  if ((typeName === null) === (arn === null)) {
    throw cfnError("ValidationError", "Specify either TypeName and Type, or Arn");
  }
  if (typeName !== null) {
    const type = enumParam(params, "Type", ["RESOURCE", "MODULE", "HOOK"]);
    if (type === undefined) throw cfnError("ValidationError", "Type is required with TypeName");
    if (type !== "RESOURCE") throw notFound(typeName);
    return typeName;
  }
  const prefix = `arn:aws:cloudformation:${region}::type/resource/`;
  if (arn === null || !arn.startsWith(prefix)) throw notFound(arn ?? "");
  return arn.slice(prefix.length).replaceAll("-", "::");
}

function notFound(name: string): ApiError {
  return cfnError("TypeNotFoundException", `The type '${name}' cannot be found.`);
}

function describeType(deps: CloudFormationQueryDeps, typeName: string): string {
  const type = deps.catalog.get(typeName);
  if (!type) throw notFound(typeName);
  return (
    element("Arn", typeArn(deps.region, type.typeName)) +
    element("Type", "RESOURCE") +
    element("TypeName", type.typeName) +
    element("IsDefaultVersion", true) +
    element("Description", type.description) +
    element("Schema", type.schemaText) +
    element("ProvisioningType", type.provisioningType) +
    element("DeprecatedStatus", "LIVE") +
    element("Visibility", "PUBLIC") +
    element("SourceUrl", type.sourceUrl) +
    element("DocumentationUrl", type.documentationUrl) +
    element("LastUpdated", type.lastUpdated.toISOString()) +
    element("TimeCreated", type.lastUpdated.toISOString())
  );
}

async function applyFaults(deps: CloudFormationQueryDeps, action: string, typeName?: string): Promise<void> {
  // FaultRegistry keys rules by Cloud Control operation; see the header for what matches here.
  const operation = action as unknown as ApiOperation;
  const latency = deps.faults.fire("latency", operation, typeName, "all");
  const delay = latency.reduce((sum, rule) => sum + (rule.latencyMs ?? 0), 0);
  if (delay > 0) await deps.sleep(delay);
  const throttle = deps.faults.fire("throttle", operation, typeName, "first")[0];
  if (throttle) throw cfnError("Throttling", throttle.message ?? "Rate exceeded", throttle.status);
  const error = deps.faults.fire("error", operation, typeName, "first")[0];
  if (error?.errorName !== undefined) {
    throw cfnError(error.errorName, error.message ?? `Injected ${error.errorName}`, error.status);
  }
}

async function answer(
  deps: CloudFormationQueryDeps,
  action: string | null,
  params: URLSearchParams,
  requestId: string,
): Promise<Reply> {
  if (action === null) throw cfnError("MissingAction", "Missing Action");
  if (action === "ListTypes") {
    await applyFaults(deps, action);
    return resultReply(action, listTypes(deps, params), requestId);
  }
  if (action === "DescribeType") {
    const typeName = describedTypeName(params, deps.region);
    await applyFaults(deps, action, typeName);
    return resultReply(action, describeType(deps, typeName), requestId);
  }
  throw cfnError("InvalidAction", `Could not find operation ${action} for version ${CLOUDFORMATION_VERSION}`);
}

export async function handleCloudFormationRequest(
  deps: CloudFormationQueryDeps,
  body: string,
  requestId: string,
): Promise<CloudFormationResult> {
  const params = new URLSearchParams(body);
  const action = params.get("Action");
  const input = Object.fromEntries([...params].filter(([key]) => key !== "Action" && key !== "Version"));
  const record: CallRecord = { at: deps.clock(), operation: action ?? "?", input, status: 200 };
  const typeName = params.get("TypeName") ?? undefined;
  if (typeName !== undefined) record.typeName = typeName;
  let reply: Reply;
  try {
    reply = await answer(deps, action, params, requestId);
  } catch (caught) {
    let error: ApiError;
    if (caught instanceof ApiError) error = caught;
    else {
      deps.onInternalError(caught);
      error = cfnError("InternalFailure", "The emulator failed to handle the request");
    }
    record.status = error.status;
    record.errorCode = error.code;
    reply = errorReply(error, requestId);
  }
  deps.calls.add(record);
  return { reply, label: `CloudFormation ${action ?? "?"} ${typeName ?? "-"}` };
}
