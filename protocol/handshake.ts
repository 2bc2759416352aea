// go-plugin's side of the handshake (docs/protocol.md#handshake): the magic cookie that tells a real
// plugin launch from a person running the binary, protocol version negotiation, and the single
// stdout line that tells Terraform where and how to connect.

export const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
export const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
export const CORE_PROTOCOL_VERSION = 1;
/** The tfplugin major version this provider serves. */
export const APP_PROTOCOL_VERSION = 6;

/** go-plugin's text for a plugin binary started by hand. */
export const NOT_A_PLUGIN_MESSAGE =
  "This binary is a plugin. These are not meant to be executed directly.\n" +
  "Please execute the program that consumes these plugins, which will\n" +
  "load any plugins automatically\n";

export function hasMagicCookie(env: NodeJS.ProcessEnv): boolean {
  return env[MAGIC_COOKIE_KEY] === MAGIC_COOKIE_VALUE;
}

/**
 * The app protocol version to announce. go-plugin picks the highest version both sides know; with
 * none in common it answers its own and lets the client report the mismatch. We only know 6.
 */
export function negotiateProtocolVersion(
  env: NodeJS.ProcessEnv,
  served: readonly number[] = [APP_PROTOCOL_VERSION],
): number {
  const offered = (env.PLUGIN_PROTOCOL_VERSIONS ?? "")
    .split(",")
    .map((v) => Number.parseInt(v.trim(), 10))
    .filter((v) => Number.isInteger(v));
  const common = offered.filter((v) => served.includes(v)).sort((a, b) => b - a);
  return common[0] ?? Math.min(...served);
}

export type Network = "unix" | "tcp";

export interface HandshakeInfo {
  readonly coreVersion: number;
  readonly appVersion: number;
  readonly network: Network;
  readonly address: string;
  readonly protocol: "grpc";
  /** DER of the server certificate, absent when serving without TLS. */
  readonly serverCertDer?: Uint8Array;
}

/** `1|6|unix|/tmp/plugin123|grpc|<base64 DER, no padding>` (no trailing newline). */
export function formatHandshakeLine(info: Omit<HandshakeInfo, "coreVersion" | "protocol">): string {
  const cert = info.serverCertDer
    ? Buffer.from(info.serverCertDer).toString("base64").replace(/=+$/, "")
    : "";
  return [CORE_PROTOCOL_VERSION, info.appVersion, info.network, info.address, "grpc", cert].join("|");
}

/** Parses a handshake line as go-plugin's client does (used by tests and tooling). */
export function parseHandshakeLine(line: string): HandshakeInfo {
  const parts = line.trim().split("|");
  if (parts.length < 4) throw new Error(`Unrecognized remote plugin message: ${line}`);
  const [core, app, network, address, protocol = "netrpc", cert = ""] = parts as [
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  if (network !== "unix" && network !== "tcp") throw new Error(`unknown network ${network}`);
  if (protocol !== "grpc") throw new Error(`unsupported plugin protocol ${protocol}`);
  return {
    coreVersion: Number(core),
    appVersion: Number(app),
    network,
    address,
    protocol,
    ...(cert.length > 50 ? { serverCertDer: Buffer.from(cert, "base64") } : {}),
  };
}
