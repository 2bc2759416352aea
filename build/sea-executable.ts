// A single executable from SEA inputs: the preparation blob (made by a Linux x64 node of the same
// version as the target runtime) injected with postject into a copy of the target's node, whose
// format is ELF (Linux), PE (Windows) or Mach-O (macOS).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { unsign as unsignMachO } from "macho-unsign";
import { signatureSet as setPeSignature } from "portable-executable-signature";
import { repoRoot } from "../cfn/paths.js";
import type { SeaInputs } from "./sea-inputs.js";

/** The fuse postject flips so Node knows a SEA blob is inside (documented by Node's SEA guide). */
export const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
// V8 sizes its heap growth by the old-space ceiling it is given (by default a share of the
// machine's memory, 4 GB here): with a 1 GB ceiling and an 8 MB semi-space the provider's peak RSS
// during a 1,000-resource apply fell from 251-261 MB to 158-160 MB at the same speed, while its live
// heap stays near 26 MB. NODE_OPTIONS still extends or overrides these.
export const HEAP_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=1024"];

/** Any fixed non-zero value (0 means "random" to V8). */
const BLOB_RANDOM_SEED = 1;

export type ExecutableFormat = "elf" | "pe" | "macho";

export interface BlobOptions {
  /**
   * V8's code cache for the bundle. Only valid where the blob maker's platform is the target's:
   * Node's SEA guide says a cross-platform blob must go without it (loading a cache compiled for
   * another platform can crash at start-up).
   */
  readonly useCodeCache: boolean;
}

/** Writes the preparation blob `output` with `blobMaker`, a node of the target runtime's version. */
export function makeSeaBlob(
  blobMaker: string,
  inputs: SeaInputs,
  output: string,
  options: BlobOptions,
): void {
  const config = `${output}.sea-config.json`;
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: inputs.bundle,
      output,
      disableExperimentalSEAWarning: true,
      useCodeCache: options.useCodeCache,
      execArgv: HEAP_FLAGS,
      assets: inputs.assets,
    }),
  );
  // V8's code cache differs from run to run unless its random seed is fixed; with a fixed seed the
  // same inputs give the same blob (the cache is still accepted at start-up: measured as fast).
  execFileSync(blobMaker, [`--random-seed=${BLOB_RANDOM_SEED}`, "--experimental-sea-config", config], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Injects `blob` into a copy of `runtime` at `target`. The copy is made under a temporary name and
 * renamed at the end: whoever starts `target` meanwhile runs the previous file or this one, never
 * a half-made file.
 */
export function injectSeaBlob(runtime: string, format: ExecutableFormat, blob: string, target: string): void {
  const staging = `${target}.partial`;
  fs.rmSync(staging, { force: true });
  writeInjectableCopy(runtime, format, staging);
  fs.chmodSync(staging, 0o755);
  const postject = path.join(repoRoot, "node_modules/postject/dist/cli.js");
  const machO = format === "macho" ? ["--macho-segment-name", "NODE_SEA"] : [];
  execFileSync(
    process.execPath,
    [postject, staging, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE, ...machO],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  fs.renameSync(staging, target);
}

/**
 * The runtime as injection wants it. ELF: stripped of the ~18 MB of symbols and debug information
 * the provider never uses (when binutils can read that architecture). PE and Mach-O: their vendor
 * code signature removed, since injection breaks it and a broken signature is worse than none
 * (Node's SEA guide does the same with `signtool remove` and `codesign --remove-signature`).
 */
function writeInjectableCopy(runtime: string, format: ExecutableFormat, target: string): void {
  if (format === "elf") {
    const strip = elfStripFor(runtime);
    try {
      execFileSync(strip, ["--strip-all", "-o", target, runtime], { stdio: ["ignore", "ignore", "pipe"] });
      return;
    } catch {
      process.stdout.write(`build: ${strip} cannot strip ${runtime}: the runtime keeps its debug symbols\n`);
      fs.copyFileSync(runtime, target);
      return;
    }
  }
  const bytes = fs.readFileSync(runtime);
  const unsigned = format === "pe" ? setPeSignature(bytes, null) : unsignMachO(bytes);
  fs.writeFileSync(target, unsigned ? Buffer.from(unsigned) : bytes);
}

/** ELF machine number (e_machine) → the binutils strip that reads it; the host's strip for others. */
const CROSS_STRIP: Readonly<Record<number, string>> = { 0xb7: "aarch64-linux-gnu-strip" };

/** The strip for this ELF file's architecture (Debian's binutils-aarch64-linux-gnu for AArch64). */
export function elfStripFor(executable: string): string {
  const header = Buffer.alloc(20);
  const fd = fs.openSync(executable, "r");
  try {
    fs.readSync(fd, header, 0, 20, 0);
  } finally {
    fs.closeSync(fd);
  }
  return CROSS_STRIP[header.readUInt16LE(18)] ?? "strip";
}
