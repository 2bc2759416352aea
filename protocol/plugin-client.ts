// The client side of go-plugin, as Terraform plays it: launch the provider with the magic cookie
// and a client certificate, read the handshake line, connect over mTLS. Used by the benchmark and
// by tests that drive the built binary directly.
import * as grpc from "@grpc/grpc-js";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { derToPem, generateSelfSignedCertificate } from "./certificate.js";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE, parseHandshakeLine } from "./handshake.js";
import { loadProtocolDefinitions } from "./proto-definitions.js";

type Message = Record<string, unknown>;
type StreamMethod = (request: Message, options: grpc.CallOptions) => grpc.ClientReadableStream<Message>;
type UnaryMethod = (
  request: Message,
  options: grpc.CallOptions,
  callback: (error: grpc.ServiceError | null, response: Message) => void,
) => void;

export interface LaunchedPlugin {
  readonly child: ChildProcessWithoutNullStreams;
  /** Milliseconds from spawn to the handshake line. */
  readonly handshakeMs: number;
  /** Calls one tfplugin6.Provider method. */
  call(method: string, request?: Message, timeoutMs?: number): Promise<Message>;
  /** Calls a server-streaming method (ListResource) and collects every message until the end. */
  stream(method: string, request?: Message, timeoutMs?: number): Promise<Message[]>;
  /** Calls a method and returns the response bytes undecoded (to time the server, not the client). */
  callRaw(method: string, request?: Message, timeoutMs?: number): Promise<Buffer>;
  /** go-plugin's GRPCController.Shutdown, then waits for the process to exit. */
  shutdown(): Promise<void>;
  stderr(): string;
}

export interface LaunchOptions {
  readonly command: string;
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly handshakeTimeoutMs?: number;
}

/**
 * A call's deadline; Infinity sends none, as Terraform does (grpc-js then sets no `grpc-timeout`
 * header, so the server arms no deadline timer for the call).
 */
const deadlineAfter = (timeoutMs: number): number =>
  Number.isFinite(timeoutMs) ? Date.now() + timeoutMs : Infinity;

export async function launchPlugin(options: LaunchOptions): Promise<LaunchedPlugin> {
  const clientCert = generateSelfSignedCertificate();
  const started = performance.now();
  const child = spawn(options.command, [...(options.args ?? [])], {
    env: {
      ...process.env,
      ...options.env,
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "6",
      PLUGIN_CLIENT_CERT: clientCert.certPem,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`no handshake line within ${options.handshakeTimeoutMs ?? 10_000} ms: ${stderr}`)),
      options.handshakeTimeoutMs ?? 10_000,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf("\n");
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(stdout.slice(0, newline));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`plugin exited (${code}) before the handshake: ${stderr}`));
    });
  });
  const handshakeMs = performance.now() - started;
  const handshake = parseHandshakeLine(line);
  const target = handshake.network === "unix" ? `unix://${handshake.address}` : handshake.address;
  const credentials = grpc.credentials.createSsl(
    Buffer.from(derToPem(handshake.serverCertDer!)),
    Buffer.from(clientCert.keyPem),
    Buffer.from(clientCert.certPem),
  );
  const channelOptions = {
    "grpc.ssl_target_name_override": "localhost",
    "grpc.default_authority": "localhost",
    "grpc.max_receive_message_length": 256 * 1024 * 1024,
  };
  const definitions = loadProtocolDefinitions();
  const provider = new definitions.clients.provider(
    target,
    credentials,
    channelOptions,
  ) as unknown as grpc.Client & Record<string, UnaryMethod>;
  const controller = new definitions.clients.controller(
    target,
    credentials,
    channelOptions,
  ) as unknown as grpc.Client & Record<string, UnaryMethod>;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));

  const invoke = (
    client: grpc.Client & Record<string, UnaryMethod>,
    method: string,
    request: Message,
    timeoutMs: number,
  ) =>
    new Promise<Message>((resolve, reject) => {
      const fn = client[method];
      if (!fn) return reject(new Error(`no method ${method}`));
      fn.call(client, request, { deadline: deadlineAfter(timeoutMs) }, (error, response) =>
        error ? reject(error) : resolve(response),
      );
    });

  return {
    child,
    handshakeMs,
    call: (method, request = {}, timeoutMs = 30_000) => invoke(provider, method, request, timeoutMs),
    stream: (method, request = {}, timeoutMs = 30_000) =>
      new Promise<Message[]>((resolve, reject) => {
        const fn = (provider as unknown as Record<string, StreamMethod>)[method];
        if (!fn) return reject(new Error(`no method ${method}`));
        const messages: Message[] = [];
        const call = fn.call(provider, request, { deadline: deadlineAfter(timeoutMs) });
        call.on("data", (message: Message) => messages.push(message));
        call.on("error", reject);
        call.on("end", () => resolve(messages));
      }),
    callRaw: (method, request = {}, timeoutMs = 30_000) =>
      new Promise<Buffer>((resolve, reject) => {
        const definition = definitions.provider[method];
        if (!definition) return reject(new Error(`no method ${method}`));
        provider.makeUnaryRequest(
          definition.path,
          definition.requestSerialize,
          (bytes: Buffer) => bytes,
          request,
          { deadline: deadlineAfter(timeoutMs) },
          (error, response) =>
            error || !response ? reject(error ?? new Error("empty response")) : resolve(response),
        );
      }),
    async shutdown() {
      await invoke(controller, "Shutdown", {}, 5_000).catch(() => undefined);
      provider.close();
      controller.close();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
    stderr: () => stderr,
  };
}
