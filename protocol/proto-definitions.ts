// The protocol's services (tfplugin6, go-plugin's side services, gRPC health) as grpc-js service
// definitions, on the static codecs generated from protocol/proto/ (`npm run proto`), with the message
// conventions the wire code relies on: field names as written, int64 as JS numbers, enums as their
// names, defaults filled in, and the name of the oneof member set. (The conventions
// @grpc/proto-loader would apply; static codecs spare the process a descriptor to parse and resolve
// and a codec to generate per message type on first use.)
import * as grpc from "@grpc/grpc-js";
import type { IConversionOptions, Writer } from "protobufjs";
import messages from "./codecs/messages.cjs";
import { SERVICES } from "./codecs/services.js";

/** How decoded messages look to the wire code (protobufjs toObject options). */
export const MESSAGE_OPTIONS: IConversionOptions = {
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

/** What the generated code offers for each message type. */
interface MessageCodec {
  fromObject(value: object): unknown;
  encode(message: unknown): Writer;
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: IConversionOptions): object;
}

/** The generated codec of a message, by full name ("tfplugin6.GetMetadata.Request"). */
function codecOf(fullName: string): MessageCodec {
  let node: unknown = messages;
  for (const part of fullName.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "function") throw new Error(`protocol/codecs has no message ${fullName}`);
  return node as unknown as MessageCodec;
}

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

/** protobufjs hands out Buffers under Node; wrap (never copy) whatever else it gives. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

function serviceDefinition(servicePath: string): grpc.ServiceDefinition {
  const methods = SERVICES[servicePath];
  if (!methods) throw new Error(`protocol/codecs has no service ${servicePath}`);
  const definition: Record<string, grpc.MethodDefinition<object, object>> = {};
  for (const [name, method] of Object.entries(methods)) {
    const request = codecOf(method.request);
    const response = codecOf(method.response);
    definition[name] = {
      path: `/${servicePath}/${name}`,
      requestStream: method.requestStream === true,
      responseStream: method.responseStream === true,
      requestSerialize: (value) => asBuffer(request.encode(request.fromObject(value)).finish()),
      requestDeserialize: (bytes) => request.toObject(request.decode(bytes), MESSAGE_OPTIONS),
      responseSerialize: (value) => asBuffer(response.encode(response.fromObject(value)).finish()),
      responseDeserialize: (bytes) => response.toObject(response.decode(bytes), MESSAGE_OPTIONS),
      // grpc-js also names client methods this way (getProviderSchema beside GetProviderSchema).
      originalName: lowerFirst(name),
    };
  }
  return definition;
}

export function loadProtocolDefinitions(): ProtocolDefinitions {
  if (loaded) return loaded;
  const constructor = (servicePath: string): grpc.ServiceClientConstructor =>
    grpc.makeGenericClientConstructor(serviceDefinition(servicePath), servicePath.split(".").pop()!);
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
