// BENCH_ONLY=threads npm run bench: does generating on worker threads pay off on this machine?
// Cold: the `awscc-ts generate` CLI as a process (what `npm run generate` costs), with
// AWSCC_GENERATE_WORKERS=0 (one thread) and 1 (two threads). Warm: full runs in one process, into
// memory (tmpfs), with workers 0 and 1. Runs are interleaved so load on the machine hits both
// sides alike; each figure is a median, and the ratio two threads / one thread is what decides.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../cfn/paths.js";
import { generate } from "../generator/pipeline/generate.js";

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function seconds(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function cliRun(outDir: string, workers: number): number {
  const cli = path.join(repoRoot, "cli/main.ts");
  const tsx = path.join(repoRoot, "node_modules/tsx/dist/cli.mjs");
  return seconds(() =>
    execFileSync(process.execPath, [tsx, cli, "generate", "--full", "--out", outDir], {
      env: { ...process.env, AWSCC_GENERATE_WORKERS: String(workers) },
      stdio: "ignore",
    }),
  );
}

export interface ThreadFigures {
  readonly coldOne: number;
  readonly coldTwo: number;
  readonly warmOne: number;
  readonly warmTwo: number;
}

export function benchThreads(runs: number): ThreadFigures {
  const base = fs.existsSync("/dev/shm") ? "/dev/shm" : path.join(repoRoot, ".cache");
  const scratch = fs.mkdtempSync(path.join(base, "awscc-threads-"));
  try {
    const cold: Record<number, number[]> = { 0: [], 1: [] };
    const warm: Record<number, number[]> = { 0: [], 1: [] };
    for (let i = 0; i < runs; i++) {
      for (const workers of [0, 1])
        cold[workers]!.push(cliRun(path.join(scratch, `cli-${workers}`), workers));
    }
    // One untimed run per setting first: the warm figures leave out loading the generator.
    for (const workers of [0, 1])
      generate({ outDir: path.join(scratch, `warm-${workers}`), full: true, workers });
    for (let i = 0; i < runs; i++) {
      for (const workers of [0, 1]) {
        warm[workers]!.push(
          seconds(() => generate({ outDir: path.join(scratch, `warm-${workers}`), full: true, workers })),
        );
      }
    }
    return {
      coldOne: median(cold[0]!),
      coldTwo: median(cold[1]!),
      warmOne: median(warm[0]!),
      warmTwo: median(warm[1]!),
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function printThreads(f: ThreadFigures): void {
  const ratio = (two: number, one: number): string => `${(two / one).toFixed(2)}x`;
  console.log(
    `generate, cold CLI process: one thread ${f.coldOne.toFixed(2)} s, two threads ${f.coldTwo.toFixed(2)} s = ${ratio(f.coldTwo, f.coldOne)}`,
  );
  console.log(
    `generate, warm in memory:   one thread ${f.warmOne.toFixed(2)} s, two threads ${f.warmTwo.toFixed(2)} s = ${ratio(f.warmTwo, f.warmOne)}`,
  );
}
