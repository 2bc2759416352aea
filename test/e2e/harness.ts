// Drives the real Terraform CLI against the built provider binary (through dev_overrides) and a
// Cloud Control emulator started in this process.
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { generatedTypes } from "../../build/generated-tree.js";
import { repoRoot } from "../../cfn/paths.js";
import { type RunningEmulator, startEmulator } from "../../emulator/emulator.js";
import type { RealismChoice } from "../../emulator/realism/behaviours.js";

export const providerBinary = path.join(repoRoot, "dist/terraform-provider-awscc");

/** The terraform executable on PATH, or undefined (the tests then skip, saying why). */
export function findTerraform(): string | undefined {
  const r = spawnSync("terraform", ["version"], { encoding: "utf8" });
  return r.status === 0 ? "terraform" : undefined;
}

/**
 * Builds dist/terraform-provider-awscc when it is missing or older than the generated tree (and
 * generates the tree first when there is none), so the tests also run right after `npm ci`. Test
 * files run in parallel: a lock folder makes one of them build while the others wait.
 */
export function ensureProviderBinary(): void {
  const lock = path.join(repoRoot, ".cache", "provider-build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    if (isBinaryFresh()) return;
    try {
      fs.mkdirSync(lock);
    } catch {
      sleepSync(250); // another test file is building
      continue;
    }
    try {
      if (!isBinaryFresh()) buildBinary();
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Whether dist/terraform-provider-awscc exists and is newer than everything it is built from. */
export function isBinaryFresh(): boolean {
  const index = path.join(repoRoot, "generated/index.ts");
  if (!fs.existsSync(index) || !fs.existsSync(providerBinary)) return false;
  // Every folder whose code the build bundles or packs.
  const sources = ["provider", "runtime", "protocol", "terraform", "cfn", "build"].map((d) =>
    path.join(repoRoot, d),
  );
  const newest = Math.max(fs.statSync(index).mtimeMs, ...sources.flatMap((d) => newestMtime(d)));
  return fs.statSync(providerBinary).mtimeMs >= newest;
}

function buildBinary(): void {
  const run = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", path.join(repoRoot, script), ...args], {
      cwd: repoRoot,
      stdio: "pipe",
    });
  if (!fs.existsSync(path.join(repoRoot, "generated/index.ts"))) run("cli/main.ts", "generate");
  run("build/build.ts");
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function newestMtime(dir: string): number[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
}

/**
 * The environment every Terraform run of the tests gets: the given CLI configuration, no
 * checkpoint calls or prompts, emulator credentials, and none of the caller's TF_LOG.
 */
export function terraformEnv(cliConfig: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TF_CLI_CONFIG_FILE: cliConfig,
    CHECKPOINT_DISABLE: "1",
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    AWS_ACCESS_KEY_ID: "emulator",
    AWS_SECRET_ACCESS_KEY: "emulator",
    AWS_REGION: "us-east-1",
    // The provider runs the SDK; this is the variable @aws-sdk/core reads to skip its Node warning.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  };
  delete env.TF_LOG;
  // Which types the provider serves is each workspace's choice (WorkspaceOptions.everyType), not
  // the caller's shell's.
  delete env.AWSCC_ONLY_TYPES;
  return env;
}

const COLORED = new Set(["plan", "apply", "destroy", "import", "refresh", "show"]);

export interface TerraformResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** How the workspace's emulator behaves: its realism profile (emulator/README.md) and seed. */
export interface WorkspaceOptions {
  readonly realism?: RealismChoice;
  readonly seed?: number;
  readonly eventualMs?: number;
  /**
   * Serve every type's schema, as a user's provider does by default. Otherwise each command's
   * provider serves only the awscc types the workspace's configuration, state and arguments name
   * (AWSCC_ONLY_TYPES, README#serving-fewer-types): Terraform then skips about 0.6 CPU s of schema
   * work per command, and a type left out would fail the command ("does not support resource type").
   */
  readonly everyType?: boolean;
}

/**
 * The awscc types a command in `dir` can need: those the .tf files name (resource, data and list
 * blocks, import blocks' `to`), those the state holds, and those the arguments address
 * (`terraform import awscc_x.y id`, `-replace=awscc_x.y`). Only the provider's type names count
 * (a value in the state may look like one).
 */
export function awsccTypesInUse(dir: string, args: readonly string[]): string[] {
  const texts = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".tf") || name === "terraform.tfstate")
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
  const found = new Set<string>();
  for (const text of [...texts, ...args]) {
    for (const match of text.matchAll(/\b(awscc_[a-z0-9_]+)(?=[". ])/g)) found.add(match[1]!);
  }
  const known = generatedTypeNames();
  return [...found].filter((name) => known.has(name)).sort();
}

let typeNames: Set<string> | undefined;

/** Every resource and data source name generate wrote (from its manifest; read on first use). */
function generatedTypeNames(): Set<string> {
  typeNames ??= new Set(
    generatedTypes(path.join(repoRoot, "generated")).flatMap((t) => Object.values(t.generated)),
  );
  return typeNames;
}

export class TerraformWorkspace {
  private constructor(
    readonly dir: string,
    readonly emulator: RunningEmulator,
    private readonly env: NodeJS.ProcessEnv,
    private readonly everyType: boolean,
  ) {}

  static async create(label: string, options: WorkspaceOptions = {}): Promise<TerraformWorkspace> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `awscc-e2e-${label}-`));
    const emulator = await startEmulator({
      port: 0,
      seed: options.seed ?? 7,
      ...(options.realism !== undefined ? { realism: options.realism } : {}),
      ...(options.eventualMs !== undefined ? { eventualMs: options.eventualMs } : {}),
    });
    const cliConfig = path.join(dir, "cli.tfrc");
    fs.writeFileSync(
      cliConfig,
      `provider_installation {\n  dev_overrides {\n    "hashicorp/awscc" = ${JSON.stringify(path.dirname(providerBinary))}\n  }\n  direct {}\n}\n`,
    );
    return new TerraformWorkspace(dir, emulator, terraformEnv(cliConfig), options.everyType ?? false);
  }

  /**
   * A workspace whose Terraform installs the provider the way users do (no dev_overrides): from
   * `providerInstallation` (the body of a provider_installation block; empty: Terraform's default,
   * the registry named in the source address), with `extraEnv` (e.g. SSL_CERT_FILE).
   */
  static async createInstalling(
    label: string,
    providerInstallation: string,
    extraEnv: NodeJS.ProcessEnv = {},
  ): Promise<TerraformWorkspace> {
    const ws = await TerraformWorkspace.create(label);
    const cliConfig = path.join(ws.dir, "cli.tfrc");
    fs.writeFileSync(
      cliConfig,
      providerInstallation === "" ? "" : `provider_installation {\n${providerInstallation}\n}\n`,
    );
    ws.setEnv(extraEnv);
    return ws;
  }

  /** Sets (or, with undefined, removes) environment variables of the Terraform commands run from now on. */
  setEnv(extra: NodeJS.ProcessEnv): void {
    for (const [name, value] of Object.entries(extra)) {
      if (value === undefined) delete this.env[name];
      else this.env[name] = value;
    }
  }

  /** Like configure, with the provider's source address and version constraint given. */
  configureSource(source: string, version: string, body: string): void {
    this.configure(body);
    const file = path.join(this.dir, "main.tf");
    const text = fs.readFileSync(file, "utf8");
    fs.writeFileSync(
      file,
      text.replace(
        'awscc = { source = "hashicorp/awscc" }',
        `awscc = { source = ${JSON.stringify(source)}, version = ${JSON.stringify(version)} }`,
      ),
    );
  }

  /** Writes main.tf: the provider block pointing at the emulator, then the given body. */
  configure(body: string): void {
    const provider = `terraform {\n  required_providers {\n    awscc = { source = "hashicorp/awscc" }\n  }\n}\n\nprovider "awscc" {\n  region = "us-east-1"\n  endpoints = {\n    cloudcontrolapi = "${this.emulator.url}"\n    sts             = "${this.emulator.url}"\n  }\n}\n\n`;
    fs.writeFileSync(path.join(this.dir, "main.tf"), provider + body);
  }

  /** Runs `terraform <args>`; commands that print plans get -no-color so output can be matched. */
  run(...args: string[]): Promise<TerraformResult> {
    return this.start(...args).result;
  }

  /** Like run, but hands back the process too (e.g. to send it SIGINT). */
  start(...args: string[]): { child: ChildProcess; result: Promise<TerraformResult> } {
    const [command, ...rest] = args;
    const argv = COLORED.has(command ?? "") ? [command!, "-no-color", ...rest] : args;
    const child = spawn("terraform", argv, { cwd: this.dir, env: this.commandEnv(args) });
    const result = new Promise<TerraformResult>((resolve) => {
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
    return { child, result };
  }

  private commandEnv(args: readonly string[]): NodeJS.ProcessEnv {
    if (this.everyType || this.env.AWSCC_ONLY_TYPES !== undefined) return this.env;
    const types = awsccTypesInUse(this.dir, args);
    return types.length === 0 ? this.env : { ...this.env, AWSCC_ONLY_TYPES: types.join(",") };
  }

  /**
   * The root module's resource instances in the state Terraform wrote (terraform.tfstate), keyed by
   * address: their attribute values (what `terraform show -json` prints as values) and whether they
   * are tainted. Read from the file, not through `terraform show -json`: that is one more Terraform
   * process and provider start-up per call (tests that check what `show` prints run it themselves).
   */
  async state(): Promise<Record<string, { values: Record<string, unknown>; tainted: boolean }>> {
    const file = path.join(this.dir, "terraform.tfstate");
    if (!fs.existsSync(file)) return {};
    return rootModuleInstances(JSON.parse(await fs.promises.readFile(file, "utf8")) as StateFile);
  }

  async dispose(): Promise<void> {
    await this.emulator.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The parts of Terraform's state file format (version 4) that state() reads. */
interface StateFile {
  readonly resources?: readonly {
    readonly module?: string;
    readonly mode: "managed" | "data";
    readonly type: string;
    readonly name: string;
    readonly instances: readonly {
      readonly index_key?: string | number;
      readonly status?: string;
      readonly attributes: Record<string, unknown>;
    }[];
  }[];
}

function rootModuleInstances(
  doc: StateFile,
): Record<string, { values: Record<string, unknown>; tainted: boolean }> {
  const out: Record<string, { values: Record<string, unknown>; tainted: boolean }> = {};
  for (const resource of doc.resources ?? []) {
    if (resource.module) continue;
    const base = `${resource.mode === "data" ? "data." : ""}${resource.type}.${resource.name}`;
    for (const instance of resource.instances) {
      const key = instance.index_key;
      const address = key === undefined ? base : `${base}[${JSON.stringify(key)}]`;
      out[address] = { values: instance.attributes, tainted: instance.status === "tainted" };
    }
  }
  return out;
}

/** Fails when Terraform reports a provider contract violation, whatever the exit code. */
export function assertNoContractViolation(r: TerraformResult): void {
  const text = r.stdout + r.stderr;
  for (const phrase of [
    "Provider produced inconsistent result",
    "Provider produced invalid plan",
    "Provider produced inconsistent final plan",
    "panic:",
  ]) {
    if (text.includes(phrase)) throw new Error(`terraform reported "${phrase}":\n${text}`);
  }
}

/** Why the end-to-end suites are skipped, or false when terraform is on PATH. */
export const skipWithoutTerraform: string | false = findTerraform()
  ? false
  : "terraform is not on PATH: the end-to-end tests need the real CLI";

/**
 * A workspace (built binary, emulator, temp folder) for the enclosing describe: created before its
 * tests, disposed after. Call inside describe; use the returned getter inside tests.
 */
export function useWorkspace(label: string, options: WorkspaceOptions = {}): () => TerraformWorkspace {
  let ws: TerraformWorkspace | undefined;
  before(async () => {
    ensureProviderBinary();
    ws = await TerraformWorkspace.create(label, options);
  });
  after(async () => ws?.dispose());
  return () => {
    if (!ws) throw new Error("workspace not created yet");
    return ws;
  };
}

/** The command succeeded and Terraform reported no contract violation. */
export function ok(r: TerraformResult, what: string): TerraformResult {
  assertNoContractViolation(r);
  assert.equal(r.code, 0, `${what} failed:\n${r.stdout}\n${r.stderr}`);
  return r;
}

export async function assertNoChanges(ws: TerraformWorkspace): Promise<void> {
  const plan = await ws.run("plan", "-detailed-exitcode");
  assertNoContractViolation(plan);
  assert.equal(plan.code, 0, `expected no changes:\n${plan.stdout}\n${plan.stderr}`);
}

/** A provider started by hand in debug mode (`-debug`), for Terraform to attach to. */
export interface DebugProvider {
  readonly child: ChildProcess;
  /** The TF_REATTACH_PROVIDERS value it printed. */
  readonly reattach: string;
  /** Ctrl-C, as its user would; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the binary with -debug and the emulator credentials in its own environment (a provider
 * Terraform attaches to reads its own, not Terraform's); resolves once it has printed its
 * TF_REATTACH_PROVIDERS value.
 */
export async function startDebugProvider(): Promise<DebugProvider> {
  const child = spawn(providerBinary, ["-debug"], {
    env: terraformEnv(""),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const reattach = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = /TF_REATTACH_PROVIDERS='([^']*)'/.exec(out);
      if (found) resolve(found[1]!);
    });
    void exited.then((code) => reject(new Error(`debug provider exited (${code}) before printing:\n${out}`)));
  });
  return {
    child,
    reattach,
    stop: () => {
      child.kill("SIGINT");
      return exited;
    },
  };
}
