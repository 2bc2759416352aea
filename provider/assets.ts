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
 * identity-catalog.json: identity schemas and list resource types (binary only).
 * cfn-schema/<Type>: the model part of a type's CloudFormation schema, as generated (binary only).
 * cfn-validator/<Type>: that schema's desired-state validator, ajv standalone code (binary only).
 * generated/<module>.js: a generated module compiled to CommonJS (binary only; provider/embedded-modules.ts).
 */
export type AssetName =
  | "provider-schema.pb"
  | "provider-schema.json"
  | "identity-catalog.json"
  | `cfn-schema/${string}`
  | `cfn-validator/${string}`
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
 * The pack an asset is stored in, or undefined for one stored as it is. The assets read per type on
 * first use (generated modules, model schemas: 20 MB) are packed by service and brotli-compressed,
 * since a service's resource and data sources repeat one attribute tree: their 20.0 MB pack into
 * 2.6 MB, where brotli one file at a time gives 5.7 MB and made the zip larger than storing them
 * plain (deflate over the whole executable did better).
 * The schema response, read whole at every start, stays as it is.
 */
export function assetPackOf(name: string): string | undefined {
  const module = /^generated\/([^/]+)\/[^/]+\.js$/.exec(name);
  if (module) return `generated/${module[1]}`;
  const perType = /^(cfn-schema|cfn-validator)\/([^:]+::[^:]+)::[^:]+$/.exec(name);
  return perType ? `${perType[1]}/${perType[2]}` : undefined;
}
/** A pack's own asset: brotli of JSON {asset name: text}. */
export const packAssetName = (pack: string): string => `${pack}.pack.br`;

function embeddedAsset(embedded: SeaModule, name: string): Uint8Array | undefined {
  try {
    // Assets are only read (the 10 MB schema response is sent as it is): no copy needed.
    return new Uint8Array(embedded.getRawAsset?.(name) ?? embedded.getAsset(name));
  } catch {
    return undefined;
  }
}

const unpacked = new Map<string, Readonly<Record<string, string>> | null>();

/** The text of a packed asset, unpacking its pack once; undefined when there is no such pack. */
function packedText(embedded: SeaModule, name: string, pack: string): string | undefined {
  let entries = unpacked.get(pack);
  if (entries === undefined) {
    const bytes = embeddedAsset(embedded, packAssetName(pack));
    entries = bytes
      ? (JSON.parse(brotliDecompressSync(bytes).toString("utf8")) as Record<string, string>)
      : null;
    unpacked.set(pack, entries);
  }
  return entries?.[name];
}

/** The asset's bytes, or undefined when this way of running does not have it. */
export function readAssetBytes(name: AssetName): Uint8Array | undefined {
  const embedded = seaModule();
  if (embedded) {
    const pack = assetPackOf(name);
    // A build with AWSCC_SEA_COMPRESS_ASSETS=0 (to measure) stores them one by one, as they are.
    const text = pack === undefined ? undefined : packedText(embedded, name, pack);
    return text === undefined ? embeddedAsset(embedded, name) : Buffer.from(text, "utf8");
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
