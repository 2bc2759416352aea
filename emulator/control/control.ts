// The emulator's control surface for tests and operators: inspect and list stored objects (to
// count orphans), change or delete them behind the service's back (drift), stage faults, tune
// request completion, and reset. The HTTP control API (control-http.ts) maps onto these methods.
import jsonpatch from "fast-json-patch";
import { type FaultRegistry, type FaultRule, parseFaultRule } from "../faults/fault-rules.js";
import { type PatchOperation, parsePatchDocument } from "../handlers/patch-document.js";
import { deepClone, isJsonObject } from "../schema/pointers.js";
import type { CloudControlService } from "../service/cloud-control-service.js";
import type { TypeRegistry } from "../schema/type-registry.js";
import type { EmulatorState } from "../store/state.js";
import type { EmulatorConfig, JsonObject, RequestRecord, StoredResource } from "../types.js";
import { realismBehaviours } from "../realism/behaviours.js";
import type { CallLog, CallRecord } from "./call-log.js";

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ControlDeps {
  readonly state: EmulatorState;
  readonly registry: TypeRegistry;
  readonly faults: FaultRegistry;
  readonly config: EmulatorConfig;
  readonly service: CloudControlService;
  readonly calls: CallLog;
  readonly clock: () => number;
  /** Persists the state after a change made through the control surface. */
  readonly afterChange: () => void;
}

export type DriftChange = { patch: PatchOperation[] | string } | { properties: JsonObject };

/** A config change as the control API takes it: `realism` may also be "all". */
export type ConfigChange = Partial<Omit<EmulatorConfig, "realism">> & { realism?: unknown };

function checkConfig(patch: ConfigChange): Partial<EmulatorConfig> {
  const out: Partial<EmulatorConfig> = {};
  for (const key of ["completeAfterPolls", "completeAfterMs", "eventualMs", "realismSeed"] as const) {
    const value = patch[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
      throw new ControlError(400, `${key} must be a non-negative integer`);
    }
    out[key] = value;
  }
  if (patch.deleteNotFound !== undefined) {
    if (patch.deleteNotFound !== "async" && patch.deleteNotFound !== "sync") {
      throw new ControlError(400, `deleteNotFound must be "async" or "sync"`);
    }
    out.deleteNotFound = patch.deleteNotFound;
  }
  if (patch.reorderArrays !== undefined) {
    if (typeof patch.reorderArrays !== "boolean")
      throw new ControlError(400, "reorderArrays must be a boolean");
    out.reorderArrays = patch.reorderArrays;
  }
  if (patch.realism !== undefined) {
    try {
      out.realism = realismBehaviours(patch.realism);
    } catch (error) {
      throw new ControlError(400, (error as Error).message);
    }
  }
  return out;
}

export class EmulatorControl {
  constructor(private readonly deps: ControlDeps) {}

  /** Every stored object (write-only values included), optionally of one type. */
  listResources(typeName?: string): StoredResource[] {
    this.deps.service.advance();
    return this.deps.state.listResources(typeName).map((resource) => structuredClone(resource));
  }

  getResource(typeName: string, identifier: string): StoredResource | undefined {
    this.deps.service.advance();
    const resource = this.deps.state.getResource(typeName, identifier);
    return resource ? structuredClone(resource) : undefined;
  }

