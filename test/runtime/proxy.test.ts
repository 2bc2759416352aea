// Proxies: the no_proxy rules and the settings' fallbacks as pure functions, then the runtime
// configured against the emulator through a forwarding proxy written here (absolute-URI requests
// for http:// endpoints, CONNECT tunnels for https:// ones), and no_proxy going around it.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, afterEach, before, beforeEach, describe, test } from "node:test";
import { type RunningEmulator, startEmulator } from "../../emulator/emulator.js";
import { CloudControlBackend } from "../../runtime/provider/cloudcontrol-backend.js";
import {
  bypassesProxy,
  parseProxyUrl,
  proxyFor,
  resolveProxySettings,
} from "../../runtime/provider/proxy.js";
import type { TfValue } from "../../terraform/values/index.js";
import { startForwardingProxy, type ForwardingProxy } from "./forwarding-proxy.js";
import { emulatorProviderConfig, FAST, loadResource } from "./harness.js";
import { errorsOf, TerraformSim } from "./terraform.js";

const CAPS = { deferralAllowed: false, writeOnlyAttributesAllowed: true };

describe("no_proxy rules", () => {
  const cases: [string, number, string, boolean][] = [
    ["cloudcontrolapi.us-east-1.amazonaws.com", 443, "*", true],
    ["cloudcontrolapi.us-east-1.amazonaws.com", 443, "amazonaws.com", true],
    ["amazonaws.com", 443, "amazonaws.com", true],
    ["amazonaws.com", 443, ".amazonaws.com", false],
    ["sts.amazonaws.com", 443, ".amazonaws.com", true],
    ["notamazonaws.com", 443, "amazonaws.com", false],
    ["sts.amazonaws.com", 443, "example.com, sts.amazonaws.com:443", true],
    ["sts.amazonaws.com", 8443, "sts.amazonaws.com:443", false],
    ["10.1.2.3", 80, "10.0.0.0/8", true],
    ["11.1.2.3", 80, "10.0.0.0/8", false],
    ["127.0.0.1", 4566, "127.0.0.1", true],
    ["127.0.0.1", 4566, "127.0.0.1:4566", true],
    ["127.0.0.1", 4566, "127.0.0.1:80", false],
    ["::1", 443, "::1", true],
    ["::1", 443, "[::1]:443", true],
    ["fd00::5", 443, "fd00::/8", true],
    ["LOCALHOST", 80, "localhost", true],
    ["localhost", 80, "", false],
  ];
  for (const [host, port, noProxy, expected] of cases) {
    test(`${host}:${port} with no_proxy "${noProxy}" → ${expected ? "direct" : "proxied"}`, () => {
      assert.equal(bypassesProxy(host, port, noProxy), expected);
    });
  }

  test("proxyFor picks the proxy by the endpoint's scheme", () => {
    const settings = { httpProxy: "http://p1:3128", httpsProxy: "http://p2:3128", noProxy: "internal" };
    assert.equal(proxyFor(new URL("http://a.example"), settings), "http://p1:3128");
    assert.equal(proxyFor(new URL("https://a.example"), settings), "http://p2:3128");
    assert.equal(proxyFor(new URL("https://x.internal"), settings), undefined);
    assert.equal(proxyFor(new URL("http://a.example"), { httpsProxy: "http://p2:3128" }), undefined);
  });

  test("the provider block wins; else upper-case, then lower-case environment variables", () => {
    const env = { HTTP_PROXY: "http://upper:1", http_proxy: "http://lower:1", https_proxy: "http://lower:2" };
    assert.deepEqual(resolveProxySettings({ httpProxy: "http://block:1" }, env), {
      httpProxy: "http://block:1",
      httpsProxy: "http://lower:2",
      noProxy: undefined,
    });
    assert.deepEqual(resolveProxySettings({}, { no_proxy: "a,b" }), {
      httpProxy: undefined,
      httpsProxy: undefined,
      noProxy: "a,b",
    });
  });

  test("a proxy URL is checked and named by its attribute", () => {
    assert.equal(parseProxyUrl("proxy.local:3128", "http_proxy").href, "http://proxy.local:3128/");
    assert.throws(() => parseProxyUrl("socks5://p:1080", "https_proxy"), /https_proxy: proxy scheme socks5:/);
    assert.throws(
      () => parseProxyUrl("http://[bad", "http_proxy"),
      /http_proxy: "http:\/\/\[bad" is not a URL/,
    );
  });
});

