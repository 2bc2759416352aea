// What every provider executable embeds, whatever its platform: the bundled provider, the
// GetProviderSchema response encoded once, each type's desired-state validator compiled ahead of
// time (or, where that failed, its model schema) and each generated module as an asset. Made from
// one generated tree (generated/ by default; a release made from another schema folder passes its
// own).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { build, type Plugin, transform } from "esbuild";
import { eagerlyCompiled, type RawSourceMap } from "./eager-compile.js";
import { repoRoot } from "../cfn/paths.js";
import { loadProtocolDefinitions } from "../protocol/proto-definitions.js";
import { providerSchemaResponse } from "../protocol/server.js";
import {
  type GeneratedIndex,
  generatedProviderDescription,
  identityCatalogOfIndex,
} from "../provider/description.js";
import { schemaAssetName } from "../provider/schema-source.js";
import { assetPackOf, packAssetName } from "../provider/assets.js";
import { generatedModuleAsset } from "../provider/embedded-modules.js";
import { modelSchemaOf } from "../cfn/model-schema.js";
import { type CfnSchema, effectiveSchemasDir } from "../cfn/schema-source.js";
import { effectiveSchemas, type GeneratedType, generatedTypes } from "./generated-tree.js";
import { compileValidatorAssets } from "./validator-assets.js";

export interface SeaInputs {
  /** The provider bundled into one CommonJS file: the blob's main script. */
  readonly bundle: string;
  /** Asset name → file, as the SEA configuration lists them. */
  readonly assets: Readonly<Record<string, string>>;
}

/**
 * Checks that `generatedDir` can be built: generate has run there, and it sits beside a terraform/
 * folder (its modules import ../../terraform/schema/define.js).
 */
export function checkGeneratedDir(generatedDir: string): void {
  if (!fs.existsSync(path.join(generatedDir, "provider-schema.json")))
    throw new Error(`${generatedDir} has no provider-schema.json: run \`npm run generate\` first`);
  if (!fs.existsSync(path.join(generatedDir, "../terraform/schema/define.ts")))
    throw new Error(
      `${generatedDir} has no ../terraform beside it: generated modules import ../../terraform/schema/define.js`,
    );
}

