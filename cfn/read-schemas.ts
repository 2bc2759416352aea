// Reads CloudFormation resource schema files: every *.json of a folder, in sorted file-name order.
// A file that cannot be read, is not JSON or has no typeName becomes an error finding; the others
// are still returned. Reads are synchronous on purpose: for ~1,500 small cached files,
// readFileSync measured 2-3x faster here than fs.promises (thread-pool round trips dominate).
import fs from "node:fs";
import path from "node:path";
import { resolveSchemasDir } from "./paths.js";
import { type Finding, makeFinding } from "./findings.js";
import { type JsonObject, isJsonObject, ownMember } from "./json.js";
import { MAX_JSON_DEPTH, tooDeep } from "./json-depth.js";
import { findJsonSyntaxError } from "./json-syntax.js";

export interface LoadedSchema {
  /** File name, e.g. "AWS_EC2_VPC.json". */
  readonly file: string;
  /** Absolute path it was read from. */
  readonly path: string;
  readonly typeName: string;
  readonly schema: JsonObject;
}

export type SchemaReadOutcome =
  { readonly ok: true; readonly loaded: LoadedSchema } | { readonly ok: false; readonly finding: Finding };

export interface SchemaDirContents {
  readonly dir: string;
  /** Readable schemas, sorted by file name. */
  readonly schemas: LoadedSchema[];
  /** One error finding per file that could not be loaded, sorted by file name. */
  readonly findings: Finding[];
}

const BYTE_ORDER_MARK = "\uFEFF";

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function syntaxFinding(file: string, text: string, parseError: unknown): Finding {
  const where = findJsonSyntaxError(text);
  const base = makeFinding("error", file, "", `not valid JSON: ${errorMessage(parseError)}`, "json-syntax");
  if (!where) return base;
  return {
    ...base,
    message: `${base.message} (line ${where.line}, column ${where.column})`,
    line: where.line,
    column: where.column,
  };
}

/** Pure part of reading: text → schema or finding. `file` names the source in findings. */
export function parseSchemaText(file: string, filePath: string, text: string): SchemaReadOutcome {
  // A BOM is invisible in editors and harmless to the content, so it is dropped rather than reported.
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (e) {
    return { ok: false, finding: syntaxFinding(file, body, e) };
  }
  if (!isJsonObject(parsed)) {
    return {
      ok: false,
      finding: makeFinding("error", file, "", "a resource schema must be a JSON object", "not-an-object"),
    };
  }
  const deep = tooDeep(parsed);
  if (deep !== undefined) {
    const text = `nests deeper than ${MAX_JSON_DEPTH} levels; no resource schema comes close`;
    return { ok: false, finding: makeFinding("error", file, deep, text, "too-deep") };
  }
  const typeName = ownMember(parsed, "typeName");
  if (typeof typeName !== "string" || typeName === "") {
    const text = typeName === undefined ? "missing typeName" : "typeName must be a non-empty string";
    return { ok: false, finding: makeFinding("error", file, "/typeName", text, "missing-typename") };
  }
  return { ok: true, loaded: { file, path: filePath, typeName, schema: parsed } };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    try {
      strictUtf8.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}

/** The file's text, or the finding that says why it cannot be read (unreadable, not UTF-8). */
export function readSchemaText(filePath: string): { readonly text: string } | { readonly finding: Finding } {
  const file = path.basename(filePath);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(filePath);
  } catch (e) {
    return { finding: makeFinding("error", file, "", `cannot read file: ${errorMessage(e)}`, "unreadable") };
  }
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    // Decoding would turn the bytes into U+FFFD silently, inside names and descriptions.
    const offset = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, offset).toString("utf8");
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    const text = `not valid UTF-8: byte 0x${bytes[offset]?.toString(16).padStart(2, "0")} at line ${line}, column ${column}`;
    return { finding: { ...makeFinding("error", file, "", text, "not-utf8"), line, column } };
  }
}

export function readSchemaFileSync(filePath: string): SchemaReadOutcome {
  const absolute = path.resolve(filePath);
  const read = readSchemaText(absolute);
  if ("finding" in read) return { ok: false, finding: read.finding };
  return parseSchemaText(path.basename(absolute), absolute, read.text);
}

export async function readSchemaFile(filePath: string): Promise<SchemaReadOutcome> {
  return readSchemaFileSync(filePath);
}

function isJsonFile(dir: string, entry: fs.Dirent): boolean {
  if (!entry.name.endsWith(".json")) return false;
  if (entry.isFile()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return fs.statSync(path.join(dir, entry.name)).isFile();
  } catch {
    return true; // a dangling link is still a schema file that failed to load: report it
  }
}

/** The refreshed schema cache's own record (generator/refresh): beside the schemas, not one of them. */
export const CACHE_MANIFEST_FILE = "manifest.json";

/** Names of the *.json files of a folder, sorted by UTF-16 code units (byte-wise for ASCII names). */
export function listSchemaFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== CACHE_MANIFEST_FILE && isJsonFile(dir, entry))
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Throws only when the folder itself cannot be listed; broken files become findings. */
export function readSchemaDirSync(dir: string = resolveSchemasDir()): SchemaDirContents {
  const absolute = path.resolve(dir);
  const schemas: LoadedSchema[] = [];
  const findings: Finding[] = [];
  for (const name of listSchemaFiles(absolute)) {
    const outcome = readSchemaFileSync(path.join(absolute, name));
    if (outcome.ok) schemas.push(outcome.loaded);
    else findings.push(outcome.finding);
  }
  return { dir: absolute, schemas, findings };
}

export async function readSchemaDir(dir: string = resolveSchemasDir()): Promise<SchemaDirContents> {
  return readSchemaDirSync(dir);
}
