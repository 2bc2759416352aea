// GetMetadata: the type names this provider serves, without their schemas.
import { typeNamesOf } from "../provider-description.js";
import { listResourceTypeNames } from "../identity-messages.js";
import { SERVER_CAPABILITIES } from "./server-capabilities.js";
import type { RpcContext, UnaryHandler } from "./context.js";

export function getMetadata(ctx: RpcContext): UnaryHandler {
  const { backend, description } = ctx;
  return async () => {
    const names = await typeNamesOf(description);
    return {
      server_capabilities: SERVER_CAPABILITIES,
      diagnostics: [],
      resources: names.resources.map((type_name) => ({ type_name })),
      data_sources: names.dataSources.map((type_name) => ({ type_name })),
      functions: [],
      ephemeral_resources: [],
      list_resources: backend.listResource
        ? listResourceTypeNames(await ctx.identityCatalog()).map((type_name) => ({ type_name }))
        : [],
    };
  };
}
