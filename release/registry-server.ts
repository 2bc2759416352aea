// A small provider registry over HTTPS for a folder of releases: Terraform's service discovery
// (/.well-known/terraform.json), then the provider registry protocol's version list and download
// answers (with the signing key and the SHA256SUMS / signature URLs), then the files themselves.
// For maintainers trying a release and for the tests; a public or private registry does the same.
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import * as openpgp from "openpgp";
import {
  PROTOCOL_VERSIONS,
  PROVIDER_TYPE,
  parseZipName,
  publicKeyName,
  shasumsName,
  signatureName,
  parseShasums,
} from "./artifacts.js";

export interface RegistryOptions {
  /** A release folder (what `awscc-ts release` writes), or a folder of such folders. */
  readonly dir: string;
  readonly port?: number;
  /** The namespace in `source = "<host>/<namespace>/awscc"`; any namespace when undefined. */
  readonly namespace?: string;
  /** PEM certificate chain and key the server presents. */
  readonly cert: string;
  readonly key: string;
  readonly host?: string;
}

export interface RunningRegistry {
  readonly port: number;
  /** "localhost:<port>": the host part of a provider source address. */
  readonly hostname: string;
  readonly requests: readonly string[];
  stop(): Promise<void>;
}

interface Release {
  readonly version: string;
  /** Folder holding its files. */
  readonly dir: string;
  readonly platforms: { os: string; arch: string; file: string }[];
}

/** Every release in `dir` and its direct subfolders, read afresh on each request. */
export function findReleases(dir: string): Map<string, Release> {
  const releases = new Map<string, Release>();
  const folders = [
    dir,
    ...fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(dir, e.name)),
  ];
  for (const folder of folders) {
    for (const file of fs.readdirSync(folder).sort()) {
      const parsed = parseZipName(file);
      if (!parsed) continue;
      const release = releases.get(parsed.version) ?? { version: parsed.version, dir: folder, platforms: [] };
      if (release.dir !== folder)
        throw new Error(`version ${parsed.version} is in both ${release.dir} and ${folder}`);
      release.platforms.push({ os: parsed.os, arch: parsed.arch, file });
      releases.set(parsed.version, release);
    }
  }
  return releases;
}

type Answer = { status: number; json?: unknown; file?: string };

/** The registry's answer to one GET path (pure apart from reading the release folder). */
export async function answer(
  urlPath: string,
  options: Pick<RegistryOptions, "dir" | "namespace">,
  base: string,
): Promise<Answer> {
  if (urlPath === "/.well-known/terraform.json")
    return { status: 200, json: { "providers.v1": "/v1/providers/" } };
  const files = /^\/files\/([^/]+)\/([^/]+)$/.exec(urlPath);
  if (files) {
    const release = findReleases(options.dir).get(decodeURIComponent(files[1]!));
    const name = decodeURIComponent(files[2]!);
    if (!release || name.includes("/") || !fs.existsSync(path.join(release.dir, name)))
      return { status: 404 };
    return { status: 200, file: path.join(release.dir, name) };
  }
  const api = /^\/v1\/providers\/([^/]+)\/([^/]+)\/(.+)$/.exec(urlPath);
  if (!api) return { status: 404, json: { errors: ["not found"] } };
  const [, namespace, type, rest] = api as unknown as [string, string, string, string];
  if (type !== PROVIDER_TYPE || (options.namespace !== undefined && namespace !== options.namespace))
    return { status: 404, json: { errors: [`no provider ${namespace}/${type} here`] } };
  const releases = findReleases(options.dir);
  if (rest === "versions") {
    return {
      status: 200,
      json: {
        versions: [...releases.values()].map((r) => ({
          version: r.version,
          protocols: PROTOCOL_VERSIONS,
          platforms: r.platforms.map(({ os, arch }) => ({ os, arch })),
        })),
      },
    };
  }
  const download = /^([^/]+)\/download\/([^/]+)\/([^/]+)$/.exec(rest);
  const release = download ? releases.get(download[1]!) : undefined;
  const platform = release?.platforms.find((p) => p.os === download![2] && p.arch === download![3]);
  if (!release || !platform)
    return { status: 404, json: { errors: [`no such version or platform: ${rest}`] } };
  const fileUrl = (name: string) =>
    `${base}/files/${encodeURIComponent(release.version)}/${encodeURIComponent(name)}`;
  const sums = parseShasums(fs.readFileSync(path.join(release.dir, shasumsName(release.version)), "utf8"));
  const publicKey = fs.readFileSync(path.join(release.dir, publicKeyName(release.version)), "utf8");
  return {
    status: 200,
    json: {
      protocols: PROTOCOL_VERSIONS,
      os: platform.os,
      arch: platform.arch,
      filename: platform.file,
      download_url: fileUrl(platform.file),
      shasums_url: fileUrl(shasumsName(release.version)),
      shasums_signature_url: fileUrl(signatureName(release.version)),
      shasum: sums.get(platform.file) ?? "",
      signing_keys: { gpg_public_keys: [{ key_id: await keyIdOf(publicKey), ascii_armor: publicKey }] },
    },
  };
}

/** The key ID registries list beside the armored key (informational: Terraform verifies with the key). */
async function keyIdOf(armored: string): Promise<string> {
  return (await openpgp.readKey({ armoredKey: armored })).getKeyID().toHex().toUpperCase();
}

export function startRegistry(options: RegistryOptions): Promise<RunningRegistry> {
  if (!fs.existsSync(options.dir)) throw new Error(`--dir ${options.dir} does not exist`);
  const requests: string[] = [];
  let port = 0;
  const server = https.createServer({ cert: options.cert, key: options.key }, async (req, res) => {
    const urlPath = new URL(req.url ?? "/", "https://x").pathname;
    requests.push(`${req.method} ${urlPath}`);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    let reply: Answer;
    try {
      reply = await answer(urlPath, options, `https://localhost:${port}`);
    } catch (e) {
      reply = { status: 500, json: { errors: [(e as Error).message] } };
    }
    if (reply.file) {
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": fs.statSync(reply.file).size,
      });
      if (req.method === "HEAD") res.end();
      else fs.createReadStream(reply.file).pipe(res);
      return;
    }
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(reply.json === undefined ? "" : JSON.stringify(reply.json));
  });
  return new Promise((resolve, reject) => {
    server.on("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        port,
        hostname: `localhost:${port}`,
        requests,
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