  /** Stores an object out of band (as if created outside Cloud Control), replacing any existing one. */
  putResource(typeName: string, identifier: string, properties: JsonObject): StoredResource {
    if (!isJsonObject(properties)) throw new ControlError(400, "properties must be a JSON object");
    const now = this.deps.clock();
    const existing = this.deps.state.getResource(typeName, identifier);
    const resource: StoredResource = {
      typeName,
      identifier,
      properties: deepClone(properties),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    this.deps.state.putResource(resource);
    this.deps.afterChange();
    return structuredClone(resource);
  }

  /** Changes a stored object behind the service's back: an RFC 6902 patch or whole new properties. */
  driftUpdate(typeName: string, identifier: string, change: DriftChange): StoredResource {
    const resource = this.deps.state.getResource(typeName, identifier);
    if (!resource) throw new ControlError(404, `no stored ${typeName} with identifier ${identifier}`);
    let properties: JsonObject;
    if ("properties" in change) {
      if (!isJsonObject(change.properties)) throw new ControlError(400, "properties must be a JSON object");
      properties = deepClone(change.properties);
    } else {
      const parsed = parsePatchDocument(
        typeof change.patch === "string" ? change.patch : JSON.stringify(change.patch),
      );
      if (!parsed.ok) throw new ControlError(400, parsed.reason);
      try {
        const result = jsonpatch.applyPatch(
          deepClone(resource.properties),
          parsed.ops as jsonpatch.Operation[],
          true,
          true,
        );
        if (!isJsonObject(result.newDocument))
          throw new ControlError(400, "the patched properties are not an object");
        properties = result.newDocument;
      } catch (error) {
        if (error instanceof ControlError) throw error;
        throw new ControlError(400, `patch failed: ${(error as Error).message.split("\n")[0]}`);
      }
    }
    this.deps.state.replaceProperties(resource, properties, this.deps.clock());
    this.deps.afterChange();
    return structuredClone(resource);
  }

  /** Deletes a stored object behind the service's back. */
  driftDelete(typeName: string, identifier: string): boolean {
    const deleted = this.deps.state.deleteResource(typeName, identifier);
    if (deleted) this.deps.afterChange();
    return deleted;
  }

  /**
   * The violations the type's schema finds in a model, as the handlers validate it (schema
   * defaults applied to a copy; read-only values allowed). Empty when the model is valid.
   */
  validateModel(typeName: string, properties: JsonObject): string[] {
    const type = this.deps.registry.find(typeName);
    if (!type) throw new ControlError(404, `no type ${typeName}`);
    if (!isJsonObject(properties)) throw new ControlError(400, "properties must be a JSON object");
    return type.validate(deepClone(properties));
  }

  listRequests(): RequestRecord[] {
    this.deps.service.advance();
    return this.deps.state.listRequests().map((request) => structuredClone(request));
  }

  getRequest(requestToken: string): RequestRecord | undefined {
    this.deps.service.advance();
    const request = this.deps.state.getRequest(requestToken);
    return request ? structuredClone(request) : undefined;
  }

  /** Adds a fault rule (validated: see FaultRuleSpec). */
  addFault(spec: unknown): FaultRule {
    try {
      return { ...this.deps.faults.add(parseFaultRule(spec)) };
    } catch (error) {
      throw new ControlError(400, (error as Error).message);
    }
  }

  removeFault(id: string): boolean {
    return this.deps.faults.remove(id);
  }

  clearFaults(): void {
    this.deps.faults.clear();
  }

  listFaults(): FaultRule[] {
    return this.deps.faults.list();
  }

  getConfig(): EmulatorConfig {
    return { ...this.deps.config, realism: [...this.deps.config.realism] };
  }

  /**
   * Changes how requests accepted from now on complete, the delete-not-found variant, array order
   * on reads and the realism profile (`realism`: "all" or a list; `realismSeed`; `eventualMs`).
   */
  setConfig(patch: ConfigChange): EmulatorConfig {
    Object.assign(this.deps.config, checkConfig(patch));
    return this.getConfig();
  }

  calls(filter?: { operation?: string; typeName?: string }): CallRecord[] {
    return this.deps.calls.list(filter);
  }

  clearCalls(): void {
    this.deps.calls.clear();
  }

  /** Forgets every object, request, client token, fault and recorded call. */
  reset(): void {
    this.deps.state.clear();
    this.deps.faults.clear();
    this.deps.calls.clear();
    this.deps.afterChange();
  }
}
