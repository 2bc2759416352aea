// Runs shards on worker threads while keeping generate() synchronous: the caller blocks on a
// shared signal (Atomics.wait) and reads the workers' ports with receiveMessageOnPort, so progress
// is reported as files finish. The pool lives for the process and its threads do not keep the
// process alive; a later run in the same process finds the workers loaded and warm.
import os from "node:os";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { FileOutput, ShardInput } from "./emit-shard.js";
import type { WorkerMessage, WorkerRequest, WorkerSetup } from "./shard-worker.js";

/** How often the caller wakes to report progress while the workers run. */
const PROGRESS_INTERVAL_MS = 100;
/**
 * A worker that makes no progress for this long is taken as dead (the largest schema takes well
 * under a second; the model bounds every type's attribute tree). The caller is blocked, so a
 * crashed thread's exit event cannot reach it before this.
 */
const STALL_MS = 60_000;

interface PoolWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** Set when the thread died; the pool is replaced before the next run. */
  dead: boolean;
}

interface Pool {
  readonly workers: readonly PoolWorker[];
  readonly signal: Int32Array;
}

let pool: Pool | undefined;

/**
 * Worker threads a parallel run uses besides the calling thread: one per further core, at most
 * three; 0 on a single core. AWSCC_GENERATE_WORKERS overrides it (0: everything in this thread).
 */
export function workerCount(): number {
  const configured = process.env.AWSCC_GENERATE_WORKERS;
  if (configured !== undefined && configured !== "") return Math.max(0, Math.trunc(Number(configured)) || 0);
  return Math.min(os.availableParallelism() - 1, 3);
}

/** Below this many files, starting worker threads costs more than it saves. */
const PARALLEL_FROM_FILES = 200;

/**
 * Worker threads for a run of this many files. Patches given as code stay in this thread (the
 * project's own patches are imported by the workers themselves); an --only run reads every file
 * only to find its types, which the caller has just done.
 */
export function workersFor(
  fileCount: number,
  options: {
    readonly workers?: number;
    readonly patches?: readonly unknown[];
    readonly only?: readonly string[];
  },
): number {
  if (options.patches !== undefined) return 0;
  if (options.workers !== undefined) return options.workers;
  if ((options.only?.length ?? 0) > 0 || fileCount < PARALLEL_FROM_FILES) return 0;
  return workerCount();
}

function startPool(size: number): Pool {
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const workers = Array.from({ length: size }, () => {
    const { port1, port2 } = new MessageChannel();
    const setup: WorkerSetup = { port: port2, signal };
    const worker = new Worker(new URL("./shard-worker-entry.mjs", import.meta.url), {
      workerData: setup,
      transferList: [port2],
    });
    worker.unref();
    const entry: PoolWorker = { worker, port: port1, dead: false };
    // Delivered once the caller is back in the event loop (after the stall error): recorded so
    // that the next run starts a new pool, and never an unhandled error event.
    const died = (): void => {
      entry.dead = true;
    };
    worker.on("error", died).on("exit", died);
    return entry;
  });
  return { workers, signal };
}

function stopPool(): void {
  const workers = pool?.workers ?? [];
  pool = undefined;
  for (const w of workers) void w.worker.terminate();
}

/**
 * Starts the pool's threads now, so that they load the generator while the caller loads its own
 * modules (the CLI calls it first thing). Does nothing when the pool is already running.
 */
export function startWorkers(size: number = workerCount()): void {
  if (size < 1 || (pool?.workers.length === size && !pool.workers.some((w) => w.dead))) return;
  stopPool();
  pool = startPool(size);
}

/** Shards sent ahead to each worker, so that none waits while the calling thread runs one itself. */
const IN_FLIGHT_PER_WORKER = 2;

/**
 * Runs every shard, on the pool's workers and on the calling thread, which takes the next shard
 * itself whenever every worker has enough queued: a cold run gets going while the workers are
 * still loading the generator, and no core sits idle in a warm one. Outputs come back in the
 * order of `inputs`.
 */
export function runShardsOnWorkers(
  inputs: readonly ShardInput[],
  size: number,
  runHere: (input: ShardInput, onFileDone: () => void) => FileOutput[],
  onProgress?: (files: number) => void,
): FileOutput[][] {
  startWorkers(size);
  const { workers, signal } = pool!;
  Atomics.store(signal, 1, 0);
  let doneHere = 0;
  let reported = 0;
  const report = (): void => {
    const files = Atomics.load(signal, 1) + doneHere;
    if (files !== reported) onProgress?.((reported = files));
  };
  const outputs: FileOutput[][] = new Array<FileOutput[]>(inputs.length);
  /** Files of the shards sent out and not answered yet. */
  const outstandingFiles = (): string[] =>
    inputs.flatMap((input, id) => (id < next && outputs[id] === undefined ? input.files : []));
  const queued = new Map<PoolWorker, number>(workers.map((w) => [w, 0]));
  let next = 0;
  let finished = 0;
  const dispatch = (w: PoolWorker): void => {
    while (next < inputs.length && queued.get(w)! < IN_FLIGHT_PER_WORKER) {
      const { onFileDone: _local, ...input } = inputs[next]!;
      w.worker.postMessage({ id: next++, input } satisfies WorkerRequest);
      queued.set(w, queued.get(w)! + 1);
    }
  };
  /** Takes in every answer that has arrived; true when there was one. */
  const drain = (): boolean => {
    let heard = false;
    for (const w of workers) {
      for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port)) {
        heard = true;
        const message = m.message as WorkerMessage;
        if (message.kind === "error") {
          const error = new Error(`generator worker: ${message.message}`);
          if (message.stack) error.stack = message.stack;
          throw error;
        }
        outputs[message.id] = message.output;
        finished++;
        queued.set(w, queued.get(w)! - 1);
        dispatch(w);
      }
    }
    return heard;
  };
  try {
    workers.forEach(dispatch);
    // The calling thread works through the shards nobody has taken yet.
    while (next < inputs.length) {
      const id = next++;
      outputs[id] = runHere(inputs[id]!, () => {
        doneHere++;
      });
      finished++;
      drain();
      report();
    }
    let lastHeard = Date.now();
    while (finished < inputs.length) {
      const seen = Atomics.load(signal, 0);
      const before = reported;
      const heard = drain();
      report();
      if (heard || reported !== before) lastHeard = Date.now();
      else if (Date.now() - lastHeard > STALL_MS) {
        const files = outstandingFiles();
        throw new Error(
          `a generator worker stopped answering (no progress for ${STALL_MS / 1000} s) while on: ${files.join(", ")}`,
        );
      } else Atomics.wait(signal, 0, seen, PROGRESS_INTERVAL_MS);
    }
  } catch (e) {
    stopPool(); // its workers may still be busy with this run's shards
    throw e;
  }
  return outputs;
}
