// Loads the protocol's .proto files (tfplugin6, go-plugin's side services, gRPC health) with the
// proto-loader options the wire code relies on: field names as written, int64 as JS numbers, enums
// as their names, defaults filled in, and the name of the oneof member set.
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import path from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";

export const PROTO_DIR = fileURLToPath(new URL("./proto/", import.meta.url));
const PROTO_FILES = ["tfplugin6.proto", "go_plugin.proto", "health.proto"];

export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_DIR],
};

export interface ProtocolDefinitions {
  readonly provider: grpc.ServiceDefinition;
  readonly controller: grpc.ServiceDefinition;
  readonly stdio: grpc.ServiceDefinition;
  readonly broker: grpc.ServiceDefinition;
  readonly health: grpc.ServiceDefinition;
  /** Client constructors by service, for tests and tooling. */
  readonly clients: {
    readonly provider: grpc.ServiceClientConstructor;
    readonly controller: grpc.ServiceClientConstructor;
    readonly stdio: grpc.ServiceClientConstructor;
    readonly broker: grpc.ServiceClientConstructor;
    readonly health: grpc.ServiceClientConstructor;
  };
}

let loaded: ProtocolDefinitions | undefined;
let embeddedDescriptor: object | undefined;

/**
 * The .proto files as one protobufjs JSON descriptor: what a bundled binary embeds, since it
 * cannot read protocol/proto/ from disk.
 */
export function protocolDescriptorJson(): object {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.join(PROTO_DIR, path.basename(target));
  root.loadSync(
    PROTO_FILES.map((f) => path.join(PROTO_DIR, f)),
    { keepCase: true },
  );
  return root.toJSON();
}

/** Use an embedded descriptor (from {@link protocolDescriptorJson}) instead of the .proto files. */
export function useEmbeddedProtocolDescriptor(descriptor: object): void {
  embeddedDescriptor = descriptor;
  loaded = undefined;
}

export function loadProtocolDefinitions(): ProtocolDefinitions {
  if (loaded) return loaded;
  const packageDefinition = embeddedDescriptor
    ? protoLoader.fromJSON(embeddedDescriptor, LOADER_OPTIONS)
    : protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS);
  const root = grpc.loadPackageDefinition(packageDefinition);
  const constructor = (path: string): grpc.ServiceClientConstructor => {
    let node: unknown = root;
    for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
    if (typeof node !== "function") throw new Error(`service ${path} missing from the protocol definitions`);
    return node as grpc.ServiceClientConstructor;
  };
  const clients = {
    provider: constructor("tfplugin6.Provider"),
    controller: constructor("plugin.GRPCController"),
    stdio: constructor("plugin.GRPCStdio"),
    broker: constructor("plugin.GRPCBroker"),
    health: constructor("grpc.health.v1.Health"),
  };
  loaded = {
    provider: clients.provider.service,
    controller: clients.controller.service,
    stdio: clients.stdio.service,
    broker: clients.broker.service,
    health: clients.health.service,
    clients,
  };
  return loaded;
}
