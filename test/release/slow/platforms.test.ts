// A release of every pinned platform: the set of files, each zip's layout, the executables' formats
// (ELF x86-64 and AArch64, PE x64, Mach-O x86-64) with the SEA blob injected and the vendor code
// signature removed, the signature of the sums, byte-identical zips from a second run, and the
// linux executables driven over the plugin protocol (linux_arm64 under qemu-aarch64-static).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { unsign as unsignMachO } from "macho-unsign";
import { signatureGet as peSignature } from "portable-executable-signature";
import AdmZip from "adm-zip";
import { launchPlugin } from "../../../protocol/plugin-client.js";
import {
  manifestJson,
  manifestName,
  parseShasums,
  publicKeyName,
  sha256Hex,
  shasumsName,
  signatureName,
  zipName,
  ZIPPED_MANIFEST_NAME,
} from "../../../release/artifacts.js";
import { release, type ReleaseResult } from "../../../release/release.js";
import { executableName, readRuntimePins, releasePlatforms } from "../../../release/runtimes.js";
import { verifyDetached } from "../../../release/signing.js";
import { SEA_FUSE } from "../../../build/sea-executable.js";

const VERSION = "1.2.3";

interface ZipEntryInfo {
  readonly name: string;
  readonly mode: number;
  readonly data: Buffer;
}

async function readZip(file: string): Promise<ZipEntryInfo[]> {
  return new AdmZip(file).getEntries().map((e) => ({
    name: e.entryName,
    mode: e.header.attr >>> 16,
    data: e.getData(),
  }));
}

/** The format and machine an executable was built for, read from its header. */
function executableKind(bytes: Buffer): string {
  if (bytes.readUInt32BE(0) === 0x7f454c46) {
    const machine = bytes.readUInt16LE(18);
    return `elf-${machine === 0x3e ? "x86-64" : machine === 0xb7 ? "aarch64" : machine.toString(16)}`;
  }
  if (bytes.readUInt16LE(0) === 0x5a4d) {
    const pe = bytes.readUInt32LE(0x3c);
    assert.equal(bytes.readUInt32BE(pe), 0x50450000, "no PE signature after the MZ header");
    const machine = bytes.readUInt16LE(pe + 4);
    return `pe-${machine === 0x8664 ? "x64" : machine.toString(16)}`;
  }
  if (bytes.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = bytes.readUInt32LE(4);
    return `macho-${cpu === 0x01000007 ? "x86-64" : cpu === 0x0100000c ? "arm64" : cpu.toString(16)}`;
  }
  return "unknown";
}

const EXPECTED_KIND: Record<string, string> = {
  linux_amd64: "elf-x86-64",
  linux_arm64: "elf-aarch64",
  windows_amd64: "pe-x64",
  darwin_amd64: "macho-x86-64",
};

/** The AArch64 C and C++ libraries node links against (Debian's libc6-arm64-cross, libstdc++6-arm64-cross). */
const AARCH64_SYSROOT = "/usr/aarch64-linux-gnu";
const skipWithoutQemu: string | false =
  spawnSync("qemu-aarch64-static", ["--version"]).status !== 0
    ? "qemu-aarch64-static is not on PATH (Debian package qemu-user-static; .ci/run installs it)"
    : !fs.existsSync(path.join(AARCH64_SYSROOT, "lib/ld-linux-aarch64.so.1"))
      ? `${AARCH64_SYSROOT} has no AArch64 C library (Debian packages libc6-arm64-cross, libstdc++6-arm64-cross, libgcc-s1-arm64-cross; .ci/run installs them)`
      : false;

