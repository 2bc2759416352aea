// CPU seconds and peak resident memory of Terraform and of the provider processes it starts,
// sampled from /proc while a command runs (the processes are gone when it returns, so the last
// sample counts), with each provider process's span and Terraform's CPU during it.
import fs from "node:fs";

export interface ProviderUsage {
  /** Distinct provider processes seen. */
  readonly processes: number;
  /** user + system CPU seconds, summed over them. */
  readonly cpuSeconds: number;
  /** The highest VmHWM (peak RSS) among them, in MB. */
  readonly peakRssMb: number;
}

/** One provider process as the sampler saw it. Times are seconds since the work started. */
export interface ProviderSpan {
  readonly firstSeen: number;
  readonly lastSeen: number;
  /** The provider process's own CPU seconds. */
  readonly cpuSeconds: number;
  /** Terraform's CPU seconds between the first and the last sample that saw the provider process. */
  readonly terraformCpuSeconds: number;
  /** This process's CPU seconds meanwhile: the in-process emulator answering, and the sampling. */
  readonly emulatorCpuSeconds: number;
}

/** Summed CPU seconds so far at one sample, `t` seconds after the work started. */
export interface CpuSample {
  readonly t: number;
  /** Terraform's processes. */
  readonly terraform: number;
  /** This process: the in-process emulator answering, and the sampling. */
  readonly emulator: number;
}

export interface CommandUsage {
  readonly provider: ProviderUsage;
  readonly terraformCpuSeconds: number;
  /** The provider processes in the order they started. */
  readonly spans: readonly ProviderSpan[];
  /** Every sample, in order. */
  readonly samples: readonly CpuSample[];
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
export const SETTLED_CHECKS = 3;

type Role = "terraform" | "provider";

/**
 * The pids running either executable, with their role. A pid whose executable was something else
 * three samples in a row is not read again (`checked` counts): the sampler runs every 25 ms beside
 * the work it measures, and a readlink of every process each time was a visible share of that CPU.
 * Three, not one, because a process shows its parent's executable between fork and exec. For the
 * same reason a pid that runs Terraform is read again every time: between fork and exec a provider
 * process Terraform starts shows Terraform's executable, and once seen so it would otherwise be
 * charged to Terraform for good.
 */
export function matchingPids(
  executables: Readonly<Record<Role, string>>,
  checked: Map<string, number | Role>,
): [string, Role][] {
  const pids: [string, Role][] = [];
  for (const pid of fs.readdirSync("/proc")) {
    const known = checked.get(pid) ?? 0;
    if (known === "provider") {
      pids.push([pid, known]);
      continue;
    }
    if (typeof known === "number" && (known >= SETTLED_CHECKS || !/^\d+$/.test(pid))) continue;
    let exe: string;
    try {
      exe = fs.readlinkSync(`/proc/${pid}/exe`);
    } catch {
      // Not ours to read (kernel threads, init), or gone: counted like another executable, since
      // each failed readlink costs an exception, and a machine has dozens of such pids.
      checked.set(pid, typeof known === "number" ? known + 1 : 1);
      continue;
    }
    const role =
      exe === executables.provider ? "provider" : exe === executables.terraform ? "terraform" : undefined;
    if (role) {
      checked.set(pid, role); // a provider process's executable is not read again
      pids.push([pid, role]);
    } else checked.set(pid, typeof known === "number" ? known + 1 : 1);
  }
  return pids;
}

interface Seen {
  /** A pid first seen running Terraform can turn out to be a provider process (matchingPids). */
  role: Role;
  cpu: number;
  hwmKb: number;
  firstSeen: number;
  lastSeen: number;
}

/**
 * Samples every process running Terraform or the provider (real paths) until `work` settles: their
 * CPU and peak RSS, and for each provider process the span it was seen in and Terraform's CPU meanwhile.
 */
export async function measureCommandUsage<T>(
  executables: Readonly<Record<Role, string>>,
  work: () => Promise<T>,
  options: { readonly ignorePids?: readonly number[]; readonly intervalMs?: number } = {},
): Promise<{ result: T; usage: CommandUsage }> {
  const seen = new Map<string, Seen>();
  const checked = new Map<string, number | Role>();
  // Processes of the binary this command does not use (a provider attached by another workspace).
  for (const pid of options.ignorePids ?? []) checked.set(String(pid), SETTLED_CHECKS);
  // A process already running (a provider Terraform attaches to) is charged only what it uses from now on.
  const before = new Map<string, number>();
  for (const [pid] of matchingPids(executables, checked)) {
    const s = readSample(pid);
    if (s) before.set(pid, s.cpu);
  }
  /** Terraform's summed CPU and this process's at each sample, to charge them to the provider spans. */
  const cpuAt: CpuSample[] = [];
  const started = performance.now();
  const sample = (): void => {
    const t = (performance.now() - started) / 1000;
    for (const [pid, role] of matchingPids(executables, checked)) {
      const read = readSample(pid);
      if (!read) continue;
      const s = { ...read, cpu: read.cpu - (before.get(pid) ?? 0) };
      const entry = seen.get(pid);
      // An exiting process's status no longer shows VmHWM: keep the highest seen.
      if (entry)
        Object.assign(entry, { role, cpu: s.cpu, hwmKb: Math.max(entry.hwmKb, s.hwmKb), lastSeen: t });
      else seen.set(pid, { role, ...s, firstSeen: t, lastSeen: t });
    }
    let terraformCpu = 0;
    for (const s of seen.values()) if (s.role === "terraform") terraformCpu += s.cpu;
    const own = process.cpuUsage();
    cpuAt.push({ t, terraform: terraformCpu, emulator: (own.user + own.system) / 1e6 });
  };
  const timer = setInterval(sample, options.intervalMs ?? 25);
  try {
    const result = await work();
    return { result, usage: summarise([...seen.values()], cpuAt) };
  } finally {
    clearInterval(timer);
  }
}

function summarise(seen: readonly Seen[], cpuAt: readonly CpuSample[]): CommandUsage {
  const providers = seen.filter((s) => s.role === "provider");
  const at = (t: number): CpuSample => cpuAt.find((s) => s.t === t) ?? { t, terraform: 0, emulator: 0 };
  return {
    provider: {
      processes: providers.length,
      cpuSeconds: providers.reduce((a, s) => a + s.cpu, 0),
      peakRssMb: Math.max(0, ...providers.map((s) => s.hwmKb)) / 1024,
    },
    terraformCpuSeconds: seen.filter((s) => s.role === "terraform").reduce((a, s) => a + s.cpu, 0),
    spans: providers
      .sort((a, b) => a.firstSeen - b.firstSeen)
      .map((s) => ({
        firstSeen: s.firstSeen,
        lastSeen: s.lastSeen,
        cpuSeconds: s.cpu,
        terraformCpuSeconds: at(s.lastSeen).terraform - at(s.firstSeen).terraform,
        emulatorCpuSeconds: at(s.lastSeen).emulator - at(s.firstSeen).emulator,
      })),
    samples: cpuAt,
  };
}
