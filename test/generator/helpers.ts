// Shared by the generator tests: scratch output folders at the repository's top level, where
// generated/ lives, so the modules' relative imports of runtime/ resolve; and a tree listing.
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
