// PlanResourceChange: the planned state of one resource (create, update, or destroy).
import { definitionImpliedType } from "../../terraform/values/index.js";
import { toProtoDeferred, toProtoDiagnostics, toProtoPath } from "../wire.js";
import { bytes, capabilities, type RpcContext, type UnaryHandler } from "./context.js";

export function planResourceChange(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.resourceDefinition(typeName);
    const type = definitionImpliedType(definition);
    const priorPrivate = bytes(request.prior_private);
    const proposedNewState = ctx.decode(type, request.proposed_new_state, "proposed new state");
    if (proposedNewState === null) {
      // Destroy: the plan must be null; keep the private bytes for the apply.
      return {
        planned_state: ctx.encode(type, null, "planned state"),
        planned_private: Buffer.from(priorPrivate),
        diagnostics: [],
      };
    }
    const result = await ctx.backend.planResourceChange({
      typeName,
      definition,
      priorState: ctx.decode(type, request.prior_state, "prior state"),
      proposedNewState,
      config: ctx.decode(type, request.config, "configuration"),
      priorPrivate,
      providerMeta: ctx.providerMeta(request.provider_meta),
      clientCapabilities: capabilities(request.client_capabilities),
    });
    return {
      planned_state: ctx.encode(type, result.plannedState, "planned state"),
      planned_identity: ctx.identityOf(definition, result.plannedState),
      requires_replace: (result.requiresReplace ?? []).map(toProtoPath),
      planned_private: Buffer.from(result.plannedPrivate ?? priorPrivate),
      deferred: toProtoDeferred(result.deferred),
      diagnostics: toProtoDiagnostics(result.diagnostics),
    };
  };
}