/** Writes every input into `workDir` (emptied first) and returns where they are. */
export async function prepareSeaInputs(
  generatedDir: string,
  workDir: string,
  step: (label: string) => void = () => {},
): Promise<SeaInputs> {
  checkGeneratedDir(generatedDir);
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const generatedIndex = (await import(
    pathToFileURL(path.join(generatedDir, "index.ts")).href
  )) as GeneratedIndex;

  // The validators compile in worker processes (all CPU) while this process encodes the schema
  // response and compiles the modules, which would otherwise leave a core idle.
  step(
    `desired-state validators, compiled once (ajv standalone) in worker processes, from ${path.relative(repoRoot, effectiveSchemasDir(generatedDir))}`,
  );
  const types = generatedTypes(generatedDir);
  const compiling = compileValidatorAssets(types, generatedDir, path.join(workDir, "cfn-validators"));
  compiling.catch(() => {}); // awaited below; this keeps a failure here from going unhandled first

  step("GetProviderSchema response, encoded once");
  const encodedSchema = path.join(workDir, "provider-schema.pb");
  // Identity schemas and list resources, also used by the schema response (list_resource_schemas).
  const identityCatalog = path.join(workDir, "identity-catalog.json");
  fs.writeFileSync(identityCatalog, JSON.stringify(await identityCatalogOfIndex(generatedIndex)));
  const description = generatedProviderDescription(generatedIndex, {
    json: () => fs.readFileSync(path.join(generatedDir, "provider-schema.json"), "utf8"),
    identityCatalog: () => fs.readFileSync(identityCatalog, "utf8"),
  });
  const serialize = loadProtocolDefinitions().provider.GetProviderSchema!.responseSerialize;
  fs.writeFileSync(encodedSchema, serialize(await providerSchemaResponse(description)));

  step("generated modules, one asset each");
  const moduleAssets = await writeGeneratedModuleAssets(generatedDir, workDir);

  const validators = await compiling;
  // A type without a precompiled validator carries its model schema, for the runtime to compile.
  const notCompiled = new Set(validators.notCompiled);
  const schemaAssets = writeSchemaAssets(
    types.filter((t) => notCompiled.has(t.cfnTypeName)),
    effectiveSchemas(generatedDir),
    workDir,
  );
  if (validators.notCompiled.length > 0)
    step(`  not compiled, their model schemas embedded instead: ${validators.notCompiled.join(", ")}`);

  step("bundle (esbuild)");
  const bundle = path.join(workDir, "provider.cjs");
  const { outputFiles } = await build({
    entryPoints: [process.env.AWSCC_BUILD_ENTRY ?? path.join(repoRoot, "provider/main.ts")],
    outfile: bundle,
    write: false, // written once, after the rewrite below
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node24",
    minifyWhitespace: true,
    legalComments: "none",
    logLevel: "warning",
    // provider.cjs.map beside the bundle (not embedded): maps a --cpu-prof profile of the binary
    // back to the sources (README#profiling-the-binary).
    sourcemap: "external",
    plugins: [generatedModulesFromAssets(generatedDir)],
    // The sources are ESM and read import.meta.url; in the CommonJS bundle it is the bundle's URL.
    define: { "import.meta.url": "__bundleUrl" },
    banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  const output = (file: string): string => {
    const found = outputFiles.find((f) => f.path === file);
    if (!found) throw new Error(`esbuild wrote no ${file}`);
    return found.text;
  };
  const eager = eagerlyCompiled(output(bundle), JSON.parse(output(`${bundle}.map`)) as RawSourceMap);
  fs.writeFileSync(bundle, eager.code);
  fs.writeFileSync(`${bundle}.map`, JSON.stringify(eager.map));
  step(`  ${eager.eager.length} modules every process loads at start compiled into the code cache`);

  const assets = {
    "provider-schema.pb": encodedSchema,
    "identity-catalog.json": identityCatalog,
    ...schemaAssets,
    ...validators.assets,
    ...moduleAssets,
  };
  if (process.env.AWSCC_SEA_COMPRESS_ASSETS === "0") return { bundle, assets };
  step("assets read per type: packed by service, brotli-compressed");
  return { bundle, assets: packAssets(assets, path.join(workDir, "packs")) };
}

// Quality 5: the packs come to 1.50 MB, quality 7 to 1.47 MB in twice the time.
const BROTLI_QUALITY = 5;

/** Replaces the assets provider/assets.ts reads from packs by those packs, in name order. */
function packAssets(assets: Record<string, string>, packDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const packs = new Map<string, Record<string, string>>();
  for (const name of Object.keys(assets).sort()) {
    const pack = assetPackOf(name);
    if (pack === undefined) out[name] = assets[name]!;
    else (packs.get(pack) ?? packs.set(pack, {}).get(pack)!)[name] = fs.readFileSync(assets[name]!, "utf8");
  }
  for (const [pack, entries] of packs) {
    const json = Buffer.from(JSON.stringify(entries));
    const file = path.join(packDir, packAssetName(pack).replaceAll(":", "_"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      brotliCompressSync(json, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          // A window as large as a pack, so a data source finds its resource's attribute tree.
          [zlibConstants.BROTLI_PARAM_LGWIN]: 24,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      }),
    );
    out[packAssetName(pack)] = file;
  }
  return out;
}

/** Path under generated/ without extension: "logs/log_group_resource". */
const modulePathIn = (generatedDir: string, file: string): string =>
  path
    .relative(generatedDir, file)
    .split(path.sep)
    .join("/")
    .replace(/\.(ts|js)$/, "");

/**
 * Every generated module (not the index) compiled to CommonJS on its own, for
 * provider/embedded-modules.ts to evaluate on first use.
 */
async function writeGeneratedModuleAssets(
  generatedDir: string,
  workDir: string,
): Promise<Record<string, string>> {
  const outdir = path.join(workDir, "generated");
  const indexFile = path.join(generatedDir, "index.ts");
  const entryPoints = fs
    .readdirSync(generatedDir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && path.join(generatedDir, f) !== indexFile)
    .sort()
    .map((f) => path.join(generatedDir, f));
  // One transform per file, not a build: a build would treat these files as Node ESM (the package
  // is "type": "module") and hand `import resource from "./x_resource.js"` the whole exports
  // object; transformed on its own, a module gets the CommonJS interop its loader assumes.
  await Promise.all(
    entryPoints.map(async (entry) => {
      const { code } = await transform(fs.readFileSync(entry, "utf8"), {
        loader: "ts",
        format: "cjs",
        platform: "node",
        target: "node24",
        minifyWhitespace: true,
        legalComments: "none",
        sourcefile: `generated/${modulePathIn(generatedDir, entry)}.ts`,
      });
      const out = path.join(outdir, `${modulePathIn(generatedDir, entry)}.js`);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, code);
    }),
  );
  const assets: Record<string, string> = {};
  for (const entry of entryPoints) {
    const modulePath = modulePathIn(generatedDir, entry);
    assets[generatedModuleAsset(modulePath)] = path.join(outdir, `${modulePath}.js`);
  }
  return assets;
}

/**
 * Keeps the generated modules out of the provider's bundle: the index's loaders,
 * `() => import("./logs/log_group_resource.js")`, become calls that evaluate the module's asset.
 * The provider imports ../generated/index.js; a build from another generated tree reads that one.
 */
function generatedModulesFromAssets(generatedDir: string): Plugin {
  const indexFile = path.join(generatedDir, "index.ts");
  const repoIndex = path.join(repoRoot, "generated/index");
  return {
    name: "generated-modules-from-assets",
    setup(pluginBuild) {
      const loader = path.join(repoRoot, "provider/embedded-modules.ts");
      pluginBuild.onResolve({ filter: /[\\/]generated[\\/]index\.js$/ }, (args) =>
        path.resolve(args.resolveDir, args.path).replace(/\.js$/, "") === repoIndex
          ? { path: indexFile }
          : undefined,
      );
      pluginBuild.onLoad({ filter: /[\\/]generated[\\/]index\.ts$/ }, (args) => {
        if (path.resolve(args.path) !== indexFile) return undefined;
        const source = fs.readFileSync(args.path, "utf8");
        const rewritten = source.replace(
          /\(\) => import\("\.\/([^"]+)\.js"\)/g,
          (_all, modulePath: string) => `() => loadEmbeddedModule(${JSON.stringify(modulePath)})`,
        );
        if (/\bimport\(/.test(rewritten))
          throw new Error(`${indexFile} has an import the binary build does not understand`);
        return {
          contents: `import { loadEmbeddedModule } from ${JSON.stringify(loader)};\n${rewritten}`,
          loader: "ts",
          resolveDir: path.join(repoRoot, "generated"),
        };
      });
    },
  };
}

/**
 * One asset per type in `types`: the model part of the effective schema generate wrote
 * (<generated>/cfn-schemas, pins and patches applied), for the runtime to compile its validator.
 */
function writeSchemaAssets(
  types: readonly GeneratedType[],
  schemaOf: (typeName: string) => CfnSchema,
  workDir: string,
): Record<string, string> {
  const dir = path.join(workDir, "cfn-schemas");
  fs.mkdirSync(dir, { recursive: true });
  const assets: Record<string, string> = {};
  for (const t of types) {
    const file = path.join(dir, t.file);
    fs.writeFileSync(file, JSON.stringify(modelSchemaOf(schemaOf(t.cfnTypeName))));
    assets[schemaAssetName(t.cfnTypeName)] = file;
  }
  return assets;
}
