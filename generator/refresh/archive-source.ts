// CloudformationSchema.zip, the per-region archive of every resource schema AWS publishes: a flat
// zip of `aws-<service>-<resource>.json` files (lower case, so the type name is read from each
// file's JSON, never from its name). Read with adm-zip; folders and non-.json entries are ignored.
import AdmZip from "adm-zip";
import fs from "node:fs";
import path from "node:path";
import type { SourceContents } from "./directory-source.js";
import type { InvalidEntry, RawSchema } from "./schema-entry.js";

/** Largest schema an entry may inflate to; the biggest real ones are well under 1 MB. */
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;

export function readArchiveSource(archivePath: string): SourceContents {
  const absolute = path.resolve(archivePath);
  if (!fs.statSync(absolute, { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`schema archive ${absolute} does not exist`);
  }
  let zip: AdmZip;
  try {
    zip = new AdmZip(absolute);
  } catch (e) {
    throw new Error(`${absolute} is not a readable zip archive: ${(e as Error).message}`, { cause: e });
  }
  const entries = zip
    .getEntries()
    .filter((entry) => !entry.isDirectory && entry.entryName.toLowerCase().endsWith(".json"))
    .sort((a, b) => (a.entryName < b.entryName ? -1 : a.entryName > b.entryName ? 1 : 0));
  const raws: RawSchema[] = [];
  const unreadable: InvalidEntry[] = [];
  for (const entry of entries) {
    const name = entry.entryName;
    if (entry.header.size > MAX_ENTRY_BYTES) {
      unreadable.push({ name, reason: `inflates to ${entry.header.size} bytes (limit ${MAX_ENTRY_BYTES})` });
      continue;
    }
    try {
      raws.push({ name, text: entry.getData().toString("utf8") });
    } catch (e) {
      unreadable.push({ name, reason: `cannot inflate entry: ${(e as Error).message}` });
    }
  }
  return { raws, unreadable };
}
