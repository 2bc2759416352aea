// `refresh-schemas --from-dir` of the whole corpus into an empty cache, as a ratio against a
// baseline measured in the same run: reading and parsing every schema file and writing each back
// into a new folder, the least a refresh from a directory has to do.
import fs from "node:fs";
import path from "node:path";
import { resolveSchemasDir } from "../cfn/paths.js";
import { listSchemaFiles } from "../cfn/read-schemas.js";
import { refreshSchemas } from "../generator/refresh/refresh.js";
import { median } from "./median.js";

export interface RefreshBench {
  readonly schemas: number;
  /** Medians, in seconds. */
  readonly refreshSeconds: number;
  readonly baselineSeconds: number;
}

function copyBaseline(source: string, target: string): void {
  fs.mkdirSync(target, { recursive: true });
  for (const file of listSchemaFiles(source)) {
    const schema: unknown = JSON.parse(fs.readFileSync(path.join(source, file), "utf8"));
    fs.writeFileSync(path.join(target, file), JSON.stringify(schema, null, 2));
  }
}

/** Alternates baseline and refresh `runs` times each, every one into a fresh folder under `scratch`. */
export async function benchSchemaRefresh(scratch: string, runs: number): Promise<RefreshBench> {
  const source = resolveSchemasDir();
  const refreshes: number[] = [];
  const baselines: number[] = [];
  for (let i = 0; i < runs; i++) {
    const copyDir = path.join(scratch, `refresh-baseline-${i}`);
    let started = performance.now();
    copyBaseline(source, copyDir);
    baselines.push((performance.now() - started) / 1000);
    fs.rmSync(copyDir, { recursive: true, force: true });

    const cacheDir = path.join(scratch, `refresh-cache-${i}`);
    started = performance.now();
    const result = await refreshSchemas({ source: { kind: "directory", path: source }, cacheDir });
    refreshes.push((performance.now() - started) / 1000);
    if (!result.written) throw new Error(`the refresh into ${cacheDir} wrote no cache`);
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
  return {
    schemas: listSchemaFiles(source).length,
    refreshSeconds: median(refreshes),
    baselineSeconds: median(baselines),
  };
}
