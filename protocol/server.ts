// The tfplugin6 Provider service: wire work only. Every DynamicValue is decoded with the implied
// type of the schema it belongs to, handed to the ProviderBackend as a Terraform value, and the
// answer is encoded back; problems travel as diagnostics with gRPC status OK (docs/protocol.md#common-messages).
import type * as grpc from "@grpc/grpc-js";
import type { ResourceDefinition } from "../terraform/schema/types.js";
import type { IdentityCatalog } from "../terraform/identity/catalog.js";
import {
  type CtyType,
  decodeJson,
  definitionImpliedType,
  formatPath,
  impliedObjectType,
  type ObjectType,
  type TfValue,
  ValueError,
} from "../terraform/values/index.js";
import type { Logger } from "../terraform/logger.js";
import {
  identityProto,
  LIST_CONFIG_TYPE,
  identitySchemasProto,
  listResourceSchemas,
  listResourceTypeNames,
  resourceIdentityType,
} from "./identity-messages.js";
import {
  type DataSourceDefinition,
  type Diagnostic,
  errorDiagnostic,
  type ProviderBackend,
  type UpgradeResourceStateResponse,
} from "../terraform/provider-backend.js";
import { configSchemaMessage, type ProviderDescription } from "./provider-description.js";
import {
  clientCapabilitiesFromProto,
  decodeDynamicValue,
  encodeDynamicValue,
  type ProtoClientCapabilities,
  type ProtoDynamicValue,
  toProtoDeferred,
  toProtoDiagnostics,
  toProtoPath,
  toProtoSchema,
} from "./wire.js";

/** What we tell Terraform about ourselves (docs/protocol.md#common-messages). */
export const SERVER_CAPABILITIES = {
  // Destroy plans come to us; the server answers them (null plan, private passed through).
  plan_destroy: true,
  // Schemas never change within a build: later processes may skip GetProviderSchema.
  get_provider_schema_optional: true,
  move_resource_state: false,
  generate_resource_config: false,
} as const;

export interface ProviderServiceOptions {
  readonly backend: ProviderBackend;
  readonly description: ProviderDescription;
  readonly logger: Logger;
}

type Request = Readonly<Record<string, unknown>>;
type Response = Record<string, unknown>;

async function catalogTypeNames(description: ProviderDescription) {
  const catalog = await description.schemaCatalog();
  return { resources: Object.keys(catalog.resources), dataSources: Object.keys(catalog.dataSources) };
}

/**
 * The Provider service definition with GetProviderSchema's serializer letting already-encoded
 * bytes through, so a binary can answer with the response it precomputed at build time.
 */
export function encodedResponsePassThrough(definition: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const method = definition.GetProviderSchema;
  if (!method) return definition;
  const serialize = method.responseSerialize;
  return {
    ...definition,
    GetProviderSchema: {
      ...method,
      responseSerialize: (value: unknown) =>
        value instanceof Uint8Array
          ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
          : serialize(value),
    },
  };
}

/** Raised inside a handler to answer with diagnostics instead of a value. */
class DiagnosticsAnswer extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map((d) => d.summary).join("; "));
  }
}

/** The GetProviderSchema response as a plain message, from the description's catalog. */
export async function providerSchemaResponse(description: ProviderDescription): Promise<Response> {
  const catalog = await description.schemaCatalog();
  const mapSchemas = (schemas: typeof catalog.resources) =>
    Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, toProtoSchema(schema)]));
  return {
    provider: toProtoSchema(configSchemaMessage(description.providerConfig)),
    provider_meta: description.providerMeta
      ? toProtoSchema(configSchemaMessage(description.providerMeta))
      : null,
    resource_schemas: mapSchemas(catalog.resources),
    data_source_schemas: mapSchemas(catalog.dataSources),
    server_capabilities: SERVER_CAPABILITIES,
    functions: {},
    ephemeral_resource_schemas: {},
    list_resource_schemas: mapSchemas(listResourceSchemas(await description.identityCatalog?.())),
    diagnostics: [],
  };
}

