// Shared plumbing of the refresh tests: temp folders, a small real-schema folder, and checks that
// a cache folder is whole (every manifest hash matches its file).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import { type CacheManifest, readManifest } from "../../generator/refresh/manifest.js";

export const CREDENTIALS = { accessKeyId: "AKIDEMULATOR", secretAccessKey: "emulator-secret" };

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `awscc-refresh-${label}-`));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Every `step`-th file of the shared corpus, in sorted order. */
export function sampleSchemaFiles(step: number): string[] {
  return listSchemaFiles(resolveSchemasDir()).filter((_, index) => index % step === 0);
}

/** Copies corpus files into `dir`; returns their type names, sorted. */
export function copySchemas(files: readonly string[], dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const source = resolveSchemasDir();
  const typeNames: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(source, file), "utf8");
    fs.writeFileSync(path.join(dir, file), text);
    typeNames.push((JSON.parse(text) as { typeName: string }).typeName);
  }
  return typeNames.sort();
}

export function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A cache folder's manifest, after checking it lists exactly the folder's schema files with matching hashes. */
export function assertWholeCache(cacheDir: string): CacheManifest {
  const manifest = readManifest(cacheDir);
  assert.ok(manifest, `${cacheDir} has a readable manifest.json`);
  const listed = Object.values(manifest.types)
    .map((entry) => entry.file)
    .sort();
  assert.deepEqual(listSchemaFiles(cacheDir), listed, "the folder holds exactly the manifest's files");
  for (const [typeName, entry] of Object.entries(manifest.types)) {
    const bytes = fs.readFileSync(path.join(cacheDir, entry.file));
    assert.equal(sha256(bytes), entry.sha256, `hash of ${entry.file}`);
    assert.equal((JSON.parse(bytes.toString("utf8")) as { typeName: string }).typeName, typeName);
  }
  assert.equal(manifest.counts.types, listed.length);
  return manifest;
}

/** Name → sha256 of every file below a folder: a fingerprint to prove a folder was left untouched. */
export function folderFingerprint(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).sort()) result[name] = sha256(fs.readFileSync(path.join(dir, name)));
  return result;
}

/** Sibling folders of a cache whose names start with `<cache>.tmp-`. */
export function leftoverTemps(cacheDir: string): string[] {
  const prefix = `${path.basename(cacheDir)}.tmp-`;
  return fs.readdirSync(path.dirname(cacheDir)).filter((name) => name.startsWith(prefix));
}
