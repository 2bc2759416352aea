// ReadDataSource: one data source read at the service.
import { definitionImpliedType } from "../../terraform/values/index.js";
import { toProtoDeferred, toProtoDiagnostics } from "../wire.js";
import { capabilities, type RpcContext, type UnaryHandler } from "./context.js";

export function readDataSource(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.dataSourceDefinition(typeName);
    const type = definitionImpliedType(definition);
    const result = await ctx.backend.readDataSource({
      typeName,
      definition,
      config: ctx.decode(type, request.config, "data source configuration"),
      providerMeta: ctx.providerMeta(request.provider_meta),
      clientCapabilities: capabilities(request.client_capabilities),
    });
    return {
      state: ctx.encode(type, result.state, "data source state"),
      deferred: toProtoDeferred(result.deferred),
      diagnostics: toProtoDiagnostics(result.diagnostics),
    };
  };
}