export function createProviderService(options: ProviderServiceOptions): grpc.UntypedServiceImplementation {
  const { backend, description, logger } = options;
  const providerType = impliedObjectType(description.providerConfig.attributes);
  const providerMetaType = description.providerMeta
    ? impliedObjectType(description.providerMeta.attributes)
    : undefined;
  let schemaResponse: Promise<Response> | undefined;
  const identityCatalog = async (): Promise<IdentityCatalog | undefined> =>
    backend.resourceIdentity ? await description.identityCatalog?.() : undefined;

  // --- helpers -------------------------------------------------------------------------------

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

  const providerMeta = (value: unknown): TfValue =>
    providerMetaType ? decode(providerMetaType, value, "provider_meta") : null;

  const resourceDefinition = async (typeName: string): Promise<ResourceDefinition> => {
    const definition = await description.resource(typeName);
    if (!definition) {
      throw new DiagnosticsAnswer([
        errorDiagnostic(
          "Resource Type Not Found",
          `The resource type "${typeName}" is not supported by this provider.`,
        ),
      ]);
    }
    return definition;
  };

  const dataSourceDefinition = async (typeName: string): Promise<DataSourceDefinition> => {
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
  };

  const bytes = (value: unknown): Uint8Array => (value instanceof Uint8Array ? value : new Uint8Array(0));
  const capabilities = (value: unknown) =>
    clientCapabilitiesFromProto(value as ProtoClientCapabilities | null);

  /** The ResourceIdentityData for a state, or null when the type or the backend has none. */
  const identityOf = (definition: ResourceDefinition, state: TfValue) => {
    if (!backend.resourceIdentity || definition.identity.length === 0) return null;
    const identity = backend.resourceIdentity({ definition, state });
    if (identity === undefined) return null;
    return identityProto(encode(resourceIdentityType(definition), identity, "resource identity"));
  };

  /** Wraps a unary handler: logging, and every failure turned into an error diagnostic. */
  const unary =
    (rpc: string, handle: (request: Request) => Promise<Response>) =>
    (call: grpc.ServerUnaryCall<Request, Response>, callback: grpc.sendUnaryData<Response>): void => {
      const request = call.request;
      const fields = {
        tf_rpc: rpc,
        ...(typeof request.type_name === "string" ? { tf_resource_type: request.type_name } : {}),
      };
      const started = Date.now();
      logger.trace("Received request", fields);
      const answer = (response: Response) => {
        logger.trace("Served request", { ...fields, tf_req_duration_ms: Date.now() - started });
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

  const unsupported = (rpc: string, summary: string, detail: (request: Request) => string) =>
    unary(rpc, async (request) => ({
      diagnostics: toProtoDiagnostics([errorDiagnostic(summary, detail(request))]),
    }));

  /** The resource behind a list resource type, when this provider lists that type. */
  const listDefinition = async (typeName: string): Promise<ResourceDefinition> => {
    const listed = backend.listResource ? listResourceTypeNames(await identityCatalog()) : [];
    if (!listed.includes(typeName)) {
      const [summary, detail] = listNotFound();
      throw new DiagnosticsAnswer([errorDiagnostic(summary, detail({ type_name: typeName }))]);
    }
    return resourceDefinition(typeName);
  };

  // --- schema --------------------------------------------------------------------------------

  // --- the service ---------------------------------------------------------------------------

  return {
    GetMetadata: unary("GetMetadata", async () => {
      const names = description.typeNames
        ? await description.typeNames()
        : await catalogTypeNames(description);
      return {
        server_capabilities: SERVER_CAPABILITIES,
        diagnostics: [],
        resources: names.resources.map((type_name) => ({ type_name })),
        data_sources: names.dataSources.map((type_name) => ({ type_name })),
        functions: [],
        ephemeral_resources: [],
        list_resources: backend.listResource
          ? listResourceTypeNames(await identityCatalog()).map((type_name) => ({ type_name }))
          : [],
      };
    }),

    GetProviderSchema: unary("GetProviderSchema", async () => {
      // Pre-encoded bytes (built with the binary) go out as they are: see encodedResponsePassThrough.
      schemaResponse ??= Promise.resolve(description.encodedSchemaResponse?.()).then((bytes) =>
        bytes ? (bytes as unknown as Response) : providerSchemaResponse(description),
      );
      try {
        return await schemaResponse;
      } catch (error) {
        schemaResponse = undefined; // let a later call retry
        throw error;
      }
    }),

    ValidateProviderConfig: unary("ValidateProviderConfig", async (request) => {
      const config = decode(providerType, request.config, "provider configuration");
      const result = await backend.validateProviderConfig({ config });
      return { diagnostics: toProtoDiagnostics(result.diagnostics) };
    }),

    ConfigureProvider: unary("ConfigureProvider", async (request) => {
      const config = decode(providerType, request.config, "provider configuration");
      const result = await backend.configureProvider({
        terraformVersion: String(request.terraform_version ?? ""),
        config,
        clientCapabilities: capabilities(request.client_capabilities),
      });
      return { diagnostics: toProtoDiagnostics(result.diagnostics) };
    }),

    ValidateResourceConfig: unary("ValidateResourceConfig", async (request) => {
      const typeName = String(request.type_name);
      const definition = await resourceDefinition(typeName);
      const config = decode(definitionImpliedType(definition), request.config, "resource configuration");
      const result = await backend.validateResourceConfig({
        typeName,
        definition,
        config,
        clientCapabilities: capabilities(request.client_capabilities),
      });
      return { diagnostics: toProtoDiagnostics(result.diagnostics) };
    }),

    ValidateDataResourceConfig: unary("ValidateDataResourceConfig", async (request) => {
      const typeName = String(request.type_name);
      const definition = await dataSourceDefinition(typeName);
      const config = decode(definitionImpliedType(definition), request.config, "data source configuration");
      const result = await backend.validateDataResourceConfig({ typeName, definition, config });
      return { diagnostics: toProtoDiagnostics(result.diagnostics) };
    }),

    UpgradeResourceState: unary("UpgradeResourceState", async (request) => {
      const typeName = String(request.type_name);
      const definition = await resourceDefinition(typeName);
      const type = definitionImpliedType(definition);
      const raw = (request.raw_state ?? {}) as { json?: Uint8Array; flatmap?: Record<string, string> };
      const rawState = {
        ...(raw.json && raw.json.length > 0 ? { json: Buffer.from(raw.json).toString("utf8") } : {}),
        ...(raw.flatmap && Object.keys(raw.flatmap).length > 0 ? { flatmap: raw.flatmap } : {}),
      };
      const version = Number(request.version ?? 0);
      const result = backend.upgradeResourceState
        ? await backend.upgradeResourceState({ typeName, definition, version, rawState })
        : defaultUpgrade(definition, type, version, rawState);
      return {
        upgraded_state: encode(type, result.upgradedState, "upgraded state"),
        diagnostics: toProtoDiagnostics(result.diagnostics),
      };
    }),

    ReadResource: unary("ReadResource", async (request) => {
      const typeName = String(request.type_name);
      const definition = await resourceDefinition(typeName);
      const type = definitionImpliedType(definition);
      const priorPrivate = bytes(request.private);
      const result = await backend.readResource({
        typeName,
        definition,
        currentState: decode(type, request.current_state, "current state"),
        private: priorPrivate,
        providerMeta: providerMeta(request.provider_meta),
        clientCapabilities: capabilities(request.client_capabilities),
      });
      return {
        new_state: encode(type, result.newState, "refreshed state"),
        new_identity: identityOf(definition, result.newState),
        private: Buffer.from(result.private ?? priorPrivate),
        deferred: toProtoDeferred(result.deferred),
        diagnostics: toProtoDiagnostics(result.diagnostics),
      };
    }),

    PlanResourceChange: unary("PlanResourceChange", async (request) => {
      const typeName = String(request.type_name);
      const definition = await resourceDefinition(typeName);
      const type = definitionImpliedType(definition);
      const priorPrivate = bytes(request.prior_private);
      const proposedNewState = decode(type, request.proposed_new_state, "proposed new state");
      if (proposedNewState === null) {
        // Destroy: the plan must be null; keep the private bytes for the apply.
        return {
          planned_state: encode(type, null, "planned state"),
          planned_private: Buffer.from(priorPrivate),
          diagnostics: [],
        };
      }
      const result = await backend.planResourceChange({
        typeName,
        definition,
        priorState: decode(type, request.prior_state, "prior state"),
        proposedNewState,
        config: decode(type, request.config, "configuration"),
        priorPrivate,
        providerMeta: providerMeta(request.provider_meta),
        clientCapabilities: capabilities(request.client_capabilities),
      });
      return {
        planned_state: encode(type, result.plannedState, "planned state"),
        planned_identity: identityOf(definition, result.plannedState),
        requires_replace: (result.requiresReplace ?? []).map(toProtoPath),
        planned_private: Buffer.from(result.plannedPrivate ?? priorPrivate),
        deferred: toProtoDeferred(result.deferred),
        diagnostics: toProtoDiagnostics(result.diagnostics),
      };
    }),

    ApplyResourceChange: unary("ApplyResourceChange", async (request) => {
      const typeName = String(request.type_name);
      const definition = await resourceDefinition(typeName);
      const type = definitionImpliedType(definition);
      const plannedPrivate = bytes(request.planned_private);
      const result = await backend.applyResourceChange({
        typeName,
        definition,
        priorState: decode(type, request.prior_state, "prior state"),
        plannedState: decode(type, request.planned_state, "planned state"),
        config: decode(type, request.config, "configuration"),
        plannedPrivate,
        providerMeta: providerMeta(request.provider_meta),
      });
      return {
        new_state: encode(type, result.newState, "new state"),
        new_identity: identityOf(definition, result.newState),
        private: Buffer.from(result.private ?? plannedPrivate),
        diagnostics: toProtoDiagnostics(result.diagnostics),
      };
    }),

    ImportResourceState: unary("ImportResourceState", async (request) => {
      const typeName = String(request.type_name);
      const definition = await resourceDefinition(typeName);
      const identityData = (request.identity as { identity_data?: unknown } | null)?.identity_data;
      const result = await backend.importResourceState({
        typeName,
        definition,
        id: String(request.id ?? ""),
        ...(identityData
          ? { identity: decode(resourceIdentityType(definition), identityData, "resource identity") }
          : {}),
        clientCapabilities: capabilities(request.client_capabilities),
      });
      const imported = [];
      for (const resource of result.importedResources) {
        const importedType = resource.typeName ?? typeName;
        const importedDefinition =
          importedType === typeName ? definition : await resourceDefinition(importedType);
        imported.push({
          type_name: importedType,
          state: encode(definitionImpliedType(importedDefinition), resource.state, "imported state"),
          private: Buffer.from(resource.private ?? new Uint8Array(0)),
          identity: identityOf(importedDefinition, resource.state),
        });
      }
      return {
        imported_resources: imported,
        deferred: toProtoDeferred(result.deferred),
        diagnostics: toProtoDiagnostics(result.diagnostics),
      };
    }),

    MoveResourceState: unsupported(
      "MoveResourceState",
      "Move Resource State Not Supported",
      (r) =>
        `The resource type "${String(r.target_type_name)}" does not support moving state from "${String(r.source_type_name)}" (provider ${String(r.source_provider_address)}).`,
    ),

    ReadDataSource: unary("ReadDataSource", async (request) => {
      const typeName = String(request.type_name);
      const definition = await dataSourceDefinition(typeName);
      const type = definitionImpliedType(definition);
      const result = await backend.readDataSource({
        typeName,
        definition,
        config: decode(type, request.config, "data source configuration"),
        providerMeta: providerMeta(request.provider_meta),
        clientCapabilities: capabilities(request.client_capabilities),
      });
      return {
        state: encode(type, result.state, "data source state"),
        deferred: toProtoDeferred(result.deferred),
        diagnostics: toProtoDiagnostics(result.diagnostics),
      };
    }),

    // --- resource identity and list resources (6.9, 6.10) -------------------------------------

    GetResourceIdentitySchemas: unary("GetResourceIdentitySchemas", async () => ({
      identity_schemas: identitySchemasProto(await identityCatalog()),
      diagnostics: [],
    })),

    UpgradeResourceIdentity: unary("UpgradeResourceIdentity", async (request) => {
      const typeName = String(request.type_name);
      const definition = await resourceDefinition(typeName);
      const type = resourceIdentityType(definition);
      const raw = (request.raw_identity ?? {}) as { json?: Uint8Array };
      const version = Number(request.version ?? 0);
      if (version !== 0 || !raw.json || raw.json.length === 0) {
        throw new DiagnosticsAnswer([
          errorDiagnostic(
            "Unable to Upgrade Resource Identity",
            `The stored identity of "${typeName}" is version ${version}${raw.json?.length ? "" : " without JSON"}; this provider only reads identity version 0.`,
          ),
        ]);
      }
      let identity: TfValue;
      try {
        identity = decodeJson(type, Buffer.from(raw.json).toString("utf8"), { dropUnknownAttributes: true });
      } catch (error) {
        if (!(error instanceof ValueError)) throw error;
        throw new DiagnosticsAnswer([
          errorDiagnostic("Unable to Read Previously Saved Identity", error.message, error.path),
        ]);
      }
      return {
        upgraded_identity: identityProto(encode(type, identity, "upgraded identity")),
        diagnostics: [],
      };
    }),

    // --- newer RPCs this provider does not offer: answered as "nothing here" ----------------

    GenerateResourceConfig: unsupported(
      "GenerateResourceConfig",
      "Generate Resource Config Not Supported",
      () => "This provider does not generate resource configuration.",
    ),

    GetFunctions: unary("GetFunctions", async () => ({ functions: {}, diagnostics: [] })),

    CallFunction: unary("CallFunction", async (request) => ({
      error: { text: `Function "${String(request.name)}" is not provided by this provider.` },
    })),

    ValidateEphemeralResourceConfig: unsupported("ValidateEphemeralResourceConfig", ...ephemeralNotFound()),
    OpenEphemeralResource: unsupported("OpenEphemeralResource", ...ephemeralNotFound()),
    RenewEphemeralResource: unsupported("RenewEphemeralResource", ...ephemeralNotFound()),
    CloseEphemeralResource: unsupported("CloseEphemeralResource", ...ephemeralNotFound()),

    ValidateListResourceConfig: unary("ValidateListResourceConfig", async (request) => {
      await listDefinition(String(request.type_name));
      decode(LIST_CONFIG_TYPE, request.config, "list configuration");
      return { diagnostics: [] };
    }),

    ListResource: (call: grpc.ServerWritableStream<Request, Response>): void => {
      const typeName = String(call.request.type_name);
      const limit = Number(call.request.limit ?? 0);
      const started = Date.now();
      logger.trace("Received request", { tf_rpc: "ListResource", tf_resource_type: typeName });
      const stream = async () => {
        const definition = await listDefinition(typeName);
        decode(LIST_CONFIG_TYPE, call.request.config, "list configuration");
        const includeResource = call.request.include_resource_object === true;
        const type = definitionImpliedType(definition);
        const results = backend.listResource!({
          typeName,
          definition,
          config: null,
          includeResource,
        });
        let sent = 0;
        for await (const result of results) {
          if (call.cancelled) break;
          call.write({
            identity:
              result.identity === undefined
                ? null
                : identityProto(encode(resourceIdentityType(definition), result.identity, "listed identity")),
            display_name: result.displayName ?? "",
            ...(result.resourceObject !== undefined
              ? { resource_object: encode(type, result.resourceObject, "listed resource") }
              : {}),
            diagnostic: toProtoDiagnostics(result.diagnostics),
          });
          if (result.identity !== undefined) sent += 1;
          if (limit > 0 && sent >= limit) break; // leaving the loop ends the listing
        }
      };
      stream()
        .catch((error: unknown) => {
          const diagnostics =
            error instanceof DiagnosticsAnswer
              ? error.diagnostics
              : [errorDiagnostic("Internal provider error", `ListResource failed: ${describeError(error)}`)];
          if (!(error instanceof DiagnosticsAnswer)) {
            logger.error("Request failed", { tf_rpc: "ListResource", error: describeError(error) });
          }
          if (!call.cancelled) call.write({ diagnostic: toProtoDiagnostics(diagnostics) });
        })
        .finally(() => {
          logger.trace("Served request", {
            tf_rpc: "ListResource",
            tf_req_duration_ms: Date.now() - started,
          });
          call.end();
        });
    },

    StopProvider: (
      _call: grpc.ServerUnaryCall<Request, Response>,
      callback: grpc.sendUnaryData<Response>,
    ): void => {
      logger.debug("StopProvider received");
      Promise.resolve()
        .then(() => backend.stop())
        .then(
          () => callback(null, { Error: "" }),
          (error: unknown) =>
            callback(null, { Error: error instanceof Error ? error.message : String(error) }),
        );
    },
  };
}

function ephemeralNotFound(): [string, (request: Request) => string] {
  return [
    "Ephemeral Resource Type Not Found",
    (r) => `The ephemeral resource type "${String(r.type_name)}" is not supported by this provider.`,
  ];
}

function listNotFound(): [string, (request: Request) => string] {
  return [
    "List Resource Type Not Found",
    (r) => `The list resource type "${String(r.type_name)}" is not supported by this provider.`,
  ];
}

/** Without a backend upgrader: same-version state is re-read under the current schema. */
function defaultUpgrade(
  definition: ResourceDefinition,
  type: ObjectType,
  version: number,
  rawState: { json?: string; flatmap?: Readonly<Record<string, string>> },
): UpgradeResourceStateResponse {
  if (version !== definition.schemaVersion) {
    return {
      upgradedState: null,
      diagnostics: [
        errorDiagnostic(
          "Unable to Upgrade Resource State",
          `State for "${definition.tfTypeName}" was written with schema version ${version}; this provider only reads version ${definition.schemaVersion}.`,
        ),
      ],
    };
  }
  if (rawState.json === undefined) {
    return {
      upgradedState: null,
      diagnostics: [
        errorDiagnostic(
          "Unable to Read Previously Saved State",
          "The stored state is not in JSON form (legacy flatmap state).",
        ),
      ],
    };
  }
  try {
    return { upgradedState: decodeJson(type, rawState.json, { dropUnknownAttributes: true }) };
  } catch (error) {
    if (!(error instanceof ValueError)) throw error;
    return {
      upgradedState: null,
      diagnostics: [errorDiagnostic("Unable to Read Previously Saved State", error.message, error.path)],
    };
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
