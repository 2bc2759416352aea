// The Node.js runtimes a release embeds (release/runtimes.json): which platforms exist, and each
// runtime fetched from the npm registry by exact version into .cache/runtimes/, its tarball checked
// against the pinned integrity before anything in it is used.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { repoRoot } from "../cfn/paths.js";
import type { ExecutableFormat } from "../build/sea-executable.js";

export interface RuntimePin {
  readonly package: string;
  readonly version: string;
  /** npm's integrity of the package tarball: "sha512-<base64>". */
  readonly integrity: string;
  /** The node executable's path inside the package. */
  readonly executable: string;
  readonly format: ExecutableFormat;
}

export interface RuntimePins {
  /** Terraform platform ("linux_amd64") → its runtime. */
  readonly platforms: Readonly<Record<string, RuntimePin>>;
  /** Node version → the Linux x64 node that makes SEA blobs for runtimes of that version. */
  readonly blobMakers: Readonly<Record<string, RuntimePin>>;
}

export const runtimePinsFile = path.join(repoRoot, "release/runtimes.json");

export function readRuntimePins(file: string = runtimePinsFile): RuntimePins {
  const pins = JSON.parse(fs.readFileSync(file, "utf8")) as RuntimePins;
  for (const [name, pin] of [...Object.entries(pins.platforms), ...Object.entries(pins.blobMakers)]) {
    if (!/^\d+\.\d+\.\d+$/.test(pin.version))
      throw new Error(`${file}: ${name}: version must be exact, not "${pin.version}"`);
    if (!/^sha512-[A-Za-z0-9+/]+=*$/.test(pin.integrity))
      throw new Error(`${file}: ${name}: integrity must be "sha512-<base64>"`);
  }
  return pins;
}

/** The platforms a release builds by default: every pinned one, in a stable order. */
export const releasePlatforms = (pins: RuntimePins): string[] => Object.keys(pins.platforms).sort();

/** "terraform-provider-awscc_v1.2.3" plus ".exe" on Windows. */
export const executableName = (platform: string, version: string): string =>
  `terraform-provider-awscc_v${version}${platform.startsWith("windows_") ? ".exe" : ""}`;

/** "sha512-<base64>" of the bytes. */
export const integrityOf = (bytes: Uint8Array): string =>
  `sha512-${createHash("sha512").update(bytes).digest("base64")}`;

export const runtimeCacheDir = path.join(repoRoot, ".cache/runtimes");

/**
 * The pinned node executable, fetched with `npm pack` on first use and kept under .cache/runtimes.
 * The tarball is checked against the pin each time (a cached file someone changed is refused).
 */
export function fetchRuntime(pin: RuntimePin, cacheDir: string = runtimeCacheDir): string {
  const tarball = path.join(cacheDir, `${pin.package}-${pin.version}.tgz`);
  const executable = path.join(cacheDir, `${pin.package}-${pin.version}`, path.basename(pin.executable));
  if (!fs.existsSync(tarball)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    process.stdout.write(`release: fetching ${pin.package}@${pin.version} from the npm registry\n`);
    // npm pack only downloads: the package's os/cpu fields do not stop it, and no script runs.
    execFileSync(
      "npm",
      ["pack", `${pin.package}@${pin.version}`, "--pack-destination", cacheDir, "--silent"],
      {
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    if (!fs.existsSync(tarball))
      throw new Error(`npm pack ${pin.package}@${pin.version} wrote no ${tarball}`);
  }
  const actual = integrityOf(fs.readFileSync(tarball));
  if (actual !== pin.integrity) {
    throw new Error(
      `${tarball}: integrity ${actual} is not the one release/runtimes.json pins for ${pin.package}@${pin.version} (${pin.integrity}); delete the file to fetch it again`,
    );
  }
  if (!fs.existsSync(executable)) extractExecutable(tarball, pin, executable);
  return executable;
}

/** Takes package/<executable> out of the tarball, written whole through a rename. */
function extractExecutable(tarball: string, pin: RuntimePin, executable: string): void {
  const staging = `${executable}.extract`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const inner = `package/${pin.executable}`;
  tar.x({ file: tarball, cwd: staging, sync: true, filter: (p) => p === inner });
  const extracted = path.join(staging, inner);
  if (!fs.existsSync(extracted)) throw new Error(`${tarball} has no ${inner}`);
  fs.chmodSync(extracted, 0o755);
  fs.renameSync(extracted, executable);
  fs.rmSync(staging, { recursive: true, force: true });
}
