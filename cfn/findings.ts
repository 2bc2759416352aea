// What the load stage reports about a schema file. An "error" means the type cannot be generated;
// a "warning" means the schema is off-spec but the generator can still use it.

export type Severity = "error" | "warning";

export interface Finding {
  readonly severity: Severity;
  /** The schema file's name (not its path), so reports do not depend on where the corpus lives. */
  readonly file: string;
  /** RFC 6901 pointer into the schema ("" is the whole document). */
  readonly pointer: string;
  /** Readable text; it names the pointer itself, so it stands alone in a log line. */
  readonly message: string;
  /** Short stable identifier of the check, for grouping and filtering. */
  readonly rule?: string;
  /** 1-based position in the file, when the finding comes from a JSON syntax error. */
  readonly line?: number;
  readonly column?: number;
}

/** How a pointer is shown inside messages: the root gets a name instead of an empty string. */
export function pointerLabel(pointer: string): string {
  return pointer === "" ? "(document root)" : pointer;
}

export function makeFinding(
  severity: Severity,
  file: string,
  pointer: string,
  text: string,
  rule: string,
): Finding {
  return { severity, file, pointer, message: `${pointerLabel(pointer)}: ${text}`, rule };
}

/** One line for a terminal or a log: `error AWS_X_Y.json: /properties/A: ... [rule]`. */
export function formatFinding(finding: Finding): string {
  const rule = finding.rule ? ` [${finding.rule}]` : "";
  return `${finding.severity} ${finding.file}: ${finding.message}${rule}`;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Deterministic order: file, then pointer, then errors before warnings, then text. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareStrings(a.file, b.file) ||
    compareStrings(a.pointer, b.pointer) ||
    compareStrings(a.severity, b.severity) ||
    compareStrings(a.message, b.message) ||
    compareStrings(a.rule ?? "", b.rule ?? "")
  );
}

/** Sorted copy without exact duplicates (two checks may reach the same conclusion). */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  const unique: Finding[] = [];
  for (const f of findings) {
    const key = `${f.severity}\u0000${f.file}\u0000${f.pointer}\u0000${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(f);
  }
  return unique.sort(compareFindings);
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "error");
}

export interface FindingSummary {
  readonly files: number;
  readonly filesWithErrors: number;
  /** Files with warnings and no error. */
  readonly filesWithOnlyWarnings: number;
  readonly errors: number;
  readonly warnings: number;
  /** Finding count per rule, sorted by rule name. */
  readonly byRule: Readonly<Record<string, number>>;
}

export function summarizeFindings(fileCount: number, findings: readonly Finding[]): FindingSummary {
  const worst = new Map<string, Severity>();
  const byRule: Record<string, number> = {};
  let errors = 0;
  for (const f of findings) {
    if (f.severity === "error") errors++;
    if (worst.get(f.file) !== "error") worst.set(f.file, f.severity);
    const rule = f.rule ?? "(none)";
    byRule[rule] = (byRule[rule] ?? 0) + 1;
  }
  const sortedByRule = Object.fromEntries(Object.entries(byRule).sort(([a], [b]) => compareStrings(a, b)));
  const severities = [...worst.values()];
  return {
    files: fileCount,
    filesWithErrors: severities.filter((s) => s === "error").length,
    filesWithOnlyWarnings: severities.filter((s) => s === "warning").length,
    errors,
    warnings: findings.length - errors,
    byRule: sortedByRule,
  };
}

export function formatSummary(summary: FindingSummary): string {
  const clean = summary.files - summary.filesWithErrors - summary.filesWithOnlyWarnings;
  return (
    `${summary.files} schemas: ${clean} clean, ${summary.filesWithOnlyWarnings} with warnings only, ` +
    `${summary.filesWithErrors} with errors (${summary.errors} errors, ${summary.warnings} warnings)`
  );
}
