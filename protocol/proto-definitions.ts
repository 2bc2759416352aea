// The protocol's services (tfplugin6, go-plugin's side services, gRPC health) as grpc-js service
// definitions, built straight from protobufjs reflection with the message conventions the wire code
// relies on: field names as written, int64 as JS numbers, enums as their names, defaults filled in,
// and the name of the oneof member set. (The conventions @grpc/proto-loader would apply; building
// the definitions here skips its descriptor encoding, a tenth of the binary's start-up.)
import * as grpc from "@grpc/grpc-js";
import path from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";

export const PROTO_DIR = fileURLToPath(new URL("./proto/", import.meta.url));
const PROTO_FILES = ["tfplugin6.proto", "go_plugin.proto", "health.proto"];

/** How decoded messages look to the wire code (protobufjs toObject options). */
export const MESSAGE_OPTIONS: protobuf.IConversionOptions = {
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
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
  return protoFilesRoot().toJSON();
}

function protoFilesRoot(): protobuf.Root {
  const root = new protobuf.Root();
  // Imports of google/protobuf/*.proto are answered by protobufjs's bundled copies.
  root.resolvePath = (_origin, target) => path.join(PROTO_DIR, path.basename(target));
  root.loadSync(
    PROTO_FILES.map((f) => path.join(PROTO_DIR, f)),
    { keepCase: true },
  );
  return root;
}

/** protobufjs hands out Buffers under Node; wrap (never copy) whatever else it gives. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

function serviceDefinition(service: protobuf.Service): grpc.ServiceDefinition {
  const servicePath = service.fullName.replace(/^\./, "");
  const definition: Record<string, grpc.MethodDefinition<object, object>> = {};
  for (const method of service.methodsArray) {
    const request = method.resolvedRequestType!;
    const response = method.resolvedResponseType!;
    definition[method.name] = {
      path: `/${servicePath}/${method.name}`,
      requestStream: Boolean(method.requestStream),
      responseStream: Boolean(method.responseStream),
      requestSerialize: (value) => asBuffer(request.encode(request.fromObject(value)).finish()),
      requestDeserialize: (bytes) => request.toObject(request.decode(bytes), MESSAGE_OPTIONS),
      responseSerialize: (value) => asBuffer(response.encode(response.fromObject(value)).finish()),
      responseDeserialize: (bytes) => response.toObject(response.decode(bytes), MESSAGE_OPTIONS),
      // grpc-js also names client methods this way (getProviderSchema beside GetProviderSchema).
      originalName: lowerFirst(method.name),
    };
  }
  return definition;
}

/** Use an embedded descriptor (from {@link protocolDescriptorJson}) instead of the .proto files. */
export function useEmbeddedProtocolDescriptor(descriptor: object): void {
  embeddedDescriptor = descriptor;
  loaded = undefined;
}

export function loadProtocolDefinitions(): ProtocolDefinitions {
  if (loaded) return loaded;
  const root = embeddedDescriptor ? protobuf.Root.fromJSON(embeddedDescriptor) : protoFilesRoot();
  root.resolveAll();
  const constructor = (servicePath: string): grpc.ServiceClientConstructor => {
    const service = root.lookupService(servicePath);
    return grpc.makeGenericClientConstructor(serviceDefinition(service), service.name);
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
