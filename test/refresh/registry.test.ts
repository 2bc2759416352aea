// Registry refresh end to end: the real @aws-sdk/client-cloudformation against the emulator's
// ListTypes/DescribeType, serving ~30 real schemas copied to a temp folder (plus one made-up type
// that cannot be provisioned, which the listing must leave out).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, beforeEach, describe, test } from "node:test";
import { startEmulator } from "../../emulator/emulator.js";
import { RefreshAbortedError } from "../../generator/refresh/aborted.js";
import { refreshSchemas, type RefreshOptions } from "../../generator/refresh/refresh.js";
import type { RegistrySourceOptions } from "../../generator/refresh/registry-source.js";
import { formatRefreshSummary } from "../../generator/refresh/summary.js";
import {
  assertWholeCache,
  copySchemas,
  CREDENTIALS,
  folderFingerprint,
  readJson,
  removeDir,
  sampleSchemaFiles,
  tempDir,
} from "./helpers.js";

const NOT_PROVISIONABLE = "AWS::RefreshTest::NoDeleteHandler";

/** A copy of a real schema under another name, without its delete handler. */
function writeNonProvisionable(dir: string, fromFile: string): void {
  const schema = readJson(path.join(dir, fromFile)) as {
    typeName: string;
    handlers: Record<string, unknown>;
  };
  schema.typeName = NOT_PROVISIONABLE;
  delete schema.handlers.delete;
  fs.writeFileSync(path.join(dir, "AWS_RefreshTest_NoDeleteHandler.json"), JSON.stringify(schema));
}

function options(
  cacheDir: string,
  extra: Partial<RefreshOptions> = {},
  registry: Partial<RegistrySourceOptions> = {},
): RefreshOptions {
  return {
    source: {
      kind: "registry",
      endpoint: emulator.url,
      region: "us-east-1",
      credentials: CREDENTIALS,
      concurrency: 4,
      maxAttempts: 4,
      ...registry,
    },
    cacheDir,
    ...extra,
  };
}

function describeCalls(status?: number): string[] {
  return emulator.control
    .calls({ operation: "DescribeType" })
    .filter((call) => status === undefined || call.status === status)
    .map((call) => call.typeName ?? "?");
}

const root = tempDir("registry");
const schemasDir = path.join(root, "registry-schemas");
const sampleFiles = sampleSchemaFiles(50);
const expectedTypes = copySchemas(sampleFiles, schemasDir);
const withHandlers = sampleFiles.find((file) => {
  const handlers = (readJson(path.join(schemasDir, file)) as { handlers?: Record<string, unknown> }).handlers;
  return handlers !== undefined && "delete" in handlers;
});
assert.ok(withHandlers);
writeNonProvisionable(schemasDir, withHandlers);
const emulator = await startEmulator({ port: 0, schemasDir });
after(async () => {
  await emulator.stop();
  removeDir(root);
});