/** An https:// front for the emulator, with a self-signed certificate made by openssl for the test. */
async function startTlsFront(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "awscc-tls-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
    ],
    { stdio: "ignore" },
  );
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const upstream = http.request(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: req.headers },
      (a) => {
        res.writeHead(a.statusCode ?? 502, a.headers);
        a.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("the runtime through a forwarding proxy", () => {
  let emulator: RunningEmulator;
  let proxy: ForwardingProxy;
  before(async () => {
    emulator = await startEmulator({ port: 0, seed: 13 });
  });
  beforeEach(async () => {
    proxy = await startForwardingProxy();
  });
  afterEach(async () => {
    await proxy.close();
  });
  after(async () => {
    await emulator.stop();
  });

  const configure = async (config: TfValue, env: NodeJS.ProcessEnv = {}) => {
    const backend = new CloudControlBackend({ ...FAST, env });
    const result = await backend.configureProvider({
      terraformVersion: "1.11.4",
      config,
      clientCapabilities: CAPS,
    });
    return { backend, errors: errorsOf(result.diagnostics) };
  };

  /** Creates a log group and reads it back: STS at configure, then Cloud Control calls. */
  async function createLogGroup(backend: CloudControlBackend, name: string): Promise<void> {
    const definition = await loadResource("awscc_logs_log_group");
    const sim = new TerraformSim(backend, definition);
    const created = await sim.applyConfig(sim.config({ log_group_name: name }), null);
    assert.equal(errorsOf(created.diagnostics), "");
    const read = await sim.read(created.state);
    assert.equal(errorsOf(read.diagnostics), "");
  }

  const emulatorHost = () => new URL(emulator.url).host;

  test("http_proxy in the provider block carries every call to an http:// endpoint", async () => {
    const { backend, errors } = await configure(
      emulatorProviderConfig(emulator.url, { http_proxy: proxy.url }),
    );
    assert.equal(errors, "");
    await createLogGroup(backend, "via-block-proxy");
    backend.stop();
    // GetCallerIdentity, CreateResource, at least one GetResourceRequestStatus, GetResource.
    assert.ok(proxy.forwarded() >= 4, `forwarded ${proxy.forwarded()}`);
    assert.equal(proxy.tunnels(), 0);
    assert.deepEqual(new Set(proxy.targets()), new Set([emulatorHost()]));
  });

  test("HTTP_PROXY from the environment, when the block sets none", async () => {
    const { backend, errors } = await configure(emulatorProviderConfig(emulator.url), {
      HTTP_PROXY: proxy.url,
    });
    assert.equal(errors, "");
    await createLogGroup(backend, "via-env-proxy");
    backend.stop();
    assert.ok(proxy.forwarded() >= 4, `forwarded ${proxy.forwarded()}`);
  });

  test("no_proxy (block or NO_PROXY) sends the emulator's host around the proxy", async () => {
    const host = new URL(emulator.url).hostname;
    for (const [extra, env] of [
      [{ http_proxy: proxy.url, no_proxy: `example.com, ${host}` }, {}],
      [{}, { http_proxy: proxy.url, no_proxy: emulatorHost() }],
    ] as [Record<string, TfValue>, NodeJS.ProcessEnv][]) {
      const { backend, errors } = await configure(emulatorProviderConfig(emulator.url, extra), env);
      assert.equal(errors, "");
      await createLogGroup(backend, `direct-${proxy.forwarded()}-${Object.keys(env).length}`);
      backend.stop();
    }
    assert.equal(proxy.forwarded() + proxy.tunnels(), 0);
  });

  test("https_proxy tunnels https:// endpoints with CONNECT", async () => {
    const front = await startTlsFront(emulator.url);
    try {
      const { backend, errors } = await configure(
        emulatorProviderConfig(front.url, { https_proxy: proxy.url, insecure: true }),
      );
      assert.equal(errors, "");
      await createLogGroup(backend, "via-tunnel");
      backend.stop();
      assert.ok(proxy.tunnels() >= 1, `tunnels ${proxy.tunnels()}`);
      assert.equal(proxy.forwarded(), 0);
      assert.deepEqual(new Set(proxy.targets()), new Set([new URL(front.url).host]));
    } finally {
      await front.close();
    }
  });

  test("a proxy that is not a URL fails configuration, naming the attribute", async () => {
    const { backend, errors } = await configure(
      emulatorProviderConfig(emulator.url, { https_proxy: "ftp://x" }),
    );
    backend.stop();
    assert.match(errors, /https_proxy: proxy scheme ftp: is not supported/);
  });
});
