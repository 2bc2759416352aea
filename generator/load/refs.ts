// Follows `$ref`s the way a reader of one resource schema can: references inside the document,
// and relative references to sibling files (the meta-schema examples use them). "resource-schema.json"
// is CloudFormation's name for the schema itself (list handler schemas refer to it that way).
import fs from "node:fs";
import path from "node:path";
import { type JsonObject, type JsonValue, isJsonObject, ownMember } from "../../cfn/json.js";
import { resolvePointer } from "../../cfn/json-pointer.js";

export type RefResolution =
  | { readonly kind: "resolved"; readonly target: JsonValue; readonly external: boolean }
  | { readonly kind: "missing"; readonly reason: string }
  | { readonly kind: "unchecked"; readonly reason: string };

const SELF_NAMES = new Set(["resource-schema.json"]);
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Parsed sibling documents, shared by all schemas a validator sees (a file is read once). */
export type ExternalDocumentCache = Map<string, JsonValue | Error>;

function loadExternal(absolutePath: string, cache: ExternalDocumentCache): JsonValue | Error {
  let entry = cache.get(absolutePath);
  if (entry === undefined) {
    try {
      entry = JSON.parse(fs.readFileSync(absolutePath, "utf8")) as JsonValue;
    } catch (e) {
      entry = e instanceof Error ? e : new Error(String(e));
    }
    cache.set(absolutePath, entry);
  }
  return entry;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

export class RefResolver {
  constructor(
    private readonly document: JsonObject,
    /** Folder of the schema file; without it, references to other files are not checked. */
    private readonly baseDir: string | undefined,
    private readonly cache: ExternalDocumentCache,
  ) {}

  resolve(ref: string): RefResolution {
    const hash = ref.indexOf("#");
    const location = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : decodeFragment(ref.slice(hash + 1));
    if (fragment !== "" && !fragment.startsWith("/")) {
      return { kind: "missing", reason: `fragment "#${fragment}" is not a JSON pointer` };
    }
    if (location === "" || SELF_NAMES.has(path.posix.basename(location))) {
      return this.inDocument(this.document, fragment, undefined);
    }
    if (URI_SCHEME.test(location))
      return { kind: "unchecked", reason: "absolute URI references are not fetched" };
    if (this.baseDir === undefined) return { kind: "unchecked", reason: "the schema's folder is unknown" };
    const loaded = loadExternal(path.resolve(this.baseDir, location), this.cache);
    if (loaded instanceof Error)
      return { kind: "missing", reason: `cannot load "${location}": ${loaded.message}` };
    return this.inDocument(loaded, fragment, location);
  }

  /** Follows a chain of `$ref`s from a node; undefined when the chain cannot be followed. */
  deref(node: JsonValue | undefined): JsonObject | undefined {
    let current = node;
    for (let hops = 0; hops < 32 && isJsonObject(current); hops++) {
      const ref = ownMember(current, "$ref");
      if (typeof ref !== "string") return current;
      const resolution = this.resolve(ref);
      if (resolution.kind !== "resolved") return undefined;
      current = resolution.target;
    }
    return undefined;
  }

  /** `location` is the other file's reference, or undefined for the schema itself. */
  private inDocument(document: JsonValue, fragment: string, location: string | undefined): RefResolution {
    const target = resolvePointer(document, fragment);
    if (target === undefined) {
      const where = location === undefined ? "this schema" : `"${location}"`;
      return { kind: "missing", reason: `${where} has nothing at "#${fragment}"` };
    }
    return { kind: "resolved", target, external: location !== undefined };
  }
}
