// The eight Cloud Control operations. Mutations are accepted synchronously (type, handler,
// idempotency, concurrency and input checks) and answered with a PENDING ProgressEvent; the type's
// handler runs when the request completes: after the configured number of status polls and delay.
import { ApiError } from "../api-errors.js";
import type { FaultRegistry } from "../faults/fault-rules.js";
import type { GenerationContext } from "../generate/plausible-values.js";
import { notFoundMessage } from "../handlers/messages.js";
import { parsePatchDocument } from "../handlers/patch-document.js";
import {
  type HandlerContext,
  type HandlerResult,
  runCreate,
  runDelete,
  runUpdate,
  visibleModel,
} from "../handlers/resource-handlers.js";
import {
  CANCELLABLE_STATUSES,
  hookEventsOf,
  isInFlight,
  progressEventOf,
  type WireObject,
} from "../requests/progress-events.js";
import { identifierOf, resolveIdentifier } from "../schema/identifiers.js";
import { getAtPath, isJsonObject, jsonEqual } from "../schema/pointers.js";
import type { HandlerName, ResourceType, TypeRegistry } from "../schema/type-registry.js";
import type { EmulatorState } from "../store/state.js";
import {
  type ApiOperation,
  type EmulatorConfig,
  type JsonObject,
  MUTATING_OPERATIONS,
  type OperationStatus,
  type RequestRecord,
  type ResourceOperation,
  type StagedFailure,
} from "../types.js";
import { checkInputMembers } from "./input-members.js";
import { decodePageToken, encodePageToken } from "./page-tokens.js";

export interface ServiceDeps {
  readonly state: EmulatorState;
  readonly registry: TypeRegistry;
  readonly faults: FaultRegistry;
  /** Live configuration: changes apply to requests accepted afterwards. */
  readonly config: EmulatorConfig;
  readonly clock: () => number;
  readonly random: () => number;
  readonly accountId: string;
  readonly region: string;
  readonly newRequestToken: () => string;
}

const DEFAULT_PAGE_SIZE = 20;

function optionalString(input: Record<string, unknown>, member: string): string | undefined {
  const value = input[member];
  return typeof value === "string" ? value : undefined;
}

function requiredString(input: Record<string, unknown>, member: string): string {
  return input[member] as string; // presence and type were checked by checkInputMembers
}

function requiredNames(schema: unknown): string[] {
  return isJsonObject(schema) && Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === "string")
    : [];
}

/**
 * What a list request lacks under the list handler's `handlerSchema` (its `required`, and
 * `oneOf` / `anyOf` alternatives of required sets), or undefined when it is complete.
 */
function missingListProperties(
  handlerSchema: JsonObject | undefined,
  filter: JsonObject,
): string | undefined {
  if (!handlerSchema) return undefined;
  const has = (names: string[]): boolean => names.every((name) => filter[name] !== undefined);
  const always = requiredNames(handlerSchema);
  if (!has(always)) return always.filter((name) => filter[name] === undefined).join(", ");
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = handlerSchema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const sets = branches.map(requiredNames);
    const satisfied = sets.filter(has).length;
    if (satisfied === 0 || (keyword === "oneOf" && satisfied > 1)) {
      return sets.map((names) => names.join(" + ")).join(keyword === "oneOf" ? " xor " : " or ");
    }
  }
  return undefined;
}

