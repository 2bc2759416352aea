// ValidateDataResourceConfig: one data source block checked against its type.
import { definitionImpliedType } from "../../terraform/values/index.js";
import { toProtoDiagnostics } from "../wire.js";
import type { RpcContext, UnaryHandler } from "./context.js";

export function validateDataResourceConfig(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.dataSourceDefinition(typeName);
    const config = ctx.decode(definitionImpliedType(definition), request.config, "data source configuration");
    const result = await ctx.backend.validateDataResourceConfig({ typeName, definition, config });
    return { diagnostics: toProtoDiagnostics(result.diagnostics) };
  };
}