describe("a release for every pinned platform", () => {
  const platforms = releasePlatforms(readRuntimePins());
  let tmp: string;
  let first: ReleaseResult;
  const executables = new Map<string, Buffer>();

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-platforms-"));
    first = await release({ version: VERSION, out: path.join(tmp, "first"), log: () => {} });
    for (const platform of platforms) {
      const entries = await readZip(path.join(first.dir, zipName(VERSION, platform)));
      const exe = entries.find((e) => e.name === executableName(platform, VERSION));
      if (exe) {
        const file = path.join(tmp, "run", platform, exe.name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, exe.data, { mode: 0o755 });
        executables.set(platform, exe.data);
      }
    }
  });

  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  test("the release set: one zip per platform, the manifest, SHA256SUMS and its signature", (t) => {
    for (const platform of platforms) {
      const zip = fs.statSync(path.join(first.dir, zipName(VERSION, platform))).size;
      const exe = executables.get(platform)?.length ?? 0;
      t.diagnostic(`${platform}: zip ${(zip / 1e6).toFixed(1)} MB, executable ${(exe / 1e6).toFixed(1)} MB`);
    }
    assert.deepEqual(platforms, ["darwin_amd64", "linux_amd64", "linux_arm64", "windows_amd64"]);
    assert.deepEqual(
      fs.readdirSync(first.dir).sort(),
      [
        ...platforms.map((p) => zipName(VERSION, p)),
        manifestName(VERSION),
        shasumsName(VERSION),
        signatureName(VERSION),
        publicKeyName(VERSION),
      ].sort(),
    );
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(first.dir, manifestName(VERSION)), "utf8")), {
      version: 1,
      metadata: { protocol_versions: ["6.0"] },
    });
    const sums = parseShasums(fs.readFileSync(path.join(first.dir, shasumsName(VERSION)), "utf8"));
    assert.deepEqual(
      [...sums.keys()].sort(),
      [...platforms.map((p) => zipName(VERSION, p)), manifestName(VERSION)].sort(),
    );
    for (const [name, digest] of sums)
      assert.equal(sha256Hex(fs.readFileSync(path.join(first.dir, name))), digest, name);
  });

  test("SHA256SUMS.sig is a detached binary signature by the published key", async () => {
    const sums = fs.readFileSync(path.join(first.dir, shasumsName(VERSION)));
    const signature = fs.readFileSync(path.join(first.dir, signatureName(VERSION)));
    assert.notEqual(signature[0], "-".charCodeAt(0), "the signature is armored, not binary");
    const key = fs.readFileSync(path.join(first.dir, publicKeyName(VERSION)), "utf8");
    assert.equal(await verifyDetached(sums, signature, key), true);
    const altered = Buffer.from(sums);
    altered[0] = altered[0]! ^ 1;
    assert.equal(await verifyDetached(altered, signature, key), false);
  });

  test("each zip holds the executable (mode 755) and the manifest", async () => {
    for (const platform of platforms) {
      const entries = await readZip(path.join(first.dir, zipName(VERSION, platform)));
      assert.deepEqual(
        entries.map((e) => e.name),
        [executableName(platform, VERSION), ZIPPED_MANIFEST_NAME],
        platform,
      );
      assert.equal(entries[0]!.mode & 0o777, 0o755, `${platform} executable mode`);
      assert.equal(entries[1]!.data.toString(), manifestJson(), `${platform} manifest`);
    }
  });

  test("each executable is its platform's format, with the SEA blob injected and no vendor signature left", () => {
    for (const platform of platforms) {
      const bytes = executables.get(platform)!;
      assert.equal(executableKind(bytes), EXPECTED_KIND[platform], platform);
      // postject flips the fuse from :0 to :1 when it injects a blob.
      assert.ok(bytes.includes(`${SEA_FUSE}:1`), `${platform}: SEA fuse not flipped`);
      assert.ok(bytes.includes("provider-schema.pb"), `${platform}: the blob's assets are missing`);
      if (platform === "windows_amd64") assert.equal(peSignature(bytes), null, "PE still signed");
      if (platform === "darwin_amd64") assert.equal(unsignMachO(bytes), null, "Mach-O still signed");
    }
  });

  test("linux_amd64 answers the handshake and GetProviderSchema", async () => {
    await assertServesSchema(path.join(tmp, "run/linux_amd64", executableName("linux_amd64", VERSION)), []);
  });

  test(
    "linux_arm64 answers the handshake and GetProviderSchema under qemu-aarch64-static",
    { skip: skipWithoutQemu },
    async () => {
      await assertServesSchema("qemu-aarch64-static", [
        "-L",
        AARCH64_SYSROOT,
        path.join(tmp, "run/linux_arm64", executableName("linux_arm64", VERSION)),
      ]);
    },
  );

  test("the same inputs give byte-identical zips", async () => {
    const second = await release({ version: VERSION, out: path.join(tmp, "second"), log: () => {} });
    for (const platform of platforms) {
      const name = zipName(VERSION, platform);
      assert.ok(
        fs.readFileSync(path.join(first.dir, name)).equals(fs.readFileSync(path.join(second.dir, name))),
        `${name} differs between two runs`,
      );
    }
    // The sums list only the zips and the manifest: the same too (the signature is made anew).
    assert.ok(
      fs
        .readFileSync(path.join(first.dir, shasumsName(VERSION)))
        .equals(fs.readFileSync(path.join(second.dir, shasumsName(VERSION)))),
    );
  });
});

async function assertServesSchema(command: string, args: string[]): Promise<void> {
  const plugin = await launchPlugin({ command, args, handshakeTimeoutMs: 120_000 });
  try {
    const schema = await plugin.call("GetProviderSchema", {}, 120_000);
    const resources = schema.resource_schemas as Record<string, unknown>;
    assert.ok(Object.keys(resources).length > 1000, `only ${Object.keys(resources).length} resources`);
    assert.ok(Object.hasOwn(resources, "awscc_logs_log_group"));
    const diagnostics = (schema.diagnostics as unknown[] | undefined) ?? [];
    assert.deepEqual(diagnostics, []);
  } finally {
    await plugin.shutdown();
  }
}
