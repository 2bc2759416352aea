// The staging folder of a registry refresh: the type list it fetches (types.json) and each schema
// text fetched so far (schemas/<Org>_<Service>_<Resource>.json, written whole through a rename).
// A refresh that fails or is interrupted keeps it, so the next run fetches only what is missing;
// a refresh that completes removes it.
import fs from "node:fs";
import path from "node:path";
import { cacheFileName } from "./cache-layout.js";

export interface TypeListRecord {
  readonly formatVersion: 1;
  readonly region: string;
  /** The endpoint the list came from; null for the region's default. */
  readonly endpoint: string | null;
  readonly listedAt: string;
  readonly types: readonly string[];
}

const TYPE_LIST_FILE = "types.json";

function isTypeListRecord(value: unknown): value is TypeListRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.formatVersion === 1 &&
    typeof record.region === "string" &&
    (record.endpoint === null || typeof record.endpoint === "string") &&
    Array.isArray(record.types) &&
    record.types.every((t) => typeof t === "string")
  );
}

export class Staging {
  private readonly schemasDir: string;
  private tempCounter = 0;

  constructor(readonly dir: string) {
    this.schemasDir = path.join(dir, "schemas");
  }

  /** The recorded type list, or undefined when there is none (or it is unreadable). */
  readTypeList(): TypeListRecord | undefined {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(path.join(this.dir, TYPE_LIST_FILE), "utf8"));
      return isTypeListRecord(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  writeTypeList(record: TypeListRecord): void {
    fs.mkdirSync(this.schemasDir, { recursive: true });
    this.writeWhole(path.join(this.dir, TYPE_LIST_FILE), `${JSON.stringify(record, null, 2)}\n`);
  }

  has(typeName: string): boolean {
    return fs.existsSync(this.schemaPath(typeName));
  }

  writeSchema(typeName: string, text: string): void {
    this.writeWhole(this.schemaPath(typeName), text);
  }

  readSchema(typeName: string): string {
    return fs.readFileSync(this.schemaPath(typeName), "utf8");
  }

  /** Forgets everything staged (a new type list starts over). */
  clear(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private schemaPath(typeName: string): string {
    return path.join(this.schemasDir, cacheFileName(typeName));
  }

  /** Write to a temporary name, then rename: a kill leaves the old file or the new one, never half. */
  private writeWhole(target: string, text: string): void {
    const temp = `${target}.tmp-${process.pid}-${this.tempCounter++}`;
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, target);
  }
}
