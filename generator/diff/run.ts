// The `diff` command: runs the report, writes the requested files, returns what to print.
import fs from "node:fs";
import path from "node:path";
import { diffSchemaDirs } from "./diff-report.js";
import { reportJson } from "./render-json.js";
import { reportMarkdown } from "./render-markdown.js";

export interface DiffRunOptions {
  readonly json?: string;
  readonly markdown?: string;
}

function writeFile(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Without --json or --markdown, the Markdown goes to stdout; with them, a one-line summary. */
export function runDiff(oldDir: string, newDir: string, options: DiffRunOptions): string {
  for (const dir of [oldDir, newDir]) {
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
  }
  const started = performance.now();
  const report = diffSchemaDirs(oldDir, newDir);
  const markdown = reportMarkdown(report);
  if (options.json) writeFile(options.json, reportJson(report));
  if (options.markdown) writeFile(options.markdown, markdown);
  if (!options.json && !options.markdown) return markdown;
  const s = report.summary;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const written = [options.json, options.markdown].filter((f) => f !== undefined).join(", ");
  return (
    `${s.oldTypes} → ${s.newTypes} types: ${s.added} added, ${s.removed} removed, ${s.changed} changed ` +
    `(${s.typesWithBreakingChanges} with ${s.breakingChanges} breaking changes) in ${seconds} s\n` +
    `Wrote ${written}\n`
  );
}
