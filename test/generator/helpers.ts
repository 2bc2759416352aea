// Shared by the generator tests: scratch output folders at the repository's top level, where
// generated/ lives, so the modules' relative imports of runtime/ resolve; a tree listing and comparison.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../../cfn/paths.js";

export function scratchDir(label: string): string {
  const dir = path.join(repoRoot, `.test-out-${label}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Relative paths of every file below dir, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** The two folders hold the same files with the same bytes. */
export function sameTree(a: string, b: string): void {
  const files = listFiles(a);
  assert.deepEqual(listFiles(b), files);
  for (const f of files) {
    assert.ok(fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))), `${f} differs`);
  }
}
