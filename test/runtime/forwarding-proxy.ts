// A forwarding HTTP proxy for tests: absolute-URI requests (GET/POST…) are forwarded, CONNECT opens
// a TCP tunnel; it counts what it carried so a test can tell traffic went through it.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface ForwardingProxy {
  readonly url: string;
  /** Absolute-URI requests forwarded. */
  readonly forwarded: () => number;
  /** CONNECT tunnels opened. */
  readonly tunnels: () => number;
  /** The targets seen, as host:port. */
  readonly targets: () => readonly string[];
  close(): Promise<void>;
}

export async function startForwardingProxy(): Promise<ForwardingProxy> {
  let forwarded = 0;
  let tunnels = 0;
  const targets: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? ""); // a proxy receives the absolute URI
    } catch {
      res.writeHead(400).end("proxy: absolute URI expected");
      return;
    }
    forwarded++;
    targets.push(target.host);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (e) => res.writeHead(502).end(`proxy: ${e.message}`));
    req.pipe(upstream);
  });
  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels++;
    const [host, port] = (req.url ?? "").split(/:(?=\d+$)/);
    targets.push(req.url ?? "");
    const upstream = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded: () => forwarded,
    tunnels: () => tunnels,
    targets: () => targets,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
