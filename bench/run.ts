// npm run bench: generation speed and a directory refresh of the schema cache, each as a ratio
// against a baseline measured in the same run, the typecheck time of generated/, and the size of the
// generated tree; then the provider binary and Terraform at 200 and 1,000 resources.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot, resolveSchemasDir } from "../cfn/paths.js";
import { listSchemaFiles } from "../cfn/read-schemas.js";
import { generate } from "../generator/pipeline/generate.js";
import { findTerraform } from "../test/e2e/harness.js";
import { benchProvider } from "./provider.js";
import { benchProviderCalls } from "./provider-calls.js";
import { benchKinds } from "./scale-configs.js";
import { benchSchemaRefresh, type RefreshBench } from "./schema-refresh.js";
import { benchTerraformPlan } from "./terraform-plan.js";
import { benchTerraformStartup } from "./terraform-startup.js";
import { secondsWithoutProvider } from "./free-provider.js";
import { benchTerraformScale, type CommandFigures, type ScaleBench } from "./terraform-scale.js";
import { RUNTIME_PACKAGE } from "../build/node-runtime.js";
import { median } from "./median.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Cold starts are cheap and their times scatter more than the Terraform commands': more of them. */
const START_RUNS = Math.max(RUNS, 11);
/** BENCH_ONLY=generate measures generation alone (no typecheck, binary or terraform figures). */
const ONLY_GENERATE = process.env.BENCH_ONLY === "generate";
/**
 * BENCH_ONLY=provider measures the built binary alone: start → schema, size, and Terraform at 1,000
 * resources (BENCH_TYPES=awscc_a,awscc_b picks the types, BENCH_RESOURCES the count; BENCH_ATTACHED=1
 * also runs the plans through one attached debug-mode provider process).
 */
const ONLY_PROVIDER = process.env.BENCH_ONLY === "provider";
const scratch = path.join(repoRoot, ".cache", "bench");

function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return (performance.now() - t) / 1000;
}

interface TreeFile {
  readonly relative: string;
  readonly size: number;
}

function treeFiles(dir: string): TreeFile[] {
  const out: TreeFile[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push({ relative: path.relative(dir, p), size: fs.statSync(p).size });
    }
  };
  walk(dir);
  return out;
}

/**
 * Read + parse every schema, then replace a tree of files with the generator's layout and sizes
 * (same folders, names and byte counts), as the generator's full run does.
 */
function baseline(layout: readonly TreeFile[], out: string): number {
  const dir = resolveSchemasDir();
  return time(() => {
    for (const f of listSchemaFiles(dir)) JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
    fs.rmSync(out, { recursive: true, force: true });
    for (const f of layout) {
      const target = path.join(out, f.relative);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, "x".repeat(f.size));
    }
  });
}

/** Baseline and generation, interleaved, each after a `sync` so one run's write-back is not billed to the next. */
function compare(
  layout: readonly TreeFile[],
  genOut: string,
  baseOut: string,
): { gen: number; base: number } {
  const generation: number[] = [];
  const baselines: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    execFileSync("sync");
    baselines.push(baseline(layout, baseOut));
    execFileSync("sync");
    generation.push(time(() => generate({ outDir: genOut, full: true })));
  }
  return { gen: median(generation), base: median(baselines) };
}

/** A target's verdict, printed beside its figure so that a run shows at once what slipped. */
const met = (ok: boolean): string => (ok ? "met" : "NOT met");

function printGeneration(
  layout: readonly TreeFile[],
  gen: number,
  base: number,
  inMemory: { gen: number; base: number } | undefined,
  cold: number,
): void {
  const tsBytes = { files: layout.length, bytes: layout.reduce((a, f) => a + f.size, 0) };
  const schemaJson = layout.find((f) => f.relative === "provider-schema.json")?.size ?? 0;
  const mb = (n: number): string => (n / 1e6).toFixed(1);
  console.log(`schemas: ${listSchemaFiles(resolveSchemasDir()).length}, runs: ${RUNS} (medians)`);
  console.log(
    `baseline (read+parse all schemas, write ${layout.length} files of the same layout and sizes): ${base.toFixed(2)} s`,
  );
  console.log(
    `full generation:   ${gen.toFixed(2)} s  = ${(gen / base).toFixed(2)}x baseline   (target <= 5x and < 20 s: ${met(gen / base <= 5 && gen < 20)})`,
  );
  if (inMemory) {
    console.log(
      `  in memory (tmpfs): baseline ${inMemory.base.toFixed(2)} s, generation ${inMemory.gen.toFixed(2)} s = ${(inMemory.gen / inMemory.base).toFixed(2)}x`,
    );
  }
  console.log(`full generation, first run in the process (cold): ${cold.toFixed(2)} s`);
  console.log(
    `generated tree: ${mb(tsBytes.bytes)} MB in ${tsBytes.files} files; TypeScript modules ${mb(tsBytes.bytes - schemaJson)} MB, provider-schema.json ${mb(schemaJson)} MB   (target < 16 MB: ${met(tsBytes.bytes < 16e6)})`,
  );
}

