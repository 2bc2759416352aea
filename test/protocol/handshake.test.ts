// The go-plugin handshake, as a real child process: the refusal without the magic cookie, the
// handshake line, AutoMTLS with client-certificate verification, and the process lifecycle.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import * as grpc from "@grpc/grpc-js";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync } from "node:fs";
import { derToPem, generateSelfSignedCertificate, rawBase64 } from "../../protocol/certificate.js";
import {
  formatHandshakeLine,
  hasMagicCookie,
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  negotiateProtocolVersion,
  NOT_A_PLUGIN_MESSAGE,
  parseHandshakeLine,
} from "../../protocol/handshake.js";
import { createLogger, hclogTimestamp, levelFromEnvironment } from "../../terraform/logger.js";
import { loadProtocolDefinitions } from "../../protocol/proto-definitions.js";
import { testProviderScript } from "./test-provider-bundle.js";

type Message = Record<string, unknown>;
type UnaryClient = grpc.Client &
  Record<string, (r: Message, cb: (e: grpc.ServiceError | null, res: Message) => void) => void>;

interface Launched {
  readonly child: ChildProcessWithoutNullStreams;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly firstLine: Promise<string>;
}

function launch(extraEnv: NodeJS.ProcessEnv): Launched {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  for (const key of [
    "TF_LOG",
    "TF_LOG_PROVIDER",
    MAGIC_COOKIE_KEY,
    "PLUGIN_CLIENT_CERT",
    "PLUGIN_PROTOCOL_VERSIONS",
  ]) {
    if (!(key in extraEnv)) delete env[key];
  }
  const child = spawn(process.execPath, [testProviderScript()], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const firstLine = new Promise<string>((resolve, reject) => {
    const check = () => {
      const newline = stdout.indexOf("\n");
      if (newline >= 0) resolve(stdout.slice(0, newline));
    };
    child.stdout.on("data", check);
    void exited.then(({ code }) =>
      reject(new Error(`plugin exited (${code}) before the handshake: ${stderr}`)),
    );
  });
  firstLine.catch(() => {}); // only awaited by tests that expect a handshake
  return { child, stdout: () => stdout, stderr: () => stderr, exited, firstLine };
}

function unary(client: UnaryClient, method: string, request: Message = {}): Promise<Message> {
  const invoke = client[method] as unknown as (
    request: Message,
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response: Message) => void,
  ) => void;
  return new Promise((resolve, reject) => {
    invoke.call(client, request, { deadline: Date.now() + 5_000 }, (error, response) =>
      error ? reject(error) : resolve(response),
    );
  });
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: timed out`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const tlsOptions = { "grpc.ssl_target_name_override": "localhost", "grpc.default_authority": "localhost" };

describe("handshake helpers", () => {
  test("cookie and version negotiation", () => {
    assert.equal(hasMagicCookie({ [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE }), true);
    assert.equal(hasMagicCookie({ [MAGIC_COOKIE_KEY]: "nope" }), false);
    assert.equal(negotiateProtocolVersion({ PLUGIN_PROTOCOL_VERSIONS: "5,6" }), 6);
    assert.equal(negotiateProtocolVersion({ PLUGIN_PROTOCOL_VERSIONS: "6,5" }), 6);
    assert.equal(negotiateProtocolVersion({ PLUGIN_PROTOCOL_VERSIONS: "5" }), 6);
    assert.equal(negotiateProtocolVersion({}), 6);
  });

  test("handshake line: six fields, certificate in unpadded standard base64", () => {
    const certificate = generateSelfSignedCertificate();
    const line = formatHandshakeLine({
      appVersion: 6,
      network: "unix",
      address: "/tmp/plugin1",
      serverCertDer: certificate.certDer,
    });
    const fields = line.split("|");
    assert.deepEqual(fields.slice(0, 5), ["1", "6", "unix", "/tmp/plugin1", "grpc"]);
    assert.equal(fields[5], rawBase64(certificate.certDer));
    assert.doesNotMatch(line, /=|\n/);
    assert.deepEqual(parseHandshakeLine(line).serverCertDer, Buffer.from(certificate.certDer));
    assert.equal(
      formatHandshakeLine({ appVersion: 6, network: "tcp", address: "127.0.0.1:1" }),
      "1|6|tcp|127.0.0.1:1|grpc|",
    );
  });

  test("certificate: self-signed, SAN localhost, P-256, positive serial, valid now", () => {
    const certificate = generateSelfSignedCertificate();
    const x509 = new X509Certificate(certificate.certPem);
    assert.equal(x509.subjectAltName, "DNS:localhost");
    assert.equal(x509.checkHost("localhost"), "localhost");
    assert.ok(x509.verify(x509.publicKey), "self-signed");
    assert.equal(x509.publicKey.asymmetricKeyDetails?.namedCurve, "prime256v1");
    assert.ok(x509.ca);
    assert.ok(new Date(x509.validFrom) <= new Date() && new Date(x509.validTo) > new Date());
    const serial = serialInteger(certificate.certDer);
    assert.equal((serial[0] ?? 0) & 0x80, 0, "DER INTEGER is positive");
    assert.ok(serial.length <= 17);
  });

  test("log levels follow TF_LOG_PROVIDER, then TF_LOG; lines are hclog JSON", () => {
    assert.equal(levelFromEnvironment({}), 5);
    assert.equal(levelFromEnvironment({ TF_LOG: "off" }), 5);
    assert.equal(levelFromEnvironment({ TF_LOG: "WARN" }), 3);
    assert.equal(levelFromEnvironment({ TF_LOG: "WARN", TF_LOG_PROVIDER: "debug" }), 1);
    assert.equal(levelFromEnvironment({ TF_LOG: "JSON" }), 0);
    assert.equal(levelFromEnvironment({ TF_LOG: "bogus" }), 0);
    const lines: string[] = [];
    const now = new Date("2024-05-06T07:08:09.123Z");
    const logger = createLogger({
      env: { TF_LOG_PROVIDER: "INFO" },
      write: (l) => lines.push(l),
      now: () => now,
    });
    logger.debug("hidden");
    logger.info("hello", { foo: "bar", "@level": "spoof" });
    assert.equal(lines.length, 1);
    assert.deepEqual(JSON.parse(lines[0] ?? ""), {
      "@level": "info",
      "@message": "hello",
      "@timestamp": "2024-05-06T07:08:09.123000Z",
      foo: "bar",
    });
    assert.equal(hclogTimestamp(now), "2024-05-06T07:08:09.123000Z");
  });
});

describe("the provider process", () => {
  test("without the magic cookie: the usual message on stderr, exit 1, nothing on stdout", async () => {
    const plugin = launch({});
    const { code } = await withTimeout(plugin.exited, 15_000, "exit");
    assert.equal(code, 1);
    assert.equal(plugin.stdout(), "");
    assert.ok(plugin.stderr().includes(NOT_A_PLUGIN_MESSAGE), plugin.stderr());
  });

  test("with the cookie: handshake, mTLS with client-certificate verification, GetProviderSchema, Shutdown", async () => {
    const client = generateSelfSignedCertificate();
    const plugin = launch({
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "6,5",
      PLUGIN_CLIENT_CERT: client.certPem,
      TF_LOG_PROVIDER: "TRACE",
    });
    try {
      const line = await withTimeout(plugin.firstLine, 15_000, "handshake");
      const info = parseHandshakeLine(line);
      assert.equal(line.split("|").length, 6);
      assert.deepEqual(
        [info.coreVersion, info.appVersion, info.network, info.protocol],
        [1, 6, "unix", "grpc"],
      );
      assert.ok(existsSync(info.address), "socket file exists");
      assert.ok(info.serverCertDer, "server certificate in field 6");
      const serverCertPem = derToPem(info.serverCertDer);
      assert.equal(new X509Certificate(serverCertPem).subjectAltName, "DNS:localhost");

      const { clients } = loadProtocolDefinitions();
      const target = `unix://${info.address}`;
      const trusted = grpc.credentials.createSsl(
        Buffer.from(serverCertPem),
        Buffer.from(client.keyPem),
        Buffer.from(client.certPem),
      );
      const provider = new clients.provider(target, trusted, tlsOptions) as unknown as UnaryClient;
      const schema = await unary(provider, "GetProviderSchema");
      assert.ok(Object.keys(schema.resource_schemas as object).includes("awscc_test_thing"));

      // A client certificate Terraform did not announce is refused, and so is none at all.
      const stranger = generateSelfSignedCertificate();
      const strangerCredentials = grpc.credentials.createSsl(
        Buffer.from(serverCertPem),
        Buffer.from(stranger.keyPem),
        Buffer.from(stranger.certPem),
      );
      const strangerClient = new clients.provider(
        target,
        strangerCredentials,
        tlsOptions,
      ) as unknown as UnaryClient;
      await assert.rejects(
        unary(strangerClient, "GetProviderSchema"),
        (e: grpc.ServiceError) => e.code === grpc.status.UNAVAILABLE,
      );
      const anonymous = new clients.provider(
        target,
        grpc.credentials.createSsl(Buffer.from(serverCertPem)),
        tlsOptions,
      ) as unknown as UnaryClient;
      await assert.rejects(
        unary(anonymous, "GetProviderSchema"),
        (e: grpc.ServiceError) => e.code === grpc.status.UNAVAILABLE,
      );
      // Plaintext is refused too.
      const plaintext = new clients.provider(
        target,
        grpc.credentials.createInsecure(),
      ) as unknown as UnaryClient;
      await assert.rejects(unary(plaintext, "GetProviderSchema"));

      const controller = new clients.controller(target, trusted, tlsOptions) as unknown as UnaryClient;
      const started = Date.now();
      await unary(controller, "Shutdown");
      const { code } = await withTimeout(plugin.exited, 2_000, "exit after Shutdown");
      assert.equal(code, 0);
      assert.ok(Date.now() - started < 2_000, "exited within go-plugin's 2 s grace");
      assert.equal(existsSync(info.address), false, "socket removed");
      for (const c of [provider, strangerClient, anonymous, plaintext, controller]) c.close();

      assert.equal(plugin.stdout(), `${line}\n`, "nothing but the handshake line on stdout");
      const logLines = plugin.stderr().trim().split("\n");
      assert.ok(logLines.length >= 3, plugin.stderr());
      for (const logLine of logLines) {
        const entry = JSON.parse(logLine) as Record<string, string>;
        assert.ok(["trace", "debug", "info", "warn", "error"].includes(entry["@level"] ?? ""), logLine);
        assert.match(entry["@timestamp"] ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      }
      assert.ok(logLines.some((l) => l.includes('"tf_rpc":"GetProviderSchema"')));
    } finally {
      plugin.child.kill("SIGKILL");
    }
  });

  test("without PLUGIN_CLIENT_CERT: plaintext, empty certificate field; SIGINT ignored, SIGTERM ends it", async () => {
    const plugin = launch({ [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "5,6" });
    try {
      const line = await withTimeout(plugin.firstLine, 15_000, "handshake");
      assert.match(line, /^1\|6\|unix\|[^|]+\|grpc\|$/);
      const { clients } = loadProtocolDefinitions();
      const provider = new clients.provider(
        `unix://${parseHandshakeLine(line).address}`,
        grpc.credentials.createInsecure(),
      ) as unknown as UnaryClient;
      plugin.child.kill("SIGINT");
      await new Promise((r) => setTimeout(r, 200));
      const metadata = await unary(provider, "GetMetadata");
      assert.equal((metadata.resources as unknown[]).length, 2, "still serving after SIGINT");
      plugin.child.kill("SIGTERM");
      const { code } = await withTimeout(plugin.exited, 3_000, "exit after SIGTERM");
      assert.equal(code, 0);
      provider.close();
    } finally {
      plugin.child.kill("SIGKILL");
    }
  });
});

/** The content bytes of the certificate's serialNumber INTEGER (Certificate → TBSCertificate → serial). */
function serialInteger(der: Uint8Array): Uint8Array {
  const header = (offset: number): { content: number; length: number } => {
    const first = der[offset + 1] ?? 0;
    if (first < 0x80) return { content: offset + 2, length: first };
    const size = first & 0x7f;
    let length = 0;
    for (let i = 0; i < size; i++) length = length * 256 + (der[offset + 2 + i] ?? 0);
    return { content: offset + 2 + size, length };
  };
  const tbs = header(0).content; // inside Certificate SEQUENCE
  const version = header(tbs).content; // inside TBSCertificate SEQUENCE: [0] version first
  const serialAt = header(version).content + header(version).length;
  assert.equal(der[serialAt], 0x02, "serial is an INTEGER");
  const serial = header(serialAt);
  return der.subarray(serial.content, serial.content + serial.length);
}
