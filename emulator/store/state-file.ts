// Persistence of the emulator state in one JSON file. Each save writes a temporary file in the same
// folder, fsyncs it, renames it over the state file and fsyncs the folder, so a kill at any moment
// leaves either the previous or the new complete file, never a torn one.
import fs from "node:fs";
import path from "node:path";
import { isJsonObject } from "../schema/pointers.js";
import { type PersistedState, STATE_FORMAT_VERSION } from "./state.js";

export class StateFileError extends Error {}

export class StateFile {
  private saves = 0;
  readonly path: string;

  constructor(filePath: string) {
    this.path = path.resolve(filePath);
  }

  private get temporaryPrefix(): string {
    return `${path.basename(this.path)}.tmp-`;
  }

  /** The saved state; undefined when there is no file yet. Throws on a file that is not a state. */
  load(): PersistedState | undefined {
    let text: string;
    try {
      text = fs.readFileSync(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new StateFileError(`state file ${this.path} is not valid JSON: ${(error as Error).message}`);
    }
    if (
      !isJsonObject(parsed) ||
      parsed.version !== STATE_FORMAT_VERSION ||
      !Array.isArray(parsed.resources) ||
      !Array.isArray(parsed.requests) ||
      !isJsonObject(parsed.clientTokens)
    ) {
      throw new StateFileError(
        `state file ${this.path} is not an emulator state (format ${STATE_FORMAT_VERSION})`,
      );
    }
    return parsed as unknown as PersistedState;
  }

  save(state: PersistedState): void {
    const directory = path.dirname(this.path);
    const temporary = path.join(directory, `${this.temporaryPrefix}${process.pid}-${++this.saves}`);
    const fd = fs.openSync(temporary, "w", 0o644);
    try {
      fs.writeSync(fd, JSON.stringify(state));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, this.path);
    syncDirectory(directory);
  }

  /** Deletes temporary files an earlier process left when it was killed before its rename. */
  removeLeftovers(): string[] {
    const directory = path.dirname(this.path);
    let entries: string[];
    try {
      entries = fs.readdirSync(directory);
    } catch {
      return [];
    }
    const leftovers = entries.filter((name) => name.startsWith(this.temporaryPrefix));
    for (const name of leftovers) fs.rmSync(path.join(directory, name), { force: true });
    return leftovers;
  }
}

// Makes the rename itself durable. Some platforms cannot open a folder for fsync: the rename is
// still atomic there, only its durability across a power cut is weaker.
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(directory, "r");
    fs.fsyncSync(fd);
  } catch {
    // best effort, see above
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
