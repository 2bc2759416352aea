// Completing resource requests: runs the type's handler when a request is due (after its polls and
// delay), commits the outcome to the state, and records the terminal event.
import type { GenerationContext } from "../generate/plausible-values.js";
import { parsePatchDocument } from "../handlers/patch-document.js";
import {
  type HandlerContext,
  type HandlerResult,
  runCreate,
  runDelete,
  runUpdate,
  visibleModel,
} from "../handlers/resource-handlers.js";
import type { ResourceType, TypeRegistry } from "../schema/type-registry.js";
import type { EmulatorState } from "../store/state.js";
import { fillServiceDefaults } from "../realism/defaults.js";
import { unreportedProperties } from "../realism/unreported.js";
import { sortUnorderedArraysAsShown } from "../realism/order.js";
import type { EmulatorConfig, JsonObject, OperationStatus, RequestRecord, StagedFailure } from "../types.js";

export interface RunnerDeps {
  readonly state: EmulatorState;
  /** Live configuration (the realism profile's create-time behaviours). */
  readonly config: EmulatorConfig;
  readonly registry: TypeRegistry;
  readonly clock: () => number;
  readonly random: () => number;
  readonly accountId: string;
  readonly region: string;
}

/** A staged failure whose FAILED event names the object of an update or delete. */
const namesObject = (staged: StagedFailure): boolean =>
  staged.withIdentifier || staged.identifierOnly === true;

export class RequestRunner {
  constructor(private readonly deps: RunnerDeps) {}

  private generation(): GenerationContext {
    return {
      accountId: this.deps.accountId,
      region: this.deps.region,
      now: this.deps.clock(),
      random: this.deps.random,
    };
  }

  /** The realism `defaults` behaviour when it is on: seeded, validated service-chosen values. */
  private serviceDefaults(): HandlerContext["serviceDefaults"] {
    const { config, accountId, region } = this.deps;
    if (!config.realism.includes("defaults")) return undefined;
    const seed = config.realismSeed;
    const now = this.deps.clock();
    return (type, model) => {
      const ctx = { accountId, region, now };
      const unreported = config.realism.includes("unreported") ? unreportedProperties(type, seed) : [];
      if (fillServiceDefaults({ type, validate: type.validate, seed, ctx, unreported }, model).length > 0) {
        type.validate(model); // schema defaults inside the objects just filled in
      }
    };
  }

  /**
   * What an update's patch applies to: Cloud Control applies the patch document to the model the
   * read handler returns, so under the realism `order` its unordered arrays are in the order reads
   * answer them, and the update keeps that order.
   */
  patchTarget(type: ResourceType, stored: JsonObject): JsonObject {
    if (!this.deps.config.realism.includes("order")) return stored;
    return sortUnorderedArraysAsShown(type.schema, stored, visibleModel(type, stored));
  }

  isDue(request: RequestRecord, now: number): boolean {
    if (request.hang && request.status !== "CANCEL_IN_PROGRESS") return false;
    return (
      request.polls >= request.completeAfterPolls && now - request.phaseStartedAt >= request.completeAfterMs
    );
  }

  setStatus(request: RequestRecord, status: OperationStatus): void {
    request.status = status;
    request.eventTime = this.deps.clock();
    this.deps.state.noteStatus(request);
    this.deps.state.touch();
  }

  /** Runs the request's handler (or ends its cancellation) and records the outcome. */
  finish(request: RequestRecord): void {
    // The service promises nothing about a cancelled request: with ignoresCancel it goes on.
    if (request.status === "CANCEL_IN_PROGRESS" && !request.ignoresCancel) {
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
    const ctx: HandlerContext = {
      state: this.deps.state,
      generation: this.generation(),
      serviceDefaults: this.serviceDefaults(),
      patchTarget: (type, stored) => this.patchTarget(type, stored),
    };
    const staged = request.stagedFailure;
    switch (request.operation) {
      case "CREATE": {
        const result = runCreate(ctx, type, JSON.parse(request.document ?? "{}") as JsonObject);
        if (staged?.identifierOnly) {
          // The FAILED event names an object this request did not make (e.g. AlreadyExists for
          // one that was there before): the identifier the create would have had, nothing stored.
          return this.failStaged(request, staged, result.ok ? result.identifier : request.identifier);
        }
        if (!result.ok) return this.fail(request, result);
        if (staged) {
          // "The object exists but the create failed": stored, and the FAILED event names it.
          if (staged.withIdentifier) this.store(type, result.identifier, result.model);
          return this.failStaged(request, staged, staged.withIdentifier ? result.identifier : undefined);
        }
        this.store(type, result.identifier, result.model);
        return this.succeed(request, result.identifier);
      }
      case "UPDATE": {
        const identifier = request.identifier as string;
        if (staged) return this.failStaged(request, staged, namesObject(staged) ? identifier : undefined);
        const parsed = parsePatchDocument(request.document ?? "[]");
        const result = parsed.ok
          ? runUpdate(ctx, type, identifier, parsed.ops)
          : ({ ok: false, errorCode: "InvalidRequest", message: parsed.reason } as HandlerResult);
        if (!result.ok) return this.fail(request, result);
        if (result.identifier !== identifier) this.deps.state.deleteResource(type.typeName, identifier);
        this.store(type, result.identifier, result.model);
        return this.succeed(request, result.identifier);
      }
      case "DELETE": {
        const identifier = request.identifier as string;
        if (staged) return this.failStaged(request, staged, namesObject(staged) ? identifier : undefined);
        const result = runDelete(ctx, type, identifier);
        if (!result.ok) return this.fail(request, result);
        this.deps.state.deleteResource(type.typeName, identifier);
        return this.succeed(request, identifier);
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

  /** The SUCCESS event names the object; like the service's, it carries no ResourceModel. */
  private succeed(request: RequestRecord, identifier: string): void {
    request.identifier = identifier;
    delete request.document; // the handler has run; the text is not needed any more
    this.setStatus(request, "SUCCESS");
  }

  private fail(request: RequestRecord, result: Extract<HandlerResult, { ok: false }>): void {
    // A FAILED create names an Identifier only when an object exists: the one made (see failStaged)
    // or, for AlreadyExists, the one that was there before (clients must not adopt that one).
    if (request.operation === "CREATE") {
      if (result.existing !== undefined) request.identifier = result.existing;
      else delete request.identifier;
    }
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
}
