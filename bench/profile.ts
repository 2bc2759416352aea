// npm run bench:profile: where the provider's CPU goes during `terraform plan` of BENCH_RESOURCES
// (1,000) resources from empty state and during the plan after apply (the refreshes), per provider
// process, from V8 CPU profiles (NODE_OPTIONS=--cpu-prof, which Terraform hands on to the provider).
// BENCH_TYPES picks the types as for `npm run bench`; BENCH_PROFILE_TOP=N also lists the N
// functions with the most self time in each walk; BENCH_NODE_OPTIONS adds Node/V8 flags to the
// provider's (to try one before building it in).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TerraformWorkspace } from "../test/e2e/harness.js";
import { formatSummary, ProfileReader, type ProfileSummary } from "./cpu-profile.js";
import { benchKinds } from "./scale-configs.js";
import { SCALE_RESOURCES, scaleConfig } from "./terraform-scale.js";

const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 0);
const sourceMap = path.resolve("dist/build/provider.cjs.map");
const reader = new ProfileReader(/terraform-provider-awscc|provider\.cjs/, sourceMap);

async function profiled(ws: TerraformWorkspace, label: string, ...args: string[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-profile-"));
  const extra = process.env.BENCH_NODE_OPTIONS ?? "";
  ws.setEnv({ NODE_OPTIONS: `${extra} --cpu-prof --cpu-prof-dir=${dir}`.trim() });
  const started = performance.now();
  const result = await ws.run(...args);
  const seconds = (performance.now() - started) / 1000;
  ws.setEnv({ NODE_OPTIONS: undefined });
  if (result.code !== 0)
    throw new Error(`terraform ${args.join(" ")} failed:\n${result.stderr.slice(0, 4000)}`);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f));
  const summaries: ProfileSummary[] = files.map((f) => reader.summarise(f)).sort((a, b) => a.cpuMs - b.cpuMs);
  const total = summaries.reduce((sum, s) => sum + s.cpuMs, 0);
  console.log(
    `\n${label}: ${seconds.toFixed(1)} s wall, ${summaries.length} provider processes, ${(total / 1000).toFixed(2)} CPU s`,
  );
  for (const s of summaries) console.log(`  ${formatSummary(s)}`);
  if (TOP > 0) for (const f of files) console.log(reader.topFunctions(f, TOP));
  console.log(`  profiles: ${dir}`);
}

const { names, kinds } = await benchKinds();
const ws = await TerraformWorkspace.create("profile", { everyType: true });
try {
  ws.configure(scaleConfig(SCALE_RESOURCES, kinds));
  console.log(`${SCALE_RESOURCES} resources of ${names.join(", ")}`);
  await profiled(ws, "plan from empty state", "plan", "-parallelism=10");
  const apply = await ws.run("apply", "-auto-approve", "-parallelism=10");
  if (apply.code !== 0) throw new Error(`terraform apply failed:\n${apply.stderr.slice(0, 4000)}`);
  await profiled(ws, "plan after apply", "plan", "-parallelism=10");
} finally {
  await ws.dispose();
}
