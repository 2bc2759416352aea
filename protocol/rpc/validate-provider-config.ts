// ValidateProviderConfig: the provider block checked before it is used.
import { toProtoDiagnostics } from "../wire.js";
import type { RpcContext, UnaryHandler } from "./context.js";

export function validateProviderConfig(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const config = ctx.decode(ctx.providerType, request.config, "provider configuration");
    const result = await ctx.backend.validateProviderConfig({ config });
    return { diagnostics: toProtoDiagnostics(result.diagnostics) };
  };
}
