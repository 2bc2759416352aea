// The release set Terraform and its registries expect, named as GoReleaser names a provider's:
// one zip per platform, the registry manifest, the SHA256SUMS file and its detached signature.
import { createHash } from "node:crypto";

export const PROVIDER_TYPE = "awscc";
const PROJECT = `terraform-provider-${PROVIDER_TYPE}`;

/** The plugin protocol the provider speaks: Terraform reads it from the manifest and the registry. */
export const PROTOCOL_VERSIONS = ["6.0"] as const;

export const zipName = (version: string, platform: string): string => `${PROJECT}_${version}_${platform}.zip`;
export const manifestName = (version: string): string => `${PROJECT}_${version}_manifest.json`;
export const shasumsName = (version: string): string => `${PROJECT}_${version}_SHA256SUMS`;
export const signatureName = (version: string): string => `${shasumsName(version)}.sig`;
/**
 * The manifest's name inside each zip. Not the release's name for it: Terraform runs the first file
 * of an installed package whose name starts with terraform-provider-awscc, and
 * "terraform-provider-awscc_X.Y.Z_manifest.json" sorts before "terraform-provider-awscc_vX.Y.Z"
 * (a first try did exactly that: "fork/exec …_manifest.json: permission denied").
 */
export const ZIPPED_MANIFEST_NAME = "terraform-registry-manifest.json";

/** The public half of the key that signed the sums: what a registry is given (not part of GoReleaser's set). */
export const publicKeyName = (version: string): string => `${PROJECT}_${version}_signing-key.asc`;

/** A release zip's name split up, or undefined for any other file. */
export function parseZipName(file: string): { version: string; os: string; arch: string } | undefined {
  const m = new RegExp(
    `^${PROJECT}_(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)_([a-z0-9]+)_([a-z0-9]+)\\.zip$`,
  ).exec(file);
  return m ? { version: m[1]!, os: m[2]!, arch: m[3]! } : undefined;
}

/** Semantic version without a leading v, as Terraform and the registry protocol use it. */
export function checkVersion(version: string): string {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version))
    throw new Error(`--version must be a semantic version such as 1.2.3 (no leading v), not "${version}"`);
  return version;
}

/** The registry manifest, byte for byte the same in every zip and beside them. */
export const manifestJson = (): string =>
  JSON.stringify({ version: 1, metadata: { protocol_versions: PROTOCOL_VERSIONS } }, null, 2) + "\n";

export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The sha256sum-format list Terraform checks a download against: "<hex>  <name>", sorted by name. */
export function shasumsText(files: ReadonlyMap<string, Uint8Array>): string {
  return [...files.keys()]
    .sort()
    .map((name) => `${sha256Hex(files.get(name)!)}  ${name}\n`)
    .join("");
}

/** Parses a SHA256SUMS file: name → hex digest. */
export function parseShasums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (m) sums.set(m[2]!, m[1]!);
  }
  return sums;
}
