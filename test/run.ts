// The test command (`npm test`, `npm run test:corpus`): builds the provider binary once and runs
// the test files in parallel processes, the Terraform end-to-end files first because they are the
// longest (a long file started last would run alone at the end). In the whole suite the short unit
// files share processes, a few to each (test/process-groups.ts). When the binary has to be built,
// the build runs in the background while the files that do not use the binary run, and those that
// do come after them (they wait for the build on ensureProviderBinary's lock).
//
//   npm test                  every test/<area>/*.test.ts
//   npm run test:corpus       every test/<area>/*.corpus.ts (whole-corpus sweeps)
//   npm test -- FILE...       just these files
// (package.json runs `node bin/node.mjs --import tsx test/run.ts …`: on the Node the binary embeds)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { findTerraform, isBinaryFresh } from "./e2e/harness.js";
import { canShareProcess, inGroups, writeGroupEntries } from "./process-groups.js";

const testRoot = path.dirname(new URL(import.meta.url).pathname);

/** Files whose name or folder says they drive the Terraform CLI run first. */
const LONG_FIRST = [/\/e2e\//, /terraform/];

function isLong(file: string): boolean {
  return LONG_FIRST.some((pattern) => pattern.test(file));
}

/**
 * Test processes at a time: one more than the cores. An end-to-end file spends part of its time
 * waiting (Terraform and provider processes starting and exiting, emulator latency and hang
 * faults), so one process per core leaves cores idle; more than that starves the tests that check
 * real-time deadlines (a create finishing within timeouts.create, a janitor cancelling stuck
 * requests) on a loaded machine. TEST_CONCURRENCY overrides it.
 */
function concurrency(): number {
  const fromEnv = Number(process.env.TEST_CONCURRENCY);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : os.availableParallelism() + 1;
}

function filesEndingWith(suffix: string): string[] {
  return fs
    .readdirSync(testRoot, { withFileTypes: true })
    .filter((area) => area.isDirectory())
    .flatMap((area) =>
      fs
        .readdirSync(path.join(testRoot, area.name))
        .filter((name) => name.endsWith(suffix))
        .map((name) => path.join(testRoot, area.name, name)),
    )
    .sort();
}

/** Names that show a test file starts or reads the built binary (directly or through the harness). */
const USES_BINARY = /\b(ensureProviderBinary|providerBinary|useWorkspace|TerraformWorkspace)\b/;

function usesBinary(file: string, source: string): boolean {
  return /\/(e2e|protocol)\//.test(file) || USES_BINARY.test(source);
}

function longFirst(files: string[]): string[] {
  return [...files.filter(isLong), ...files.filter((file) => !isLong(file))];
}

/** The files that do not use the binary first, then the others, each group in its order. */
function binaryLast(files: string[], usingBinary: ReadonlySet<string>): string[] {
  return [
    ...files.filter((file) => !usingBinary.has(file)),
    ...files.filter((file) => usingBinary.has(file)),
  ];
}

/**
 * Builds the binary in a background process at low priority, so the test processes running
 * meanwhile keep their CPU (some check real-time deadlines) and the build takes what they leave:
 * alone, the build keeps only about 1.3 of 2 cores busy. It holds ensureProviderBinary's lock, so
 * a test file that needs the binary waits for it. A failed build cancels the run.
 */
function buildInBackground(cancel: AbortController): void {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(testRoot, "e2e/build-binary.ts")], {
    cwd: path.dirname(testRoot),
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (child.pid !== undefined) os.setPriority(child.pid, 10);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.on("exit", (code) => {
    if (code === 0) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`built dist/terraform-provider-awscc in ${seconds.toFixed(0)} s, beside the tests`);
      return;
    }
    console.error(`building dist/terraform-provider-awscc failed; tests cancelled:\n${stderr}`);
    process.exitCode = 1;
    cancel.abort();
  });
}

/**
 * The whole suite with the short unit files sharing processes (test/process-groups.ts), those that
 * use the binary in groups of their own (they wait for the build): the long files first as before,
 * then the groups, then the files that need a process of their own. The Terraform end-to-end files
 * keep theirs (they are long anyway). The entry files live in a temporary folder removed at exit.
 * Returns the files to run and, among them, those that use the binary.
 */
function sharingProcesses(
  files: string[],
  sources: ReadonlyMap<string, string>,
  usingBinary: ReadonlySet<string>,
): { files: string[]; usingBinary: Set<string> } {
  const shareable = files.filter((file) => !isLong(file) && canShareProcess(sources.get(file)!));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-test-groups-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const entries = (binary: boolean) =>
    writeGroupEntries(inGroups(shareable.filter((file) => usingBinary.has(file) === binary)), dir);
  const withoutBinary = entries(false);
  const withBinary = entries(true);
  const grouped = new Set(shareable);
  return {
    files: [
      ...files.filter(isLong),
      ...withoutBinary,
      ...withBinary,
      ...files.filter((file) => !isLong(file) && !grouped.has(file)),
    ],
    usingBinary: new Set([...usingBinary, ...withBinary]),
  };
}

const args = process.argv.slice(2);
const corpus = args[0] === "--corpus";
const ordered = corpus
  ? filesEndingWith(".corpus.ts")
  : args.length > 0
    ? args.map((file) => path.resolve(file))
    : longFirst(filesEndingWith(".test.ts"));

// Built once here, instead of by the first test file that needs it while the others wait on the
// lock (the e2e suites skip themselves, saying why, when terraform is not on PATH).
const cancel = new AbortController();
const sources = new Map(ordered.map((file) => [file, fs.readFileSync(file, "utf8")])); // each file read once
const usingBinary = new Set(ordered.filter((file) => usesBinary(file, sources.get(file)!)));
const building = findTerraform() !== undefined && usingBinary.size > 0 && !isBinaryFresh();
if (building) buildInBackground(cancel);
const planned =
  args.length === 0 ? sharingProcesses(ordered, sources, usingBinary) : { files: ordered, usingBinary };
const files = building ? binaryLast(planned.files, planned.usingBinary) : planned.files;

// The sweeps are all CPU: one process per core. They print their durations but check none (timing
// is `npm run bench`'s job: a wall-clock limit fails on a loaded machine without a bug).
const stream = run({
  files,
  concurrency: corpus ? os.availableParallelism() : concurrency(),
  signal: cancel.signal,
});
stream.on("test:fail", () => (process.exitCode = 1));
stream.compose(new spec()).pipe(process.stdout);
