// The report as JSON: every array already sorted by the report; here each object gets one fixed
// key order, so two runs over the same inputs give byte-identical files.
import type { Change } from "./change.js";
import type { ChangedType, DiffReport, TypeEntry } from "./diff-report.js";

const CHANGE_KEYS: readonly (keyof Change)[] = [
  "kind",
  "pointer",
  "tfPath",
  "keyword",
  "breaking",
  "summary",
  "reason",
  "before",
  "after",
  "added",
  "removed",
  "moduleEffect",
  "createOnly",
  "nextPlan",
];

function ordered<T extends object>(value: T, keys: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const k of keys) if (value[k] !== undefined) out[k] = value[k];
  return out;
}

const typeEntryJson = (t: TypeEntry) =>
  ordered(t, ["cfnTypeName", "tfTypeName", "file", "modules", "notGenerated"]);

const changedTypeJson = (t: ChangedType) => ({
  ...typeEntryJson(t),
  ...ordered(t, ["breaking", "descriptionsOnly", "changedKeys"]),
  changes: t.changes.map((c) => ordered(c, CHANGE_KEYS)),
});

export function reportJson(report: DiffReport): string {
  const doc = {
    old: report.old,
    new: report.new,
    summary: report.summary,
    addedTypes: report.addedTypes.map(typeEntryJson),
    removedTypes: report.removedTypes.map(typeEntryJson),
    changedTypes: report.changedTypes.map(changedTypeJson),
    unreadable: report.unreadable,
  };
  return JSON.stringify(doc, null, 2) + "\n";
}
