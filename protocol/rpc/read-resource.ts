// ReadResource: the refresh of one object in state.
import { definitionImpliedType } from "../../terraform/values/index.js";
import { toProtoDeferred, toProtoDiagnostics } from "../wire.js";
import { bytes, capabilities, type RpcContext, type UnaryHandler } from "./context.js";

export function readResource(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.resourceDefinition(typeName);
    const type = definitionImpliedType(definition);
    const priorPrivate = bytes(request.private);
    const result = await ctx.backend.readResource({
      typeName,
      definition,
      currentState: ctx.decode(type, request.current_state, "current state"),
      private: priorPrivate,
      providerMeta: ctx.providerMeta(request.provider_meta),
      clientCapabilities: capabilities(request.client_capabilities),
    });
    return {
      new_state: ctx.encode(type, result.newState, "refreshed state"),
      new_identity: ctx.identityOf(definition, result.newState),
      private: Buffer.from(result.private ?? priorPrivate),
      deferred: toProtoDeferred(result.deferred),
      diagnostics: toProtoDiagnostics(result.diagnostics),
    };
  };
}