function printRefresh(r: RefreshBench): void {
  console.log(
    `refresh-schemas --from-dir of ${r.schemas} schemas into an empty cache: ${r.refreshSeconds.toFixed(2)} s = ${(r.refreshSeconds / r.baselineSeconds).toFixed(2)}x baseline (read, parse and write back every schema: ${r.baselineSeconds.toFixed(2)} s)`,
  );
}

async function main(): Promise<void> {
  if (ONLY_PROVIDER) {
    await benchBinaryAndScale();
    return;
  }
  fs.mkdirSync(scratch, { recursive: true });
  const outDir = path.join(repoRoot, ".test-out-bench");
  // The first run pays for loading and compiling the generator (what a CLI run pays once).
  const cold = time(() => generate({ outDir, full: true }));
  const layout = treeFiles(outDir);
  const { gen, base } = compare(layout, outDir, path.join(scratch, "baseline"));
  // The same pair in memory (tmpfs), where this VM's disk write-back cannot swing the figures.
  const shm = fs.existsSync("/dev/shm") ? fs.mkdtempSync("/dev/shm/awscc-bench-") : undefined;
  const inMemory = shm ? compare(layout, path.join(shm, "generated"), path.join(shm, "baseline")) : undefined;
  if (shm) fs.rmSync(shm, { recursive: true, force: true });
  const refresh = await benchSchemaRefresh(scratch, RUNS);

  if (ONLY_GENERATE) {
    printGeneration(layout, gen, base, inMemory, cold);
    printRefresh(refresh);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
    return;
  }
  fs.writeFileSync(
    path.join(outDir, "tsconfig.json"),
    JSON.stringify({ extends: "../tsconfig.json", include: ["./**/*.ts"] }),
  );
  const tsc = path.join(repoRoot, "node_modules/typescript/bin/tsc");
  const typecheck = time(() =>
    execFileSync(process.execPath, [tsc, "-p", path.join(outDir, "tsconfig.json")], { stdio: "inherit" }),
  );
  fs.rmSync(path.join(outDir, "tsconfig.json"));

  printGeneration(layout, gen, base, inMemory, cold);
  printRefresh(refresh);
  console.log(
    `typecheck of generated tree: ${typecheck.toFixed(1)} s   (target < 60 s: ${met(typecheck < 60)})`,
  );
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });

  if (!(await benchBinaryAndScale())) return;
  const t = await benchTerraformPlan();
  console.log(`terraform plan, empty config (baseline): ${t.emptySeconds.toFixed(1)} s`);
  console.log(
    `terraform plan, 200 resources to create: ${t.planSeconds.toFixed(1)} s = ${(t.planSeconds / t.emptySeconds).toFixed(1)}x baseline`,
  );
  console.log(
    `terraform plan, 200 resources applied (200 reads): ${t.appliedPlanSeconds.toFixed(1)} s = ${(t.appliedPlanSeconds / t.emptySeconds).toFixed(1)}x baseline`,
  );
}

/** The binary's figures, then Terraform at 1,000 resources; false when either could not run. */
async function benchBinaryAndScale(): Promise<boolean> {
  const binary = path.join(repoRoot, "dist/terraform-provider-awscc");
  if (!fs.existsSync(binary)) {
    console.log("provider binary: not built (run `npm run build`); skipped");
    return false;
  }
  const p = await benchProvider(binary, START_RUNS);
  const runtime = path.join(repoRoot, "node_modules", RUNTIME_PACKAGE, "bin/node");
  const runtimeMb = fs.existsSync(runtime) ? (fs.statSync(runtime).size / 1e6).toFixed(1) : "?";
  console.log(
    `provider binary: ${p.binaryMb.toFixed(1)} MB   (target <= 100 MB; the ${RUNTIME_PACKAGE} runtime alone: ${runtimeMb} MB before stripping)`,
  );
  console.log(
    `  cold start → handshake line: ${p.handshakeMs.toFixed(0)} ms (medians of ${START_RUNS} starts)`,
  );
  console.log(
    `  cold start → GetProviderSchema answered: ${p.schemaMs.toFixed(0)} ms   (target <= 150 ms: ${p.schemaMs <= 150 ? "met" : "NOT met"})`,
  );
  console.log(`  RSS after the schema: ${p.rssMb.toFixed(0)} MB`);
  if (findTerraform()) {
    const t = await benchTerraformStartup(START_RUNS);
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log(
      `  as Terraform sees it (its own trace log of \`terraform validate\` of one log group, medians of ${START_RUNS}): start → handshake line read ${ms(t.handshakeMs)}, first call ${ms(t.firstCallMs)}, GetProviderSchema served ${ms(t.servedMs)}; Terraform has the answer unmarshalled at ${ms(t.receivedMs)} and its schemas converted and checked at ${ms(t.convertedMs)}; each later process (the schema from Terraform's cache): handshake line read ${ms(t.cachedHandshakeMs)}, first call ${ms(t.cachedFirstCallMs)}`,
    );
  }
  const { names } = await benchKinds();
  const calls = await benchProviderCalls(binary, names, RUNS);
  console.log(
    `  provider CPU per ValidateResourceConfig + PlanResourceChange pair: ${calls.firstPairsMs.toFixed(2)} ms over a fresh process's first 500, ${calls.steadyPairsMs.toFixed(2)} ms over the next 1,500 (${(calls.firstPairsMs / calls.steadyPairsMs).toFixed(1)}x: the process warming up)`,
  );

  if (!findTerraform()) {
    console.log("terraform: not on PATH; skipped");
    return false;
  }
  printScale(await benchTerraformScale(RUNS, undefined, process.env.BENCH_ATTACHED === "1"));
  return true;
}

