// ValidateResourceConfig: one resource block checked against its type.
import { definitionImpliedType } from "../../terraform/values/index.js";
import { toProtoDiagnostics } from "../wire.js";
import { capabilities, type RpcContext, type UnaryHandler } from "./context.js";

export function validateResourceConfig(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.resourceDefinition(typeName);
    const config = ctx.decode(definitionImpliedType(definition), request.config, "resource configuration");
    const result = await ctx.backend.validateResourceConfig({
      typeName,
      definition,
      config,
      clientCapabilities: capabilities(request.client_capabilities),
    });
    return { diagnostics: toProtoDiagnostics(result.diagnostics) };
  };
}
