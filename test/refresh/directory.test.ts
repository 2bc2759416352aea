// Directory refresh of the whole shared corpus, a second refresh against it, and `generate` reading
// the refreshed cache by default. (Its speed is measured by `npm run bench`, against a baseline.)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import {
  repoRoot,
  resolveGenerateSchemasDir,
  resolveSchemasDir,
  SCHEMA_CACHE_DIR_ENV,
  SCHEMAS_DIR_ENV,
} from "../../cfn/paths.js";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import { sourceFromOptions } from "../../cli/refresh-command.js";
import { refreshSchemas, type RefreshResult } from "../../generator/refresh/refresh.js";
import { formatRefreshSummary } from "../../generator/refresh/summary.js";
import { assertWholeCache, copySchemas, readJson, removeDir, sampleSchemaFiles, tempDir } from "./helpers.js";

let root: string;
let cacheDir: string;
let first: RefreshResult;
let firstSeconds: number;

function withEnv<T>(values: Record<string, string | undefined>, run: () => T): T {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (entries: Record<string, string | undefined>): void => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  try {
    return run();
  } finally {
    apply(saved);
  }
}

before(async () => {
  root = tempDir("directory");
  cacheDir = path.join(root, "cache");
  const started = performance.now();
  first = await refreshSchemas({ source: { kind: "directory", path: resolveSchemasDir() }, cacheDir });
  firstSeconds = (performance.now() - started) / 1000;
});

after(() => removeDir(root));

