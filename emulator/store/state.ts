// The emulated account's state: stored objects, resource requests and remembered client tokens.
// Every change bumps `revision`, which tells the persistence layer when to write.
import { isInFlight } from "../requests/progress-events.js";
import type { JsonObject, RequestRecord, StoredResource } from "../types.js";

export const STATE_FORMAT_VERSION = 1;

/** How long the service remembers requests (7 days) and client tokens (36 hours). */
export const REQUEST_RETENTION_MS = 7 * 24 * 3600 * 1000;
export const CLIENT_TOKEN_RETENTION_MS = 36 * 3600 * 1000;

export interface ClientTokenEntry {
  requestToken: string;
  createdAt: number;
}

export interface PersistedState {
  version: typeof STATE_FORMAT_VERSION;
  resources: StoredResource[];
  requests: RequestRecord[];
  clientTokens: Record<string, ClientTokenEntry>;
}

function resourceKey(typeName: string, identifier: string): string {
  return `${typeName}\u0000${identifier}`;
}

export class EmulatorState {
  private readonly resources = new Map<string, StoredResource>();
  private readonly requests = new Map<string, RequestRecord>();
  private readonly clientTokens = new Map<string, ClientTokenEntry>();
  /**
   * Requests that were in flight when last seen, oldest first: every call advances these, so it
   * must not walk every request the account remembers (thousands after a large apply).
   */
  private readonly maybeInFlight = new Set<RequestRecord>();
  /** The oldest createdAt among requests and among client tokens: expire has nothing to do before then. */
  private oldestRequestAt = Infinity;
  private oldestClientTokenAt = Infinity;
  private revisionCounter = 0;

  get revision(): number {
    return this.revisionCounter;
  }

  /** Call after changing a record obtained from this state in place. */
  touch(): void {
    this.revisionCounter++;
  }

  getResource(typeName: string, identifier: string): StoredResource | undefined {
    return this.resources.get(resourceKey(typeName, identifier));
  }

  hasResource(typeName: string, identifier: string): boolean {
    return this.resources.has(resourceKey(typeName, identifier));
  }

  putResource(resource: StoredResource): void {
    this.resources.set(resourceKey(resource.typeName, resource.identifier), resource);
    this.touch();
  }

  deleteResource(typeName: string, identifier: string): boolean {
    const deleted = this.resources.delete(resourceKey(typeName, identifier));
    if (deleted) this.touch();
    return deleted;
  }

  /** Stored objects, optionally of one type, in identifier order (stable pagination). */
  listResources(typeName?: string): StoredResource[] {
    return [...this.resources.values()]
      .filter((resource) => typeName === undefined || resource.typeName === typeName)
      .sort((a, b) =>
        a.typeName === b.typeName
          ? a.identifier < b.identifier
            ? -1
            : a.identifier > b.identifier
              ? 1
              : 0
          : a.typeName < b.typeName
            ? -1
            : 1,
      );
  }

  replaceProperties(resource: StoredResource, properties: JsonObject, now: number): void {
    resource.properties = properties;
    resource.updatedAt = now;
    this.touch();
  }

  getRequest(requestToken: string): RequestRecord | undefined {
    return this.requests.get(requestToken);
  }

  addRequest(request: RequestRecord): void {
    this.requests.set(request.requestToken, request);
    this.oldestRequestAt = Math.min(this.oldestRequestAt, request.createdAt);
    this.noteStatus(request);
    if (request.clientToken !== undefined) {
      this.clientTokens.set(request.clientToken, {
        requestToken: request.requestToken,
        createdAt: request.createdAt,
      });
      this.oldestClientTokenAt = Math.min(this.oldestClientTokenAt, request.createdAt);
    }
    this.touch();
  }

  /** Call after a request's status changed: keeps the in-flight index exact. */
  noteStatus(request: RequestRecord): void {
    if (isInFlight(request) && this.requests.get(request.requestToken) === request)
      this.maybeInFlight.add(request);
  }

  /** The requests in flight, oldest first. */
  inFlightRequests(): RequestRecord[] {
    const inFlight: RequestRecord[] = [];
    for (const request of this.maybeInFlight) {
      if (isInFlight(request)) inFlight.push(request);
      else this.maybeInFlight.delete(request);
    }
    return inFlight;
  }

  /** Requests, oldest first. */
  listRequests(): RequestRecord[] {
    return [...this.requests.values()];
  }

  requestForClientToken(clientToken: string): RequestRecord | undefined {
    const entry = this.clientTokens.get(clientToken);
    return entry ? this.requests.get(entry.requestToken) : undefined;
  }

  /** Forgets requests and client tokens older than the service keeps them. */
  expire(now: number): void {
    let changed = false;
    if (now - this.oldestClientTokenAt > CLIENT_TOKEN_RETENTION_MS) {
      this.oldestClientTokenAt = Infinity;
      for (const [token, entry] of this.clientTokens) {
        if (now - entry.createdAt > CLIENT_TOKEN_RETENTION_MS) {
          this.clientTokens.delete(token);
          changed = true;
        } else this.oldestClientTokenAt = Math.min(this.oldestClientTokenAt, entry.createdAt);
      }
    }
    if (now - this.oldestRequestAt > REQUEST_RETENTION_MS) {
      this.oldestRequestAt = Infinity;
      for (const [token, request] of this.requests) {
        if (now - request.createdAt > REQUEST_RETENTION_MS) {
          this.requests.delete(token);
          this.maybeInFlight.delete(request);
          changed = true;
        } else this.oldestRequestAt = Math.min(this.oldestRequestAt, request.createdAt);
      }
    }
    if (changed) this.touch();
  }

  clear(): void {
    this.resources.clear();
    this.requests.clear();
    this.clientTokens.clear();
    this.maybeInFlight.clear();
    this.oldestRequestAt = Infinity;
    this.oldestClientTokenAt = Infinity;
    this.touch();
  }

  /** The whole state as plain data. It shares the live records: serialise it straight away. */
  snapshot(): PersistedState {
    return {
      version: STATE_FORMAT_VERSION,
      resources: [...this.resources.values()],
      requests: [...this.requests.values()],
      clientTokens: Object.fromEntries(this.clientTokens),
    };
  }

  restore(state: PersistedState): void {
    this.clear();
    for (const resource of state.resources) {
      this.resources.set(resourceKey(resource.typeName, resource.identifier), resource);
    }
    for (const request of state.requests) {
      this.requests.set(request.requestToken, request);
      this.oldestRequestAt = Math.min(this.oldestRequestAt, request.createdAt);
      this.noteStatus(request);
    }
    for (const [token, entry] of Object.entries(state.clientTokens)) {
      this.clientTokens.set(token, entry);
      this.oldestClientTokenAt = Math.min(this.oldestClientTokenAt, entry.createdAt);
    }
  }
}
