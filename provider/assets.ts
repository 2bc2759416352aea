// Files the provider needs at run time: embedded in the single executable (node:sea assets), or
// read from the working tree when run from source.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { repoRoot } from "../generator/config/paths.js";

export type AssetName = "provider-schema.json" | "tfplugin6.json";

const DEV_PATHS: Readonly<Record<AssetName, string>> = {
  "provider-schema.json": path.join(repoRoot, "generated/provider-schema.json"),
  "tfplugin6.json": "",
};

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string, encoding: string): string;
}

function seaModule(): SeaModule | undefined {
  try {
    // node:sea exists from Node 20.12; require keeps this file loadable in ESM and in the CJS bundle.
    const sea = createRequire(import.meta.url)("node:sea") as SeaModule;
    return sea.isSea() ? sea : undefined;
  } catch {
    return undefined;
  }
}

/** True inside the single executable, where assets are embedded. */
export const runningAsSingleExecutable = (): boolean => seaModule() !== undefined;

/** The asset's text, or undefined when running from source and the asset is built on demand. */
export function readAsset(name: AssetName): string | undefined {
  const sea = seaModule();
  if (sea) return sea.getAsset(name, "utf8");
  const file = DEV_PATHS[name];
  if (!file) return undefined;
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run generate\` first`);
  return fs.readFileSync(file, "utf8");
}
