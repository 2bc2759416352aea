// The provider process: go-plugin handshake, AutoMTLS, the gRPC services, and a prompt exit when
// Terraform is done with us (Shutdown), on SIGTERM, or when our parent disappears.
import * as grpc from "@grpc/grpc-js";
import { format } from "node:util";
import { generateSelfSignedCertificate } from "./certificate.js";
import { debugBanner, type DebugOptions, parseDebugFlags } from "./debug-mode.js";
import { createGoPluginServices } from "./go-plugin-services.js";
import {
  formatHandshakeLine,
  hasMagicCookie,
  negotiateProtocolVersion,
  type Network,
  NOT_A_PLUGIN_MESSAGE,
} from "./handshake.js";
import { listen } from "./listener.js";
import { createLogger, type Logger } from "../terraform/logger.js";
import { loadProtocolDefinitions } from "./proto-definitions.js";
import type { MaybePromise, ProviderBackend } from "../terraform/provider-backend.js";
import type { ProviderDescription } from "./provider-description.js";
import { createProviderService, encodedResponsePassThrough } from "./server.js";

export type BackendFactory = (context: { readonly logger: Logger }) => MaybePromise<ProviderBackend>;

/** terraform-plugin-go's limit; grpc-js would otherwise refuse messages over 4 MiB. */
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** Grace period for in-flight calls once Shutdown arrives (the client kills us after 2 s). */
const SHUTDOWN_GRACE_MS = 1_000;
const PARENT_CHECK_INTERVAL_MS = 2_000;

/** A callback that ends the process with `code`. */
const exit = (code: number) => () => process.exit(code);

export interface PluginServerOptions {
  readonly backend: ProviderBackend;
  readonly description: ProviderDescription;
  readonly logger: Logger;
  readonly env?: NodeJS.ProcessEnv;
  /** Called after the server has stopped because the client asked (Shutdown). */
  readonly onShutdown?: () => void;
}

export interface RunningPluginServer {
  readonly network: Network;
  readonly address: string;
  readonly appProtocolVersion: number;
  /** DER of our certificate when serving TLS (PLUGIN_CLIENT_CERT was given). */
  readonly serverCertDer?: Uint8Array;
  readonly handshakeLine: string;
  /** Stops serving (gracefully, then forcefully) and removes the socket. Idempotent. */
  shutdown(): Promise<void>;
}

/** Starts the gRPC server without touching process state (usable in-process by tests). */
export async function startPluginServer(options: PluginServerOptions): Promise<RunningPluginServer> {
  const env = options.env ?? process.env;
  const { logger } = options;
  const definitions = loadProtocolDefinitions();
  const server = new grpc.Server({
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
    // No channelz: its per-call and per-stream bookkeeping (call counters, the peer's address
    // looked up on every stream) serves a debugging service nobody can reach in a plugin.
    "grpc.enable_channelz": 0,
  });

  let stopping: Promise<void> | undefined;
  let cleanupListener = (): void => {};
  const shutdown = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      goPlugin.closeStreams();
      const force = setTimeout(() => server.forceShutdown(), SHUTDOWN_GRACE_MS);
      server.tryShutdown(() => {
        clearTimeout(force);
        cleanupListener();
        resolve();
      });
    });
    return stopping;
  };

  const goPlugin = createGoPluginServices({
    logger,
    onShutdown: () => void shutdown().then(() => options.onShutdown?.()),
  });
  server.addService(encodedResponsePassThrough(definitions.provider), createProviderService(options));
  server.addService(definitions.controller, goPlugin.controller);
  server.addService(definitions.stdio, goPlugin.stdio);
  server.addService(definitions.broker, goPlugin.broker);
  server.addService(definitions.health, goPlugin.health);

  const clientCert = env.PLUGIN_CLIENT_CERT;
  const certificate = clientCert ? generateSelfSignedCertificate() : undefined;
  const credentials = certificate
    ? grpc.ServerCredentials.createSsl(
        Buffer.from(clientCert as string),
        [{ private_key: Buffer.from(certificate.keyPem), cert_chain: Buffer.from(certificate.certPem) }],
        true, // require and verify the client certificate against PLUGIN_CLIENT_CERT only
      )
    : grpc.ServerCredentials.createInsecure();
  if (!certificate) logger.warn("PLUGIN_CLIENT_CERT not set: serving without TLS");

  const listener = await listen(server, credentials, env, logger);
  cleanupListener = () => listener.cleanup();
  const appProtocolVersion = negotiateProtocolVersion(env);
  const handshakeLine = formatHandshakeLine({
    appVersion: appProtocolVersion,
    network: listener.network,
    address: listener.address,
    ...(certificate ? { serverCertDer: certificate.certDer } : {}),
  });
  return {
    network: listener.network,
    address: listener.address,
    appProtocolVersion,
    ...(certificate ? { serverCertDer: certificate.certDer } : {}),
    handshakeLine,
    shutdown,
  };
}

