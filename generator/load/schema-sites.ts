// Where a location inside a resource schema sits: which schema node (a property or definition
// schema, at any depth) and which keyword of it. Mirrors the meta-schema's structure, so a finding
// can be judged by what the generator does with that keyword.
import { type JsonObject, type JsonValue, isJsonObject, ownMember } from "../../cfn/json.js";
import { appendPointer } from "../../cfn/json-pointer.js";

/** Which part of a resource schema a node belongs to; only "resource" nodes become attributes. */
export type NodeContext = "resource" | "handlerSchema" | "typeConfiguration" | "remote";

export interface SchemaNodeRef {
  readonly pointer: string;
  readonly context: NodeContext;
}

export interface SchemaSite {
  /** The innermost schema node holding the location; undefined for root-level keywords. */
  readonly node?: SchemaNodeRef;
  /** The keyword (of that node, or of the root) the location is in; undefined for the node itself. */
  readonly keyword?: string;
  /** Tokens below the keyword. */
  readonly rest: readonly string[];
}

/** Keywords whose value is a map of name → schema. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependencies"]);
/** Keywords whose value is one schema. */
const SINGLE_SCHEMAS = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf"]);

const INDEX = /^(0|[1-9][0-9]*)$/;

function childValue(parent: JsonValue | undefined, token: string): JsonValue | undefined {
  if (Array.isArray(parent)) return INDEX.test(token) ? parent[Number(token)] : undefined;
  return isJsonObject(parent) ? ownMember(parent, token) : undefined;
}

/** Sites inside a schema node, following nested keywords down to the innermost node. */
function siteInNode(node: SchemaNodeRef, value: JsonValue | undefined, rest: readonly string[]): SchemaSite {
  const [keyword, name, ...deeper] = rest;
  if (keyword === undefined) return { node, rest: [] };
  const keywordValue = childValue(value, keyword);
  if (name !== undefined && SCHEMA_MAPS.has(keyword)) {
    const child = childValue(keywordValue, name);
    // A dependency may be a list of property names instead of a schema.
    if (keyword !== "dependencies" || isJsonObject(child)) {
      const pointer = appendPointer(node.pointer, keyword, name);
      return siteInNode({ pointer, context: node.context }, child, deeper);
    }
  }
  if (SINGLE_SCHEMAS.has(keyword) && isJsonObject(keywordValue)) {
    const pointer = appendPointer(node.pointer, keyword);
    return siteInNode({ pointer, context: node.context }, keywordValue, rest.slice(1));
  }
  if (name !== undefined && SCHEMA_LISTS.has(keyword) && INDEX.test(name)) {
    const pointer = appendPointer(node.pointer, keyword, name);
    return siteInNode({ pointer, context: node.context }, childValue(keywordValue, name), deeper);
  }
  return { node, keyword, rest: rest.slice(1) };
}

/** Entry into the node trees of a container (the root, a handlerSchema, a typeConfiguration). */
function enterContainer(
  containerPointer: string,
  container: JsonValue | undefined,
  tokens: readonly string[],
  context: NodeContext,
  allowDefinitions: boolean,
): SchemaSite | undefined {
  const [keyword, name, ...deeper] = tokens;
  if (keyword === undefined || name === undefined) return undefined;
  const entersMap = keyword === "properties" || (allowDefinitions && keyword === "definitions");
  if (entersMap || (SCHEMA_LISTS.has(keyword) && INDEX.test(name))) {
    const child = childValue(childValue(container, keyword), name);
    return siteInNode({ pointer: appendPointer(containerPointer, keyword, name), context }, child, deeper);
  }
  return undefined;
}

