// The tfplugin6 Provider service: wire work only. Every DynamicValue is decoded with the implied
// type of the schema it belongs to, handed to the ProviderBackend as a Terraform value, and the
// answer is encoded back; problems travel as diagnostics with gRPC status OK (docs/protocol.md#common-messages).
// Each RPC lives in its own module under rpc/; this file only assembles them (docs/protocol.md#rpc-modules).
import type * as grpc from "@grpc/grpc-js";
import { applyResourceChange } from "./rpc/apply-resource-change.js";
import { configureProvider } from "./rpc/configure-provider.js";
import { createRpcContext, type ProviderServiceOptions, unary, type UnaryHandler } from "./rpc/context.js";
import { getMetadata } from "./rpc/get-metadata.js";
import { getProviderSchema } from "./rpc/get-provider-schema.js";
import { importResourceState } from "./rpc/import-resource-state.js";
import { listResource, validateListResourceConfig } from "./rpc/list-resource.js";
import {
  callFunction,
  ephemeralResource,
  generateResourceConfig,
  getFunctions,
  moveResourceState,
} from "./rpc/not-offered.js";
import { planResourceChange } from "./rpc/plan-resource-change.js";
import { readDataSource } from "./rpc/read-data-source.js";
import { readResource } from "./rpc/read-resource.js";
import { getResourceIdentitySchemas, upgradeResourceIdentity } from "./rpc/resource-identity.js";
import { stopProvider } from "./rpc/stop-provider.js";
import { upgradeResourceState } from "./rpc/upgrade-resource-state.js";
import { validateDataResourceConfig } from "./rpc/validate-data-resource-config.js";
import { validateProviderConfig } from "./rpc/validate-provider-config.js";
import { validateResourceConfig } from "./rpc/validate-resource-config.js";

export { SERVER_CAPABILITIES } from "./rpc/server-capabilities.js";
export { encodedResponsePassThrough, providerSchemaResponse } from "./rpc/get-provider-schema.js";
export type { ProviderServiceOptions } from "./rpc/context.js";

export function createProviderService(options: ProviderServiceOptions): grpc.UntypedServiceImplementation {
  const ctx = createRpcContext(options);
  const unaryRpcs: Record<string, UnaryHandler> = {
    GetMetadata: getMetadata(ctx),
    GetProviderSchema: getProviderSchema(ctx),
    ValidateProviderConfig: validateProviderConfig(ctx),
    ConfigureProvider: configureProvider(ctx),
    ValidateResourceConfig: validateResourceConfig(ctx),
    ValidateDataResourceConfig: validateDataResourceConfig(ctx),
    UpgradeResourceState: upgradeResourceState(ctx),
    ReadResource: readResource(ctx),
    PlanResourceChange: planResourceChange(ctx),
    ApplyResourceChange: applyResourceChange(ctx),
    ImportResourceState: importResourceState(ctx),
    MoveResourceState: moveResourceState,
    ReadDataSource: readDataSource(ctx),
    GetResourceIdentitySchemas: getResourceIdentitySchemas(ctx),
    UpgradeResourceIdentity: upgradeResourceIdentity(ctx),
    GenerateResourceConfig: generateResourceConfig,
    GetFunctions: getFunctions,
    CallFunction: callFunction,
    ValidateEphemeralResourceConfig: ephemeralResource,
    OpenEphemeralResource: ephemeralResource,
    RenewEphemeralResource: ephemeralResource,
    CloseEphemeralResource: ephemeralResource,
    ValidateListResourceConfig: validateListResourceConfig(ctx),
  };
  return {
    ...Object.fromEntries(
      Object.entries(unaryRpcs).map(([rpc, handle]) => [rpc, unary(options.logger, rpc, handle)]),
    ),
    ListResource: listResource(ctx),
    StopProvider: stopProvider(ctx),
  };
}
