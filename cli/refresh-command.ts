// `awscc-ts refresh-schemas`: picks the one source the flags name, shows progress, turns Ctrl-C
// into a clean stop (the cache untouched, registry fetches staged), prints the summary and sets
// the exit code (0 written, 1 fetches failed, 2 usage or other error, 130 interrupted).
import { loadGenerationConfig } from "../generator/config/generation-config.js";
import { createProgress, type Progress } from "./progress.js";
import { RefreshAbortedError } from "../generator/refresh/aborted.js";
import { refreshSchemas, type RefreshPhase, type RefreshSource } from "../generator/refresh/refresh.js";
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_ATTEMPTS } from "../generator/refresh/registry-source.js";
import { formatRefreshSummary } from "../generator/refresh/summary.js";

export interface RefreshCommandOptions {
  readonly fromRegistry?: boolean;
  readonly fromArchive?: string;
  readonly fromDir?: string;
  readonly region?: string;
  readonly endpoint?: string;
  readonly concurrency?: string;
  readonly maxAttempts?: string;
  readonly fresh?: boolean;
  readonly out?: string;
}

class UsageError extends Error {}

function positiveInteger(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer, got ${value}`);
  return n;
}

export function sourceFromOptions(opts: RefreshCommandOptions): RefreshSource {
  const chosen = [opts.fromRegistry === true, opts.fromArchive !== undefined, opts.fromDir !== undefined];
  if (chosen.filter(Boolean).length !== 1) {
    throw new UsageError("name exactly one source: --from-registry, --from-archive PATH or --from-dir DIR");
  }
  if (!opts.fromRegistry && (opts.endpoint || opts.concurrency || opts.maxAttempts || opts.fresh)) {
    throw new UsageError(
      "--endpoint, --concurrency, --max-attempts and --fresh apply to --from-registry only",
    );
  }
  if (opts.fromArchive !== undefined) return { kind: "archive", path: opts.fromArchive, region: opts.region };
  if (opts.fromDir !== undefined) return { kind: "directory", path: opts.fromDir, region: opts.region };
  return {
    kind: "registry",
    region: opts.region,
    endpoint: opts.endpoint,
    concurrency: positiveInteger("--concurrency", opts.concurrency, DEFAULT_CONCURRENCY),
    maxAttempts: positiveInteger("--max-attempts", opts.maxAttempts, DEFAULT_MAX_ATTEMPTS),
    fresh: opts.fresh,
  };
}

/** One progress display per phase: fetching always, writing (under a second) only as a bar on a terminal. */
function phasedProgress(): { update(phase: RefreshPhase, done: number, total: number): void; stop(): void } {
  let current: { phase: RefreshPhase; progress: Progress } | undefined;
  return {
    update(phase, done, total) {
      if (phase === "list" || (phase === "write" && !process.stderr.isTTY)) return;
      if (current?.phase !== phase) {
        current?.progress.stop();
        current = { phase, progress: createProgress(phase === "fetch" ? "fetch" : "write cache") };
      }
      current.progress.update(done, total);
    },
    stop: () => current?.progress.stop(),
  };
}

export async function runRefreshCommand(opts: RefreshCommandOptions): Promise<number> {
  let source: RefreshSource;
  try {
    source = sourceFromOptions(opts);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`awscc-ts refresh-schemas: ${e.message}\n`);
    return 2;
  }
  const controller = new AbortController();
  const onInterrupt = (): void => controller.abort();
  process.once("SIGINT", onInterrupt);
  const progress = phasedProgress();
  try {
    const result = await refreshSchemas({
      source,
      cacheDir: opts.out,
      signal: controller.signal,
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    });
    progress.stop();
    const pins = [...loadGenerationConfig().pins.keys()];
    process.stdout.write(`${formatRefreshSummary(result, pins)}\n`);
    return result.written ? 0 : 1;
  } catch (e) {
    progress.stop();
    if (e instanceof RefreshAbortedError) {
      process.stderr.write(`awscc-ts refresh-schemas: ${e.message}\n`);
      return 130;
    }
    throw e;
  } finally {
    process.off("SIGINT", onInterrupt);
  }
}
