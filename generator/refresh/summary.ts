// The few lines a refresh ends with: what was read, what changed against the previous cache, what
// was skipped or failed, the pinned types (generate takes those from their pin, not the cache) and
// the diff command to review the change.
import path from "node:path";
import type { RefreshResult } from "./refresh.js";

const LISTED_NAMES = 10;

function display(dir: string, cwd: string): string {
  const relative = path.relative(cwd, dir);
  return relative === "" ? "." : relative.startsWith("..") && path.isAbsolute(dir) ? dir : relative;
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, LISTED_NAMES).join(", ");
  return list.length > LISTED_NAMES ? `${shown}, … (${list.length - LISTED_NAMES} more)` : shown;
}

function sourceLine(result: RefreshResult): string {
  const region = result.region === null ? "" : `, region ${result.region}`;
  const where = `${result.source.kind} ${result.source.location}${region}`;
  if (result.source.kind !== "registry") return `Read ${result.read} schema files from ${where}`;
  const resumed = result.resumed ? `, ${result.resumed} already staged by an earlier run` : "";
  return `Listed ${result.listed ?? 0} types in the ${where}; fetched ${result.fetched ?? 0}${resumed}`;
}

export function formatRefreshSummary(
  result: RefreshResult,
  pinnedTypes: readonly string[] = [],
  cwd = process.cwd(),
): string {
  const lines = [sourceLine(result)];
  for (const entry of result.invalid) lines.push(`  invalid, skipped: ${entry.name}: ${entry.reason}`);
  for (const entry of result.skipped) lines.push(`  skipped: ${entry.name}: ${entry.reason}`);
  for (const failure of result.failures) lines.push(`  failed: ${failure.typeName}: ${failure.reason}`);
  const cache = display(result.cacheDir, cwd);
  if (!result.written || !result.manifest || !result.changes) {
    lines.push(
      `${result.failures.length} type(s) could not be fetched; ${cache} was left as it was.`,
      `Rerun the same command to fetch only those (the rest is staged in ${display(result.stagingDir ?? "", cwd)}).`,
    );
    return lines.join("\n");
  }
  const { manifest } = result;
  const { added, removed, changed, unchanged } = result.changes;
  lines.push(
    `Wrote ${manifest.counts.types} types to ${cache} in ${result.seconds.toFixed(1)} s` +
      (result.invalid.length > 0 ? ` (${result.invalid.length} invalid entries skipped)` : ""),
  );
  if (!result.previousManifest) lines.push("No previous cache to compare with.");
  else {
    lines.push(
      `Against the previous cache: ${added.length} added, ${removed.length} removed, ${changed.length} changed, ${unchanged} unchanged`,
    );
    if (added.length > 0) lines.push(`  added: ${names(added)}`);
    if (removed.length > 0) lines.push(`  removed: ${names(removed)}`);
  }
  if (pinnedTypes.length > 0) {
    const state = (typeName: string): string =>
      !(typeName in manifest.types)
        ? "not in the cache"
        : changed.includes(typeName) || added.includes(typeName)
          ? "changed in the cache: review the pin"
          : "unchanged";
    lines.push(
      `Pinned in schemas/generation.json (generate uses the pinned file, not the cache): ` +
        pinnedTypes.map((typeName) => `${typeName} (${state(typeName)})`).join(", "),
    );
  }
  if (result.previousDir) {
    lines.push(`Review the change: npm run diff -- ${display(result.previousDir, cwd)} ${cache}`);
  }
  return lines.join("\n");
}
