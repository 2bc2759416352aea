// Finding the schema node that describes a model location: follows `#/definitions/...` references,
// `items` for array elements and `properties` (or the first pattern / additionalProperties) for
// object members, looking into oneOf/anyOf/allOf branches when the node itself has no answer.
import { isJsonObject, parseJsonPointer } from "../schema/pointers.js";
import type { JsonObject, JsonValue } from "../types.js";

const MAX_REF_HOPS = 32;

export function resolveRefs(root: JsonObject, node: JsonValue | undefined): JsonObject | undefined {
  let current = node;
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    if (!isJsonObject(current)) return undefined;
    const ref = current.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#")) return current;
    const path = parseJsonPointer(decodeURIComponent(ref.slice(1)));
    if (!path) return undefined;
    let target: JsonValue | undefined = root;
    for (const segment of path) target = isJsonObject(target) ? target[segment] : undefined;
    current = target;
  }
  return undefined;
}

function branches(node: JsonObject): JsonValue[] {
  const out: JsonValue[] = [];
  for (const keyword of ["allOf", "oneOf", "anyOf"]) {
    const list = node[keyword];
    if (Array.isArray(list)) out.push(...list);
  }
  return out;
}

function childNode(root: JsonObject, node: JsonObject, segment: string): JsonObject | undefined {
  if (segment === "*" || /^(0|[1-9][0-9]*)$/.test(segment)) {
    const items = resolveRefs(root, node.items);
    if (items) return items;
  }
  const properties = node.properties;
  if (isJsonObject(properties) && properties[segment] !== undefined)
    return resolveRefs(root, properties[segment]);
  const patterns = node.patternProperties;
  if (segment === "*" && isJsonObject(patterns)) {
    const first = Object.values(patterns)[0];
    if (first !== undefined) return resolveRefs(root, first);
  }
  if (isJsonObject(node.additionalProperties)) return resolveRefs(root, node.additionalProperties);
  for (const branch of branches(node)) {
    const resolved = resolveRefs(root, branch);
    const found = resolved ? childNode(root, resolved, segment) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The schema node for a model path (segments relative to the properties object). */
export function schemaNodeAt(root: JsonObject, path: readonly string[]): JsonObject | undefined {
  let node: JsonObject | undefined = { properties: root.properties ?? {} };
  for (const segment of path) {
    if (!node) return undefined;
    node = childNode(root, node, segment);
  }
  return node;
}

/** The JSON types a node allows, in schema order (a missing `type` allows anything). */
export function typesOf(node: JsonObject): string[] {
  const type = node.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === "string");
  if (isJsonObject(node.properties)) return ["object"];
  if (node.items !== undefined) return ["array"];
  return [];
}
