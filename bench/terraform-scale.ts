// `terraform plan` and `apply` of 1,000 resources of several real types against the emulator
// (operations complete on the first poll), each beside the same command on an empty configuration
// measured in the same run, with the provider's CPU and peak memory during the plan.
import fs from "node:fs";
import path from "node:path";
import { providerBinary, TerraformWorkspace } from "../test/e2e/harness.js";
import { measureProviderUsage, type ProviderUsage } from "./provider-usage.js";

export const SCALE_RESOURCES = 1000;

/** One resource of each kind in turn: a mix of small and nested attributes, tags and JSON. */
const KINDS: ((i: number) => string)[] = [
  (i) =>
    `resource "awscc_logs_log_group" "r${i}" {\n  log_group_name    = "scale-${i}"\n  retention_in_days = 7\n  tags = [{ key = "n", value = "${i}" }]\n}\n`,
  (i) =>
    `resource "awscc_sqs_queue" "r${i}" {\n  queue_name                 = "scale-${i}"\n  visibility_timeout         = 60\n  tags = [{ key = "n", value = "${i}" }]\n}\n`,
  (i) =>
    `resource "awscc_sns_topic" "r${i}" {\n  topic_name   = "scale-${i}"\n  display_name = "topic ${i}"\n}\n`,
  (i) =>
    `resource "awscc_iam_role" "r${i}" {\n  role_name = "scale-${i}"\n  assume_role_policy_document = jsonencode({\n    Version   = "2012-10-17"\n    Statement = [{ Effect = "Allow", Principal = { Service = "lambda.amazonaws.com" }, Action = "sts:AssumeRole" }]\n  })\n  max_session_duration = 3600\n}\n`,
  (i) =>
    `resource "awscc_ssm_parameter" "r${i}" {\n  name  = "/scale/p${i}"\n  type  = "String"\n  value = "v${i}"\n}\n`,
];

export function scaleConfig(count: number): string {
  let body = "";
  for (let i = 0; i < count; i++) body += KINDS[i % KINDS.length]!(i) + "\n";
  return body;
}

/**
 * The same number of Terraform's built-in `terraform_data` resources, with the same provider block:
 * Terraform's own per-resource work (graph, evaluation, plan rendering) with no provider calls, the
 * floor a provider cannot go below.
 */
export function terraformOnlyConfig(count: number): string {
  let body = "";
  for (let i = 0; i < count; i++)
    body += `resource "terraform_data" "r${i}" {\n  input = { name = "scale-${i}", tags = [{ key = "n", value = "${i}" }] }\n}\n\n`;
  return body;
}

export interface ScaleBench {
  readonly resources: number;
  readonly emptyPlanSeconds: number;
  /** `terraformOnlyConfig` planned: what Terraform alone costs at this size. */
  readonly terraformOnlyPlanSeconds: number;
  readonly planSeconds: number;
  readonly planUsage: ProviderUsage;
  /** Terraform's own CPU during that plan: what the provider cannot shorten. */
  readonly planTerraformCpuSeconds: number;
  readonly emptyApplySeconds: number;
  readonly applySeconds: number;
  readonly applyUsage: ProviderUsage;
}

/** The real path of the `terraform` on PATH (the one the workspace runs), to find its process. */
function terraformExecutable(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "terraform");
    if (dir && fs.existsSync(candidate)) return fs.realpathSync(candidate);
  }
  throw new Error("terraform is not on PATH");
}

async function timed(ws: TerraformWorkspace, ...args: string[]): Promise<number> {
  const started = performance.now();
  const r = await ws.run(...args);
  if (r.code !== 0) throw new Error(`terraform ${args.join(" ")} failed:\n${r.stderr.slice(0, 4000)}`);
  return (performance.now() - started) / 1000;
}

export async function benchTerraformScale(count = SCALE_RESOURCES): Promise<ScaleBench> {
  const binary = fs.realpathSync(providerBinary);
  const ws = await TerraformWorkspace.create("scale");
  try {
    ws.configure("");
    const emptyPlanSeconds = await timed(ws, "plan", "-parallelism=10");
    const emptyApplySeconds = await timed(ws, "apply", "-auto-approve", "-parallelism=10");
    ws.configure(terraformOnlyConfig(count));
    const terraformOnlyPlanSeconds = await timed(ws, "plan", "-parallelism=10");
    ws.configure(scaleConfig(count));
    const terraform = terraformExecutable();
    const measured = await measureProviderUsage(terraform, () =>
      measureProviderUsage(binary, () => timed(ws, "plan", "-parallelism=10")),
    );
    const plan = measured.result;
    const apply = await measureProviderUsage(binary, () =>
      timed(ws, "apply", "-auto-approve", "-parallelism=10"),
    );
    return {
      resources: count,
      emptyPlanSeconds,
      terraformOnlyPlanSeconds,
      planSeconds: plan.result,
      planUsage: plan.usage,
      planTerraformCpuSeconds: measured.usage.cpuSeconds,
      emptyApplySeconds,
      applySeconds: apply.result,
      applyUsage: apply.usage,
    };
  } finally {
    await ws.dispose();
  }
}
