// GetResourceIdentitySchemas and UpgradeResourceIdentity (protocol 6.9).
import { decodeJson, type TfValue, ValueError } from "../../terraform/values/index.js";
import { errorDiagnostic } from "../../terraform/provider-backend.js";
import { identityProto, identitySchemasProto, resourceIdentityType } from "../identity-messages.js";
import { DiagnosticsAnswer, type RpcContext, type UnaryHandler } from "./context.js";

export function getResourceIdentitySchemas(ctx: RpcContext): UnaryHandler {
  return async () => ({
    identity_schemas: identitySchemasProto(await ctx.identityCatalog()),
    diagnostics: [],
  });
}

export function upgradeResourceIdentity(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.resourceDefinition(typeName);
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
      upgraded_identity: identityProto(ctx.encode(type, identity, "upgraded identity")),
      diagnostics: [],
    };
  };
}
