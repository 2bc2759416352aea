// Cloud Control identifiers: the primaryIdentifier values joined with "|" in schema order, or the
// JSON form (`{"RoleName":"x","PolicyName":"y"}`, also for additionalIdentifiers) callers may send.
import type { JsonObject, JsonValue, StoredResource } from "../types.js";
import { getAtPath, isJsonObject, jsonEqual } from "./pointers.js";
import type { ResourceType } from "./type-registry.js";

function identifierPart(value: JsonValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The identifier of a model, or undefined while some primary identifier value is missing. */
export function identifierOf(type: ResourceType, model: JsonObject): string | undefined {
  const parts: string[] = [];
  for (const path of type.primaryIdentifier) {
    const value = getAtPath(model, path);
    if (value === undefined || value === null) return undefined;
    parts.push(identifierPart(value));
  }
  return parts.length > 0 ? parts.join("|") : undefined;
}

function leafName(path: readonly string[]): string {
  return path[path.length - 1] ?? "";
}

function sameKeys(paths: readonly (readonly string[])[], object: JsonObject): boolean {
  const names = paths.map(leafName);
  const keys = Object.keys(object);
  return keys.length === names.length && names.every((name) => keys.includes(name));
}

/**
 * The primary identifier a caller meant. A JSON object naming every primary identifier property is
 * turned into the joined form; one naming an additionalIdentifiers set is looked up among `stored`.
 * Anything else is taken verbatim.
 */
export function resolveIdentifier(
  type: ResourceType,
  raw: string,
  stored: () => Iterable<StoredResource>,
): string {
  if (!raw.trimStart().startsWith("{")) return raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (!isJsonObject(parsed)) return raw;
  if (sameKeys(type.primaryIdentifier, parsed)) {
    return type.primaryIdentifier.map((path) => identifierPart(parsed[leafName(path)] ?? null)).join("|");
  }
  for (const paths of type.additionalIdentifiers) {
    if (!sameKeys(paths, parsed)) continue;
    for (const resource of stored()) {
      if (paths.every((path) => jsonEqual(getAtPath(resource.properties, path), parsed[leafName(path)]))) {
        return resource.identifier;
      }
    }
  }
  return raw;
}
