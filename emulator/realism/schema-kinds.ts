// What kind of value a schema node holds, as the realism behaviours need to tell them apart.
import { resolveRefs, typesOf } from "../generate/schema-nodes.js";
import { isJsonObject } from "../schema/pointers.js";
import type { JsonObject, JsonValue } from "../types.js";

/**
 * A property's node with its `$ref` resolved and the keywords written beside the `$ref` kept
 * (schemas put `maxProperties`, `minItems`, `insertionOrder`... next to a reference).
 */
export function resolveMember(root: JsonObject, node: JsonValue | undefined): JsonObject | undefined {
  const resolved = resolveRefs(root, node);
  if (!resolved || !isJsonObject(node) || node.$ref === undefined) return resolved;
  const { $ref: _ref, ...siblings } = node;
  return { ...resolved, ...siblings };
}

/** An object node that declares no members: free-form JSON (policy documents, event patterns...). */
export function isFreeFormObject(node: JsonObject): boolean {
  if (!typesOf(node).includes("object") && node.type !== undefined) return false;
  if (node.type === undefined && node.items !== undefined) return false;
  return (
    !isJsonObject(node.properties) &&
    !isJsonObject(node.patternProperties) &&
    !isJsonObject(node.additionalProperties)
  );
}

/** The resource's top-level object node: its properties, required names and cross-property rules. */
export function rootObjectNode(schema: JsonObject): JsonObject {
  const root: JsonObject = {
    properties: isJsonObject(schema.properties) ? schema.properties : {},
    required: Array.isArray(schema.required) ? schema.required : [],
  };
  for (const keyword of ["oneOf", "anyOf", "allOf", "not", "dependencies"]) {
    const value = schema[keyword];
    if (value !== undefined) root[keyword] = value;
  }
  return root;
}

/** A collection node: an array, or a map (an object whose members are described by a pattern). */
export function collectionKind(node: JsonObject): "array" | "map" | undefined {
  const types = typesOf(node);
  if (types.includes("array")) return "array";
  if (!types.includes("object") || isJsonObject(node.properties)) return undefined;
  return isJsonObject(node.patternProperties) || isJsonObject(node.additionalProperties) ? "map" : undefined;
}

/** Names whose presence or absence a node's cross-property keywords talk about. */
export function namesWithMeaning(root: JsonObject, node: JsonObject): Set<string> {
  const out = new Set<string>();
  const collect = (value: JsonValue | undefined, depth: number): void => {
    if (depth > 4) return;
    const resolved = resolveRefs(root, value);
    if (!resolved) return;
    for (const name of Array.isArray(resolved.required) ? resolved.required : [])
      if (typeof name === "string") out.add(name);
    if (isJsonObject(resolved.properties)) for (const name of Object.keys(resolved.properties)) out.add(name);
    for (const keyword of ["oneOf", "anyOf", "allOf"]) {
      const list = resolved[keyword];
      if (Array.isArray(list)) for (const branch of list) collect(branch, depth + 1);
    }
    if (resolved.not !== undefined) collect(resolved.not, depth + 1);
  };
  for (const keyword of ["oneOf", "anyOf", "allOf"]) {
    const list = node[keyword];
    if (Array.isArray(list)) for (const branch of list) collect(branch, 0);
  }
  if (node.not !== undefined) collect(node.not, 0);
  if (isJsonObject(node.dependencies)) {
    for (const [name, needs] of Object.entries(node.dependencies)) {
      out.add(name);
      if (Array.isArray(needs)) {
        for (const need of needs) if (typeof need === "string") out.add(need);
      } else {
        collect(needs, 0);
      }
    }
  }
  return out;
}
