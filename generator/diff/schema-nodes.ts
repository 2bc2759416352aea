// Flattens one CloudFormation schema into the properties a user sees: every property at every
// depth, `$ref`s resolved (with the model's own resolver, so allOf/oneOf/multi-type read the same
// way the generator reads them), keyed by a pointer through properties/items/patternProperties.
// A change inside a definition therefore shows at each property that uses it.
import { type CfnNode, type CfnResourceSchema, joinPointer, MappingError } from "../model/cfn-schema.js";
import { arrayKind } from "../model/array-kind.js";
import {
  type AttributePath,
  childPath,
  itemsPath,
  matchesAny,
  type PointerSet,
  pointerSet,
  rootPath,
} from "../model/pointers.js";
import { type Resolved, resolveNode } from "../model/resolve.js";

/** The value shape as Terraform types it: a change between two shapes changes the attribute type. */
export type NodeShape =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "object"
  | "map"
  | "json"
  | "list"
  | "set"
  | "recursive"
  | "unresolvable";

export const BOUND_KEYWORDS = [
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
] as const;
export type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

export interface SchemaNode {
  readonly pointer: string;
  /** Property names along the way (`*` for array items and map values in `withItems`). */
  readonly path: AttributePath;
  readonly parentPointer?: string;
  readonly shape: NodeShape;
  /** Named in the parent's `required` list (the schema's at the root). */
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly createOnly: boolean;
  readonly writeOnly: boolean;
  readonly deprecated: boolean;
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly bounds: Readonly<Partial<Record<BoundKeyword, number>>>;
}

/** Segment used for map values: the pattern key itself is an implementation detail of the schema. */
export const MAP_VALUE_SEGMENT = "*";

interface Flags {
  readonly readOnly: PointerSet;
  readonly createOnly: PointerSet;
  readonly writeOnly: PointerSet;
  readonly deprecated: PointerSet;
}

const hasKeys = (o: object | undefined | null): o is object =>
  o !== undefined && o !== null && typeof o === "object" && Object.keys(o).length > 0;

/**
 * A property is flagged by a pointer naming it with or without `*` for arrays (cfn-mapping.md §6.1
 * and the model's wildcard reading). An element (array item, map value) only by a pointer ending in
 * `*`: its names-only path equals its collection's, which would report every flag twice.
 */
function flagged(set: PointerSet, path: AttributePath): boolean {
  const isElement = path.withItems.endsWith("*");
  return isElement ? set.wildcard.has(path.withItems) : matchesAny(set, path);
}

function shapeOf(r: Resolved): NodeShape {
  if (r.recursiveRef) return "recursive";
  switch (r.type) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return r.type;
    case "array":
      // list, multiset and ordered set are all Terraform lists; only an unordered unique array is a set.
      return arrayKind(r.node.insertionOrder, r.node.uniqueItems) === "set" ? "set" : "list";
    default:
      if (hasKeys(r.node.properties)) return "object";
      if (hasKeys(r.node.patternProperties)) return "map";
      return "json";
  }
}

function boundsOf(node: CfnNode): Partial<Record<BoundKeyword, number>> {
  const out: Partial<Record<BoundKeyword, number>> = {};
  for (const k of BOUND_KEYWORDS) {
    const v = node[k];
    if (typeof v === "number") out[k] = v;
  }
  return out;
}

class NodeCollector {
  readonly nodes = new Map<string, SchemaNode>();

  constructor(
    private readonly schema: CfnResourceSchema,
    private readonly flags: Flags,
  ) {}

  visit(
    node: CfnNode,
    pointer: string,
    path: AttributePath,
    parentPointer: string | undefined,
    required: boolean,
    refStack: readonly string[],
  ): void {
    let resolved: Resolved;
    try {
      resolved = resolveNode(this.schema, node, pointer, refStack);
    } catch (e) {
      if (!(e instanceof MappingError)) throw e;
      this.record(pointer, path, parentPointer, required, "unresolvable", {});
      return;
    }
    const shape = shapeOf(resolved);
    this.record(pointer, path, parentPointer, required, shape, resolved.node);
    if (shape === "recursive") return;
    const n = resolved.node;
    if (shape === "object") {
      this.properties(n, pointer, path, resolved.refStack);
    } else if ((shape === "list" || shape === "set") && n.items !== undefined) {
      this.visit(n.items, pointer + "/items", itemsPath(path), pointer, false, resolved.refStack);
    } else if (shape === "map") {
      // The first key (sorted) is the value schema, as in the model (cfn-mapping.md §4.3).
      const key = Object.keys(n.patternProperties!).sort()[0]!;
      const valuePointer = joinPointer(pointer + "/patternProperties", MAP_VALUE_SEGMENT);
      // Map values carry no `required` (§4.3), so their members start as not required.
      this.visit(
        n.patternProperties![key]!,
        valuePointer,
        itemsPath(path),
        pointer,
        false,
        resolved.refStack,
      );
    }
  }

  properties(node: CfnNode, pointer: string, path: AttributePath, refStack: readonly string[]): void {
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    for (const name of Object.keys(node.properties ?? {}).sort()) {
      const child = node.properties![name]!;
      const childPointer = joinPointer(pointer + "/properties", name);
      this.visit(child, childPointer, childPath(path, name), pointer, required.has(name), refStack);
    }
  }

  private record(
    pointer: string,
    path: AttributePath,
    parentPointer: string | undefined,
    required: boolean,
    shape: NodeShape,
    node: CfnNode,
  ): void {
    this.nodes.set(pointer, {
      pointer,
      path,
      ...(parentPointer !== undefined && { parentPointer }),
      shape,
      required,
      readOnly: flagged(this.flags.readOnly, path),
      createOnly: flagged(this.flags.createOnly, path),
      writeOnly: flagged(this.flags.writeOnly, path),
      deprecated: flagged(this.flags.deprecated, path),
      ...(Array.isArray(node.enum) && { enum: node.enum }),
      ...(typeof node.pattern === "string" && { pattern: node.pattern }),
      bounds: boundsOf(node),
    });
  }
}

/** Every property of the schema at every depth, keyed by user-view pointer. */
export function schemaNodes(schema: CfnResourceSchema): ReadonlyMap<string, SchemaNode> {
  const collector = new NodeCollector(schema, {
    readOnly: pointerSet(schema.readOnlyProperties),
    createOnly: pointerSet(schema.createOnlyProperties),
    writeOnly: pointerSet(schema.writeOnlyProperties),
    deprecated: pointerSet(schema.deprecatedProperties),
  });
  const properties = schema.properties;
  if (hasKeys(properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const name of Object.keys(properties).sort()) {
      collector.visit(
        properties[name]!,
        joinPointer("/properties", name),
        childPath(rootPath, name),
        undefined,
        required.has(name),
        [],
      );
    }
  }
  return collector.nodes;
}
