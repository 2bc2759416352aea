// The emulated account's state: stored objects, resource requests and remembered client tokens.
// Every change bumps `revision`, which tells the persistence layer when to write.
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
    if (request.clientToken !== undefined) {
      this.clientTokens.set(request.clientToken, {
        requestToken: request.requestToken,
        createdAt: request.createdAt,
      });
    }
    this.touch();
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
    for (const [token, entry] of this.clientTokens) {
      if (now - entry.createdAt > CLIENT_TOKEN_RETENTION_MS) {
        this.clientTokens.delete(token);
        changed = true;
      }
    }
    for (const [token, request] of this.requests) {
      if (now - request.createdAt > REQUEST_RETENTION_MS) {
        this.requests.delete(token);
        changed = true;
      }
    }
    if (changed) this.touch();
  }

  clear(): void {
    this.resources.clear();
    this.requests.clear();
    this.clientTokens.clear();
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
    this.resources.clear();
    this.requests.clear();
    this.clientTokens.clear();
    for (const resource of state.resources) {
      this.resources.set(resourceKey(resource.typeName, resource.identifier), resource);
    }
    for (const request of state.requests) this.requests.set(request.requestToken, request);
    for (const [token, entry] of Object.entries(state.clientTokens)) this.clientTokens.set(token, entry);
    this.touch();
  }
}
