// Benchmarks of the built provider binary: cold start to handshake, to GetProviderSchema answered,
// resident memory after the schema, and the binary's size.
import fs from "node:fs";
import { launchPlugin } from "../protocol/plugin-client.js";
import { median } from "./median.js";

export interface ProviderBench {
  readonly handshakeMs: number;
  readonly schemaMs: number;
  readonly rssMb: number;
  readonly binaryMb: number;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function once(binary: string): Promise<Omit<ProviderBench, "binaryMb">> {
  const started = performance.now();
  const plugin = await launchPlugin({ command: binary });
  // Undecoded: the figure is the provider's time to answer, not this client's decoding.
  const schema = await plugin.callRaw("GetProviderSchema");
  const schemaMs = performance.now() - started;
  if (schema.length < 1_000_000) throw new Error(`GetProviderSchema answered only ${schema.length} bytes`);
  const rss = rssMb(plugin.child.pid!);
  await plugin.shutdown();
  return { handshakeMs: plugin.handshakeMs, schemaMs, rssMb: rss };
}

export async function benchProvider(binary: string, runs: number): Promise<ProviderBench> {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(binary));
  return {
    handshakeMs: median(results.map((r) => r.handshakeMs)),
    schemaMs: median(results.map((r) => r.schemaMs)),
    rssMb: median(results.map((r) => r.rssMb)),
    binaryMb: fs.statSync(binary).size / 1e6,
  };
}
