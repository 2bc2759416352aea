// HTTP proxies for the AWS clients: http_proxy / https_proxy / no_proxy from the provider block,
// else from HTTP_PROXY / HTTPS_PROXY / NO_PROXY (upper case first, then lower case), chosen per
// request so one client (and the credential clients it makes) routes each host on its own.
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { Agent, type AgentConnectOpts } from "agent-base";
import { HttpProxyAgent } from "http-proxy-agent";
import { HttpsProxyAgent } from "https-proxy-agent";

export interface ProxySettings {
  /** Proxy for `http:` endpoints. */
  readonly httpProxy?: string | undefined;
  /** Proxy for `https:` endpoints. */
  readonly httpsProxy?: string | undefined;
  /** Comma-separated hosts, domains, IPs or CIDRs (optionally with :port), or `*`, that go direct. */
  readonly noProxy?: string | undefined;
}

function fromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name.toUpperCase()] || env[name.toLowerCase()];
  return value ? value : undefined;
}

/** The provider block's values, each falling back to its environment variable. */
export function resolveProxySettings(configured: ProxySettings, env: NodeJS.ProcessEnv): ProxySettings {
  return {
    httpProxy: configured.httpProxy || fromEnv(env, "http_proxy"),
    httpsProxy: configured.httpsProxy || fromEnv(env, "https_proxy"),
    noProxy: configured.noProxy || fromEnv(env, "no_proxy"),
  };
}

/** Checks a proxy URL; a bare `host:port` means an `http://` proxy. */
export function parseProxyUrl(value: string, attribute: string): URL {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`${attribute}: "${value}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${attribute}: proxy scheme ${url.protocol} is not supported (use http:// or https://)`);
  }
  return url;
}

function stripBrackets(host: string): string {
  return host.replace(/^\[|\]$/g, "");
}

/** Splits `host[:port]`, `[v6]:port`, a bare IPv6 address or a CIDR into host and optional port. */
function splitEntry(entry: string): { host: string; port?: string } {
  if (entry.includes("/") || isIP(entry) === 6) return { host: entry };
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, ...(bracketed[2] ? { port: bracketed[2] } : {}) };
  const withPort = /^(.*):(\d+)$/.exec(entry);
  return withPort ? { host: withPort[1]!, port: withPort[2]! } : { host: entry };
}

function inCidr(host: string, cidr: string): boolean {
  const [network, bits] = cidr.split("/");
  const family = isIP(network ?? "");
  if (!family || family !== isIP(host) || !/^\d+$/.test(bits ?? "")) return false;
  const list = new BlockList();
  const type = family === 4 ? "ipv4" : "ipv6";
  list.addSubnet(network!, Number(bits), type);
  return list.check(host, type);
}

/**
 * Whether no_proxy sends a request to host:port direct: `*` matches everything, a CIDR matches the
 * addresses in it, `example.com` matches it and its subdomains, `.example.com` its subdomains only,
 * and an entry with a port matches that port only.
 */
export function bypassesProxy(hostname: string, port: number, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = stripBrackets(hostname).toLowerCase().replace(/\.$/, "");
  for (const raw of noProxy.split(",")) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === "*") return true;
    if (entry.includes("/")) {
      if (inCidr(host, entry)) return true;
      continue;
    }
    const split = splitEntry(entry);
    if (split.port && Number(split.port) !== port) continue;
    const wanted = stripBrackets(split.host).replace(/\.$/, "");
    if (isIP(wanted)) {
      if (host === wanted) return true;
    } else if (wanted.startsWith(".")) {
      if (host.endsWith(wanted)) return true;
    } else if (host === wanted || host.endsWith(`.${wanted}`)) {
      return true;
    }
  }
  return false;
}

/** The proxy a request to `target` goes through, or undefined when it goes direct. */
export function proxyFor(target: URL, settings: ProxySettings): string | undefined {
  const secure = target.protocol === "https:";
  const proxy = secure ? settings.httpsProxy : settings.httpProxy;
  if (!proxy) return undefined;
  const port = Number(target.port || (secure ? 443 : 80));
  return bypassesProxy(target.hostname, port, settings.noProxy) ? undefined : proxy;
}

export interface ProxyAgentOptions {
  /** Skips TLS certificate checks of the endpoints (the provider's `insecure`). */
  readonly insecure: boolean;
}

/**
 * An agent that, for each new connection, asks proxyFor where it goes: direct through a keep-alive
 * agent, or through an agent that speaks to the proxy (absolute-URI requests for `http:`
 * endpoints, a CONNECT tunnel for `https:` ones).
 */
export class ProxyRoutingAgent extends Agent {
  private readonly settings: ProxySettings;
  private readonly agentOptions: https.AgentOptions;
  private readonly direct: { http: http.Agent; https: https.Agent };
  private readonly viaProxy = new Map<string, http.Agent>();

  constructor(settings: ProxySettings, options: ProxyAgentOptions) {
    const agentOptions: https.AgentOptions = {
      keepAlive: true,
      maxSockets: 50,
      ...(options.insecure ? { rejectUnauthorized: false } : {}),
    };
    // Set here too: the request options this agent hands on are what the tunnel's TLS uses.
    super(agentOptions);
    this.settings = settings;
    this.agentOptions = agentOptions;
    this.direct = { http: new http.Agent(this.agentOptions), https: new https.Agent(this.agentOptions) };
    // Fail at configure time, naming the attribute, rather than on the first request.
    if (settings.httpProxy) parseProxyUrl(settings.httpProxy, "http_proxy");
    if (settings.httpsProxy) parseProxyUrl(settings.httpsProxy, "https_proxy");
  }

  override connect(_req: http.ClientRequest, opts: AgentConnectOpts): http.Agent {
    const secure = opts.secureEndpoint;
    const host = opts.host ?? "localhost";
    const target = new URL(`${secure ? "https" : "http"}://${isIP(host) === 6 ? `[${host}]` : host}`);
    if (opts.port) target.port = String(opts.port);
    const proxy = proxyFor(target, this.settings);
    if (!proxy) return secure ? this.direct.https : this.direct.http;
    const key = `${secure ? "tunnel" : "forward"} ${proxy}`;
    let agent = this.viaProxy.get(key);
    if (!agent) {
      const url = parseProxyUrl(proxy, secure ? "https_proxy" : "http_proxy");
      // Forwarded requests get a new connection each: on a reused one, http-proxy-agent cannot
      // rewrite a request line the SDK already buffered with its body (the proxy then sees a bare path).
      agent = secure
        ? new HttpsProxyAgent(url, this.agentOptions)
        : new HttpProxyAgent(url, { ...this.agentOptions, keepAlive: false });
      this.viaProxy.set(key, agent);
    }
    return agent;
  }

  override destroy(): void {
    this.direct.http.destroy();
    this.direct.https.destroy();
    for (const agent of this.viaProxy.values()) agent.destroy();
    super.destroy();
  }
}

/** The agents for the SDK's request handler when a proxy is set, else undefined (SDK defaults). */
export function proxyAgents(
  settings: ProxySettings,
  options: ProxyAgentOptions,
): { httpAgent: ProxyRoutingAgent; httpsAgent: ProxyRoutingAgent } | undefined {
  if (!settings.httpProxy && !settings.httpsProxy) return undefined;
  return {
    httpAgent: new ProxyRoutingAgent(settings, options),
    httpsAgent: new ProxyRoutingAgent(settings, options),
  };
}
