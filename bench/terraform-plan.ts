// `terraform plan` through the built provider against the emulator: a config with 200 resources,
// beside a config with none (Terraform and provider start-up) measured in the same run.
import { TerraformWorkspace } from "../test/e2e/harness.js";

const RESOURCES = 200;

function config(count: number): string {
  let body = "";
  for (let i = 0; i < count; i++) {
    body += `resource "awscc_logs_log_group" "g${i}" {\n  log_group_name    = "bench-${i}"\n  retention_in_days = 7\n  tags = [{ key = "n", value = "${i}" }]\n}\n\n`;
  }
  return body;
}

async function timedPlan(ws: TerraformWorkspace): Promise<number> {
  const started = performance.now();
  const r = await ws.run("plan", "-refresh=true", "-parallelism=10");
  if (r.code !== 0) throw new Error(`terraform plan failed:\n${r.stderr}`);
  return (performance.now() - started) / 1000;
}

export interface PlanBench {
  readonly emptySeconds: number;
  readonly planSeconds: number;
  readonly appliedPlanSeconds: number;
}

/** Plans 200 creates, applies them, then plans again with 200 refreshes (no changes). */
export async function benchTerraformPlan(): Promise<PlanBench> {
  const ws = await TerraformWorkspace.create("bench", { everyType: true });
  try {
    ws.configure("");
    const emptySeconds = await timedPlan(ws);
    ws.configure(config(RESOURCES));
    const planSeconds = await timedPlan(ws);
    const apply = await ws.run("apply", "-auto-approve", "-parallelism=10");
    if (apply.code !== 0) throw new Error(`terraform apply failed:\n${apply.stderr}`);
    const appliedPlanSeconds = await timedPlan(ws);
    return { emptySeconds, planSeconds, appliedPlanSeconds };
  } finally {
    await ws.dispose();
  }
}
