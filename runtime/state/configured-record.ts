// The provider's private bytes per resource: a small versioned JSON document. It carries the
// import marker (import-marker.ts) and, after each successful apply, the attribute paths the user
// configured (plan/configured-paths.ts), so that a later plan can tell an attribute the user removed
// from one the service filled in, and the properties the service did not report back after that
// apply (unreported.ts). Bytes from older versions (empty, or the bare import marker) read
// as "no record": such resources plan as before until their next apply.
const VERSION = 1;

export interface PrivateRecord {
  /** Paths configured at the last successful apply; null when nothing is recorded. */
  readonly configured: ReadonlySet<string> | null;
  readonly writeOnlyUnknown: boolean;
  /** Paths the service did not report after the last successful apply (unreported.ts). */
  readonly unreported: ReadonlySet<string>;
}

const EMPTY: PrivateRecord = { configured: null, writeOnlyUnknown: false, unreported: new Set() };

const decoder = new TextDecoder();

export function encodePrivateRecord(
  configured: readonly string[],
  unreported: readonly string[] = [],
): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify(
      unreported.length > 0 ? { v: VERSION, configured, unreported } : { v: VERSION, configured },
    ),
  );
}

export function decodePrivateRecord(bytes: Uint8Array | undefined): PrivateRecord {
  if (!bytes || bytes.length === 0) return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(bytes));
  } catch {
    return EMPTY;
  }
  if (typeof parsed !== "object" || parsed === null) return EMPTY;
  const doc = parsed as Record<string, unknown>;
  const writeOnlyUnknown = doc.writeOnlyUnknown === true;
  // A newer version may mean something else by its paths: better to plan as before than wrongly.
  const paths = doc.v === VERSION && Array.isArray(doc.configured) ? doc.configured : null;
  const configured =
    paths !== null && paths.every((p): p is string => typeof p === "string") ? new Set(paths) : null;
  const unreported =
    doc.v === VERSION && Array.isArray(doc.unreported)
      ? new Set(doc.unreported.filter((p): p is string => typeof p === "string"))
      : EMPTY.unreported;
  return { configured, writeOnlyUnknown, unreported };
}
