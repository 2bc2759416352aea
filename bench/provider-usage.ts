// CPU seconds and peak resident memory of the provider processes Terraform starts, sampled from
// /proc while a command runs (the processes are gone when it returns, so the last sample counts).
import fs from "node:fs";

export interface ProviderUsage {
  /** Distinct provider processes seen. */
  readonly processes: number;
  /** user + system CPU seconds, summed over them. */
  readonly cpuSeconds: number;
  /** The highest VmHWM (peak RSS) among them, in MB. */
  readonly peakRssMb: number;
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** user + system CPU seconds a live process has used so far (all its threads). */
export function processCpuSeconds(pid: number | string): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function readSample(pid: string): { cpu: number; hwmKb: number } | undefined {
  try {
    const cpu = processCpuSeconds(pid);
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const hwmKb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return { cpu, hwmKb };
  } catch {
    return undefined; // exited between listing and reading
  }
}

/** How many times in a row a pid must show another executable before it is no longer read. */
const SETTLED_CHECKS = 3;

/**
 * The pids running `binary`. A pid whose executable was something else three samples in a row is
 * not read again (`checked` counts): the sampler runs every 25 ms beside the work it measures, and a
 * readlink of every process each time was a visible share of that CPU. Three, not one, because a
 * process shows its parent's executable between fork and exec.
 */
function providerPids(binary: string, checked: Map<string, number>): string[] {
  const pids: string[] = [];
  for (const pid of fs.readdirSync("/proc")) {
    const misses = checked.get(pid) ?? 0;
    if (misses >= SETTLED_CHECKS || !/^\d+$/.test(pid)) continue;
    try {
      if (misses >= 0 && fs.readlinkSync(`/proc/${pid}/exe`) !== binary) {
        checked.set(pid, misses + 1);
        continue;
      }
    } catch {
      continue; // not ours to read, or gone
    }
    checked.set(pid, -1); // runs the binary: no need to read it again
    pids.push(pid);
  }
  return pids;
}

/** Samples every provider process running `binary` (a real path) until `work` settles. */
export async function measureProviderUsage<T>(
  binary: string,
  work: () => Promise<T>,
  intervalMs = 25,
): Promise<{ result: T; usage: ProviderUsage }> {
  const seen = new Map<string, { cpu: number; hwmKb: number }>();
  const checked = new Map<string, number>();
  const sample = (): void => {
    for (const pid of providerPids(binary, checked)) {
      const s = readSample(pid);
      if (s) seen.set(pid, s);
    }
  };
  const timer = setInterval(sample, intervalMs);
  try {
    const result = await work();
    return {
      result,
      usage: {
        processes: seen.size,
        cpuSeconds: [...seen.values()].reduce((a, s) => a + s.cpu, 0),
        peakRssMb: Math.max(0, ...[...seen.values()].map((s) => s.hwmKb)) / 1024,
      },
    };
  } finally {
    clearInterval(timer);
  }
}
