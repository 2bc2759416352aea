// Writes the generated tree: one module per definition, grouped by service, plus the index,
// the provider schema document and a manifest of every decision.
import fs from "node:fs";
import path from "node:path";
import { providerConfigAttributes } from "../../runtime/provider/config-schema.js";
import type { Definition } from "../../runtime/schema/types.js";
import { type IndexEntry, indexModule } from "../emit/index-module.js";
import {
  derivedSingularDataSourceModule,
  pluralDataSourceModule,
  resourceModule,
  singularDataSourceModule,
} from "../emit/modules.js";
import { providerSchemaDocument } from "../emit/provider-schema.js";
import type { GenerationPlan } from "./plan.js";

const SUFFIX: Readonly<Record<Definition["kind"], string>> = {
  resource: "resource",
  singularDataSource: "singular_data_source",
  pluralDataSource: "plural_data_source",
};

const moduleBase = (d: Definition, baseName: string): string => `${baseName}_${SUFFIX[d.kind]}`;

/** The singular data source derives from the resource module whenever that module is written. */
function moduleText(d: Definition, siblings: readonly Definition[], baseName: string): string {
  if (d.kind === "resource") return resourceModule(d);
  if (d.kind === "pluralDataSource") return pluralDataSourceModule(d);
  const resource = siblings.find((s) => s.kind === "resource");
  return resource
    ? derivedSingularDataSourceModule(d, moduleBase(resource, baseName))
    : singularDataSourceModule(d);
}

const MANIFEST = "manifest.json";

/**
 * Empties the output folder, refusing one that holds files and no manifest: `--out` pointed at
 * the wrong folder must not delete someone's work.
 */
function prepareOutDir(outDir: string): void {
  if (fs.existsSync(outDir)) {
    const entries = fs.readdirSync(outDir);
    if (entries.length > 0 && !entries.includes(MANIFEST)) {
      throw new Error(`${outDir} is not empty and holds no ${MANIFEST}: refusing to replace it`);
    }
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  fs.mkdirSync(outDir, { recursive: true });
}

export interface WriteResult {
  readonly files: number;
  readonly bytes: number;
}

export function writeOutput(
  plan: GenerationPlan,
  outDir: string,
  onModule?: (file: string) => void,
): WriteResult {
  prepareOutDir(outDir);
  let files = 0;
  let bytes = 0;
  const write = (relative: string, text: string): void => {
    fs.writeFileSync(path.join(outDir, relative), text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  const index = {
    resources: [] as IndexEntry[],
    singularDataSources: [] as IndexEntry[],
    pluralDataSources: [] as IndexEntry[],
  };
  const madeDirs = new Set<string>();
  for (const t of plan.types) {
    const { serviceDir, moduleBaseName } = t.model.names;
    if (t.definitions.length > 0 && !madeDirs.has(serviceDir)) {
      fs.mkdirSync(path.join(outDir, serviceDir), { recursive: true });
      madeDirs.add(serviceDir);
    }
    for (const d of t.definitions) {
      const modulePath = `${serviceDir}/${moduleBase(d, moduleBaseName)}`;
      write(`${modulePath}.ts`, moduleText(d, t.definitions, moduleBaseName));
      const table =
        d.kind === "resource"
          ? index.resources
          : d.kind === "singularDataSource"
            ? index.singularDataSources
            : index.pluralDataSources;
      table.push({ tfTypeName: d.tfTypeName, modulePath });
    }
    onModule?.(t.file);
  }
  write("index.ts", indexModule(index));
  const definitions = plan.types.flatMap((t) => t.definitions);
  write(
    "provider-schema.json",
    JSON.stringify(providerSchemaDocument(providerConfigAttributes, definitions)) + "\n",
  );
  write(MANIFEST, JSON.stringify(manifest(plan), null, 2) + "\n");
  return { files, bytes };
}

/** Every type with what it produced and why anything was left out. */
function manifest(plan: GenerationPlan): unknown {
  return {
    types: plan.types.map((t) => ({
      cfnTypeName: t.model.cfnTypeName,
      file: t.file,
      generated: Object.fromEntries(t.definitions.map((d) => [d.kind, d.tfTypeName])),
      suppressed: t.suppressed.map((s) => ({
        module: s.module,
        reason: s.reason,
        ...(s.pointer !== undefined && { pointer: s.pointer }),
      })),
    })),
    patterns: plan.patterns,
  };
}
