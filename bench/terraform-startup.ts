// A provider's start-up as Terraform itself sees it, read from Terraform's own trace log
// (TF_LOG=trace) of `terraform validate` of one resource: when it started each provider process,
// when it read the handshake line, when its first call went out, and for the process that answers
// GetProviderSchema, how long Terraform then took to receive and unmarshal the answer and to turn it
// into its schemas. The start-up figure of bench/provider.ts comes from this project's own gRPC
// client, whose receipt of the 11 MB answer is slower than Terraform's; this one has none of it.
// (Trace logging costs Terraform and the provider a little: if anything these figures are high.)
import { TerraformWorkspace } from "../test/e2e/harness.js";
import { median } from "./median.js";

/** One provider process of a Terraform command, in milliseconds from Terraform starting it. */
export interface ProcessTimeline {
  /** Terraform has read the handshake line ("using plugin"). */
  readonly handshakeMs: number;
  /** Terraform's first call to it went out; undefined when the log shows none. */
  readonly firstCallMs?: number;
}

/** The process that answered GetProviderSchema, in milliseconds from Terraform starting it. */
export interface SchemaTimeline {
  readonly handshakeMs: number;
  /** GetProviderSchema went out. */
  readonly firstCallMs: number;
  /** The provider's log says the call was served (its own timestamp); absent when its line is. */
  readonly servedMs?: number;
  /** Terraform has the unmarshalled answer ("No provider meta schema returned"). */
  readonly receivedMs: number;
  /** Terraform has converted and checked every schema and closes the process. */
  readonly convertedMs: number;
}

export interface StartupTimeline {
  readonly schema: SchemaTimeline;
  /** The processes started after it, which take the schema from Terraform's cache. */
  readonly cached: readonly ProcessTimeline[];
}

interface LogLine {
  readonly ms: number;
  readonly text: string;
}

const TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z) /;

function logLines(log: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of log.split("\n")) {
    const match = TIMESTAMP.exec(text);
    if (match) lines.push({ ms: Date.parse(match[1]!), text });
  }
  return lines;
}

/** The provider's own `timestamp=` field of a relayed line (Terraform's prefix is when it relayed it). */
function providerTimestamp(line: LogLine): number {
  const match = / timestamp=(\S+)/.exec(line.text);
  return match ? Date.parse(match[1]!) : line.ms;
}

/**
 * The timeline of each provider process in a trace log of one Terraform command. Throws, naming the
 * missing line, when the log does not have what a timeline needs (another Terraform version may
 * word its log differently).
 */
export function startupTimeline(log: string): StartupTimeline {
  const lines = logLines(log);
  const processes: ProcessTimeline[] = [];
  let schema: SchemaTimeline | undefined;
  const find = (from: number, pattern: RegExp): number => {
    for (let i = from; i < lines.length; i++) if (pattern.test(lines[i]!.text)) return i;
    return -1;
  };
  for (let start = find(0, /provider: starting plugin:/); start >= 0;) {
    const next = find(start + 1, /provider: starting plugin:/);
    const end = next >= 0 ? next : lines.length;
    const within = (index: number): boolean => index >= 0 && index < end;
    const t0 = lines[start]!.ms;
    const using = find(start, /provider: using plugin:/);
    if (!within(using)) throw new Error(`no "using plugin" line after the start at ${start}`);
    const handshakeMs = lines[using]!.ms - t0;
    // Terraform's own lines come in order; the provider's, which Terraform relays from its stderr,
    // may come later (even after the next process started), so they only add the served time.
    const schemaCall = find(using, /GRPCProvider\.v6: GetProviderSchema$/);
    const received = find(using, /No provider meta schema returned/);
    if (schema === undefined && within(schemaCall) && within(received)) {
      const closed = find(received, /GRPCProvider\.v6: Close$/);
      if (!within(closed)) throw new Error(`no "Close" line after the schema was received`);
      const served = find(using, /Served request: tf_rpc=GetProviderSchema/);
      schema = {
        handshakeMs,
        firstCallMs: lines[schemaCall]!.ms - t0,
        ...(served >= 0 ? { servedMs: providerTimestamp(lines[served]!) - t0 } : {}),
        receivedMs: lines[received]!.ms - t0,
        convertedMs: lines[closed]!.ms - t0,
      };
    } else {
      // A process that takes the schema from Terraform's cache gets another call first.
      const call = find(using, /GRPCProvider\.v6: (?!GetProviderSchema\b)[A-Z]\w+$/);
      processes.push({ handshakeMs, ...(within(call) ? { firstCallMs: lines[call]!.ms - t0 } : {}) });
    }
    start = next;
  }
  if (!schema) throw new Error("no provider process answered GetProviderSchema");
  return { schema, cached: processes };
}

/** Medians over `runs` of `terraform validate` of one log group (every type served). */
export interface StartupFigures {
  readonly handshakeMs: number;
  readonly firstCallMs: number;
  readonly servedMs: number;
  readonly receivedMs: number;
  readonly convertedMs: number;
  /** Start → handshake read and → first call of the processes that take the cached schema. */
  readonly cachedHandshakeMs: number;
  readonly cachedFirstCallMs: number;
}

export async function benchTerraformStartup(runs: number): Promise<StartupFigures> {
  const ws = await TerraformWorkspace.create("startup", { everyType: true });
  try {
    ws.configure(`resource "awscc_logs_log_group" "a" {\n  log_group_name = "startup"\n}\n`);
    ws.setEnv({ TF_LOG: "trace" });
    const timelines: StartupTimeline[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await ws.run("validate");
      if (result.code !== 0) throw new Error(`terraform validate failed:\n${result.stderr.slice(-4000)}`);
      timelines.push(startupTimeline(result.stderr));
    }
    const cached = timelines.flatMap((t) => t.cached);
    const of = (pick: (t: SchemaTimeline) => number | undefined): number =>
      median(timelines.map((t) => pick(t.schema)));
    return {
      handshakeMs: of((s) => s.handshakeMs),
      firstCallMs: of((s) => s.firstCallMs),
      servedMs: of((s) => s.servedMs),
      receivedMs: of((s) => s.receivedMs),
      convertedMs: of((s) => s.convertedMs),
      cachedHandshakeMs: median(cached.map((p) => p.handshakeMs)),
      cachedFirstCallMs: median(cached.map((p) => p.firstCallMs)),
    };
  } finally {
    await ws.dispose();
  }
}
