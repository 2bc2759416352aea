// npm run build: dist/terraform-provider-awscc, one executable (a Node single executable
// application) holding the bundled provider, its protocol descriptor and provider-schema.json.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin, transform } from "esbuild";
import { repoRoot } from "../cfn/paths.js";
import * as generatedIndex from "../generated/index.js";
import { loadProtocolDefinitions, protocolDescriptorJson } from "../protocol/proto-definitions.js";
import { providerSchemaResponse } from "../protocol/server.js";
import { generatedProviderDescription, identityCatalogOfIndex } from "../provider/description.js";
import { schemaAssetName } from "../provider/schema-source.js";
import { generatedModuleAsset } from "../provider/embedded-modules.js";
import { modelSchemaOf } from "../cfn/model-schema.js";
import { directorySchemaSource, effectiveSchemasDir } from "../cfn/schema-source.js";
import { embeddedRuntime } from "./node-runtime.js";

const dist = path.join(repoRoot, "dist");
const work = path.join(dist, "build");
const binary = path.join(dist, "terraform-provider-awscc");
/** The fuse postject flips so Node knows a SEA blob is inside (documented by Node's SEA guide). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
// V8 sizes its heap growth by the old-space ceiling it is given (by default a share of the
// machine's memory, 4 GB here): with a 1 GB ceiling and an 8 MB semi-space the provider's peak RSS
// during a 1,000-resource apply fell from 251-261 MB to 158-160 MB at the same speed, while its live
// heap stays near 26 MB. NODE_OPTIONS still extends or overrides these.
const HEAP_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=1024"];

function step(label: string): void {
  process.stdout.write(`build: ${label}\n`);
}

async function main(): Promise<void> {
  const schemaJson = path.join(repoRoot, "generated/provider-schema.json");
  if (!fs.existsSync(schemaJson)) throw new Error("generated/ is missing: run `npm run generate` first");
  const runtime = embeddedRuntime(repoRoot);
  step(`embedded runtime: Node.js ${runtime.version} (${path.relative(repoRoot, runtime.executable)})`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });

  step("protocol descriptor");
  const descriptor = path.join(work, "tfplugin6.json");
  fs.writeFileSync(descriptor, JSON.stringify(protocolDescriptorJson()));

  step("GetProviderSchema response, encoded once");
  const encodedSchema = path.join(work, "provider-schema.pb");
  // Identity schemas and list resources, also used by the schema response (list_resource_schemas).
  const identityCatalog = path.join(work, "identity-catalog.json");
  fs.writeFileSync(identityCatalog, JSON.stringify(await identityCatalogOfIndex(generatedIndex)));
  const description = generatedProviderDescription(generatedIndex, {
    json: () => fs.readFileSync(schemaJson, "utf8"),
    identityCatalog: () => fs.readFileSync(identityCatalog, "utf8"),
  });
  const serialize = loadProtocolDefinitions().provider.GetProviderSchema!.responseSerialize;
  fs.writeFileSync(encodedSchema, serialize(await providerSchemaResponse(description)));

  step("CloudFormation model schemas, from generated/cfn-schemas");
  const schemaAssets = writeSchemaAssets(work);

  step("generated modules, one asset each");
  const moduleAssets = await writeGeneratedModuleAssets(work);

  step("bundle (esbuild)");
  const bundle = path.join(work, "provider.cjs");
  await build({
    entryPoints: [process.env.AWSCC_BUILD_ENTRY ?? path.join(repoRoot, "provider/main.ts")],
    outfile: bundle,
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
    plugins: [generatedModulesFromAssets],
    // The sources are ESM and read import.meta.url; in the CommonJS bundle it is the bundle's URL.
    define: { "import.meta.url": "__bundleUrl" },
    banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  });

  step("single executable blob");
  const blob = path.join(work, "sea-prep.blob");
  const seaConfig = path.join(work, "sea-config.json");
  fs.writeFileSync(
    seaConfig,
    JSON.stringify({
      main: bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      // V8's code cache for the bundle (AWSCC_SEA_CODE_CACHE=0 leaves it out, to measure it).
      useCodeCache: process.env.AWSCC_SEA_CODE_CACHE !== "0",
      execArgv: HEAP_FLAGS,
      assets: {
        "provider-schema.pb": encodedSchema,
        "tfplugin6.json": descriptor,
        "identity-catalog.json": identityCatalog,
        ...schemaAssets,
        ...moduleAssets,
      },
    }),
  );
  // The blob (and its code cache) must come from the runtime that will load it.
  execFileSync(runtime.executable, ["--experimental-sea-config", seaConfig], { stdio: "inherit" });

  step(`inject into a copy of node ${runtime.version}`);
  // Injected into a temporary copy, then renamed: whoever starts the binary meanwhile (Terraform, a
  // test) runs either the previous build or this one, never a half-made file.
  const staging = path.join(work, "terraform-provider-awscc");
  fs.rmSync(staging, { force: true });
  copyWithoutDebugInfo(runtime.executable, staging);
  fs.chmodSync(staging, 0o755);
  const postject = path.join(repoRoot, "node_modules/postject/dist/cli.js");
  execFileSync(process.execPath, [postject, staging, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  fs.renameSync(staging, binary);
  const mb = (fs.statSync(binary).size / 1e6).toFixed(1);
  step(`wrote ${path.relative(repoRoot, binary)} (${mb} MB)`);
}

/**
 * The release node carries ~18 MB of symbols and debug information the provider never uses: `strip` drops them when
 * the machine has binutils, else the runtime is copied as it is.
 */
