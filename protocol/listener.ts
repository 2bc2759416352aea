// Where the plugin listens (docs/protocol.md#listener): a unix socket in PLUGIN_UNIX_SOCKET_DIR or the
// temp dir, falling back to TCP on 127.0.0.1 when a socket cannot be used.
import type * as grpc from "@grpc/grpc-js";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Network } from "./handshake.js";
import type { Logger } from "../terraform/logger.js";

export interface BoundListener {
  readonly network: Network;
  /** Socket path, or 127.0.0.1:PORT. */
  readonly address: string;
  /** Removes the socket file (unix). */
  cleanup(): void;
}

// sockaddr_un.sun_path is 108 bytes on Linux (104 on macOS), including the terminating NUL.
const MAX_SOCKET_PATH_BYTES = 103;

function bind(server: grpc.Server, target: string, credentials: grpc.ServerCredentials): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(target, credentials, (error, port) => (error ? reject(error) : resolve(port)));
  });
}

export async function listen(
  server: grpc.Server,
  credentials: grpc.ServerCredentials,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<BoundListener> {
  if (process.platform !== "win32") {
    const socketPath = join(
      env.PLUGIN_UNIX_SOCKET_DIR || tmpdir(),
      `plugin${randomBytes(6).toString("hex")}`,
    );
    if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES) {
      try {
        await bind(server, `unix://${socketPath}`, credentials);
        applySocketGroup(socketPath, env.PLUGIN_UNIX_SOCKET_GROUP, logger);
        return {
          network: "unix",
          address: socketPath,
          cleanup: () => rmSync(socketPath, { force: true }),
        };
      } catch (error) {
        logger.warn("Could not listen on a unix socket; falling back to TCP", { path: socketPath, error });
      }
    } else {
      logger.warn("Unix socket path too long; falling back to TCP", { path: socketPath });
    }
  }
  const port = await bind(server, "127.0.0.1:0", credentials);
  return { network: "tcp", address: `127.0.0.1:${port}`, cleanup: () => {} };
}

/** go-plugin: with PLUGIN_UNIX_SOCKET_GROUP set, the socket belongs to that group, mode 0660. */
function applySocketGroup(socketPath: string, group: string | undefined, logger: Logger): void {
  if (!group) return;
  const gid = Number(group);
  if (!Number.isInteger(gid)) {
    logger.warn("PLUGIN_UNIX_SOCKET_GROUP must be a numeric group id here; ignoring it", { group });
    return;
  }
  chownSync(socketPath, -1, gid);
  chmodSync(socketPath, 0o660);
}
