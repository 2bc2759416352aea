// `terraform plan` of 1,000 resources from empty state, `apply`, and the plan after it (1,000
// refreshes) against the emulator, each beside the same command on 1,000 of Terraform's own
// `terraform_data` resources with the same provider block, measured in the same run (medians,
// interleaved): Terraform's floor. With the CPU of the provider processes, of Terraform and of the
// emulator (this process) during each command, and the provider's peak memory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { providerBinary, startDebugProvider, TerraformWorkspace } from "../test/e2e/harness.js";
import { freeProviderSeconds, providerAlive, type ProviderAlive } from "./free-provider.js";
import { measureCommandUsage, type ProviderSpan, type ProviderUsage } from "./provider-usage.js";
import { benchKinds, type ResourceBlock } from "./scale-configs.js";

export const SCALE_RESOURCES = Number(process.env.BENCH_RESOURCES ?? 1000);

export function scaleConfig(count: number, kinds: readonly ResourceBlock[]): string {
  let body = "";
  for (let i = 0; i < count; i++) body += kinds[i % kinds.length]!(i) + "\n";
  return body;
}

/**
 * The same number of Terraform's built-in `terraform_data` resources, with the same provider block:
 * Terraform's own per-resource work (graph, evaluation, plan rendering, state) with no provider
 * calls, the floor a provider cannot go below.
 */
export function terraformOnlyConfig(count: number): string {
  let body = "";
  for (let i = 0; i < count; i++)
    body += `resource "terraform_data" "r${i}" {\n  input = { name = "scale-${i}", tags = [{ key = "n", value = "${i}" }] }\n}\n\n`;
  return body;
}

/** One timed command and what ran meanwhile. */
export interface CommandFigures {
  readonly seconds: number;
  readonly provider: ProviderUsage;
  /** Terraform's own CPU seconds. */
  readonly terraformCpuSeconds: number;
  /** This process's CPU seconds: the in-process emulator answering the provider (and the sampling). */
  readonly emulatorCpuSeconds: number;
  /** The provider processes in the order they started, with Terraform's CPU meanwhile. */
  readonly spans: readonly ProviderSpan[];
  /** While a provider process was alive: wall seconds, and Terraform's and the emulator's CPU. */
  readonly providerAlive: ProviderAlive;
  /** A lower bound on `seconds` had the provider cost no CPU (bench/free-provider.ts). */
  readonly freeProviderSeconds: number;
}

export interface ScaleBench {
  readonly resources: number;
  readonly types: readonly string[];
  /** Medians over the runs. */
  readonly floorPlan: CommandFigures;
  readonly plan: CommandFigures;
  readonly floorRefreshPlan: CommandFigures;
  readonly refreshPlan: CommandFigures;
  /** One run each (an apply creates what the plans after it refresh). */
  readonly floorApply: CommandFigures;
  readonly apply: CommandFigures;
  /** The plans against one attached debug-mode process (BENCH_ATTACHED=1). */
  readonly attached?: { readonly plan: CommandFigures; readonly refreshPlan: CommandFigures };
}

/** The real path of the `terraform` on PATH (the one the workspace runs), to find its process. */
function terraformExecutable(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "terraform");
    if (dir && fs.existsSync(candidate)) return fs.realpathSync(candidate);
  }
  throw new Error("terraform is not on PATH");
}

