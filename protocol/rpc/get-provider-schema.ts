// GetProviderSchema: every schema this provider serves. A binary answers with the bytes it
// encoded at build time; otherwise the message is built once from the description's catalog.
import type * as grpc from "@grpc/grpc-js";
import { listResourceSchemas } from "../identity-messages.js";
import { configSchemaMessage, type ProviderDescription } from "../provider-description.js";
import { toProtoSchema } from "../wire.js";
import { SERVER_CAPABILITIES } from "./server-capabilities.js";
import type { Response, RpcContext, UnaryHandler } from "./context.js";

export function getProviderSchema({ description }: RpcContext): UnaryHandler {
  let schemaResponse: Promise<Response> | undefined;
  return async () => {
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
  };
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
