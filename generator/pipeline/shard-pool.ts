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
/** A worker that makes no progress for this long is taken as dead. */
const STALL_MS = 120_000;

interface PoolWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
}

interface Pool {
  readonly workers: readonly PoolWorker[];
  readonly signal: Int32Array;
}

let pool: Pool | undefined;

/** Worker threads a parallel run uses: one per core, at most four; 0 when running in-thread is better. */
export function workerCount(): number {
  const configured = process.env.AWSCC_GENERATE_WORKERS;
  if (configured !== undefined && configured !== "") return Math.max(0, Math.trunc(Number(configured)) || 0);
  const cores = os.availableParallelism();
  return cores < 2 ? 0 : Math.min(cores, 4);
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
    return { worker, port: port1 };
  });
  return { workers, signal };
}

function stopPool(): void {
  for (const w of pool?.workers ?? []) void w.worker.terminate();
  pool = undefined;
}

/** Runs every shard on the pool; outputs come back in the order of `inputs`. */
export function runShardsOnWorkers(
  inputs: readonly ShardInput[],
  size: number,
  onProgress?: (files: number) => void,
): FileOutput[][] {
  if (!pool || pool.workers.length !== size) {
    stopPool();
    pool = startPool(size);
  }
  const { workers, signal } = pool;
  Atomics.store(signal, 1, 0);
  let reported = 0;
  const outputs: FileOutput[][] = new Array<FileOutput[]>(inputs.length);
  let next = 0;
  let pending = 0;
  const dispatch = (w: PoolWorker): void => {
    if (next >= inputs.length) return;
    const { onFileDone: _local, ...input } = inputs[next]!;
    w.worker.postMessage({ id: next++, input } satisfies WorkerRequest);
    pending++;
  };
  workers.forEach(dispatch);
  let lastHeard = Date.now();
  try {
    while (pending > 0) {
      const seen = Atomics.load(signal, 0);
      let heard = false;
      for (const w of workers) {
        for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port)) {
          heard = true;
          const message = m.message as WorkerMessage;
          if (message.kind === "result") {
            outputs[message.id] = message.output;
            pending--;
            dispatch(w);
          } else {
            const error = new Error(`generator worker: ${message.message}`);
            if (message.stack) error.stack = message.stack;
            throw error;
          }
        }
      }
      // Progress is read, not waited for: the workers bump the counter without waking anyone.
      const files = Atomics.load(signal, 1);
      if (files !== reported) {
        onProgress?.((reported = files));
        lastHeard = Date.now();
      }
      if (heard) lastHeard = Date.now();
      else if (Date.now() - lastHeard > STALL_MS) throw new Error("a generator worker stopped answering");
      else Atomics.wait(signal, 0, seen, PROGRESS_INTERVAL_MS);
    }
  } catch (e) {
    stopPool(); // its workers may still be busy with this run's shards
    throw e;
  }
  return outputs;
}
