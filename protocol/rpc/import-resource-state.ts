// ImportResourceState: an existing object taken into state, by identifier or by identity.
import { definitionImpliedType } from "../../terraform/values/index.js";
import { resourceIdentityType } from "../identity-messages.js";
import { toProtoDeferred, toProtoDiagnostics } from "../wire.js";
import { capabilities, type RpcContext, type UnaryHandler } from "./context.js";

export function importResourceState(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.resourceDefinition(typeName);
    const identityData = (request.identity as { identity_data?: unknown } | null)?.identity_data;
    const result = await ctx.backend.importResourceState({
      typeName,
      definition,
      id: String(request.id ?? ""),
      ...(identityData
        ? { identity: ctx.decode(resourceIdentityType(definition), identityData, "resource identity") }
        : {}),
      clientCapabilities: capabilities(request.client_capabilities),
    });
    const imported = [];
    for (const resource of result.importedResources) {
      const importedType = resource.typeName ?? typeName;
      const importedDefinition =
        importedType === typeName ? definition : await ctx.resourceDefinition(importedType);
      imported.push({
        type_name: importedType,
        state: ctx.encode(definitionImpliedType(importedDefinition), resource.state, "imported state"),
        private: Buffer.from(resource.private ?? new Uint8Array(0)),
        identity: ctx.identityOf(importedDefinition, resource.state),
      });
    }
    return {
      imported_resources: imported,
      deferred: toProtoDeferred(result.deferred),
      diagnostics: toProtoDiagnostics(result.diagnostics),
    };
  };
}
