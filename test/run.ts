// The test command (`npm test`, `npm run test:corpus`): builds the provider binary once, then runs
// the test files in parallel processes, the Terraform end-to-end files first because they are the
// longest (a long file started last would run alone at the end).
//
//   node --import tsx test/run.ts            every test/<area>/*.test.ts
//   node --import tsx test/run.ts --corpus   every test/<area>/*.corpus.ts (whole-corpus sweeps)
//   node --import tsx test/run.ts FILE...    just these files
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { ensureProviderBinary, findTerraform } from "./e2e/harness.js";

const testRoot = path.dirname(new URL(import.meta.url).pathname);

/** Files whose name or folder says they drive the Terraform CLI run first. */
const LONG_FIRST = [/\/e2e\//, /terraform/];

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

function longFirst(files: string[]): string[] {
  const isLong = (file: string) => LONG_FIRST.some((pattern) => pattern.test(file));
  return [...files.filter(isLong), ...files.filter((file) => !isLong(file))];
}

const args = process.argv.slice(2);
const corpus = args[0] === "--corpus";
const files = corpus
  ? filesEndingWith(".corpus.ts")
  : args.length > 0
    ? args.map((file) => path.resolve(file))
    : longFirst(filesEndingWith(".test.ts"));

// Once, before any test process starts, instead of every end-to-end file checking and waiting on
// the build lock (the e2e suites skip themselves, saying why, when terraform is not on PATH).
if (findTerraform() && files.some((file) => /\/(e2e|protocol)\//.test(file))) {
  const started = performance.now();
  ensureProviderBinary();
  const seconds = (performance.now() - started) / 1000;
  if (seconds > 1) console.log(`built dist/terraform-provider-awscc in ${seconds.toFixed(0)} s`);
}

// The sweeps are all CPU: one process per core. They print their durations but check none (timing
// is `npm run bench`'s job: a wall-clock limit fails on a loaded machine without a bug).
const stream = run({ files, concurrency: corpus ? os.availableParallelism() : concurrency() });
stream.on("test:fail", () => (process.exitCode = 1));
stream.compose(new spec()).pipe(process.stdout);
