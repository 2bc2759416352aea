// node:http plumbing: collects each request body, hands it to the router, writes the reply, logs
// one line per request, and closes cleanly (idle keep-alive sockets included).
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Reply } from "./reply.js";

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface IncomingCall {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  requestId: string;
}

export interface RoutedReply {
  reply: Reply;
  /** What the log line names, e.g. `CreateResource AWS::Logs::LogGroup`. */
  label: string;
}

export type Router = (call: IncomingCall) => Promise<RoutedReply>;

export interface HttpServerOptions {
  host: string;
  port: number;
  log?: (line: string) => void;
  onInternalError: (error: unknown) => void;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("request body too large"));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startHttpServer(
  router: Router,
  options: HttpServerOptions,
): Promise<RunningHttpServer> {
  const server = http.createServer((request, response) => {
    const started = Date.now();
    const requestId = randomUUID();
    void (async () => {
      let routed: RoutedReply;
      try {
        const body = await readBody(request);
        const url = new URL(request.url ?? "/", "http://emulator.invalid");
        routed = await router({
          method: request.method ?? "GET",
          url,
          headers: request.headers,
          body,
          requestId,
        });
      } catch (error) {
        options.onInternalError(error);
        routed = {
          reply: {
            status: 500,
            headers: { "content-type": "application/json" },
            body: '{"error":"internal"}',
          },
          label: `${request.method ?? "?"} ${request.url ?? "?"}`,
        };
      }
      const { reply } = routed;
      if (!response.destroyed) {
        response.writeHead(reply.status, {
          ...reply.headers,
          "content-length": String(Buffer.byteLength(reply.body)),
        });
        response.end(reply.body);
      }
      options.log?.(
        `${new Date().toISOString()} ${routed.label} -> ${reply.status} (${Date.now() - started} ms)`,
      );
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
