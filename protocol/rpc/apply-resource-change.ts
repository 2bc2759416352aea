// ApplyResourceChange: the planned change carried out at the service.
import { definitionImpliedType } from "../../terraform/values/index.js";
import { toProtoDiagnostics } from "../wire.js";
import { bytes, type RpcContext, type UnaryHandler } from "./context.js";

export function applyResourceChange(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.resourceDefinition(typeName);
    const type = definitionImpliedType(definition);
    const plannedPrivate = bytes(request.planned_private);
    const result = await ctx.backend.applyResourceChange({
      typeName,
      definition,
      priorState: ctx.decode(type, request.prior_state, "prior state"),
      plannedState: ctx.decode(type, request.planned_state, "planned state"),
      config: ctx.decode(type, request.config, "configuration"),
      plannedPrivate,
      providerMeta: ctx.providerMeta(request.provider_meta),
    });
    return {
      new_state: ctx.encode(type, result.newState, "new state"),
      new_identity: ctx.identityOf(definition, result.newState),
      private: Buffer.from(result.private ?? plannedPrivate),
      diagnostics: toProtoDiagnostics(result.diagnostics),
    };
  };
}
