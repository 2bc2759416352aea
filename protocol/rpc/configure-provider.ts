// ConfigureProvider: the provider block handed to the backend, which sets up its service client.
import { toProtoDiagnostics } from "../wire.js";
import { capabilities, type RpcContext, type UnaryHandler } from "./context.js";

export function configureProvider(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    const config = ctx.decode(ctx.providerType, request.config, "provider configuration");
    const result = await ctx.backend.configureProvider({
      terraformVersion: String(request.terraform_version ?? ""),
      config,
      clientCapabilities: capabilities(request.client_capabilities),
    });
    return { diagnostics: toProtoDiagnostics(result.diagnostics) };
  };
}
