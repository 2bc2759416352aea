// RPCs this provider does not offer (moves, config generation, functions, ephemeral resources):
// answered as "nothing here" so newer Terraform gets a clear diagnostic.
import { type Request, unsupported, type UnaryHandler } from "./context.js";

export const moveResourceState = unsupported(
  "Move Resource State Not Supported",
  (r) =>
    `The resource type "${String(r.target_type_name)}" does not support moving state from "${String(r.source_type_name)}" (provider ${String(r.source_provider_address)}).`,
);

export const generateResourceConfig = unsupported(
  "Generate Resource Config Not Supported",
  () => "This provider does not generate resource configuration.",
);

export const getFunctions: UnaryHandler = async () => ({ functions: {}, diagnostics: [] });

export const callFunction: UnaryHandler = async (request: Request) => ({
  error: { text: `Function "${String(request.name)}" is not provided by this provider.` },
});

/** Validate, Open, Renew and Close of an ephemeral resource: no such type here. */
export const ephemeralResource = unsupported(
  "Ephemeral Resource Type Not Found",
  (r) => `The ephemeral resource type "${String(r.type_name)}" is not supported by this provider.`,
);
