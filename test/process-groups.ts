// Test files that share a process: each test process pays a Node start, tsx's loader and the
// import of every module its file uses (0.3–0.5 CPU s here), so the whole suite runs its short unit
// files a few to a process, through an entry file that imports them in turn; files next to each
// other in path order (one area's, which import the same modules) share one. Their tests still
// report under their own names and files. Measured: the 12 files of test/model, regex, tags and
// diff 10.0 CPU s in a process each, 5.4 in four shared ones.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Files per shared process: small enough that the last ones do not finish long after the rest. */
export const FILES_PER_GROUP = 8;

/**
 * What keeps a file in a process of its own: hooks at its top level other than `after` (in a shared
 * process they belong to the process's root test: `beforeEach` and `afterEach` would run around
 * every file's tests, `before` whenever the root gets to it rather than before this file's tests),
 * or changes to process-wide state (the environment, the working directory). A top-level `after`
 * runs when the process's last test has ended, which is as good for clean-up. So a file whose tests
 * share a server or an emulator starts it at its top level (`const h = await startRuntime()`) and
 * stops it in `after`, or sets it up in a `describe`'s own `before`.
 */
const NEEDS_OWN_PROCESS =
  /^(before|beforeEach|afterEach)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.chdir\(/m;

export function canShareProcess(source: string): boolean {
  return !NEEDS_OWN_PROCESS.test(source);
}

/**
 * The files in even groups of at most `size`, in path order, so that the files of one area (which
 * import the same modules) mostly share a group: 19 files in groups of at most 8 make groups of 6, 7
 * and 6, not 8, 8 and 3.
 */
export function inGroups(files: readonly string[], size = FILES_PER_GROUP): string[][] {
  const sorted = [...files].sort();
  const count = Math.ceil(sorted.length / size);
  const groups: string[][] = [];
  for (let g = 0; g < count; g++) {
    groups.push(
      sorted.slice(Math.round((g * sorted.length) / count), Math.round(((g + 1) * sorted.length) / count)),
    );
  }
  return groups;
}

/** The entry file's text: imports each file in turn, so one file's tests register after the last's. */
export function groupEntrySource(files: readonly string[]): string {
  const imports = files.map((file) => `await import(${JSON.stringify(pathToFileURL(file).href)});`);
  return `// Runs these test files in one process (test/process-groups.ts).\n${imports.join("\n")}\n`;
}

/**
 * Writes an entry file under `dir` for each group of two or more, named after its first and last
 * files (`runtime.complete-proposal…runtime.faults.test.mjs`); a group of one is that file itself.
 */
export function writeGroupEntries(groups: readonly string[][], dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const name = (file: string) =>
    `${path.basename(path.dirname(file))}.${path.basename(file).replace(/\.test\.ts$/, "")}`;
  return groups.map((files) => {
    if (files.length === 1) return files[0]!;
    const entry = path.join(dir, `${name(files[0]!)}…${name(files.at(-1)!)}.test.mjs`);
    fs.writeFileSync(entry, groupEntrySource(files));
    return entry;
  });
}
