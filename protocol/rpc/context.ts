// What every RPC module shares: the decoding and encoding of DynamicValues with diagnostics on
// failure, the lookups of type definitions, the identity answer, and the unary wrapper that logs a
// call and turns every failure into an error diagnostic (docs/protocol.md#rpc-modules).
import type * as grpc from "@grpc/grpc-js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import type { IdentityCatalog } from "../../terraform/identity/catalog.js";
import {
  type CtyType,
  formatPath,
  impliedObjectType,
  type ObjectType,
  type TfValue,
  ValueError,
} from "../../terraform/values/index.js";
import type { Logger } from "../../terraform/logger.js";
import { identityProto, listResourceTypeNames, resourceIdentityType } from "../identity-messages.js";
import {
  type DataSourceDefinition,
  type Diagnostic,
  errorDiagnostic,
  type ProviderBackend,
} from "../../terraform/provider-backend.js";
import type { ProviderDescription } from "../provider-description.js";
import {
  clientCapabilitiesFromProto,
  decodeDynamicValue,
  encodeDynamicValue,
  type ProtoClientCapabilities,
  type ProtoDynamicValue,
  toProtoDiagnostics,
} from "../wire.js";

export type Request = Readonly<Record<string, unknown>>;
export type Response = Record<string, unknown>;

/** A unary RPC's body: the request in, the response message out. */
export type UnaryHandler = (request: Request) => Promise<Response>;

export interface ProviderServiceOptions {
  readonly backend: ProviderBackend;
  readonly description: ProviderDescription;
  readonly logger: Logger;
}

/** Raised inside a handler to answer with diagnostics instead of a value. */
export class DiagnosticsAnswer extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map((d) => d.summary).join("; "));
  }
}

/** One provider process's shared state and helpers, handed to every RPC module. */
export interface RpcContext extends ProviderServiceOptions {
  readonly providerType: ObjectType;
  decode(type: CtyType, value: unknown, what: string): TfValue;
  encode(type: CtyType, value: TfValue | undefined, what: string): { msgpack: Buffer };
  /** The decoded provider_meta, or null when the provider declares none. */
  providerMeta(value: unknown): TfValue;
  resourceDefinition(typeName: string): Promise<ResourceDefinition>;
  dataSourceDefinition(typeName: string): Promise<DataSourceDefinition>;
  /** The resource behind a list resource type, when this provider lists that type. */
  listDefinition(typeName: string): Promise<ResourceDefinition>;
  identityCatalog(): Promise<IdentityCatalog | undefined>;
  /** The ResourceIdentityData for a state, or null when the type or the backend has none. */
  identityOf(definition: ResourceDefinition, state: TfValue): ReturnType<typeof identityProto> | null;
}

