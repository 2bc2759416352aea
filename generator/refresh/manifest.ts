// schemas/cache/manifest.json: where the cache came from, when, and the sha256 of every file, so a
// later refresh can tell what changed and anyone can check the cache is whole.
import fs from "node:fs";
import path from "node:path";
import { CACHE_MANIFEST_FILE } from "../../cfn/read-schemas.js";
import type { CacheEntry, InvalidEntry } from "./schema-entry.js";

export type SourceKind = "registry" | "archive" | "directory";

export interface CacheManifest {
  readonly formatVersion: 1;
  readonly source: { readonly kind: SourceKind; readonly location: string };
  /** The registry's region, or the one given for an archive or folder; null when unknown. */
  readonly region: string | null;
  readonly refreshedAt: string;
  readonly counts: { readonly types: number; readonly invalid: number; readonly skipped: number };
  /** Type name → cache file and the sha256 (hex) of its bytes, sorted by type name. */
  readonly types: Readonly<Record<string, { readonly file: string; readonly sha256: string }>>;
  /** Source entries left out: invalid ones and, for the registry, types it no longer describes. */
  readonly skipped: readonly InvalidEntry[];
}

export interface ManifestInput {
  readonly kind: SourceKind;
  readonly location: string;
  readonly region: string | null;
  readonly refreshedAt: Date;
  readonly entries: readonly CacheEntry[];
  readonly invalid: readonly InvalidEntry[];
  /** Left out for another reason than being invalid (e.g. vanished from the registry). */
  readonly skipped: readonly InvalidEntry[];
}

export function buildManifest(input: ManifestInput): CacheManifest {
  const types: Record<string, { file: string; sha256: string }> = {};
  for (const entry of input.entries) types[entry.typeName] = { file: entry.file, sha256: entry.sha256 };
  return {
    formatVersion: 1,
    source: { kind: input.kind, location: input.location },
    region: input.region,
    refreshedAt: input.refreshedAt.toISOString(),
    counts: { types: input.entries.length, invalid: input.invalid.length, skipped: input.skipped.length },
    types,
    skipped: [...input.invalid, ...input.skipped],
  };
}

export function manifestBytes(manifest: CacheManifest): Buffer {
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
}

function isManifest(value: unknown): value is CacheManifest {
  if (typeof value !== "object" || value === null) return false;
  const doc = value as Record<string, unknown>;
  return doc.formatVersion === 1 && typeof doc.types === "object" && doc.types !== null;
}

/** The manifest of a cache folder, or undefined when it has none (or an unreadable one). */
export function readManifest(cacheDir: string): CacheManifest | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(cacheDir, CACHE_MANIFEST_FILE), "utf8"));
    return isManifest(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
