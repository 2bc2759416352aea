// One schema as it goes into the cache: the source's text → its type name, its cache file name and
// the pretty-printed bytes with their sha256. Entries that cannot be cached (not JSON, not an object,
// no usable typeName, a second file for the same type) are reported by name and skipped.
import { createHash } from "node:crypto";
import { parseSchemaText } from "../../cfn/read-schemas.js";
import { cacheFileName } from "./cache-layout.js";

/** A schema text from a source; `name` (file, archive entry or type name) names it in reports. */
export interface RawSchema {
  readonly name: string;
  readonly text: string;
  /** The type the source said this is (registry): a schema of another type is refused. */
  readonly expectedTypeName?: string;
}

export interface CacheEntry {
  readonly typeName: string;
  /** Cache file name, e.g. `AWS_Logs_LogGroup.json`. */
  readonly file: string;
  readonly bytes: Buffer;
  /** sha256 of `bytes`, hex. */
  readonly sha256: string;
  /** The RawSchema name it came from. */
  readonly source: string;
}

export interface InvalidEntry {
  readonly name: string;
  readonly reason: string;
}

export interface CollectedEntries {
  /** Sorted by type name. */
  readonly entries: CacheEntry[];
  /** In source order. */
  readonly invalid: InvalidEntry[];
}

/** `Org::Service::Resource`; anything else could not be a safe, conventional file name. */
const TYPE_NAME = /^[A-Za-z0-9]+::[A-Za-z0-9]+::[A-Za-z0-9]+$/;

export type EntryOutcome =
  { readonly ok: true; readonly entry: CacheEntry } | { readonly ok: false; readonly invalid: InvalidEntry };

/** Pretty-printed with two spaces and a final newline, keys in the source's order: same input, same bytes. */
export function formatSchema(schema: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(schema, null, 2)}\n`, "utf8");
}

export function sha256Hex(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function toCacheEntry(raw: RawSchema): EntryOutcome {
  const outcome = parseSchemaText(raw.name, raw.name, raw.text);
  if (!outcome.ok) return { ok: false, invalid: { name: raw.name, reason: outcome.finding.message } };
  const { typeName, schema } = outcome.loaded;
  if (!TYPE_NAME.test(typeName)) {
    return {
      ok: false,
      invalid: {
        name: raw.name,
        reason: `typeName ${JSON.stringify(typeName)} is not Org::Service::Resource`,
      },
    };
  }
  if (raw.expectedTypeName !== undefined && raw.expectedTypeName !== typeName) {
    return {
      ok: false,
      invalid: { name: raw.name, reason: `the schema is for ${typeName}, not ${raw.expectedTypeName}` },
    };
  }
  const bytes = formatSchema(schema);
  return {
    ok: true,
    entry: { typeName, file: cacheFileName(typeName), bytes, sha256: sha256Hex(bytes), source: raw.name },
  };
}

function byTypeName(a: CacheEntry, b: CacheEntry): number {
  return a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0;
}

/** The first entry of a type wins (sources are read in sorted name order); later ones are reported. */
export function collectEntries(raws: Iterable<RawSchema>): CollectedEntries {
  const byType = new Map<string, CacheEntry>();
  const invalid: InvalidEntry[] = [];
  for (const raw of raws) {
    const outcome = toCacheEntry(raw);
    if (!outcome.ok) {
      invalid.push(outcome.invalid);
      continue;
    }
    const first = byType.get(outcome.entry.typeName);
    if (first) {
      invalid.push({
        name: raw.name,
        reason: `duplicate typeName ${outcome.entry.typeName} (also in ${first.source})`,
      });
      continue;
    }
    byType.set(outcome.entry.typeName, outcome.entry);
  }
  return { entries: [...byType.values()].sort(byTypeName), invalid };
}