function copyWithoutDebugInfo(executable: string, target: string): void {
  try {
    execFileSync("strip", ["--strip-all", "-o", target, executable], { stdio: ["ignore", "ignore", "pipe"] });
  } catch {
    step("strip is not available: the runtime keeps its debug symbols");
    fs.copyFileSync(executable, target);
  }
}

const generatedDir = path.join(repoRoot, "generated");
const generatedIndexFile = path.join(generatedDir, "index.ts");
/** Path under generated/ without extension: "logs/log_group_resource". */
const generatedModulePath = (file: string): string =>
  path
    .relative(generatedDir, file)
    .split(path.sep)
    .join("/")
    .replace(/\.(ts|js)$/, "");

/**
 * Every generated module (not the index) compiled to CommonJS on its own, for
 * provider/embedded-modules.ts to evaluate on first use.
 */
async function writeGeneratedModuleAssets(workDir: string): Promise<Record<string, string>> {
  const outdir = path.join(workDir, "generated");
  const entryPoints = fs
    .readdirSync(generatedDir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && path.join(generatedDir, f) !== generatedIndexFile)
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
        sourcefile: path.relative(repoRoot, entry),
      });
      const out = path.join(outdir, `${generatedModulePath(entry)}.js`);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, code);
    }),
  );
  const assets: Record<string, string> = {};
  for (const entry of entryPoints) {
    const modulePath = generatedModulePath(entry);
    assets[generatedModuleAsset(modulePath)] = path.join(outdir, `${modulePath}.js`);
  }
  return assets;
}

/**
 * Keeps the generated modules out of the provider's bundle: the index's loaders,
 * `() => import("./logs/log_group_resource.js")`, become calls that evaluate the module's asset.
 */
const generatedModulesFromAssets: Plugin = {
  name: "generated-modules-from-assets",
  setup(pluginBuild) {
    const loader = path.join(repoRoot, "provider/embedded-modules.ts");
    pluginBuild.onLoad({ filter: /[\\/]generated[\\/]index\.ts$/ }, (args) => {
      if (path.resolve(args.path) !== generatedIndexFile) return undefined;
      const source = fs.readFileSync(args.path, "utf8");
      const rewritten = source.replace(
        /\(\) => import\("\.\/([^"]+)\.js"\)/g,
        (_all, modulePath: string) => `() => loadEmbeddedModule(${JSON.stringify(modulePath)})`,
      );
      if (/\bimport\(/.test(rewritten))
        throw new Error(`generated/index.ts has an import the binary build does not understand`);
      return {
        contents: `import { loadEmbeddedModule } from ${JSON.stringify(loader)};\n${rewritten}`,
        loader: "ts",
      };
    });
  },
};

/**
 * One asset per generated type: the model part of the effective schema generate wrote
 * (generated/cfn-schemas, pins and patches applied), for the runtime's schema validation.
 */
function writeSchemaAssets(workDir: string): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "generated/manifest.json"), "utf8")) as {
    types: { cfnTypeName: string; file: string }[];
  };
  const source = directorySchemaSource(effectiveSchemasDir());
  const dir = path.join(workDir, "cfn-schemas");
  fs.mkdirSync(dir, { recursive: true });
  const assets: Record<string, string> = {};
  for (const t of manifest.types) {
    const schema = source.get(t.cfnTypeName);
    if (schema === undefined)
      throw new Error(`generated/cfn-schemas has no schema for ${t.cfnTypeName}: run \`npm run generate\``);
    const file = path.join(dir, t.file);
    fs.writeFileSync(file, JSON.stringify(modelSchemaOf(schema)));
    assets[schemaAssetName(t.cfnTypeName)] = file;
  }
  return assets;
}

main().catch((e: unknown) => {
  process.stderr.write(`build failed: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