/** The site of a location given as raw pointer tokens, within `document`. */
export function locateSite(document: JsonObject, tokens: readonly string[]): SchemaSite {
  const rootSite = enterContainer("", document, tokens, "resource", true);
  if (rootSite) return rootSite;
  const [keyword, a, b, ...deeper] = tokens;
  if (keyword === "handlers" && a === "list" && b === "handlerSchema") {
    const container = childValue(childValue(childValue(document, keyword), a), b);
    const site = enterContainer("/handlers/list/handlerSchema", container, deeper, "handlerSchema", false);
    if (site) return site;
  }
  if (keyword === "typeConfiguration" && a !== undefined) {
    const site = enterContainer(
      "/typeConfiguration",
      childValue(document, keyword),
      tokens.slice(1),
      "typeConfiguration",
      true,
    );
    if (site) return site;
  }
  if (keyword === "remote" && a !== undefined && b !== undefined) {
    const container = childValue(childValue(document, keyword), a);
    const site = enterContainer(appendPointer("/remote", a), container, tokens.slice(2), "remote", true);
    if (site) return site;
  }
  return { keyword, rest: tokens.slice(1) };
}

export type NodeVisitor = (node: JsonObject, ref: SchemaNodeRef) => void;

function visitNode(
  value: JsonValue | undefined,
  ref: SchemaNodeRef,
  visit: NodeVisitor,
  depth: number,
): void {
  // Schemas are trees in JSON, but a hand-made fixture could nest absurdly: stop well before the stack.
  if (!isJsonObject(value) || depth > 200) return;
  visit(value, ref);
  const { pointer, context } = ref;
  for (const keyword of Object.keys(value)) {
    const keywordValue = value[keyword];
    if (SCHEMA_MAPS.has(keyword) && isJsonObject(keywordValue)) {
      const base = appendPointer(pointer, keyword);
      for (const name of Object.keys(keywordValue)) {
        const at = { pointer: appendPointer(base, name), context };
        visitNode(keywordValue[name], at, visit, depth + 1);
      }
    } else if (SINGLE_SCHEMAS.has(keyword)) {
      visitNode(keywordValue, { pointer: appendPointer(pointer, keyword), context }, visit, depth + 1);
    } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(keywordValue)) {
      for (let i = 0; i < keywordValue.length; i++) {
        const at = { pointer: appendPointer(pointer, keyword, String(i)), context };
        visitNode(keywordValue[i], at, visit, depth + 1);
      }
    }
  }
}

function visitContainer(
  container: JsonValue | undefined,
  pointer: string,
  context: NodeContext,
  withDefinitions: boolean,
  visit: NodeVisitor,
): void {
  if (!isJsonObject(container)) return;
  for (const keyword of withDefinitions ? ["properties", "definitions"] : ["properties"]) {
    const map = ownMember(container, keyword);
    if (!isJsonObject(map)) continue;
    for (const [name, v] of Object.entries(map))
      visitNode(v, { pointer: appendPointer(pointer, keyword, name), context }, visit, 0);
  }
  for (const keyword of SCHEMA_LISTS) {
    const list = ownMember(container, keyword);
    if (!Array.isArray(list)) continue;
    list.forEach((v, i) =>
      visitNode(v, { pointer: appendPointer(pointer, keyword, String(i)), context }, visit, 0),
    );
  }
}

/** Calls `visit` for every schema node of a resource schema, in document order. */
export function forEachSchemaNode(document: JsonObject, visit: NodeVisitor): void {
  visitContainer(document, "", "resource", true, visit);
  const list = childValue(childValue(document, "handlers"), "list");
  visitContainer(
    childValue(list, "handlerSchema"),
    "/handlers/list/handlerSchema",
    "handlerSchema",
    false,
    visit,
  );
  visitContainer(
    ownMember(document, "typeConfiguration"),
    "/typeConfiguration",
    "typeConfiguration",
    true,
    visit,
  );
  const remote = ownMember(document, "remote");
  if (isJsonObject(remote)) {
    for (const [name, v] of Object.entries(remote))
      visitContainer(v, appendPointer("/remote", name), "remote", true, visit);
  }
}