/** One command in `ws`; provider processes in `ignorePids` (used by other workspaces) are not counted. */
async function measured(
  ws: TerraformWorkspace,
  ignorePids: readonly number[],
  ...args: string[]
): Promise<CommandFigures> {
  const binary = fs.realpathSync(providerBinary);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const { result: r, usage } = await measureCommandUsage(
    { terraform: terraformExecutable(), provider: binary },
    () => ws.run(...args),
    { ignorePids },
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // With -detailed-exitcode, 2 means the plan has changes: after an apply that is a bug, and a
  // plan that changes something costs more than the no-change plan the figure stands for.
  if (r.code === 2 && args.includes("-detailed-exitcode"))
    throw new Error(`terraform ${args.join(" ")} planned changes after apply:\n${r.stdout.slice(-4000)}`);
  if (r.code !== 0) throw new Error(`terraform ${args.join(" ")} failed:\n${r.stderr.slice(0, 4000)}`);
  const alive = providerAlive(usage.spans, usage.samples);
  return {
    seconds,
    provider: usage.provider,
    terraformCpuSeconds: usage.terraformCpuSeconds,
    emulatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
    spans: usage.spans,
    providerAlive: alive,
    freeProviderSeconds: freeProviderSeconds(seconds, alive, os.availableParallelism()),
  };
}

/** The run with the median wall time. */
function median(runs: readonly CommandFigures[]): CommandFigures {
  return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)]!;
}

/** Runs the commands in turn, `runs` rounds; the median of each. */
async function interleaved(
  runs: number,
  commands: readonly (() => Promise<CommandFigures>)[],
): Promise<CommandFigures[]> {
  const figures = commands.map((): CommandFigures[] => []);
  for (let i = 0; i < runs; i++)
    for (const [j, command] of commands.entries()) figures[j]!.push(await command());
  return figures.map(median);
}

/**
 * With `attached`, the same commands also run against one provider process started in debug mode
 * and attached through TF_REATTACH_PROVIDERS: warm after its first command, never restarted, and
 * without TLS. It is the best a long-lived provider process shared by Terraform's commands could do.
 */
export async function benchTerraformScale(
  runs: number,
  count = SCALE_RESOURCES,
  attached = false,
): Promise<ScaleBench> {
  const { names, kinds } = await benchKinds();
  // Every type served, as users get it by default (the test harness otherwise serves only the
  // types a configuration names, which would spare the awscc plans a schema phase the floor pays).
  const floor = await TerraformWorkspace.create("scale-floor", { everyType: true });
  const ws = await TerraformWorkspace.create("scale", { everyType: true });
  const warm = attached ? await TerraformWorkspace.create("scale-attached", { everyType: true }) : undefined;
  const debugProvider = warm ? await startDebugProvider() : undefined;
  try {
    floor.configure(terraformOnlyConfig(count));
    ws.configure(scaleConfig(count, kinds));
    warm?.configure(scaleConfig(count, kinds));
    if (warm && debugProvider) warm.setEnv({ TF_REATTACH_PROVIDERS: debugProvider.reattach });
    const workspaces = [floor, ws, ...(warm ? [warm] : [])];
    // The attached process counts for its own workspace's commands only.
    const ignored = (w: TerraformWorkspace) =>
      w !== warm && debugProvider?.child.pid !== undefined ? [debugProvider.child.pid] : [];
    const plan = (w: TerraformWorkspace) => () => measured(w, ignored(w), "plan", "-parallelism=10");
    const planAfterApply = (w: TerraformWorkspace) => () =>
      measured(w, ignored(w), "plan", "-parallelism=10", "-detailed-exitcode");
    const apply = (w: TerraformWorkspace) =>
      measured(w, ignored(w), "apply", "-auto-approve", "-parallelism=10");
    const [floorPlan, awsccPlan, attachedPlan] = await interleaved(runs, workspaces.map(plan));
    const floorApply = await apply(floor);
    const awsccApply = await apply(ws);
    if (warm) await apply(warm);
    const [floorRefreshPlan, refreshPlan, attachedRefreshPlan] = await interleaved(
      runs,
      workspaces.map(planAfterApply),
    );
    return {
      resources: count,
      types: names,
      floorPlan: floorPlan!,
      plan: awsccPlan!,
      floorRefreshPlan: floorRefreshPlan!,
      floorApply,
      refreshPlan: refreshPlan!,
      apply: awsccApply,
      ...(attachedPlan && attachedRefreshPlan
        ? { attached: { plan: attachedPlan, refreshPlan: attachedRefreshPlan } }
        : {}),
    };
  } finally {
    await debugProvider?.stop();
    await warm?.dispose();
    await ws.dispose();
    await floor.dispose();
  }
}
