// A folder of schema files (e.g. ../shared/cfn/schemas or an unpacked archive): every *.json file,
// in sorted name order. Unreadable files are reported like invalid ones.
import fs from "node:fs";
import path from "node:path";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import type { InvalidEntry, RawSchema } from "./schema-entry.js";

export interface SourceContents {
  readonly raws: RawSchema[];
  /** Entries that could not even be read. */
  readonly unreadable: InvalidEntry[];
}

export function readDirectorySource(dir: string): SourceContents {
  const absolute = path.resolve(dir);
  if (!fs.statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`schema folder ${absolute} does not exist`);
  }
  const raws: RawSchema[] = [];
  const unreadable: InvalidEntry[] = [];
  for (const name of listSchemaFiles(absolute)) {
    try {
      raws.push({ name, text: fs.readFileSync(path.join(absolute, name), "utf8") });
    } catch (e) {
      unreadable.push({ name, reason: `cannot read file: ${(e as Error).message}` });
    }
  }
  return { raws, unreadable };
}
