// The eight Cloud Control operations. Mutations are accepted synchronously (type, handler,
// idempotency, concurrency and input checks) and answered with a PENDING ProgressEvent; the type's
// handler runs when the request completes: after the configured number of status polls and delay.
import { ApiError } from "../api-errors.js";
import type { FaultRegistry } from "../faults/fault-rules.js";
import { notFoundMessage, readNotFoundMessage } from "../handlers/messages.js";
import { parsePatchDocument } from "../handlers/patch-document.js";
import { createRefusal, updateRefusal, visibleModel } from "../handlers/resource-handlers.js";
import {
  CANCELLABLE_STATUSES,
  epochSeconds,
  hookEventsOf,
  isInFlight,
  progressEventOf,
  type WireObject,
} from "../requests/progress-events.js";
import { identifierOf, resolveIdentifier } from "../schema/identifiers.js";
import { deepClone, getAtPath, isJsonObject, jsonEqual, setAtPath } from "../schema/pointers.js";
import type { HandlerName, ResourceType, TypeRegistry } from "../schema/type-registry.js";
import type { EmulatorState } from "../store/state.js";
import {
  type ApiOperation,
  type EmulatorConfig,
  type JsonObject,
  MUTATING_OPERATIONS,
  type RequestRecord,
  type ResourceOperation,
  type StagedFailure,
} from "../types.js";
import { checkInputMembers } from "./input-members.js";
import { listFilterOf, matchesListFilter } from "./list-filter.js";
import { pageOf } from "./paging.js";
import { RequestRunner } from "./request-runner.js";
import { stillInvisible } from "../realism/eventual.js";
import { reverseUnorderedArrays } from "../realism/order.js";
import { realisticReadModel } from "../realism/read-view.js";

/** What ListResources shows of an object: its primary identifier properties only, as the service does. */
function primaryIdentifierModel(type: ResourceType, properties: JsonObject): JsonObject {
  const model: JsonObject = {};
  for (const path of type.primaryIdentifier) {
    const value = getAtPath(properties, path);
    if (value !== undefined) setAtPath(model, path, deepClone(value));
  }
  return model;
}

/** The shortest wait a listed in-flight request's RetryAfter suggests. */
const RETRY_AFTER_MIN_MS = 1000;

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

function optionalString(input: Record<string, unknown>, member: string): string | undefined {
  const value = input[member];
  return typeof value === "string" ? value : undefined;
}

function requiredString(input: Record<string, unknown>, member: string): string {
  return input[member] as string; // presence and type were checked by checkInputMembers
}

export class CloudControlService {
  private readonly runner: RequestRunner;

