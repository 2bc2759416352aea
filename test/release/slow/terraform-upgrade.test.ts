// Upgrading is safe (npm run test:upgrade): a provider built from the older schema snapshot
// (version 0.1.0) applies objects of many types against the emulator serving that snapshot; the
// service then moves to the current snapshot (same objects), the configuration asks for 0.2.0 (the
// provider built from the current snapshot), `terraform init -upgrade` installs it from a
// filesystem mirror, and `terraform plan` must show exactly what the change report
// (`npm run diff`, next-plan.ts) predicts: no change where it says none, the predicted update or
// replacement, and for configurations the new schema refuses, exactly the predicted errors.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { snakeCase } from "change-case";
import { olderSchemasDir, repoRoot, resolveGenerateSchemasDir } from "../../../cfn/paths.js";
import { type RunningEmulator, startEmulator } from "../../../emulator/emulator.js";
import type { DriftChange } from "../../../emulator/control/control.js";
import type { DiffReport } from "../../../generator/diff/diff-report.js";
import {
  ensureProviderBinary,
  providerBinary,
  skipWithoutTerraform,
  terraformEnv,
} from "../../e2e/harness.js";
import { expectationFor } from "../upgrade/expectations.js";
import { buildSnapshotProvider } from "../upgrade/snapshot-build.js";
import { addressOf, type FixtureBlock, PLANNABLE, REFUSED, renderBlock } from "../upgrade/fixture.js";

const OLD_VERSION = "0.1.0";
const NEW_VERSION = "0.2.0";
const log = (line: string) => process.stderr.write(`# ${line}\n`);

interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function terraform(dir: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn("terraform", args, { cwd: dir, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function ok(r: Result, what: string): Result {
  assert.equal(r.code, 0, `${what} failed:\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** A filesystem mirror in the unpacked layout holding both versions. */
function writeMirror(root: string, binaries: Readonly<Record<string, string>>): void {
  const platform = `${process.platform}_${process.arch === "x64" ? "amd64" : process.arch}`;
  for (const [version, binary] of Object.entries(binaries)) {
    const dir = path.join(root, "registry.terraform.io/hashicorp/awscc", version, platform);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(binary, path.join(dir, `terraform-provider-awscc_v${version}`));
    fs.chmodSync(path.join(dir, `terraform-provider-awscc_v${version}`), 0o755);
  }
}

function mainTf(version: string, endpoint: string, blocks: readonly FixtureBlock[]): string {
  return (
    `terraform {\n  required_providers {\n    awscc = { source = "hashicorp/awscc", version = "${version}" }\n  }\n}\n\n` +
    `provider "awscc" {\n  region = "us-east-1"\n  endpoints = {\n    cloudcontrolapi = "${endpoint}"\n    sts = "${endpoint}"\n  }\n}\n\n` +
    blocks.map(renderBlock).join("\n")
  );
}

type StateValues = Record<string, Record<string, unknown>>;

async function stateValues(dir: string, env: NodeJS.ProcessEnv): Promise<StateValues> {
  const r = ok(await terraform(dir, env, "show", "-json"), "terraform show");
  const doc = JSON.parse(r.stdout) as {
    values?: { root_module?: { resources?: { address: string; values: Record<string, unknown> }[] } };
  };
  return Object.fromEntries((doc.values?.root_module?.resources ?? []).map((x) => [x.address, x.values]));
}

interface ResourceChange {
  address: string;
  change: {
    actions: string[];
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    after_unknown?: Record<string, unknown>;
  };
}

function actualOutcome(rc: ResourceChange | undefined): string {
  const actions = rc?.change.actions ?? ["no-op"];
  if (actions.length === 1 && (actions[0] === "no-op" || actions[0] === "read")) return "noChange";
  if (actions.length === 1 && actions[0] === "update") return "update";
  if (actions.includes("delete") && actions.includes("create")) return "replace";
  return actions.join("+");
}

/**
 * Whether a planned value changes what the object has: a known value that differs, or a value that
 * becomes unknown although the object had one. A null value the apply decides (known after apply)
 * is not a change of its own: every update plans those.
 */
function changes(before: unknown, after: unknown, unknown: unknown): boolean {
  if (unknown === true) return before !== null && before !== undefined;
  const unknownOf = (k: string | number): unknown =>
    unknown !== null && typeof unknown === "object" ? (unknown as Record<string, unknown>)[k] : undefined;
  if (Array.isArray(before) && Array.isArray(after)) {
    return before.length !== after.length || before.some((b, i) => changes(b, after[i], unknownOf(i)));
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].some((k) => changes(before[k], after[k], unknownOf(k)));
  }
  return JSON.stringify(before ?? null) !== JSON.stringify(after ?? null);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Top-level attributes the planned change alters (changes()). */
function changedAttributes(rc: ResourceChange): string[] {
  const before = rc.change.before ?? {};
  const after = rc.change.after ?? {};
  const unknown = rc.change.after_unknown ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => changes(before[k], after[k], unknown[k]))
    .sort();
}

/** `address: summary` of each diagnostic of one severity in a `-json` run's output. */
function diagnostics(jsonLines: string, severity: "error" | "warning"): string[] {
  const out: string[] = [];
  for (const line of jsonLines.split("\n")) {
    if (!line.startsWith("{")) continue;
    const msg = JSON.parse(line) as {
      type?: string;
      diagnostic?: { severity: string; summary: string; address?: string; snippet?: { context?: string } };
    };
    if (msg.type !== "diagnostic" || msg.diagnostic?.severity !== severity) continue;
    const context = msg.diagnostic.snippet?.context ?? "";
    const m = /^(resource|data) "([^"]+)" "([^"]+)"/.exec(context);
    const address =
      msg.diagnostic.address ?? (m ? `${m[1] === "data" ? "data." : ""}${m[2]}.${m[3]}` : context);
    out.push(`${address}: ${msg.diagnostic.summary}`);
  }
  return out.sort();
}

/** Runs `npm run diff` (the command maintainers run) and reads its JSON. */
async function changeReport(out: string): Promise<DiffReport> {
  const file = path.join(out, "report.json");
  await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "cli/main.ts",
      "diff",
      olderSchemasDir,
      resolveGenerateSchemasDir(undefined),
      "--json",
      file,
    ],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(fs.readFileSync(file, "utf8")) as DiffReport;
}

describe("upgrading from the provider of the older snapshot", { skip: skipWithoutTerraform }, () => {
  const started = performance.now();
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  let emulator: RunningEmulator | undefined;
  let report: DiffReport;
  let newSchemas = "";
  const workspaces = { plannable: "", refused: "" };
  const priorState: Record<keyof typeof workspaces, StateValues> = { plannable: {}, refused: {} };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-upgrade-"));
    const reportPromise = changeReport(dir);
    ensureProviderBinary();
    newSchemas = path.join(repoRoot, "generated", "cfn-schemas");
    const old = buildSnapshotProvider(olderSchemasDir, log);
    log(`old provider ${old.built ? "built" : "from .cache"}: ${path.relative(repoRoot, old.binary)}`);
    writeMirror(path.join(dir, "mirror"), { [OLD_VERSION]: old.binary, [NEW_VERSION]: providerBinary });
    const cliConfig = path.join(dir, "cli.tfrc");
    fs.writeFileSync(
      cliConfig,
      `provider_installation {\n  filesystem_mirror {\n    path = ${JSON.stringify(path.join(dir, "mirror"))}\n  }\n}\n`,
    );
    env = terraformEnv(cliConfig);
    delete env.TF_PLUGIN_CACHE_DIR;
    const stateFile = path.join(dir, "service-state.json");
    emulator = await startEmulator({ port: 0, seed: 7, schemasDir: old.cfnSchemas, stateFile });
    const endpoint = emulator.url;
    report = await reportPromise;
    for (const [name, blocks] of [
      ["plannable", PLANNABLE],
      ["refused", REFUSED],
    ] as const) {
      const ws = path.join(dir, name);
      fs.mkdirSync(ws);
      workspaces[name] = ws;
      fs.writeFileSync(path.join(ws, "main.tf"), mainTf(OLD_VERSION, endpoint, blocks));
      ok(await terraform(ws, env, "init", "-no-color"), `init ${OLD_VERSION} (${name})`);
      ok(
        await terraform(ws, env, "apply", "-auto-approve", "-no-color"),
        `apply with ${OLD_VERSION} (${name})`,
      );
      if (reportServiceValues(await stateValues(ws, env), blocks)) {
        const refresh = await terraform(ws, env, "apply", "-refresh-only", "-auto-approve", "-no-color");
        ok(refresh, `refresh with ${OLD_VERSION} (${name})`);
      }
      priorState[name] = await stateValues(ws, env);
    }
    log(`applied with ${OLD_VERSION} after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // The service moves to the current snapshot, keeping its objects.
    const port = emulator.port;
    await emulator.stop();
    emulator = await startEmulator({ port, seed: 8, schemasDir: newSchemas, stateFile });
    for (const [name, blocks] of [
      ["plannable", PLANNABLE],
      ["refused", REFUSED],
    ] as const) {
      const ws = workspaces[name];
      fs.writeFileSync(path.join(ws, "main.tf"), mainTf(NEW_VERSION, endpoint, blocks));
      const init = ok(await terraform(ws, env, "init", "-upgrade", "-no-color"), `init -upgrade (${name})`);
      assert.match(
        init.stdout,
        new RegExp(`Installing hashicorp/awscc v${NEW_VERSION.replaceAll(".", "\\.")}`),
      );
    }
  });

  /** The service reports read-only values for some objects (emulator drift on its stored copy). */
  function reportServiceValues(state: StateValues, blocks: readonly FixtureBlock[]): boolean {
    const withValues = blocks.filter((b) => b.serviceValues !== undefined);
    for (const block of withValues) {
      const cfnType = report.changedTypes.find((t) => t.modules.resource === block.type)?.cfnTypeName;
      assert.ok(cfnType, `${block.type} is a changed type of the report`);
      const id = state[addressOf(block)]?.id;
      assert.equal(typeof id, "string", `${addressOf(block)} has an id`);
      const patch = Object.entries(block.serviceValues!).map(([k, v]) => ({
        op: "add",
        path: `/${k}`,
        value: v,
      }));
      emulator!.control.driftUpdate(cfnType, id as string, { patch } as DriftChange);
    }
    return withValues.length > 0;
  }

  after(async () => {
    await emulator?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    log(`upgrade test: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });

  test("the fixture covers changed types, breaking and not, and unchanged ones", () => {
    const changed = new Map(report.changedTypes.map((t) => [t.modules.resource, t]));
    const types = new Set(PLANNABLE.map((b) => b.type));
    const breaking = [...types].filter((t) => changed.get(t)?.breaking);
    const nonBreaking = [...types].filter((t) => changed.has(t) && !changed.get(t)!.breaking);
    const unchanged = [...types].filter((t) => !changed.has(t));
    log(`breaking: ${breaking.join(", ")}`);
    log(`changed, not breaking: ${nonBreaking.join(", ")}`);
    log(`unchanged: ${unchanged.join(", ")}`);
    assert.ok(breaking.length + nonBreaking.length >= 12, "a dozen changed types or more");
    assert.ok(nonBreaking.length >= 3 && unchanged.length >= 3 && breaking.length >= 8);
    // Values the service reported are in the state the upgrade starts from (e.g. the JSON text of
    // devopsagent_service.accessible_resources, typed json before and a map now).
    for (const block of PLANNABLE) {
      for (const key of Object.keys(block.serviceValues ?? {})) {
        const value = priorState.plannable[addressOf(block)]?.[snakeCase(key)];
        assert.ok(
          Array.isArray(value) && value.length > 0,
          `${addressOf(block)}.${snakeCase(key)}: ${JSON.stringify(value)}`,
        );
        log(`before the upgrade: ${addressOf(block)}.${snakeCase(key)} = ${JSON.stringify(value)}`);
      }
    }
  });

  test("the plan after the upgrade shows exactly the predicted changes, and no error", async () => {
    const ws = workspaces.plannable;
    const plan = await terraform(ws, env, "plan", "-json", "-detailed-exitcode", "-out", "upgrade.plan");
    assert.notEqual(
      plan.code,
      1,
      `plan failed:\n${diagnostics(plan.stdout, "error").join("\n")}\n${plan.stderr}`,
    );
    const readable = (await terraform(ws, env, "show", "-no-color", "upgrade.plan")).stdout;
    const shown = ok(await terraform(ws, env, "show", "-json", "upgrade.plan"), "show -json");
    const changes =
      (JSON.parse(shown.stdout) as { resource_changes?: ResourceChange[] }).resource_changes ?? [];
    const byAddress = new Map(changes.map((c) => [c.address, c]));
    const mismatches: string[] = [];
    const predicted = new Map<string, string>();
    let expectChanges = false;
    for (const block of PLANNABLE) {
      const address = addressOf(block);
      const expected = expectationFor(block, report, priorState.plannable[address]);
      predicted.set(address, expected.outcome);
      const rc = byAddress.get(address);
      const actual = actualOutcome(rc);
      if (expected.outcome !== "noChange") expectChanges = true;
      if (actual !== expected.outcome) {
        mismatches.push(
          `${address}: expected ${expected.outcome}, plan shows ${actual}` +
            (rc ? ` (${changedAttributes(rc).join(", ")})` : "") +
            `; report: ${expected.changes.map((c) => `${c.kind} ${c.tfPath ?? c.keyword ?? ""}`).join("; ") || "unchanged"}`,
        );
      } else if (actual === "update" && rc) {
        const got = changedAttributes(rc).filter((k) => k !== "id");
        if (JSON.stringify(got) !== JSON.stringify(expected.updated))
          mismatches.push(
            `${address}: update of ${got.join(", ")}, predicted ${expected.updated.join(", ")}`,
          );
      }
    }
    for (const outcome of ["update", "replace", "noChange"] as const) {
      const these = PLANNABLE.map(addressOf).filter((a) => predicted.get(a) === outcome);
      log(`predicted ${outcome}: ${these.length}${outcome === "noChange" ? "" : ` (${these.join(", ")})`}`);
    }
    assert.deepEqual(mismatches, [], `plan after upgrade:\n${readable}`);
    assert.equal(plan.code, expectChanges ? 2 : 0, readable);
    // No rule predicts a warning: one (e.g. state values dropped during the upgrade) is a broken promise.
    assert.deepEqual(diagnostics(plan.stdout, "warning"), []);
  });

  test("the planned changes apply, and the plan after them is empty", async () => {
    const ws = workspaces.plannable;
    const apply = await terraform(ws, env, "apply", "-no-color", "upgrade.plan");
    assert.equal(apply.code, 0, `apply of the upgrade plan failed:\n${apply.stdout}\n${apply.stderr}`);
    const again = await terraform(ws, env, "plan", "-no-color", "-detailed-exitcode");
    assert.equal(
      again.code,
      0,
      `expected no changes after applying the upgrade plan:\n${again.stdout}\n${again.stderr}`,
    );
  });

  test("configurations the new schema refuses fail with exactly the predicted errors", async () => {
    const ws = workspaces.refused;
    const plan = await terraform(ws, env, "plan", "-json", "-detailed-exitcode");
    assert.equal(plan.code, 1, `expected the plan to fail:\n${plan.stdout}\n${plan.stderr}`);
    const actual = diagnostics(plan.stdout, "error");
    const expected = REFUSED.flatMap((block) => {
      const e = expectationFor(block, report, priorState.refused[addressOf(block)]);
      assert.equal(e.outcome, "error", `${addressOf(block)} is meant to be refused`);
      return e.errors.map((summary) => `${addressOf(block)}: ${summary}`);
    });
    assert.deepEqual(actual.sort(), expected.sort());
  });
});