/**
 * Each provider process's span with its CPU and Terraform's meanwhile, the time with no provider
 * process, and the lower bound a provider costing nothing would give (bench/free-provider.ts).
 */
function phases(c: CommandFigures, floor: CommandFigures): string {
  const spans = c.spans
    .map(
      (p) =>
        `${(p.lastSeen - p.firstSeen).toFixed(2)} s (provider ${p.cpuSeconds.toFixed(2)}, terraform ${p.terraformCpuSeconds.toFixed(2)}, emulator ${p.emulatorCpuSeconds.toFixed(2)} CPU s)`,
    )
    .join(", ");
  const alone = secondsWithoutProvider(c.seconds, c.providerAlive);
  return (
    `provider processes: ${spans}; no provider process: ${alone.toFixed(2)} s\n` +
    `    with a provider costing nothing, at best ${c.freeProviderSeconds.toFixed(1)} s = ${(c.freeProviderSeconds / floor.seconds).toFixed(2)}x floor`
  );
}

function printScale(s: ScaleBench): void {
  const n = s.resources.toLocaleString("en");
  const verdict = (ratio: number, target: number) =>
    `(target <= ${target}x: ${ratio <= target ? "met" : "NOT met"})`;
  const cpu = (c: CommandFigures) =>
    `provider ${c.provider.cpuSeconds.toFixed(1)} CPU s in ${c.provider.processes} processes (peak RSS ${c.provider.peakRssMb.toFixed(0)} MB), terraform ${c.terraformCpuSeconds.toFixed(1)} CPU s, emulator and bench sampling ${c.emulatorCpuSeconds.toFixed(1)} CPU s`;
  console.log(
    `terraform at ${n} resources of ${s.types.join(", ")}; floor: ${n} terraform_data with the same provider block (medians of ${RUNS}, interleaved)`,
  );
  const planRatio = s.plan.seconds / s.floorPlan.seconds;
  console.log(`  floor plan from empty state: ${s.floorPlan.seconds.toFixed(1)} s   ${cpu(s.floorPlan)}`);
  console.log(
    `  plan from empty state: ${s.plan.seconds.toFixed(1)} s = ${planRatio.toFixed(2)}x floor   ${verdict(planRatio, 1.5)}`,
  );
  console.log(`    ${cpu(s.plan)}`);
  console.log(`    ${phases(s.plan, s.floorPlan)}`);
  const refreshRatio = s.refreshPlan.seconds / s.floorRefreshPlan.seconds;
  console.log(
    `  floor plan after apply: ${s.floorRefreshPlan.seconds.toFixed(1)} s   ${cpu(s.floorRefreshPlan)}`,
  );
  console.log(
    `  plan after apply (${n} refreshes): ${s.refreshPlan.seconds.toFixed(1)} s = ${refreshRatio.toFixed(2)}x floor   ${verdict(refreshRatio, 2)}`,
  );
  console.log(`    ${cpu(s.refreshPlan)}`);
  console.log(`    ${phases(s.refreshPlan, s.floorRefreshPlan)}`);
  const peak = Math.max(
    s.plan.provider.peakRssMb,
    s.refreshPlan.provider.peakRssMb,
    s.apply.provider.peakRssMb,
  );
  if (s.attached) {
    const against = (c: CommandFigures, floor: CommandFigures) =>
      `${c.seconds.toFixed(1)} s = ${(c.seconds / floor.seconds).toFixed(2)}x floor   provider ${c.provider.cpuSeconds.toFixed(1)} CPU s, terraform ${c.terraformCpuSeconds.toFixed(1)} CPU s`;
    console.log(`  through one attached debug-mode process (warm, never restarted, no TLS):`);
    console.log(`    plan from empty state: ${against(s.attached.plan, s.floorPlan)}`);
    console.log(`    plan after apply: ${against(s.attached.refreshPlan, s.floorRefreshPlan)}`);
  }
  console.log(`  floor apply (${n} creates): ${s.floorApply.seconds.toFixed(1)} s   ${cpu(s.floorApply)}`);
  console.log(
    `  apply (${n} creates): ${s.apply.seconds.toFixed(1)} s = ${(s.apply.seconds / s.floorApply.seconds).toFixed(2)}x floor (one run each, no target)   ${cpu(s.apply)}`,
  );
  console.log(
    `  provider peak RSS over plan, apply and refresh: ${peak.toFixed(0)} MB   (target <= 200 MB: ${peak <= 200 ? "met" : "NOT met"})`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
