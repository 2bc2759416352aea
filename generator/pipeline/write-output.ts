// Writes the generated tree: one module per definition, grouped by service, plus the index, the
// provider schema document and a manifest of every decision. Incremental by default: a type whose
// input hash matches the manifest on disk keeps its modules; the rest are re-emitted, stale
// modules removed, and the shared files rewritten, so the tree equals what a full run writes.
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
import type { GenerationPlan, PlannedType } from "./plan.js";

const SUFFIX: Readonly<Record<Definition["kind"], string>> = {
  resource: "resource",
  singularDataSource: "singular_data_source",
  pluralDataSource: "plural_data_source",
};

const MANIFEST = "manifest.json";

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

/** Module paths of one type, relative to the output folder, without extension. */
function modulePaths(t: PlannedType): Map<Definition, string> {
  const { serviceDir, moduleBaseName } = t.model.names;
  return new Map(t.definitions.map((d) => [d, `${serviceDir}/${moduleBase(d, moduleBaseName)}`]));
}

interface ManifestType {
  readonly cfnTypeName: string;
  readonly file: string;
  readonly inputHash: string;
  readonly modules: readonly string[];
}

interface Manifest {
  readonly generatorVersion: string;
  readonly types: readonly ManifestType[];
}

function readManifest(outDir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, MANIFEST), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a folder that holds files and no manifest: `--out` pointed at the wrong folder must not
 * delete someone's work. Returns the previous manifest when an incremental run can build on it.
 */
function prepareOutDir(outDir: string, generatorVersion: string, full: boolean): Manifest | undefined {
  if (fs.existsSync(outDir)) {
    const entries = fs.readdirSync(outDir);
    if (entries.length > 0 && !entries.includes(MANIFEST)) {
      throw new Error(`${outDir} is not empty and holds no ${MANIFEST}: refusing to replace it`);
    }
    const previous = readManifest(outDir);
    if (!full && previous?.generatorVersion === generatorVersion && Array.isArray(previous.types))
      return previous;
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  fs.mkdirSync(outDir, { recursive: true });
  // Marks the folder as ours at once: a run interrupted before the real manifest is written
  // leaves a folder the next run recognises (and rebuilds in full, the version never matching).
  fs.writeFileSync(
    path.join(outDir, MANIFEST),
    JSON.stringify({ generatorVersion: "incomplete", types: [] }) + "\n",
  );
  return undefined;
}

export interface WriteOptions {
  readonly generatorVersion: string;
  /** The schema folder the run read (the binary's build embeds the same schemas). */
  readonly schemasDir: string;
  /** Input hash per schema file name. */
  readonly inputHashes: ReadonlyMap<string, string>;
  /** Rewrite everything even when the folder holds a usable manifest. */
  readonly full?: boolean;
  readonly onType?: (file: string) => void;
}

export interface WriteResult {
  readonly files: number;
  readonly bytes: number;
  /** Types whose modules were (re)written in this run. */
  readonly emittedTypes: number;
  /** Modules of types no longer generated, removed. */
  readonly removedModules: number;
  readonly incremental: boolean;
}

export function writeOutput(plan: GenerationPlan, outDir: string, options: WriteOptions): WriteResult {
  const previous = prepareOutDir(outDir, options.generatorVersion, options.full ?? false);
  const previousByFile = new Map((previous?.types ?? []).map((t) => [t.file, t]));
  let files = 0;
  let bytes = 0;
  let emittedTypes = 0;
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
  const tables = {
    resource: index.resources,
    singularDataSource: index.singularDataSources,
    pluralDataSource: index.pluralDataSources,
  };
  const manifestTypes: ManifestType[] = [];
  const keep = new Set<string>();
  const madeDirs = new Set<string>();
  for (const t of plan.types) {
    const paths = modulePaths(t);
    const modules = [...paths.values()].map((p) => `${p}.ts`);
    const inputHash = options.inputHashes.get(t.file) ?? "";
    const before = previousByFile.get(t.file);
    const unchanged =
      before !== undefined &&
      before.inputHash === inputHash &&
      JSON.stringify(before.modules) === JSON.stringify(modules) &&
      modules.every((m) => fs.existsSync(path.join(outDir, m)));
    if (!unchanged) {
      emittedTypes++;
      for (const [d, modulePath] of paths) {
        const dir = path.dirname(modulePath);
        if (!madeDirs.has(dir)) {
          fs.mkdirSync(path.join(outDir, dir), { recursive: true });
          madeDirs.add(dir);
        }
        write(`${modulePath}.ts`, moduleText(d, t.definitions, t.model.names.moduleBaseName));
      }
    }
    for (const [d, modulePath] of paths) tables[d.kind].push({ tfTypeName: d.tfTypeName, modulePath });
    for (const m of modules) keep.add(m);
    manifestTypes.push({ cfnTypeName: t.model.cfnTypeName, file: t.file, inputHash, modules });
    options.onType?.(t.file);
  }
  let removedModules = 0;
  for (const stale of (previous?.types ?? []).flatMap((t) => t.modules).filter((m) => !keep.has(m))) {
    fs.rmSync(path.join(outDir, stale), { force: true });
    removedModules++;
  }
  removeEmptyDirs(outDir);

  write("index.ts", indexModule(index));
  const definitions = plan.types.flatMap((t) => t.definitions);
  write(
    "provider-schema.json",
    JSON.stringify(providerSchemaDocument(providerConfigAttributes, definitions)) + "\n",
  );
  write(MANIFEST, JSON.stringify(manifest(plan, options, manifestTypes), null, 2) + "\n");
  return { files, bytes, emittedTypes, removedModules, incremental: previous !== undefined };
}

function removeEmptyDirs(outDir: string): void {
  for (const entry of fs.readdirSync(outDir, { withFileTypes: true })) {
    const dir = path.join(outDir, entry.name);
    if (entry.isDirectory() && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  }
}

/** Every type with what it produced, why anything was left out, and its input hash. */
function manifest(plan: GenerationPlan, options: WriteOptions, types: readonly ManifestType[]): unknown {
  const byFile = new Map(types.map((t) => [t.file, t]));
  return {
    generatorVersion: options.generatorVersion,
    schemasDir: options.schemasDir,
    adjustments: plan.adjustments,
    patterns: plan.patterns,
    types: plan.types.map((t) => ({
      ...byFile.get(t.file)!,
      generated: Object.fromEntries(t.definitions.map((d) => [d.kind, d.tfTypeName])),
      suppressed: t.suppressed.map((s) => ({
        module: s.module,
        reason: s.reason,
        ...(s.pointer !== undefined && { pointer: s.pointer }),
      })),
    })),
  };
}
