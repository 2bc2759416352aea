// A generator worker thread: runs the shards the pool sends it (emit-shard.ts) and answers on
// its own port, waking the blocked caller through the shared signal after every message.
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { emitShard, type FileOutput, type ShardInput, transferables } from "./emit-shard.js";

export interface WorkerSetup {
  readonly port: MessagePort;
  /** [0]: bumped after every message (the caller waits on it); [1]: files done, for progress. */
  readonly signal: Int32Array;
}

export type WorkerRequest = { readonly id: number; readonly input: ShardInput };

export type WorkerMessage =
  | { readonly kind: "result"; readonly id: number; readonly output: FileOutput[] }
  | { readonly kind: "error"; readonly id: number; readonly message: string; readonly stack?: string };

const { port, signal } = workerData as WorkerSetup;

function send(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

let current = -1;
process.on("uncaughtException", (e) => {
  send({ kind: "error", id: current, message: e.message, stack: e.stack });
});

parentPort!.on("message", ({ id, input }: WorkerRequest) => {
  current = id;
  try {
    // Progress is a shared counter the caller reads when it wakes: no message per file.
    const output = emitShard({ ...input, onFileDone: () => Atomics.add(signal, 1, 1) });
    send({ kind: "result", id, output }, transferables(output));
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    send({ kind: "error", id, message: error.message, stack: error.stack });
  }
});