export function createRpcContext(options: ProviderServiceOptions): RpcContext {
  const { backend, description } = options;
  const providerType = impliedObjectType(description.providerConfig.attributes);
  const providerMetaType = description.providerMeta
    ? impliedObjectType(description.providerMeta.attributes)
    : undefined;

  const decode = (type: CtyType, value: unknown, what: string): TfValue => {
    try {
      return decodeDynamicValue(type, value as ProtoDynamicValue | null);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      throw new DiagnosticsAnswer([
        errorDiagnostic(
          "Invalid value from Terraform",
          `Could not decode the ${what}: ${error.message}`,
          error.path,
        ),
      ]);
    }
  };

  const encode = (type: CtyType, value: TfValue | undefined, what: string): { msgpack: Buffer } => {
    try {
      return encodeDynamicValue(type, value);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      throw new DiagnosticsAnswer([
        errorDiagnostic(
          "Provider returned an invalid value",
          `The ${what} does not conform to the schema${error.path.length > 0 ? ` at ${formatPath(error.path)}` : ""}: ${error.message}. This is a bug in the provider.`,
        ),
      ]);
    }
  };

  const identityCatalog = async (): Promise<IdentityCatalog | undefined> =>
    backend.resourceIdentity ? await description.identityCatalog?.() : undefined;

  // Definitions are immutable: each type is looked up once per process, not once per call.
  const definitions = new Map<string, ResourceDefinition>();
  const resourceDefinition = async (typeName: string): Promise<ResourceDefinition> => {
    const known = definitions.get(typeName);
    if (known) return known;
    const definition = await description.resource(typeName);
    if (!definition) {
      throw new DiagnosticsAnswer([
        errorDiagnostic(
          "Resource Type Not Found",
          `The resource type "${typeName}" is not supported by this provider.`,
        ),
      ]);
    }
    definitions.set(typeName, definition);
    return definition;
  };

  return {
    ...options,
    providerType,
    decode,
    encode,
    providerMeta: (value) => (providerMetaType ? decode(providerMetaType, value, "provider_meta") : null),
    resourceDefinition,
    dataSourceDefinition: async (typeName) => {
      const definition = await description.dataSource(typeName);
      if (!definition) {
        throw new DiagnosticsAnswer([
          errorDiagnostic(
            "Data Source Type Not Found",
            `The data source type "${typeName}" is not supported by this provider.`,
          ),
        ]);
      }
      return definition;
    },
    listDefinition: async (typeName) => {
      const listed = backend.listResource ? listResourceTypeNames(await identityCatalog()) : [];
      if (!listed.includes(typeName)) {
        const [summary, detail] = listNotFound();
        throw new DiagnosticsAnswer([errorDiagnostic(summary, detail({ type_name: typeName }))]);
      }
      return resourceDefinition(typeName);
    },
    identityCatalog,
    identityOf: (definition, state) => {
      if (!backend.resourceIdentity || definition.identity.length === 0) return null;
      const identity = backend.resourceIdentity({ definition, state });
      if (identity === undefined) return null;
      return identityProto(encode(resourceIdentityType(definition), identity, "resource identity"));
    },
  };
}

/** The bytes of an optional bytes field (absent → empty). */
export const bytes = (value: unknown): Uint8Array =>
  value instanceof Uint8Array ? value : new Uint8Array(0);

export const capabilities = (value: unknown) =>
  clientCapabilitiesFromProto(value as ProtoClientCapabilities | null);

/** Wraps a unary handler: logging, and every failure turned into an error diagnostic. */
export function unary(logger: Logger, rpc: string, handle: UnaryHandler) {
  return (call: grpc.ServerUnaryCall<Request, Response>, callback: grpc.sendUnaryData<Response>): void => {
    const request = call.request;
    const fields = {
      tf_rpc: rpc,
      ...(typeof request.type_name === "string" ? { tf_resource_type: request.type_name } : {}),
    };
    // Checked once per call: the two trace lines are off unless TF_LOG asks for them, and the
    // answer path runs for every call of a 1,000-resource walk.
    const tracing = logger.isEnabled("trace");
    const started = tracing ? Date.now() : 0;
    if (tracing) logger.trace("Received request", fields);
    const answer = (response: Response) => {
      if (tracing) logger.trace("Served request", { ...fields, tf_req_duration_ms: Date.now() - started });
      callback(null, response);
    };
    const fail = (error: unknown) => {
      if (error instanceof DiagnosticsAnswer) {
        callback(null, { diagnostics: toProtoDiagnostics(error.diagnostics) });
        return;
      }
      logger.error("Request failed", { ...fields, error: describeError(error) });
      const message = error instanceof Error ? error.message : String(error);
      const detail = `${rpc} failed: ${message}. This is a bug in the provider; the provider log (TF_LOG_PROVIDER=ERROR) has the stack trace.`;
      callback(null, {
        diagnostics: toProtoDiagnostics([errorDiagnostic("Internal provider error", detail)]),
      });
    };
    // Two-argument then: an exception inside callback must not answer the call a second time.
    handle(request).then(answer, fail);
  };
}

/** A handler that answers every request with one error diagnostic. */
export function unsupported(summary: string, detail: (request: Request) => string): UnaryHandler {
  return async (request) => ({
    diagnostics: toProtoDiagnostics([errorDiagnostic(summary, detail(request))]),
  });
}

export function listNotFound(): [string, (request: Request) => string] {
  return [
    "List Resource Type Not Found",
    (r) => `The list resource type "${String(r.type_name)}" is not supported by this provider.`,
  ];
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
