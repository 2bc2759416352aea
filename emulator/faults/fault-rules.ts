// Fault injection rules, per operation and per type: throttling (the next N calls or a fraction of
// calls), synchronous exceptions, added latency, requests that end FAILED with a chosen
// HandlerErrorCode (with or without an Identifier, with or without an object behind it) and
// requests that never finish, and requests that a cancel does not stop.
import {
  API_OPERATIONS,
  type ApiOperation,
  HANDLER_ERROR_CODES,
  type HandlerErrorCode,
  HOOK_STATUSES,
  type HookEvent,
} from "../types.js";

export const FAULT_KINDS = ["throttle", "error", "fail", "latency", "hang", "ignore-cancel"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const REQUEST_CREATING_OPERATIONS: ReadonlySet<ApiOperation> = new Set([
  "CreateResource",
  "UpdateResource",
  "DeleteResource",
]);

export interface FaultRuleSpec {
  kind: FaultKind;
  /** Only calls of this operation (any operation when absent). */
  operation?: ApiOperation;
  /** Only calls about this resource type (any type when absent). */
  typeName?: string;
  /** Applies to this many matching calls, then is spent (unlimited when absent). */
  count?: number;
  /** Chance in (0, 1] that a matching call is affected (always when absent). */
  rate?: number;
  /** latency: milliseconds added before the call is answered. */
  latencyMs?: number;
  /** error: exception name (e.g. ServiceInternalErrorException), its message and optional status. */
  errorName?: string;
  message?: string;
  status?: number;
  /** fail: the request's terminal FAILED event carries this code (and `message`). */
  errorCode?: HandlerErrorCode;
  /** fail: the FAILED event names the object; a create also stores it ("exists but failed"). */
  withIdentifier?: boolean;
  /**
   * fail: the FAILED event names the identifier but nothing is stored — for a create, the object
   * named is one this request did not make (e.g. AlreadyExists for an object that was there before).
   */
  identifierOnly?: boolean;
  /** fail: hook events shown by GetResourceRequestStatus. */
  hookEvents?: HookEvent[];
}

export interface FaultRule extends FaultRuleSpec {
  readonly id: string;
  /** How many calls it has affected so far. */
  applied: number;
}

export class FaultSpecError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalNumber(
  input: Record<string, unknown>,
  key: string,
  check: (n: number) => boolean,
): number | undefined {
  const value = input[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !check(value))
    throw new FaultSpecError(`fault ${key} is out of range: ${String(value)}`);
  return value;
}

function optionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "")
    throw new FaultSpecError(`fault ${key} must be a non-empty string`);
  return value;
}

function parseHookEvents(value: unknown): HookEvent[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new FaultSpecError("fault hookEvents must be an array");
  return value.map((event) => {
    if (!isRecord(event) || !HOOK_STATUSES.includes(event.hookStatus as HookEvent["hookStatus"])) {
      throw new FaultSpecError(`hook events need a hookStatus out of ${HOOK_STATUSES.join(", ")}`);
    }
    const time = event.hookEventTime;
    return {
      ...(event as unknown as HookEvent),
      hookEventTime:
        typeof time === "string" ? Date.parse(time) : typeof time === "number" ? time : undefined,
    };
  });
}

/** Checks an untrusted rule (control API body, CLI flag) and returns it typed. */
export function parseFaultRule(input: unknown): FaultRuleSpec {
  if (!isRecord(input)) throw new FaultSpecError("a fault rule must be a JSON object");
  const kind = input.kind;
  if (!FAULT_KINDS.includes(kind as FaultKind)) {
    throw new FaultSpecError(`fault kind must be one of ${FAULT_KINDS.join(", ")}`);
  }
  const operation = optionalString(input, "operation");
  if (operation !== undefined && !API_OPERATIONS.includes(operation as ApiOperation)) {
    throw new FaultSpecError(`unknown operation ${operation}; expected one of ${API_OPERATIONS.join(", ")}`);
  }
  const requestFault = kind === "fail" || kind === "hang" || kind === "ignore-cancel";
  if (requestFault && operation !== undefined) {
    if (!REQUEST_CREATING_OPERATIONS.has(operation as ApiOperation)) {
      throw new FaultSpecError(`a ${kind} fault applies to CreateResource, UpdateResource or DeleteResource`);
    }
  }
  const spec: FaultRuleSpec = {
    kind: kind as FaultKind,
    operation: operation as ApiOperation | undefined,
    typeName: optionalString(input, "typeName"),
    count: optionalNumber(input, "count", (n) => Number.isInteger(n) && n >= 1),
    rate: optionalNumber(input, "rate", (n) => n > 0 && n <= 1),
    latencyMs: optionalNumber(input, "latencyMs", (n) => n >= 0 && n <= 600_000),
    errorName: optionalString(input, "errorName"),
    message: optionalString(input, "message"),
    status: optionalNumber(input, "status", (n) => Number.isInteger(n) && n >= 400 && n <= 599),
    withIdentifier: input.withIdentifier === undefined ? undefined : input.withIdentifier === true,
    identifierOnly: input.identifierOnly === undefined ? undefined : input.identifierOnly === true,
    hookEvents: parseHookEvents(input.hookEvents),
  };
  if (input.errorCode !== undefined) {
    if (!HANDLER_ERROR_CODES.includes(input.errorCode as HandlerErrorCode)) {
      throw new FaultSpecError(`errorCode must be one of ${HANDLER_ERROR_CODES.join(", ")}`);
    }
    spec.errorCode = input.errorCode as HandlerErrorCode;
  }
  if (spec.kind === "latency" && spec.latencyMs === undefined)
    throw new FaultSpecError("a latency fault needs latencyMs");
  if (spec.kind === "error" && spec.errorName === undefined)
    throw new FaultSpecError("an error fault needs errorName");
  if (spec.kind === "fail" && spec.errorCode === undefined)
    throw new FaultSpecError("a fail fault needs errorCode");
  if (spec.withIdentifier && spec.identifierOnly)
    throw new FaultSpecError(
      "withIdentifier (object stored) and identifierOnly (nothing stored) exclude each other",
    );
  // Drop the keys that were not given, so listings show only what was set.
  return Object.fromEntries(
    Object.entries(spec).filter(([, value]) => value !== undefined),
  ) as unknown as FaultRuleSpec;
}

export class FaultRegistry {
  private rules: FaultRule[] = [];
  private nextId = 1;

  constructor(private readonly random: () => number) {}

  add(spec: FaultRuleSpec): FaultRule {
    const rule: FaultRule = { ...spec, id: `fault-${this.nextId++}`, applied: 0 };
    this.rules.push(rule);
    return rule;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /**
   * The rules of one kind that affect this call, in the order they were added: all of them
   * (latencies add up) or only the first. Each affected rule counts the call; a rule whose count
   * is used up is dropped.
   */
  fire(
    kind: FaultKind,
    operation: ApiOperation,
    typeName: string | undefined,
    mode: "first" | "all",
  ): FaultRule[] {
    const fired: FaultRule[] = [];
    for (const rule of this.rules) {
      if (mode === "first" && fired.length > 0) break;
      if (rule.kind !== kind) continue;
      if (rule.operation !== undefined && rule.operation !== operation) continue;
      if (rule.typeName !== undefined && rule.typeName !== typeName) continue;
      if (rule.count !== undefined && rule.applied >= rule.count) continue;
      if (rule.rate !== undefined && this.random() >= rule.rate) continue;
      rule.applied++;
      fired.push(rule);
    }
    this.rules = this.rules.filter((rule) => rule.count === undefined || rule.applied < rule.count);
    return fired;
  }
}
