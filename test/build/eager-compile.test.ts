// The build rewrites the wrappers of the CommonJS modules every provider process loads at start so
// that V8 compiles them into the SEA's code cache (build/eager-compile.ts): the bundle must behave
// as before, its source map must still point at the same sources, and the list of startup modules
// must cover what a real provider process loads before it answers GetProviderSchema.
import assert from "node:assert/strict";
import fs from "node:fs";
import { SourceMap } from "node:module";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import vm from "node:vm";
import { build } from "esbuild";
import { eagerlyCompiled, isStartupModule, type RawSourceMap } from "../../build/eager-compile.js";
import { launchPlugin } from "../../protocol/plugin-client.js";
import { repoRoot } from "../../cfn/paths.js";
import { ensureProviderBinary } from "../e2e/harness.js";

/** A bundle of two CommonJS packages, as the build makes it (minified whitespace, external map). */
async function fixtureBundle(): Promise<{ code: string; map: RawSourceMap }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eager-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write("node_modules/startup-pkg/index.js", "exports.twice = function twice(x) {\n  return x * 2;\n};\n");
  write("node_modules/later-pkg/index.js", "exports.thrice = function thrice(x) {\n  return x * 3;\n};\n");
  write(
    "main.js",
    'const { twice } = require("startup-pkg");\nconst { thrice } = require("later-pkg");\nmodule.exports = { answer: twice(3) + thrice(4) };\n',
  );
  await build({
    entryPoints: [path.join(dir, "main.js")],
    outfile: path.join(dir, "out.cjs"),
    bundle: true,
    platform: "node",
    format: "cjs",
    minifyWhitespace: true,
    sourcemap: "external",
    absWorkingDir: dir,
    logLevel: "silent",
  });
  const code = fs.readFileSync(path.join(dir, "out.cjs"), "utf8");
  const map = JSON.parse(fs.readFileSync(path.join(dir, "out.cjs.map"), "utf8")) as RawSourceMap;
  fs.rmSync(dir, { recursive: true, force: true });
  return { code, map };
}

function run(code: string): unknown {
  const module = { exports: {} as unknown };
  // The fixture's bundle holds everything it requires.
  const noRequire = (id: string) => {
    throw new Error(`unexpected require of ${id}`);
  };
  vm.runInThisContext(`(function (module, exports, require) {${code}\n})`)(module, module.exports, noRequire);
  return module.exports;
}

/** Where in the sources the map sends the first occurrence of `token` in `code`. */
function sourceOf(code: string, map: RawSourceMap, token: string): string {
  const offset = code.indexOf(token);
  assert.ok(offset >= 0, `${token} is in the bundle`);
  const line = code.slice(0, offset).split("\n").length - 1;
  const column = offset - (code.lastIndexOf("\n", offset - 1) + 1);
  const entry = new SourceMap(map as never).findEntry(line, column);
  assert.ok("originalSource" in entry, `${token} is mapped`);
  return `${entry.originalSource}:${entry.originalLine}:${entry.originalColumn}`;
}

test("a startup module's wrapper becomes a parenthesized function; the bundle runs and maps as before", async () => {
  const original = await fixtureBundle();
  const eager = eagerlyCompiled(original.code, original.map, (p) => p.includes("startup-pkg"));
  assert.deepEqual(eager.eager, ["node_modules/startup-pkg/index.js"]);
  assert.match(eager.code, /"node_modules\/startup-pkg\/index\.js":\(function\(exports2?\)\{/);
  assert.match(
    eager.code,
    /"node_modules\/later-pkg\/index\.js"\(exports2?\)\{/,
    "the other module is left lazy",
  );
  assert.deepEqual(run(eager.code), run(original.code));
  assert.deepEqual(run(eager.code), { answer: 18 });
  // Tokens before, inside and after the rewritten wrapper still map to their sources.
  for (const token of ["x*2", "x*3", "twice(3)", "thrice(4)"])
    assert.equal(sourceOf(eager.code, eager.map, token), sourceOf(original.code, original.map, token), token);
  // What the rewrite is for: V8 compiles the wrapped body with the script, so it is in the code cache.
  const cacheSize = (code: string) => new vm.Script(code).createCachedData().length;
  assert.ok(cacheSize(eager.code) > cacheSize(original.code));
});

test("every CommonJS module a provider process loads before answering GetProviderSchema is compiled eagerly", async () => {
  await ensureProviderBinary();
  // The built bundle with esbuild's module helper recording each module's first load.
  const bundle = fs.readFileSync(path.join(repoRoot, "dist/build/provider.cjs"), "utf8");
  const helper = "var __commonJS=(cb,mod)=>function __require(){try{return mod||(";
  assert.ok(bundle.includes(helper), "esbuild's __commonJS helper is written as this test expects");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eager-startup-"));
  const record = path.join(dir, "loaded.txt");
  const recording = bundle.replace(
    helper,
    `var __commonJS=(cb,mod)=>function __require(){try{if(!mod)require("node:fs").appendFileSync(${JSON.stringify(record)},__getOwnPropNames(cb)[0]+"\\n");return mod||(`,
  );
  // Beside the real bundle: it reads its assets relative to itself.
  const copy = path.join(repoRoot, "dist/build", `provider-recording-${process.pid}.cjs`);
  fs.writeFileSync(copy, recording);
  try {
    const plugin = await launchPlugin({ command: process.execPath, args: [copy] });
    try {
      await plugin.callRaw("GetProviderSchema");
    } finally {
      await plugin.shutdown();
    }
    const loaded = fs.readFileSync(record, "utf8").split("\n").filter(Boolean);
    assert.ok(
      loaded.some((m) => m.startsWith("node_modules/@grpc/grpc-js/")),
      "the recording saw grpc-js load",
    );
    assert.deepEqual(
      loaded.filter((m) => !isStartupModule(m)),
      [],
      "modules loaded at start that STARTUP_MODULES (build/eager-compile.ts) leaves lazy",
    );
    // And the built bundle has them rewritten.
    for (const m of loaded)
      assert.ok(bundle.includes(`${JSON.stringify(m)}:(function(`), `${m} is rewritten`);
  } finally {
    fs.rmSync(copy, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
