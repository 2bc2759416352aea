// A schema cache refresh: read a source (the CloudFormation registry, a CloudformationSchema.zip
// archive or a folder), normalise each schema into its cache file, and replace the cache atomically
// with a manifest. Invalid entries are reported and skipped; registry calls that still fail after
// the SDK's retries leave the cache as it was and the fetched rest staged for a rerun.
import path from "node:path";
import { resolveSchemaCacheDir } from "../../cfn/paths.js";
import { readArchiveSource } from "./archive-source.js";
import { cacheLayout } from "./cache-layout.js";
import { type CacheChanges, compareManifests } from "./compare.js";
import { readDirectorySource } from "./directory-source.js";
import { buildManifest, type CacheManifest, readManifest, type SourceKind } from "./manifest.js";
import { type FetchFailure, fetchFromRegistry, type RegistrySourceOptions } from "./registry-source.js";
import { collectEntries, type InvalidEntry, type RawSchema } from "./schema-entry.js";
import { writeCacheAtomically } from "./write-cache.js";

export type RefreshSource =
  | ({ readonly kind: "registry" } & RegistrySourceOptions)
  | { readonly kind: "archive"; readonly path: string; readonly region?: string }
  | { readonly kind: "directory"; readonly path: string; readonly region?: string };

export type RefreshPhase = "list" | "fetch" | "write";

export interface RefreshOptions {
  readonly source: RefreshSource;
  /** Default: $AWSCC_SCHEMA_CACHE_DIR or schemas/cache. */
  readonly cacheDir?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (phase: RefreshPhase, done: number, total: number) => void;
  /** Clock for the manifest (tests). */
  readonly now?: () => Date;
}

export interface RefreshResult {
  readonly cacheDir: string;
  readonly source: { readonly kind: SourceKind; readonly location: string };
  readonly region: string | null;
  /** False when registry calls failed: the cache was left as it was. */
  readonly written: boolean;
  /** The new manifest (when written). */
  readonly manifest?: CacheManifest;
  /** The manifest of the cache that was there before, if any. */
  readonly previousManifest?: CacheManifest;
  /** Where the replaced cache now is (when there was one and the new one was written). */
  readonly previousDir?: string;
  readonly changes?: CacheChanges;
  /** Schemas read from the source (a registry run: fetched in this run plus resumed). */
  readonly read: number;
  /** Registry only: DescribeType answers in this run, and types staged by an earlier run. */
  readonly fetched?: number;
  readonly resumed?: number;
  readonly listed?: number;
  readonly invalid: readonly InvalidEntry[];
  /** Left out without being invalid (registry: vanished types, unusable names). */
  readonly skipped: readonly InvalidEntry[];
  readonly failures: readonly FetchFailure[];
  /** Registry only: where the fetched texts wait when the cache was not written. */
  readonly stagingDir?: string;
  readonly seconds: number;
}

interface SourceRead {
  readonly raws: RawSchema[];
  readonly unreadable: readonly InvalidEntry[];
  readonly skipped: readonly InvalidEntry[];
  readonly failures: readonly FetchFailure[];
  readonly location: string;
  readonly region: string | null;
  readonly registry?: { fetched: number; resumed: number; listed: number; finish(): void; dir: string };
}

async function readSource(options: RefreshOptions, stagingDir: string): Promise<SourceRead> {
  const source = options.source;
  if (source.kind === "directory" || source.kind === "archive") {
    const contents =
      source.kind === "directory" ? readDirectorySource(source.path) : readArchiveSource(source.path);
    return {
      ...contents,
      skipped: [],
      failures: [],
      location: path.resolve(source.path),
      region: source.region ?? null,
    };
  }
  const fetched = await fetchFromRegistry(stagingDir, source, {
    signal: options.signal,
    onProgress: options.onProgress,
  });
  return {
    raws: fetched.raws,
    unreadable: [],
    skipped: [
      ...fetched.vanished.map((name) => ({ name, reason: "listed, but DescribeType no longer knows it" })),
      ...fetched.unusableNames.map((name) => ({ name, reason: "not an Org::Service::Resource type name" })),
    ],
    failures: fetched.failures,
    location: source.endpoint ?? "CloudFormation registry (default endpoint)",
    region: fetched.region,
    registry: {
      fetched: fetched.fetched,
      resumed: fetched.resumed,
      listed: fetched.listed,
      finish: () => fetched.staging.clear(),
      dir: fetched.staging.dir,
    },
  };
}

export async function refreshSchemas(options: RefreshOptions): Promise<RefreshResult> {
  const started = performance.now();
  const layout = cacheLayout(options.cacheDir ?? resolveSchemaCacheDir());
  const previousManifest = readManifest(layout.dir);
  const read = await readSource(options, layout.staging);
  const { entries, invalid: invalidSchemas } = collectEntries(read.raws);
  const invalid = [...read.unreadable, ...invalidSchemas];
  const kind = options.source.kind;
  const base = {
    cacheDir: layout.dir,
    source: { kind, location: read.location },
    region: read.region,
    previousManifest,
    read: read.raws.length,
    fetched: read.registry?.fetched,
    resumed: read.registry?.resumed,
    listed: read.registry?.listed,
    invalid,
    skipped: read.skipped,
    failures: read.failures,
  };
  const seconds = (): number => (performance.now() - started) / 1000;
  if (read.failures.length > 0) {
    return { ...base, written: false, stagingDir: read.registry?.dir, seconds: seconds() };
  }
  if (entries.length === 0) {
    throw new Error(`no valid schema in ${read.location}; the cache was left as it was`);
  }
  const manifest = buildManifest({
    kind,
    location: read.location,
    region: read.region,
    refreshedAt: (options.now ?? (() => new Date()))(),
    entries,
    invalid,
    skipped: read.skipped,
  });
  const swap = await writeCacheAtomically(layout, entries, manifest, {
    signal: options.signal,
    onProgress: (done, total) => options.onProgress?.("write", done, total),
  });
  read.registry?.finish();
  return {
    ...base,
    written: true,
    manifest,
    previousDir: swap.rotated ? layout.previous : undefined,
    changes: compareManifests(previousManifest, manifest),
    seconds: seconds(),
  };
}
