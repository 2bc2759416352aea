// Reproducible zips: entries in the given order, a fixed timestamp, fixed permissions and
// compression, so the same files give the same bytes (yazl writes the format).
import fs from "node:fs";
import yazl from "yazl";

export interface ZipEntry {
  readonly name: string;
  /** A file to read, or the bytes themselves. */
  readonly source: string | Buffer;
  readonly executable: boolean;
}

// A DOS timestamp has no time zone: a Date built from local fields gives the same stored fields
// whatever TZ the machine has (with forceDosTimestamp, yazl writes no UTC timestamp field).
const FIXED_MTIME = new Date(2000, 0, 1, 0, 0, 0);

export function writeZip(target: string, entries: readonly ZipEntry[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const options = {
      mtime: FIXED_MTIME,
      forceDosTimestamp: true,
      mode: entry.executable ? 0o100755 : 0o100644,
      compress: true,
      compressionLevel: 9,
    };
    if (typeof entry.source === "string") zip.addFile(entry.source, entry.name, options);
    else zip.addBuffer(entry.source, entry.name, options);
  }
  zip.end();
  const staging = `${target}.partial`;
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(staging);
    zip.outputStream.pipe(out).on("error", reject);
    out.on("close", () => {
      fs.renameSync(staging, target);
      resolve();
    });
    out.on("error", reject);
  });
}
