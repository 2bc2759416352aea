// Each type's desired-state validator compiled at build time into ajv standalone code, one asset per
// type (provider/precompiled-validators.ts evaluates them). A schema ajv cannot compile gets no
// asset: the runtime then tries to compile it itself, and skips the check as it always has.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { desiredStateAjvOptions } from "../cfn/desired-state-ajv.js";
import { modelSchemaOf } from "../cfn/model-schema.js";
import { cfnRegExpEngineForStandalone } from "../cfn/regex/lenient-engine.js";
import type { CfnSchema } from "../cfn/schema-source.js";
import { validatorAssetName } from "../provider/precompiled-validators.js";
import type { GeneratedType } from "./generated-tree.js";

export interface ValidatorAssets {
  readonly assets: Record<string, string>;
  readonly notCompiled: string[];
}

/** What build/validator-worker.ts is sent: its share of the types, and where to read and write. */
export interface ValidatorWork {
  readonly types: readonly GeneratedType[];
  readonly generatedDir: string;
  readonly dir: string;
}

/** The standalone validator module of one schema (CommonJS; requires ajv's runtime helpers and the engine). */
export function standaloneValidatorCode(schema: CfnSchema): string {
  const options = desiredStateAjvOptions(cfnRegExpEngineForStandalone);
  const ajv = new Ajv({ ...options, code: { ...options.code, source: true } });
  return standalone.default(ajv, ajv.compile(modelSchemaOf(schema)));
}

/** Writes one validator per type under `dir`; returns the assets and the types left to the runtime. */
export function writeValidatorAssets(
  types: readonly GeneratedType[],
  schemaOf: (typeName: string) => CfnSchema,
  dir: string,
): ValidatorAssets {
  fs.mkdirSync(dir, { recursive: true });
  const assets: Record<string, string> = {};
  const notCompiled: string[] = [];
  for (const t of types) {
    let code: string;
    try {
      code = standaloneValidatorCode(schemaOf(t.cfnTypeName));
    } catch {
      notCompiled.push(t.cfnTypeName);
      continue;
    }
    const file = path.join(dir, `${t.file}.js`);
    fs.writeFileSync(file, code);
    assets[validatorAssetName(t.cfnTypeName)] = file;
  }
  return { assets, notCompiled };
}

const MAX_WORKERS = 8;

/**
 * writeValidatorAssets over every type, spread over one worker process per core (ajv's compile is
 * all CPU: 19 s for the corpus on one 2.1 GHz core). Types go round-robin, so each worker gets big
 * and small services alike; the result lists them in the order given.
 */
export async function compileValidatorAssets(
  types: readonly GeneratedType[],
  generatedDir: string,
  dir: string,
): Promise<ValidatorAssets> {
  // Each worker starts Node, tsx and ajv again: capped so that a many-core machine does not start
  // dozens of them (measured on 2 cores only).
  const workers = Math.min(os.availableParallelism(), MAX_WORKERS, Math.max(1, types.length));
  const shares = Array.from({ length: workers }, (_, i) => types.filter((_, j) => j % workers === i));
  const results = await Promise.all(
    shares.map((share) => compileInWorker({ types: share, generatedDir, dir })),
  );
  const assets = Object.assign({}, ...results.map((r) => r.assets)) as Record<string, string>;
  const notCompiled = new Set(results.flatMap((r) => r.notCompiled));
  return {
    assets: Object.fromEntries(
      types
        .map((t) => validatorAssetName(t.cfnTypeName))
        .filter((name) => Object.hasOwn(assets, name))
        .map((name) => [name, assets[name]!]),
    ),
    notCompiled: types.map((t) => t.cfnTypeName).filter((name) => notCompiled.has(name)),
  };
}

function compileInWorker(work: ValidatorWork): Promise<ValidatorAssets> {
  const worker = fork(fileURLToPath(new URL("./validator-worker.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  let stderr = "";
  worker.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let result: ValidatorAssets | undefined;
  worker.on("message", (message) => (result = message as ValidatorAssets));
  worker.send(work);
  return new Promise((resolve, reject) => {
    worker.on("error", reject);
    worker.on("exit", (code) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`compiling validators failed (worker exit code ${code}): ${stderr.trim()}`));
    });
  });
}
