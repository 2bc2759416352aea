// Files the provider needs at run time: embedded in the single executable (node:sea assets), or
// read from the working tree when run from source.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { repoRoot } from "../cfn/paths.js";

/**
 * provider-schema.pb: the GetProviderSchema response encoded at build time (binary only).
 * provider-schema.json: generated/provider-schema.json (from source only).
 * tfplugin6.json: the protocol descriptor (binary only; from source the .proto files are read).
 * identity-catalog.json: identity schemas and list resource types (binary only).
 * cfn-schema/<Type>: the model part of a type's CloudFormation schema, as generated (binary only).
 * generated/<module>.js: a generated module compiled to CommonJS (binary only; provider/embedded-modules.ts).
 */
export type AssetName =
  | "provider-schema.pb"
  | "provider-schema.json"
  | "tfplugin6.json"
  | "identity-catalog.json"
  | `cfn-schema/${string}`
  | `generated/${string}`;

const SOURCE_PATHS: Readonly<Record<string, string>> = {
  "provider-schema.json": path.join(repoRoot, "generated/provider-schema.json"),
};

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
  /** The embedded bytes themselves, read-only (getAsset copies them). */
  getRawAsset?(key: string): ArrayBuffer;
}

let sea: SeaModule | null | undefined;

function seaModule(): SeaModule | undefined {
  if (sea === undefined) {
    try {
      // node:sea exists from Node 20.12; require keeps this loadable both as ESM and bundled.
      const candidate = createRequire(import.meta.url)("node:sea") as SeaModule;
      sea = candidate.isSea() ? candidate : null;
    } catch {
      sea = null;
    }
  }
  return sea ?? undefined;
}

/**
 * The assets the build stores brotli-compressed, under their name plus ".br": the ones read one at
 * a time when a request first names a type (generated modules, model schemas; 20 MB, 5.7 MB
 * compressed). The schema response, read whole at every start, stays as it is.
 */
export const isCompressedAsset = (name: string): boolean =>
  name.startsWith("generated/") || name.startsWith("cfn-schema/");
export const COMPRESSED_ASSET_SUFFIX = ".br";

function embeddedAsset(embedded: SeaModule, name: string): Uint8Array | undefined {
  try {
    // Assets are only read (the 10 MB schema response is sent as it is): no copy needed.
    return new Uint8Array(embedded.getRawAsset?.(name) ?? embedded.getAsset(name));
  } catch {
    return undefined;
  }
}

/** The asset's bytes, or undefined when this way of running does not have it. */
export function readAssetBytes(name: AssetName): Uint8Array | undefined {
  const embedded = seaModule();
  if (embedded) {
    if (isCompressedAsset(name)) {
      const compressed = embeddedAsset(embedded, name + COMPRESSED_ASSET_SUFFIX);
      // A build with AWSCC_SEA_COMPRESS_ASSETS=0 (to measure) stores them as they are.
      if (compressed) return brotliDecompressSync(compressed);
    }
    return embeddedAsset(embedded, name);
  }
  const file = SOURCE_PATHS[name];
  if (!file) return undefined;
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run generate\` first`);
  return fs.readFileSync(file);
}

export function readAssetText(name: AssetName): string | undefined {
  const bytes = readAssetBytes(name);
  return bytes === undefined
    ? undefined
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

/** True inside the single executable, where assets are embedded. */
export const runningAsSingleExecutable = (): boolean => seaModule() !== undefined;