describe("refresh-schemas --from-registry", () => {
  beforeEach(() => emulator.control.reset());

  test("fetches every provisionable public AWS type into the cache, with hashes in the manifest", async () => {
    assert.ok(expectedTypes.length >= 25, `sample of ${expectedTypes.length} schemas`);
    const cacheDir = path.join(root, "e2e", "cache");
    const result = await refreshSchemas(options(cacheDir, { now: () => new Date("2026-05-01T00:00:00Z") }));
    assert.equal(result.written, true);
    assert.equal(result.fetched, expectedTypes.length);
    assert.equal(result.listed, expectedTypes.length);
    assert.deepEqual(result.failures, []);
    const manifest = assertWholeCache(cacheDir);
    assert.deepEqual(Object.keys(manifest.types), expectedTypes);
    assert.ok(!(NOT_PROVISIONABLE in manifest.types), "NON_PROVISIONABLE types are not listed");
    assert.equal(manifest.source.kind, "registry");
    assert.equal(manifest.source.location, emulator.url);
    assert.equal(manifest.region, "us-east-1");
    assert.equal(manifest.refreshedAt, "2026-05-01T00:00:00.000Z");
    for (const [typeName, entry] of Object.entries(manifest.types)) {
      assert.equal(entry.file, `${typeName.replaceAll("::", "_")}.json`);
      // The cache holds what the registry served: the same JSON as the emulator's source file.
      assert.deepEqual(
        readJson(path.join(cacheDir, entry.file)),
        readJson(path.join(schemasDir, entry.file)),
      );
    }
    assert.deepEqual(describeCalls().sort(), expectedTypes, "one DescribeType per listed type");
    assert.ok(!fs.existsSync(`${cacheDir}.staging`), "a finished refresh removes its staging folder");
  });

  test("throttled ListTypes and DescribeType calls are retried by the SDK", async () => {
    const cacheDir = path.join(root, "throttle", "cache");
    const throttledType = expectedTypes[3] as string;
    emulator.control.addFault({ kind: "throttle", count: 1 }); // the first call: ListTypes
    emulator.control.addFault({ kind: "throttle", typeName: throttledType, count: 1 });
    const result = await refreshSchemas(options(cacheDir));
    assert.equal(result.written, true);
    assert.deepEqual(result.failures, []);
    assert.deepEqual(Object.keys(assertWholeCache(cacheDir).types), expectedTypes);
    const listCalls = emulator.control.calls({ operation: "ListTypes" });
    assert.deepEqual(
      listCalls.slice(0, 2).map((call) => call.errorCode ?? call.status),
      ["Throttling", 200],
    );
    const throttled = emulator.control.calls({ operation: "DescribeType", typeName: throttledType });
    assert.deepEqual(
      throttled.map((call) => call.errorCode ?? call.status),
      ["Throttling", 200],
    );
  });

  test("failures part-way keep the old cache; the rerun fetches only what failed", async () => {
    const cacheDir = path.join(root, "resume", "cache");
    const first = await refreshSchemas(options(cacheDir));
    assert.equal(first.written, true);
    const before = folderFingerprint(cacheDir);

    emulator.control.reset();
    const failing = [expectedTypes[2], expectedTypes[17]] as string[];
    for (const typeName of failing) {
      emulator.control.addFault({ kind: "error", errorName: "CFNRegistryException", typeName });
    }
    const broken = await refreshSchemas(options(cacheDir));
    assert.equal(broken.written, false);
    assert.deepEqual(
      broken.failures.map((failure) => failure.typeName),
      [...failing].sort(),
    );
    assert.match(broken.failures[0]?.reason ?? "", /CFNRegistryException/);
    assert.deepEqual(folderFingerprint(cacheDir), before, "the cache is untouched");
    assert.match(formatRefreshSummary(broken), /2 type\(s\) could not be fetched; .* was left as it was/);

    emulator.control.reset();
    const resumed = await refreshSchemas(options(cacheDir));
    assert.equal(resumed.written, true);
    assert.equal(resumed.fetched, failing.length);
    assert.equal(resumed.resumed, expectedTypes.length - failing.length);
    assert.deepEqual(describeCalls().sort(), [...failing].sort(), "only the failed types are fetched again");
    assert.deepEqual(
      emulator.control.calls({ operation: "ListTypes" }),
      [],
      "the staged type list is reused",
    );
    const manifest = assertWholeCache(cacheDir);
    assert.deepEqual(Object.keys(manifest.types), expectedTypes);
    assert.deepEqual(resumed.changes, {
      added: [],
      removed: [],
      changed: [],
      unchanged: expectedTypes.length,
    });
  });

  test("an interrupted refresh resumes without fetching anything twice", async () => {
    const cacheDir = path.join(root, "abort", "cache");
    const controller = new AbortController();
    const stopAfter = 10;
    await assert.rejects(
      refreshSchemas(
        options(
          cacheDir,
          {
            signal: controller.signal,
            onProgress: (phase, done) => {
              if (phase === "fetch" && done >= stopAfter) controller.abort();
            },
          },
          { concurrency: 2 },
        ),
      ),
      RefreshAbortedError,
    );
    assert.ok(!fs.existsSync(cacheDir), "no cache was written");
    const firstRun = describeCalls(200);
    assert.ok(
      firstRun.length >= stopAfter && firstRun.length < expectedTypes.length,
      `${firstRun.length} fetched`,
    );

    emulator.control.clearCalls();
    const resumed = await refreshSchemas(options(cacheDir));
    assert.equal(resumed.written, true);
    const secondRun = describeCalls();
    // Calls aborted in flight may have been answered but not staged; everything else is fetched once.
    assert.ok(secondRun.length <= expectedTypes.length - stopAfter, `${secondRun.length} fetched again`);
    assert.equal(resumed.fetched, secondRun.length);
    assert.deepEqual([...new Set([...firstRun, ...secondRun])].sort(), expectedTypes);
    assert.deepEqual(Object.keys(assertWholeCache(cacheDir).types), expectedTypes);
  });

  test("--fresh starts over instead of resuming", async () => {
    const cacheDir = path.join(root, "fresh", "cache");
    emulator.control.addFault({
      kind: "error",
      errorName: "CFNRegistryException",
      typeName: expectedTypes[0],
    });
    const broken = await refreshSchemas(options(cacheDir));
    assert.equal(broken.written, false);
    emulator.control.reset();
    const fresh = await refreshSchemas(options(cacheDir, {}, { fresh: true }));
    assert.equal(fresh.written, true);
    assert.equal(fresh.fetched, expectedTypes.length);
    assert.equal(fresh.resumed, 0);
  });
});