  constructor(private readonly deps: ServiceDeps) {
    this.runner = new RequestRunner(deps);
  }

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
    for (const request of this.deps.state.inFlightRequests()) {
      if (this.runner.isDue(request, now)) this.runner.finish(request);
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
    const refusal = createRefusal(type, desired);
    if (refusal) throw new ApiError(refusal.code, refusal.message);
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
    const stored = this.deps.state.getResource(type.typeName, identifier);
    const refusal =
      stored && updateRefusal(type, this.runner.patchTarget(type, stored.properties), parsed.ops);
    if (refusal) throw new ApiError(refusal.code, refusal.message);
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
        `ClientToken ${clientToken} is already associated with an existing operation with RequestToken ${earlier.requestToken}`,
      );
    }
    return { ProgressEvent: progressEventOf(earlier) };
  }

  private inFlightFor(typeName: string, identifier: string): RequestRecord | undefined {
    return this.deps.state
      .inFlightRequests()
      .find((request) => request.typeName === typeName && request.identifier === identifier);
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
    const ignoresCancel =
      this.deps.faults.fire("ignore-cancel", apiOperation, type.typeName, "first").length > 0;
    const now = this.deps.clock();
    const request: RequestRecord = {
      requestToken: this.deps.newRequestToken(),
      operation,
      typeName: type.typeName,
      identifier,
      // The service answers a create as already running; updates and deletes start PENDING.
      status: operation === "CREATE" ? "IN_PROGRESS" : "PENDING",
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
    if (ignoresCancel) request.ignoresCancel = true;
    if (failRule?.errorCode !== undefined) {
      const staged: StagedFailure = {
        errorCode: failRule.errorCode,
        withIdentifier: failRule.withIdentifier ?? false,
      };
      if (failRule.identifierOnly) staged.identifierOnly = true;
      if (failRule.message !== undefined) staged.message = failRule.message;
      request.stagedFailure = staged;
      if (failRule.hookEvents) request.hookEvents = failRule.hookEvents;
    }
    if (request.identifier === undefined) delete request.identifier;
    if (request.clientToken === undefined) delete request.clientToken;
    if (request.document === undefined) delete request.document;
    this.deps.state.addRequest(request);
    const response = { ProgressEvent: progressEventOf(request) };
    if (this.runner.isDue(request, now)) this.runner.finish(request);
    return response;
  }

  // ---- reads ---------------------------------------------------------------------------------

  private getResource(input: Record<string, unknown>): WireObject {
    const type = this.requireType(requiredString(input, "TypeName"), "read");
    const identifier = this.resolve(type, input);
    const stored = this.deps.state.getResource(type.typeName, identifier);
    const { config } = this.deps;
    const invisible =
      stored !== undefined &&
      config.realism.includes("eventual") &&
      stillInvisible(stored.createdAt, this.deps.clock(), config.eventualMs);
    if (!stored || invisible) {
      throw new ApiError(
        "ResourceNotFoundException",
        readNotFoundMessage(type.typeName, identifier, this.deps.newRequestToken()),
      );
    }
    return {
      TypeName: type.typeName,
      ResourceDescription: {
        Identifier: stored.identifier,
        Properties: this.modelText(type, stored.properties),
      },
    };
  }

  /**
   * The model as a read answers it: write-only values removed, unordered arrays reversed when so
   * configured, then the realism profile's read-time behaviours.
   */
  private modelText(type: ResourceType, properties: JsonObject): string {
    return JSON.stringify(this.readView(type, visibleModel(type, properties)));
  }

  private readView(type: ResourceType, visible: JsonObject): JsonObject {
    const { config } = this.deps;
    let model = visible;
    if (config.reorderArrays) model = reverseUnorderedArrays(type.schema, model);
    if (config.realism.length > 0) {
      model = realisticReadModel(
        type,
        model,
        { behaviours: config.realism, seed: config.realismSeed, eventualMs: config.eventualMs },
        this.deps,
      );
    }
    return model;
  }

  private listResources(input: Record<string, unknown>): WireObject {
    const type = this.requireType(requiredString(input, "TypeName"), "list");
    const filter = listFilterOf(type, optionalString(input, "ResourceModel"));
    const matching = this.deps.state
      .listResources(type.typeName)
      .filter((resource) => matchesListFilter(type, filter, resource));
    const scope = `resources:${type.typeName}:${JSON.stringify(filter)}`;
    const page = pageOf(matching, scope, input);
    const output: WireObject = {
      TypeName: type.typeName,
      ResourceDescriptions: page.items.map((resource) => ({
        Identifier: resource.identifier,
        Properties: JSON.stringify(this.readView(type, primaryIdentifierModel(type, resource.properties))),
      })),
    };
    if (page.nextToken !== undefined) output.NextToken = page.nextToken;
    return output;
  }

  // ---- requests ------------------------------------------------------------------------------

  private requireRequest(input: Record<string, unknown>): RequestRecord {
    const token = requiredString(input, "RequestToken");
    const request = this.deps.state.getRequest(token);
    if (!request)
      throw new ApiError("RequestTokenNotFoundException", `Request with token ${token} was not found`);
    return request;
  }

  private getResourceRequestStatus(input: Record<string, unknown>): WireObject {
    const request = this.requireRequest(input);
    if (isInFlight(request)) {
      request.polls++;
      this.deps.state.touch();
      if (this.runner.isDue(request, this.deps.clock())) this.runner.finish(request);
      else if (request.status === "PENDING") this.runner.setStatus(request, "IN_PROGRESS");
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
    const page = pageOf(matching, scope, input);
    const output: WireObject = {
      ResourceRequestStatusSummaries: page.items.map((request) => this.summaryOf(request)),
    };
    if (page.nextToken !== undefined) output.NextToken = page.nextToken;
    return output;
  }

  /** A listed request; one in flight says when to ask again, as the service's listing does. */
  private summaryOf(request: RequestRecord): WireObject {
    const event = progressEventOf(request);
    if (isInFlight(request)) {
      const due = request.phaseStartedAt + request.completeAfterMs;
      event.RetryAfter = epochSeconds(Math.max(due, this.deps.clock() + RETRY_AFTER_MIN_MS));
    }
    return event;
  }

  private cancelResourceRequest(input: Record<string, unknown>): WireObject {
    const request = this.requireRequest(input);
    if (CANCELLABLE_STATUSES.has(request.status)) {
      request.polls = 0;
      request.phaseStartedAt = this.deps.clock();
      this.runner.setStatus(request, "CANCEL_IN_PROGRESS");
      const response = { ProgressEvent: progressEventOf(request) };
      if (this.runner.isDue(request, request.phaseStartedAt)) this.runner.finish(request);
      return response;
    }
    if (request.status === "CANCEL_IN_PROGRESS" || request.status === "CANCEL_COMPLETE") {
      return { ProgressEvent: progressEventOf(request) }; // cancelling again is a no-op
    }
    throw new ApiError(
      "ValidationException",
      `Request ${request.requestToken} is already in status ${request.status}`,
    );
  }
}
