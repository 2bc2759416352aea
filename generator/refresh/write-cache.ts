// Replaces the cache as a whole: the new one is written into a sibling temporary folder, every file
// and the folder are fsynced (manifest.json last), then renames swap it in — the current cache
// becomes `<cache>.previous`, the temporary folder becomes the cache. A refresh that stops before
// the swap leaves the old cache untouched; a stop between the two renames (a few microseconds)
// leaves no cache, never a partial one, and generate then falls back to ../shared/cfn/schemas.
import fs from "node:fs";
import path from "node:path";
import { CACHE_MANIFEST_FILE } from "../../cfn/read-schemas.js";
import { RefreshAbortedError } from "./aborted.js";
import type { CacheLayout } from "./cache-layout.js";
import { type CacheManifest, manifestBytes } from "./manifest.js";
import { forEachLimited } from "./pool.js";
import type { CacheEntry } from "./schema-entry.js";

export interface WriteHooks {
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface SwapResult {
  /** True when a cache existed and is now `<cache>.previous`. */
  readonly rotated: boolean;
}

let tempCounter = 0;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Temporary folders left by refreshes that were killed (their process is gone). */
export function removeStaleTemps(layout: CacheLayout): string[] {
  const parent = path.dirname(layout.dir);
  if (!fs.existsSync(parent)) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(layout.tempPrefix)) continue;
    const pid = Number(name.slice(layout.tempPrefix.length).split("-")[0]);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function tempDir(layout: CacheLayout): string {
  return path.join(path.dirname(layout.dir), `${layout.tempPrefix}${process.pid}-${tempCounter++}`);
}

/** fsync of a folder makes its new entries durable; some platforms cannot open folders for it. */
function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL") throw e;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RefreshAbortedError("the cache was left as it was");
}

async function writeComplete(
  dir: string,
  entries: readonly CacheEntry[],
  manifest: CacheManifest,
  hooks: WriteHooks,
): Promise<void> {
  fs.mkdirSync(dir);
  let done = 0;
  for (const entry of entries) {
    checkAborted(hooks.signal);
    fs.writeFileSync(path.join(dir, entry.file), entry.bytes);
    hooks.onProgress?.(++done, entries.length);
  }
  // Writes first, then the fsyncs in parallel: the file system batches them (measured 2x faster
  // than a write-fsync-close per file).
  await forEachLimited(entries, 8, (entry) => fsyncFile(path.join(dir, entry.file)), hooks.signal);
  checkAborted(hooks.signal);
  const manifestPath = path.join(dir, CACHE_MANIFEST_FILE);
  fs.writeFileSync(manifestPath, manifestBytes(manifest));
  await fsyncFile(manifestPath);
  fsyncDir(dir);
}

/** Writes `entries` and `manifest` as the new cache and swaps it in; the old cache becomes `.previous`. */
export async function writeCacheAtomically(
  layout: CacheLayout,
  entries: readonly CacheEntry[],
  manifest: CacheManifest,
  hooks: WriteHooks = {},
): Promise<SwapResult> {
  fs.mkdirSync(path.dirname(layout.dir), { recursive: true });
  removeStaleTemps(layout);
  const fresh = tempDir(layout);
  try {
    await writeComplete(fresh, entries, manifest, hooks);
    checkAborted(hooks.signal);
  } catch (error) {
    fs.rmSync(fresh, { recursive: true, force: true });
    throw error;
  }
  const rotated = fs.existsSync(layout.dir);
  let discarded: string | undefined;
  if (rotated) {
    if (fs.existsSync(layout.previous)) {
      discarded = tempDir(layout);
      fs.renameSync(layout.previous, discarded);
    }
    fs.renameSync(layout.dir, layout.previous);
  }
  fs.renameSync(fresh, layout.dir);
  fsyncDir(path.dirname(layout.dir));
  if (discarded) fs.rmSync(discarded, { recursive: true, force: true });
  return { rotated };
}