describe("refresh-schemas --from-dir", () => {
  test("caches the whole shared corpus", (t) => {
    t.diagnostic(`refresh of ${first.read} schemas took ${firstSeconds.toFixed(2)} s`);
    const sourceFiles = listSchemaFiles(resolveSchemasDir());
    const manifest = assertWholeCache(cacheDir);
    assert.equal(manifest.counts.types, sourceFiles.length);
    assert.deepEqual(listSchemaFiles(cacheDir), sourceFiles, "same file names as the source");
    for (const file of sourceFiles) {
      assert.deepEqual(
        readJson(path.join(cacheDir, file)),
        readJson(path.join(resolveSchemasDir(), file)),
        file,
      );
    }
    assert.deepEqual(manifest.source, { kind: "directory", location: resolveSchemasDir() });
    assert.equal(manifest.region, null);
    assert.equal(first.previousDir, undefined);
  });

  test("files are pretty-printed deterministically", async () => {
    const again = path.join(root, "again", "cache");
    const files = sampleSchemaFiles(100);
    const cachedCopies = path.join(root, "cached-copies");
    fs.mkdirSync(cachedCopies);
    for (const file of files) fs.copyFileSync(path.join(cacheDir, file), path.join(cachedCopies, file));
    const result = await refreshSchemas({
      source: { kind: "directory", path: cachedCopies },
      cacheDir: again,
    });
    assert.equal(result.written, true);
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(again, file), "utf8");
      assert.equal(
        bytes,
        fs.readFileSync(path.join(cacheDir, file), "utf8"),
        "a cached file refreshes to itself",
      );
      assert.equal(bytes, `${JSON.stringify(JSON.parse(bytes), null, 2)}\n`);
    }
  });

  test("a second refresh compares with the first, keeps it as .previous and suggests the diff", async () => {
    const second = await refreshSchemas({
      source: { kind: "directory", path: resolveSchemasDir() },
      cacheDir,
    });
    assert.deepEqual(second.changes, { added: [], removed: [], changed: [], unchanged: first.read });
    assert.equal(second.previousDir, `${cacheDir}.previous`);
    assert.deepEqual(assertWholeCache(`${cacheDir}.previous`).types, assertWholeCache(cacheDir).types);
    const summary = formatRefreshSummary(second, ["AWS::Logs::LogGroup", "AWS::Not::Cached"], root);
    assert.match(summary, /0 added, 0 removed, 0 changed, \d+ unchanged/);
    assert.match(summary, /Review the change: npm run diff -- cache\.previous cache/);
    assert.match(
      summary,
      /Pinned in schemas\/generation\.json .*AWS::Logs::LogGroup \(unchanged\), AWS::Not::Cached \(not in the cache\)/,
    );
  });

  test("added, removed and changed types are counted against the previous cache", async () => {
    const source = path.join(root, "small-source");
    const files = sampleSchemaFiles(200);
    copySchemas(files, source);
    const small = path.join(root, "small", "cache");
    await refreshSchemas({ source: { kind: "directory", path: source }, cacheDir: small });
    const changedFile = files[0] as string;
    const schema = readJson(path.join(source, changedFile)) as { description?: string; typeName: string };
    schema.description = "changed upstream";
    fs.writeFileSync(path.join(source, changedFile), JSON.stringify(schema));
    fs.rmSync(path.join(source, files[1] as string));
    fs.copyFileSync(
      path.join(resolveSchemasDir(), "AWS_Logs_LogGroup.json"),
      path.join(source, "AWS_Logs_LogGroup.json"),
    );
    fs.writeFileSync(path.join(source, "broken.json"), "{ not json");
    const result = await refreshSchemas({ source: { kind: "directory", path: source }, cacheDir: small });
    assert.deepEqual(result.changes?.changed, [schema.typeName]);
    assert.equal(result.changes?.removed.length, 1);
    assert.deepEqual(result.changes?.added, ["AWS::Logs::LogGroup"]);
    assert.deepEqual(
      result.invalid.map((entry) => entry.name),
      ["broken.json"],
    );
    assert.equal(result.changes?.unchanged, files.length - 2);
  });

  test("generate and docs read the refreshed cache by default", () => {
    const shared = resolveSchemasDir();
    withEnv({ [SCHEMAS_DIR_ENV]: undefined, [SCHEMA_CACHE_DIR_ENV]: cacheDir }, () => {
      assert.equal(resolveGenerateSchemasDir(), cacheDir);
      assert.equal(resolveGenerateSchemasDir("/some/flag"), "/some/flag");
    });
    withEnv({ [SCHEMAS_DIR_ENV]: "/from/env", [SCHEMA_CACHE_DIR_ENV]: cacheDir }, () => {
      assert.equal(resolveGenerateSchemasDir(), "/from/env");
    });
    withEnv({ [SCHEMAS_DIR_ENV]: undefined, [SCHEMA_CACHE_DIR_ENV]: path.join(root, "small-source") }, () => {
      assert.equal(resolveGenerateSchemasDir(), shared, "a folder without manifest.json is not a cache");
    });
  });

  test("the generate CLI reads its schemas from the cache", () => {
    // Mark the cached LogGroup schema so the generated module shows where it was read from.
    const cached = path.join(cacheDir, "AWS_Logs_LogGroup.json");
    const schema = readJson(cached) as { description: string };
    schema.description = "Read from the refreshed cache (refresh test marker).";
    fs.writeFileSync(cached, JSON.stringify(schema, null, 2));
    const out = path.join(root, "generated");
    const env: NodeJS.ProcessEnv = { ...process.env, [SCHEMA_CACHE_DIR_ENV]: cacheDir };
    delete env[SCHEMAS_DIR_ENV];
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "cli/main.ts", "generate", "--only", "AWS::Logs::LogGroup", "--out", out],
      { cwd: repoRoot, env, encoding: "utf8" },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`Schemas: ${cacheDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n`));
    const generated = fs
      .readdirSync(out, { recursive: true, encoding: "utf8" })
      .filter((f) => /log_group/i.test(f));
    assert.ok(generated.length > 0, "a log group module was generated");
    const text = generated.map((file) => fs.readFileSync(path.join(out, file), "utf8")).join("\n");
    assert.match(text, /refresh test marker/);
  });

  test("the CLI names exactly one source", () => {
    assert.throws(() => sourceFromOptions({}), /exactly one source/);
    assert.throws(() => sourceFromOptions({ fromDir: "a", fromArchive: "b" }), /exactly one source/);
    assert.throws(() => sourceFromOptions({ fromDir: "a", concurrency: "2" }), /--from-registry only/);
    assert.throws(() => sourceFromOptions({ fromRegistry: true, concurrency: "0" }), /positive integer/);
    assert.deepEqual(sourceFromOptions({ fromDir: "d", region: "eu-west-1" }), {
      kind: "directory",
      path: "d",
      region: "eu-west-1",
    });
    assert.deepEqual(sourceFromOptions({ fromRegistry: true, endpoint: "http://127.0.0.1:1" }), {
      kind: "registry",
      region: undefined,
      endpoint: "http://127.0.0.1:1",
      concurrency: 8,
      maxAttempts: 10,
      fresh: undefined,
    });
  });
});
