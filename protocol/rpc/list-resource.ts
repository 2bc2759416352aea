// ValidateListResourceConfig and ListResource (protocol 6.10): the objects of a type, streamed.
import type * as grpc from "@grpc/grpc-js";
import { definitionImpliedType } from "../../terraform/values/index.js";
import { errorDiagnostic } from "../../terraform/provider-backend.js";
import { identityProto, LIST_CONFIG_TYPE, resourceIdentityType } from "../identity-messages.js";
import { toProtoDiagnostics } from "../wire.js";
import {
  describeError,
  DiagnosticsAnswer,
  type Request,
  type Response,
  type RpcContext,
  type UnaryHandler,
} from "./context.js";

export function validateListResourceConfig(ctx: RpcContext): UnaryHandler {
  return async (request) => {
    await ctx.listDefinition(String(request.type_name));
    ctx.decode(LIST_CONFIG_TYPE, request.config, "list configuration");
    return { diagnostics: [] };
  };
}

export function listResource(ctx: RpcContext) {
  const { backend, logger } = ctx;
  return (call: grpc.ServerWritableStream<Request, Response>): void => {
    const typeName = String(call.request.type_name);
    const limit = Number(call.request.limit ?? 0);
    const started = Date.now();
    logger.trace("Received request", { tf_rpc: "ListResource", tf_resource_type: typeName });
    const stream = async () => {
      const definition = await ctx.listDefinition(typeName);
      ctx.decode(LIST_CONFIG_TYPE, call.request.config, "list configuration");
      const includeResource = call.request.include_resource_object === true;
      const type = definitionImpliedType(definition);
      const results = backend.listResource!({
        typeName,
        definition,
        config: null,
        includeResource,
      });
      let sent = 0;
      for await (const result of results) {
        if (call.cancelled) break;
        call.write({
          identity:
            result.identity === undefined
              ? null
              : identityProto(
                  ctx.encode(resourceIdentityType(definition), result.identity, "listed identity"),
                ),
          display_name: result.displayName ?? "",
          ...(result.resourceObject !== undefined
            ? { resource_object: ctx.encode(type, result.resourceObject, "listed resource") }
            : {}),
          diagnostic: toProtoDiagnostics(result.diagnostics),
        });
        if (result.identity !== undefined) sent += 1;
        if (limit > 0 && sent >= limit) break; // leaving the loop ends the listing
      }
    };
    stream()
      .catch((error: unknown) => {
        const diagnostics =
          error instanceof DiagnosticsAnswer
            ? error.diagnostics
            : [errorDiagnostic("Internal provider error", `ListResource failed: ${describeError(error)}`)];
        if (!(error instanceof DiagnosticsAnswer)) {
          logger.error("Request failed", { tf_rpc: "ListResource", error: describeError(error) });
        }
        if (!call.cancelled) call.write({ diagnostic: toProtoDiagnostics(diagnostics) });
      })
      .finally(() => {
        logger.trace("Served request", {
          tf_rpc: "ListResource",
          tf_req_duration_ms: Date.now() - started,
        });
        call.end();
      });
  };
}