export class CloudControlService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The resource type a call concerns (for fault matching), when it can be told. */
  typeNameOf(input: Record<string, unknown>): string | undefined {
    const typeName = optionalString(input, "TypeName");
    if (typeName !== undefined) return typeName;
    const token = optionalString(input, "RequestToken");
    return token === undefined ? undefined : this.deps.state.getRequest(token)?.typeName;
  }

  handle(operation: ApiOperation, input: Record<string, unknown>): WireObject {
    checkInputMembers(operation, input);
    this.advance();
    switch (operation) {
      case "CreateResource":
        return this.createResource(input);
      case "UpdateResource":
        return this.updateResource(input);
      case "DeleteResource":
        return this.deleteResource(input);
      case "GetResource":
        return this.getResource(input);
      case "ListResources":
        return this.listResources(input);
      case "GetResourceRequestStatus":
        return this.getResourceRequestStatus(input);
      case "ListResourceRequests":
        return this.listResourceRequests(input);
      case "CancelResourceRequest":
        return this.cancelResourceRequest(input);
    }
  }

  /** Completes every request whose completion does not wait for a poll (and whose time has come). */
  advance(): void {
    const now = this.deps.clock();
    this.deps.state.expire(now);
    for (const request of this.deps.state.listRequests()) {
      if (isInFlight(request) && this.isDue(request, now)) this.finish(request);
    }
  }

  // ---- type registry -------------------------------------------------------------------------

  private requireType(typeName: string, handler: HandlerName): ResourceType {
    const type = this.deps.registry.find(typeName);
    if (!type) {
      throw new ApiError("TypeNotFoundException", `The type '${typeName}' cannot be found.`);
    }
    if (!type.handlers.has(handler)) {
      throw new ApiError(
        "UnsupportedActionException",
        `Resource type ${typeName} does not support ${handler.toUpperCase()} action`,
      );
    }
    return type;
  }

  private resolve(type: ResourceType, input: Record<string, unknown>): string {
    return resolveIdentifier(type, requiredString(input, "Identifier"), () =>
      this.deps.state.listResources(type.typeName),
    );
  }

  private generation(): GenerationContext {
    return {
      accountId: this.deps.accountId,
      region: this.deps.region,
      now: this.deps.clock(),
      random: this.deps.random,
    };
  }

  // ---- mutations -----------------------------------------------------------------------------

  private createResource(input: Record<string, unknown>): WireObject {
    const type = this.requireType(requiredString(input, "TypeName"), "create");
    const replay = this.replay("CREATE", input);
    if (replay) return replay;
    const text = requiredString(input, "DesiredState");
    let desired: unknown;
    try {
      desired = JSON.parse(text);
    } catch (error) {
      throw new ApiError(
        "InvalidRequestException",
        `DesiredState is not valid JSON: ${(error as Error).message}`,
      );
    }
    if (!isJsonObject(desired))
      throw new ApiError("InvalidRequestException", "DesiredState must be a JSON object");
    // The identifier is known up front only when every part comes from the desired state.
    const generatedParts = type.primaryIdentifier.some((path) =>
      type.readOnly.some((pattern) => jsonEqual(pattern, path)),
    );
    const identifier = generatedParts ? undefined : identifierOf(type, desired);
    return this.accept("CREATE", type, input, identifier, text);
  }

  private updateResource(input: Record<string, unknown>): WireObject {
    const type = this.requireType(requiredString(input, "TypeName"), "update");
    const replay = this.replay("UPDATE", input);
    if (replay) return replay;
    const identifier = this.resolve(type, input);
    if (!this.deps.state.hasResource(type.typeName, identifier)) {
      throw new ApiError("ResourceNotFoundException", notFoundMessage(type.typeName, identifier));
    }
    const text = requiredString(input, "PatchDocument");
    const parsed = parsePatchDocument(text);
    if (!parsed.ok) throw new ApiError("InvalidRequestException", parsed.reason);
    return this.accept("UPDATE", type, input, identifier, text);
  }

  private deleteResource(input: Record<string, unknown>): WireObject {
    const type = this.requireType(requiredString(input, "TypeName"), "delete");
    const replay = this.replay("DELETE", input);
    if (replay) return replay;
    const identifier = this.resolve(type, input);
    if (
      this.deps.config.deleteNotFound === "sync" &&
      !this.deps.state.hasResource(type.typeName, identifier)
    ) {
      throw new ApiError("ResourceNotFoundException", notFoundMessage(type.typeName, identifier));
    }
    return this.accept("DELETE", type, input, identifier, undefined);
  }

  private fingerprint(operation: ResourceOperation, input: Record<string, unknown>): string {
    return JSON.stringify([
      operation,
      input.TypeName,
      input.Identifier ?? null,
      input.DesiredState ?? null,
      input.PatchDocument ?? null,
      input.TypeVersionId ?? null,
      input.RoleArn ?? null,
    ]);
  }

  /** A ClientToken seen before: the same input gets the original request, other input a conflict. */
  private replay(operation: ResourceOperation, input: Record<string, unknown>): WireObject | undefined {
    const clientToken = optionalString(input, "ClientToken");
    if (clientToken === undefined) return undefined;
    const earlier = this.deps.state.requestForClientToken(clientToken);
    if (!earlier) return undefined;
    if (earlier.fingerprint !== this.fingerprint(operation, input)) {
      throw new ApiError(
        "ClientTokenConflictException",
        `Client token ${clientToken} was already used for a different request (${earlier.requestToken}).`,
      );
    }
    return { ProgressEvent: progressEventOf(earlier) };
  }

  private inFlightFor(typeName: string, identifier: string): RequestRecord | undefined {
    return this.deps.state
      .listRequests()
      .find(
        (request) =>
          request.typeName === typeName && request.identifier === identifier && isInFlight(request),
      );
  }

  private accept(
    operation: ResourceOperation,
    type: ResourceType,
    input: Record<string, unknown>,
    identifier: string | undefined,
    document: string | undefined,
  ): WireObject {
    if (identifier !== undefined) {
      const busy = this.inFlightFor(type.typeName, identifier);
      if (busy) {
        throw new ApiError(
          "ConcurrentOperationException",
          `Another ${busy.operation} request (${busy.requestToken}) is in progress for resource of type ` +
            `'${type.typeName}' with identifier '${identifier}'.`,
        );
      }
    }
    const apiOperation = MUTATING_OPERATIONS[operation];
    const hang = this.deps.faults.fire("hang", apiOperation, type.typeName, "first").length > 0;
    const failRule = this.deps.faults.fire("fail", apiOperation, type.typeName, "first")[0];
    const now = this.deps.clock();
    const request: RequestRecord = {
      requestToken: this.deps.newRequestToken(),
      operation,
      typeName: type.typeName,
      identifier,
      status: "PENDING",
      createdAt: now,
      eventTime: now,
      polls: 0,
      phaseStartedAt: now,
      completeAfterPolls: this.deps.config.completeAfterPolls,
      completeAfterMs: this.deps.config.completeAfterMs,
      clientToken: optionalString(input, "ClientToken"),
      fingerprint: this.fingerprint(operation, input),
      document,
    };
    if (hang) request.hang = true;
    if (failRule?.errorCode !== undefined) {
      const staged: StagedFailure = {
        errorCode: failRule.errorCode,
        withIdentifier: failRule.withIdentifier ?? false,
      };
      if (failRule.message !== undefined) staged.message = failRule.message;
      request.stagedFailure = staged;
      if (failRule.hookEvents) request.hookEvents = failRule.hookEvents;
    }
    if (request.identifier === undefined) delete request.identifier;
    if (request.clientToken === undefined) delete request.clientToken;
    if (request.document === undefined) delete request.document;
    this.deps.state.addRequest(request);
    const response = { ProgressEvent: progressEventOf(request) };
    if (this.isDue(request, now)) this.finish(request);
    return response;
  }

  // ---- completion ----------------------------------------------------------------------------

  private isDue(request: RequestRecord, now: number): boolean {
    if (request.hang && request.status !== "CANCEL_IN_PROGRESS") return false;
    return (
      request.polls >= request.completeAfterPolls && now - request.phaseStartedAt >= request.completeAfterMs
    );
  }

  private setStatus(request: RequestRecord, status: OperationStatus): void {
    request.status = status;
    request.eventTime = this.deps.clock();
    this.deps.state.touch();
  }

  /** Runs the request's handler (or ends its cancellation) and records the outcome. */
  private finish(request: RequestRecord): void {
    if (request.status === "CANCEL_IN_PROGRESS") {
      this.setStatus(request, "CANCEL_COMPLETE");
      return;
    }
    const type = this.deps.registry.find(request.typeName);
    if (!type) {
      this.fail(request, {
        ok: false,
        errorCode: "InternalFailure",
        message: `type ${request.typeName} vanished`,
      });
      return;
    }
    const ctx: HandlerContext = { state: this.deps.state, generation: this.generation() };
    const staged = request.stagedFailure;
    switch (request.operation) {
      case "CREATE": {
        const result = runCreate(ctx, type, JSON.parse(request.document ?? "{}") as JsonObject);
        if (!result.ok) return this.fail(request, result);
        if (staged) {
          // "The object exists but the create failed": stored, and the FAILED event names it.
          if (staged.withIdentifier) this.store(type, result.identifier, result.model);
          return this.failStaged(request, staged, staged.withIdentifier ? result.identifier : undefined);
        }
        this.store(type, result.identifier, result.model);
        return this.succeed(request, type, result.identifier, result.model);
      }
      case "UPDATE": {
        const identifier = request.identifier as string;
        if (staged) return this.failStaged(request, staged, staged.withIdentifier ? identifier : undefined);
        const parsed = parsePatchDocument(request.document ?? "[]");
        const result = parsed.ok
          ? runUpdate(ctx, type, identifier, parsed.ops)
          : ({ ok: false, errorCode: "InvalidRequest", message: parsed.reason } as HandlerResult);
        if (!result.ok) return this.fail(request, result);
        if (result.identifier !== identifier) this.deps.state.deleteResource(type.typeName, identifier);
        this.store(type, result.identifier, result.model);
        return this.succeed(request, type, result.identifier, result.model);
      }
      case "DELETE": {
        const identifier = request.identifier as string;
        if (staged) return this.failStaged(request, staged, staged.withIdentifier ? identifier : undefined);
        const result = runDelete(ctx, type, identifier);
        if (!result.ok) return this.fail(request, result);
        this.deps.state.deleteResource(type.typeName, identifier);
        return this.succeed(request, type, identifier, undefined);
      }
    }
  }

  private store(type: ResourceType, identifier: string, model: JsonObject): void {
    const now = this.deps.clock();
    const existing = this.deps.state.getResource(type.typeName, identifier);
    if (existing) this.deps.state.replaceProperties(existing, model, now);
    else
      this.deps.state.putResource({
        typeName: type.typeName,
        identifier,
        properties: model,
        createdAt: now,
        updatedAt: now,
      });
  }

  private succeed(
    request: RequestRecord,
    type: ResourceType,
    identifier: string,
    model: JsonObject | undefined,
  ): void {
    request.identifier = identifier;
    if (model) request.resourceModel = visibleModel(type, model);
    delete request.document; // the handler has run; the text is not needed any more
    this.setStatus(request, "SUCCESS");
  }

  private fail(request: RequestRecord, result: Extract<HandlerResult, { ok: false }>): void {
    // A FAILED create names an Identifier only when an object exists (see failStaged): a client that
    // keeps the identifier of a failed create would otherwise later delete somebody else's object.
    if (request.operation === "CREATE") delete request.identifier;
    request.errorCode = result.errorCode;
    request.statusMessage = result.message.slice(0, 1024);
    delete request.document;
    this.setStatus(request, "FAILED");
  }

  private failStaged(request: RequestRecord, staged: StagedFailure, identifier: string | undefined): void {
    if (identifier !== undefined) request.identifier = identifier;
    else delete request.identifier;
    request.errorCode = staged.errorCode;
    request.statusMessage =
      staged.message ?? `Resource handler returned message: "injected ${staged.errorCode} failure"`;
    delete request.document;
    this.setStatus(request, "FAILED");
  }

  // ---- reads ---------------------------------------------------------------------------------

  private getResource(input: Record<string, unknown>): WireObject {
    const type = this.requireType(requiredString(input, "TypeName"), "read");
    const identifier = this.resolve(type, input);
    const stored = this.deps.state.getResource(type.typeName, identifier);
    if (!stored) {
      throw new ApiError(
        "ResourceNotFoundException",
        `${type.typeName} Handler returned status FAILED: ${notFoundMessage(type.typeName, identifier)} (HandlerErrorCode: NotFound)`,
      );
    }
    return {
      TypeName: type.typeName,
      ResourceDescription: {
        Identifier: stored.identifier,
        Properties: JSON.stringify(visibleModel(type, stored.properties)),
      },
    };
  }

  private listFilter(type: ResourceType, input: Record<string, unknown>): JsonObject {
    const text = optionalString(input, "ResourceModel");
    let filter: JsonObject = {};
    if (text !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new ApiError(
          "InvalidRequestException",
          `ResourceModel is not valid JSON: ${(error as Error).message}`,
        );
      }
      if (!isJsonObject(parsed))
        throw new ApiError("InvalidRequestException", "ResourceModel must be a JSON object");
      filter = parsed;
    }
    const handlerSchema = type.listHandlerSchema;
    const allowed = isJsonObject(handlerSchema?.properties) ? Object.keys(handlerSchema.properties) : [];
    for (const key of Object.keys(filter)) {
      if (!allowed.includes(key)) {
        throw new ApiError(
          "InvalidRequestException",
          `ResourceModel property [${key}] is not supported by the list handler of ${type.typeName}` +
            (allowed.length > 0 ? ` (supported: ${allowed.join(", ")})` : ""),
        );
      }
    }
    const missing = missingListProperties(handlerSchema, filter);
    if (missing !== undefined) {
      throw new ApiError(
        "InvalidRequestException",
        `Missing Or Invalid ResourceModel property in ${type.typeName} list handler request input. ` +
          `Required property: [${missing}]`,
      );
    }
    return filter;
  }

  private listResources(input: Record<string, unknown>): WireObject {
    const type = this.requireType(requiredString(input, "TypeName"), "list");
    const filter = this.listFilter(type, input);
    // Filter keys that are not resource properties (e.g. a list of ARNs) only select the request shape.
    const properties = isJsonObject(type.schema.properties) ? type.schema.properties : {};
    const conditions = Object.entries(filter).filter(([key]) => key in properties);
    const matching = this.deps.state
      .listResources(type.typeName)
      .filter((resource) =>
        conditions.every(([key, value]) => jsonEqual(getAtPath(resource.properties, [key]), value)),
      );
    const scope = `resources:${type.typeName}:${JSON.stringify(filter)}`;
    const page = this.page(matching, scope, input);
    const output: WireObject = {
      TypeName: type.typeName,
      ResourceDescriptions: page.items.map((resource) => ({
        Identifier: resource.identifier,
        Properties: JSON.stringify(visibleModel(type, resource.properties)),
      })),
    };
    if (page.nextToken !== undefined) output.NextToken = page.nextToken;
    return output;
  }

  private page<T>(
    items: readonly T[],
    scope: string,
    input: Record<string, unknown>,
  ): { items: T[]; nextToken?: string } {
    const size = typeof input.MaxResults === "number" ? input.MaxResults : DEFAULT_PAGE_SIZE;
    const token = optionalString(input, "NextToken");
    let offset = 0;
    if (token !== undefined) {
      const decoded = decodePageToken(token, scope);
      if (decoded === undefined)
        throw new ApiError("InvalidRequestException", "The NextToken is invalid or expired.");
      offset = decoded;
    }
    const slice = items.slice(offset, offset + size);
    const next = offset + size < items.length ? encodePageToken(scope, offset + size) : undefined;
    return next === undefined ? { items: slice } : { items: slice, nextToken: next };
  }

  // ---- requests ------------------------------------------------------------------------------

  private requireRequest(input: Record<string, unknown>): RequestRecord {
    const token = requiredString(input, "RequestToken");
    const request = this.deps.state.getRequest(token);
    if (!request)
      throw new ApiError("RequestTokenNotFoundException", `Request with token ${token} was not found.`);
    return request;
  }

  private getResourceRequestStatus(input: Record<string, unknown>): WireObject {
    const request = this.requireRequest(input);
    if (isInFlight(request)) {
      request.polls++;
      this.deps.state.touch();
      if (this.isDue(request, this.deps.clock())) this.finish(request);
      else if (request.status === "PENDING") this.setStatus(request, "IN_PROGRESS");
    }
    const output: WireObject = { ProgressEvent: progressEventOf(request) };
    const hooks = hookEventsOf(request);
    if (hooks.length > 0) output.HooksProgressEvent = hooks;
    return output;
  }

  private listResourceRequests(input: Record<string, unknown>): WireObject {
    const filter = isJsonObject(input.ResourceRequestStatusFilter) ? input.ResourceRequestStatusFilter : {};
    const operations = Array.isArray(filter.Operations) ? filter.Operations : undefined;
    const statuses = Array.isArray(filter.OperationStatuses) ? filter.OperationStatuses : undefined;
    const matching = this.deps.state
      .listRequests()
      .filter((request) => !operations || operations.length === 0 || operations.includes(request.operation))
      .filter((request) => !statuses || statuses.length === 0 || statuses.includes(request.status))
      .reverse(); // newest first
    const scope = `requests:${JSON.stringify([operations ?? [], statuses ?? []])}`;
    const page = this.page(matching, scope, input);
    const output: WireObject = { ResourceRequestStatusSummaries: page.items.map(progressEventOf) };
    if (page.nextToken !== undefined) output.NextToken = page.nextToken;
    return output;
  }

  private cancelResourceRequest(input: Record<string, unknown>): WireObject {
    const request = this.requireRequest(input);
    if (CANCELLABLE_STATUSES.has(request.status)) {
      request.polls = 0;
      request.phaseStartedAt = this.deps.clock();
      this.setStatus(request, "CANCEL_IN_PROGRESS");
      const response = { ProgressEvent: progressEventOf(request) };
      if (this.isDue(request, request.phaseStartedAt)) this.finish(request);
      return response;
    }
    if (request.status === "CANCEL_IN_PROGRESS" || request.status === "CANCEL_COMPLETE") {
      return { ProgressEvent: progressEventOf(request) }; // cancelling again is a no-op
    }
    throw new ApiError(
      "ConcurrentModificationException",
      `Request ${request.requestToken} has already completed with status ${request.status} and cannot be cancelled.`,
    );
  }
}
