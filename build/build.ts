// npm run build: dist/terraform-provider-awscc, one executable (a Node single executable
// application) for this machine (linux-x64) holding the bundled provider and the GetProviderSchema
// response encoded once. `--generated DIR` builds from another generated tree (a release made
// from another schema folder), `--out FILE` writes elsewhere.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../cfn/paths.js";
import { embeddedRuntime } from "./node-runtime.js";
import { prepareSeaInputs } from "./sea-inputs.js";
import { injectSeaBlob, makeSeaBlob } from "./sea-executable.js";

function step(label: string): void {
  process.stdout.write(`build: ${label}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { generated: { type: "string" }, out: { type: "string" } },
  });
  const generatedDir = path.resolve(values.generated ?? path.join(repoRoot, "generated"));
  const binary = path.resolve(values.out ?? path.join(repoRoot, "dist/terraform-provider-awscc"));
  const work = path.join(path.dirname(binary), "build");
  const runtime = embeddedRuntime(repoRoot);
  step(`embedded runtime: Node.js ${runtime.version} (${path.relative(repoRoot, runtime.executable)})`);
  const inputs = await prepareSeaInputs(generatedDir, work, step);

  step("single executable blob");
  const blob = path.join(work, "sea-prep.blob");
  // Made by the runtime that will load it, on its own platform: the code cache is valid here
  // (AWSCC_SEA_CODE_CACHE=0 leaves it out, to measure it).
  makeSeaBlob(runtime.executable, inputs, blob, { useCodeCache: process.env.AWSCC_SEA_CODE_CACHE !== "0" });

  step(`inject into a copy of node ${runtime.version}`);
  injectSeaBlob(runtime.executable, "elf", blob, binary);
  const mb = (fs.statSync(binary).size / 1e6).toFixed(1);
  step(`wrote ${path.relative(repoRoot, binary)} (${mb} MB)`);
}

main().catch((e: unknown) => {
  process.stderr.write(`build failed: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
