// The services go-plugin's client expects next to the provider (docs/protocol.md#services-besides-the-provider): health
// ("plugin" is SERVING), the controller whose Shutdown ends the process, and the stdio and broker
// streams the client opens on connect, which we hold open and leave silent.
import * as grpc from "@grpc/grpc-js";
import type { Logger } from "../terraform/logger.js";

type Message = Record<string, unknown>;

export interface GoPluginServices {
  readonly controller: grpc.UntypedServiceImplementation;
  readonly stdio: grpc.UntypedServiceImplementation;
  readonly broker: grpc.UntypedServiceImplementation;
  readonly health: grpc.UntypedServiceImplementation;
  /** Ends the streams we hold open, so that a graceful server shutdown can complete. */
  closeStreams(): void;
}

export const HEALTH_SERVICE_NAME = "plugin";

export function createGoPluginServices(options: {
  logger: Logger;
  onShutdown: () => void;
}): GoPluginServices {
  const { logger, onShutdown } = options;
  const openStreams = new Set<{ end(): void }>();
  const hold = (
    stream: grpc.ServerWritableStream<Message, Message> | grpc.ServerDuplexStream<Message, Message>,
  ) => {
    openStreams.add(stream);
    const release = () => openStreams.delete(stream);
    stream.on("cancelled", release);
    stream.on("error", release);
    stream.on("close", release);
  };
  const healthStatus = (service: unknown): string | undefined =>
    service === "" || service === HEALTH_SERVICE_NAME ? "SERVING" : undefined;

  return {
    controller: {
      Shutdown: (_call: grpc.ServerUnaryCall<Message, Message>, callback: grpc.sendUnaryData<Message>) => {
        logger.debug("Shutdown requested by the plugin client");
        callback(null, {});
        // Reply first; the client gives the process 2 s to exit before killing it.
        setImmediate(onShutdown);
      },
    },
    stdio: {
      StreamStdio: (call: grpc.ServerWritableStream<Message, Message>) => {
        // Our stdout/stderr are handled by the process pipes; the stream stays open and silent.
        hold(call);
      },
    },
    broker: {
      StartStream: (call: grpc.ServerDuplexStream<Message, Message>) => {
        hold(call);
        call.on("data", (info: Message) =>
          logger.trace("Ignoring go-plugin broker message", { service_id: info.service_id }),
        );
        call.on("end", () => call.end());
      },
    },
    health: {
      Check: (call: grpc.ServerUnaryCall<Message, Message>, callback: grpc.sendUnaryData<Message>) => {
        const status = healthStatus(call.request.service);
        if (status) callback(null, { status });
        else callback({ code: grpc.status.NOT_FOUND, details: "unknown service" });
      },
      Watch: (call: grpc.ServerWritableStream<Message, Message>) => {
        hold(call);
        call.write({ status: healthStatus(call.request.service) ?? "SERVICE_UNKNOWN" });
      },
    },
    closeStreams: () => {
      for (const stream of openStreams) {
        try {
          stream.end();
        } catch {
          // already closed by the peer
        }
      }
      openStreams.clear();
    },
  };
}