/**
 * The provider binary's entry point. With -debug it serves in debug mode (serveDebug). Otherwise it
 * refuses to run without go-plugin's magic cookie, then serves until Terraform calls Shutdown,
 * SIGTERM arrives, or the parent process goes away. Note that stdin is Terraform's own stdin (often
 * /dev/null in CI), so its end is not taken as a signal to stop.
 */
export async function serve(
  backendFactory: BackendFactory,
  description: ProviderDescription,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  let flags: DebugOptions;
  try {
    flags = parseDebugFlags(argv);
  } catch (error) {
    process.stderr.write(`terraform-provider-awscc: ${(error as Error).message}\n`);
    process.exit(2);
  }
  if (flags.debug) return serveDebug(backendFactory, description, flags.providerAddress);
  if (!hasMagicCookie(process.env)) {
    process.stderr.write(NOT_A_PLUGIN_MESSAGE);
    process.exit(1);
  }
  const writeStdout = divertStdout();
  const logger = createLogger();
  installProcessHandlers(logger);

  // Ctrl-C reaches the whole process group: Terraform answers it with StopProvider and Shutdown,
  // and in-flight applies must be allowed to finish (go-plugin servers ignore SIGINT too).
  process.on("SIGINT", () => logger.debug("SIGINT ignored; waiting for the plugin client"));

  const backend = await backendFactory({ logger });
  const running = await startPluginServer({ backend, description, logger, onShutdown: exit(0) });
  writeStdout(`${running.handshakeLine}\n`);
  logger.debug("Plugin server started", { network: running.network, address: running.address });

  process.on("SIGTERM", () => {
    logger.debug("SIGTERM received: shutting down");
    void running.shutdown().then(exit(0));
  });
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      logger.warn("Plugin client went away: shutting down");
      void running.shutdown().then(exit(0));
    }
  }, PARENT_CHECK_INTERVAL_MS).unref();
}

/**
 * Debug mode (debug-mode.ts): started by hand, no TLS (Terraform attaches without it), the
 * TF_REATTACH_PROVIDERS value on stdout, and serving until Ctrl-C or SIGTERM, across as many
 * Terraform commands as attach to it.
 */
async function serveDebug(
  backendFactory: BackendFactory,
  description: ProviderDescription,
  providerAddress: string,
): Promise<void> {
  const logger = createLogger();
  installProcessHandlers(logger);
  const backend = await backendFactory({ logger });
  const { PLUGIN_CLIENT_CERT: _ignored, ...env } = process.env;
  const running = await startPluginServer({ backend, description, logger, env, onShutdown: exit(0) });
  process.stdout.write(
    debugBanner({
      providerAddress,
      pid: process.pid,
      protocolVersion: running.appProtocolVersion,
      network: running.network,
      address: running.address,
    }),
  );
  const stop = () => void running.shutdown().then(exit(0));
  process.on("SIGINT", stop); // the user's terminal is the only one sending it here
  process.on("SIGTERM", stop);
}

/**
 * Keeps stdout for the handshake line alone: anything else written there (console.log in a
 * dependency, say) goes to stderr, where Terraform treats it as a log line.
 */
function divertStdout(): (text: string) => void {
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    (process.stderr.write as (...args: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stdout.write;
  console.log =
    console.info =
    console.debug =
      (...args: unknown[]) => {
        process.stderr.write(`[DEBUG] ${format(...args)}\n`);
      };
  return (text) => {
    original(text);
  };
}

function installProcessHandlers(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.error("Unhandled promise rejection", {
      error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
    });
  });
}
