// Archive refresh: a CloudformationSchema.zip built here (flat, lower-case `aws-<service>-<resource>.json`
// names, like AWS's) with a few broken entries that are reported by name while the rest is cached.
import AdmZip from "adm-zip";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { refreshSchemas } from "../../generator/refresh/refresh.js";
import { formatRefreshSummary } from "../../generator/refresh/summary.js";
import { assertWholeCache, readJson, removeDir, sampleSchemaFiles, tempDir } from "./helpers.js";

/** AWS's archive naming: `AWS_Logs_LogGroup.json` → `aws-logs-loggroup.json`. */
function archiveName(file: string): string {
  return (
    file
      .replace(/\.json$/, "")
      .replaceAll("_", "-")
      .toLowerCase() + ".json"
  );
}

const root = tempDir("archive");
after(() => removeDir(root));
const files = sampleSchemaFiles(150);
const archive = path.join(root, "CloudformationSchema.zip");
const zip = new AdmZip();
for (const file of files) {
  zip.addFile(archiveName(file), fs.readFileSync(path.join(resolveSchemasDir(), file)));
}
zip.addFile("aws-broken-truncated.json", Buffer.from('{"typeName": "AWS::Broken::Truncated", "prop'));
zip.addFile("aws-broken-notypename.json", Buffer.from('{"description": "no type name"}'));
zip.addFile("aws-copy-of-first.json", fs.readFileSync(path.join(resolveSchemasDir(), files[0] as string)));
zip.addFile("README.txt", Buffer.from("not a schema"));
zip.writeZip(archive);

describe("refresh-schemas --from-archive", () => {
  test("caches every valid entry under its typeName and reports the broken ones", async () => {
    const cacheDir = path.join(root, "cache");
    const result = await refreshSchemas({
      source: { kind: "archive", path: archive, region: "us-east-1" },
      cacheDir,
    });
    assert.equal(result.written, true);
    const manifest = assertWholeCache(cacheDir);
    assert.deepEqual(
      Object.values(manifest.types)
        .map((entry) => entry.file)
        .sort(),
      [...files].sort(),
    );
    for (const file of files) {
      assert.deepEqual(readJson(path.join(cacheDir, file)), readJson(path.join(resolveSchemasDir(), file)));
    }
    assert.deepEqual(
      result.invalid.map((entry) => entry.name),
      ["aws-broken-notypename.json", "aws-broken-truncated.json", "aws-copy-of-first.json"],
    );
    assert.match(result.invalid[0]?.reason ?? "", /missing typeName/);
    assert.match(result.invalid[1]?.reason ?? "", /not valid JSON/);
    assert.match(result.invalid[2]?.reason ?? "", /duplicate typeName .* \(also in aws-/);
    assert.deepEqual(manifest.source, { kind: "archive", location: archive });
    assert.equal(manifest.region, "us-east-1");
    assert.equal(manifest.counts.invalid, 3);
    assert.deepEqual(
      manifest.skipped.map((entry) => entry.name),
      result.invalid.map((entry) => entry.name),
    );
    const summary = formatRefreshSummary(result);
    assert.match(summary, /invalid, skipped: aws-broken-truncated\.json: .*not valid JSON/);
    assert.match(summary, new RegExp(`Wrote ${files.length} types`));
  });

  test("a file that is not a zip archive is refused and no cache is written", async () => {
    const notZip = path.join(root, "not-a.zip");
    fs.writeFileSync(notZip, "plain text");
    const cacheDir = path.join(root, "refused", "cache");
    await assert.rejects(
      refreshSchemas({ source: { kind: "archive", path: notZip }, cacheDir }),
      /not a readable zip/,
    );
    assert.ok(!fs.existsSync(cacheDir));
  });
});
