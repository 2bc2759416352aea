// The shape of services.ts: each gRPC service's methods with their message names.

export interface MethodEntry {
  /** Full name of the request message, e.g. "tfplugin6.GetMetadata.Request". */
  readonly request: string;
  readonly response: string;
  readonly requestStream?: boolean;
  readonly responseStream?: boolean;
}

/** Service full name (e.g. "tfplugin6.Provider") → method name → its messages. */
export type ServiceTable = Readonly<Record<string, Readonly<Record<string, MethodEntry>>>>;
