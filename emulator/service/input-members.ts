// Request member checks of the Cloud Control model (lengths, patterns, enums, required members).
// Type mismatches answer SerializationException, constraint violations ValidationException, as an
// AWS JSON front end does before any handler runs.
import { ApiError } from "../api-errors.js";
import { type ApiOperation, OPERATION_STATUSES, RESOURCE_OPERATIONS } from "../types.js";

type StringMember = {
  kind: "string";
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: string;
  /** Sensitive members are not echoed in messages. */
  sensitive?: boolean;
};
type IntegerMember = { kind: "integer"; min: number; max: number };
type FilterMember = { kind: "statusFilter" };
type MemberSpec = StringMember | IntegerMember | FilterMember;

const TYPE_NAME: StringMember = {
  kind: "string",
  required: true,
  min: 10,
  max: 196,
  pattern: "[A-Za-z0-9]{2,64}::[A-Za-z0-9]{2,64}::[A-Za-z0-9]{2,64}",
};
const TYPE_VERSION_ID: StringMember = { kind: "string", min: 1, max: 128, pattern: "[A-Za-z0-9-]+" };
const ROLE_ARN: StringMember = {
  kind: "string",
  min: 20,
  max: 2048,
  pattern: "arn:.+:iam::[0-9]{12}:role/.+",
};
const TOKEN: StringMember = { kind: "string", min: 1, max: 128, pattern: "[-A-Za-z0-9+/=]+" };
const IDENTIFIER: StringMember = { kind: "string", required: true, min: 1, max: 1024, pattern: ".+" };
const DOCUMENT: StringMember = { kind: "string", required: true, min: 1, max: 262_144, sensitive: true };
const NEXT_TOKEN: StringMember = { kind: "string", min: 1, max: 2048, pattern: "[-A-Za-z0-9+/=]+" };
const MAX_RESULTS: IntegerMember = { kind: "integer", min: 1, max: 100 };

const MEMBERS: Readonly<Record<ApiOperation, Readonly<Record<string, MemberSpec>>>> = {
  CreateResource: {
    TypeName: TYPE_NAME,
    TypeVersionId: TYPE_VERSION_ID,
    RoleArn: ROLE_ARN,
    ClientToken: TOKEN,
    DesiredState: DOCUMENT,
  },
  GetResource: {
    TypeName: TYPE_NAME,
    TypeVersionId: TYPE_VERSION_ID,
    RoleArn: ROLE_ARN,
    Identifier: IDENTIFIER,
  },
  UpdateResource: {
    TypeName: TYPE_NAME,
    TypeVersionId: TYPE_VERSION_ID,
    RoleArn: ROLE_ARN,
    ClientToken: TOKEN,
    Identifier: IDENTIFIER,
    PatchDocument: DOCUMENT,
  },
  DeleteResource: {
    TypeName: TYPE_NAME,
    TypeVersionId: TYPE_VERSION_ID,
    RoleArn: ROLE_ARN,
    ClientToken: TOKEN,
    Identifier: IDENTIFIER,
  },
  ListResources: {
    TypeName: TYPE_NAME,
    TypeVersionId: TYPE_VERSION_ID,
    RoleArn: ROLE_ARN,
    NextToken: NEXT_TOKEN,
    MaxResults: MAX_RESULTS,
    ResourceModel: { kind: "string", min: 1, max: 262_144, sensitive: true },
  },
  GetResourceRequestStatus: { RequestToken: { ...TOKEN, required: true } },
  ListResourceRequests: {
    MaxResults: MAX_RESULTS,
    NextToken: NEXT_TOKEN,
    ResourceRequestStatusFilter: { kind: "statusFilter" },
  },
  CancelResourceRequest: { RequestToken: { ...TOKEN, required: true } },
};

/** `TypeName` → `typeName`, the member spelling AWS uses in validation messages. */
const camel = (member: string): string => member.charAt(0).toLowerCase() + member.slice(1);

function serializationError(member: string, expected: string): ApiError {
  return new ApiError(
    "SerializationException",
    `Unexpected value type for member ${member}: expected ${expected}`,
  );
}

function checkString(member: string, spec: StringMember, value: unknown, problems: string[]): void {
  if (typeof value !== "string") throw serializationError(member, "a string");
  const shown = spec.sensitive ? "" : ` '${value}'`;
  const at = `Value${shown} at '${camel(member)}' failed to satisfy constraint: Member must`;
  const length = [...value].length;
  if (spec.min !== undefined && length < spec.min)
    problems.push(`${at} have length greater than or equal to ${spec.min}`);
  else if (spec.max !== undefined && length > spec.max)
    problems.push(`${at} have length less than or equal to ${spec.max}`);
  else if (spec.pattern !== undefined && !new RegExp(`^(?:${spec.pattern})$`, "s").test(value)) {
    problems.push(`${at} satisfy regular expression pattern: ${spec.pattern}`);
  }
}

function checkEnumList(member: string, allowed: readonly string[], value: unknown, problems: string[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) throw serializationError(member, "a list");
  for (const entry of value) {
    if (typeof entry !== "string") throw serializationError(member, "a list of strings");
    if (!allowed.includes(entry)) {
      problems.push(
        `Value '[${value.join(", ")}]' at 'resourceRequestStatusFilter.${camel(member)}' failed to satisfy constraint: ` +
          `Member must satisfy constraint: [Member must satisfy enum value set: [${allowed.join(", ")}]]`,
      );
      return;
    }
  }
}

function checkMember(member: string, spec: MemberSpec, value: unknown, problems: string[]): void {
  if (value === undefined || value === null) {
    if (spec.kind === "string" && spec.required) {
      problems.push(`Value null at '${camel(member)}' failed to satisfy constraint: Member must not be null`);
    }
    return;
  }
  switch (spec.kind) {
    case "string":
      return checkString(member, spec, value, problems);
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value))
        throw serializationError(member, "an integer");
      if (value < spec.min || value > spec.max) {
        const bound =
          value < spec.min ? `greater than or equal to ${spec.min}` : `less than or equal to ${spec.max}`;
        problems.push(
          `Value '${value}' at '${camel(member)}' failed to satisfy constraint: Member must have value ${bound}`,
        );
      }
      return;
    case "statusFilter": {
      if (typeof value !== "object" || Array.isArray(value)) throw serializationError(member, "a structure");
      const filter = value as Record<string, unknown>;
      checkEnumList("Operations", RESOURCE_OPERATIONS, filter.Operations, problems);
      checkEnumList("OperationStatuses", OPERATION_STATUSES, filter.OperationStatuses, problems);
      return;
    }
  }
}

/** Checks the members an operation declares; unknown members are ignored, as the service does. */
export function checkInputMembers(operation: ApiOperation, input: Record<string, unknown>): void {
  const problems: string[] = [];
  for (const [member, spec] of Object.entries(MEMBERS[operation]))
    checkMember(member, spec, input[member], problems);
  if (problems.length > 0) {
    const count =
      problems.length === 1 ? "1 validation error detected" : `${problems.length} validation errors detected`;
    throw new ApiError("ValidationException", `${count}: ${problems.join("; ")}`);
  }
}
