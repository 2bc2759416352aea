// Schema pre-processing for one node (docs/mapping.md#reading-the-schema): `$ref`, `allOf [$ref, default]`, oneOf
// unwrapping, multi-type resolution and recursion detection. The walk calls this lazily, node by
// node, instead of expanding the whole schema up front, so recursion can be cut where it happens.
import { type CfnNode, type CfnResourceSchema, MappingError } from "./cfn-schema.js";

export type ResolvedType = "string" | "integer" | "number" | "boolean" | "object" | "array" | "untyped";

export interface Resolved {
  /** The effective node after expansion. Shared with the schema: never mutate. */
  readonly node: CfnNode;
  readonly type: ResolvedType;
  /** Definitions entered on the way here (for recursion detection further down). */
  readonly refStack: readonly string[];
  /** Set when a `$ref` re-enters a definition already on the stack: the walk cuts here. */
  readonly recursiveRef?: string;
  /** A `type` array was narrowed to one type (docs/mapping.md#keywords-and-types). */
  readonly fromMultiType?: boolean;
}

const SCALAR_TYPES = new Set(["string", "integer", "number", "boolean", "object", "array"]);

/** docs/mapping.md#keywords-and-types: a type array of exactly two entries resolves to its first non-object entry. */
export function resolveTypeKeyword(
  type: CfnNode["type"],
  pointer: string,
): { type: ResolvedType; multi: boolean } {
  if (type === undefined) return { type: "untyped", multi: false };
  if (typeof type === "string") {
    if (!SCALAR_TYPES.has(type)) throw new MappingError(pointer + "/type", `unsupported type "${type}"`);
    return { type: type as ResolvedType, multi: false };
  }
  if (!Array.isArray(type)) throw new MappingError(pointer + "/type", "type must be a string or an array");
  if (type.length !== 2) {
    throw new MappingError(
      pointer + "/type",
      `a type array must have exactly 2 entries, found ${type.length}`,
    );
  }
  const chosen = type.find((t) => t !== "object");
  if (chosen === undefined) return { type: "untyped", multi: true };
  if (!SCALAR_TYPES.has(chosen)) throw new MappingError(pointer + "/type", `unsupported type "${chosen}"`);
  return { type: chosen as ResolvedType, multi: true };
}

/** Follows `#/definitions/X` or `#/properties/X`; any other form is fatal (docs/mapping.md#references). */
function refTarget(schema: CfnResourceSchema, ref: string, pointer: string): { key: string; node: CfnNode } {
  const parts = ref.split("/");
  if (parts.length !== 3 || parts[0] !== "#" || (parts[1] !== "definitions" && parts[1] !== "properties")) {
    throw new MappingError(
      pointer + "/$ref",
      `unsupported $ref "${ref}" (only #/definitions/X and #/properties/X)`,
    );
  }
  const table = parts[1] === "definitions" ? schema.definitions : schema.properties;
  const node = table?.[parts[2]!];
  if (node === undefined || node === null || typeof node !== "object") {
    throw new MappingError(pointer + "/$ref", `$ref "${ref}" points to nothing`, "bad $ref");
  }
  return { key: ref, node };
}

/**
 * Expands `$ref` chains and the `allOf [{$ref}, {default}]` idiom. The node's own `default` and
 * non-empty `description` survive; other siblings of `$ref` are dropped, as the Go provider does.
 */
function expandRefs(
  schema: CfnResourceSchema,
  node: CfnNode,
  pointer: string,
  refStack: readonly string[],
): { node: CfnNode; refStack: readonly string[]; recursiveRef?: string } {
  let current = node;
  let stack = refStack;
  const own: { default?: unknown; description?: string } = {};
  if (node.default !== undefined) own.default = node.default;
  if (node.description) own.description = node.description;

  // allOf [$ref, {default}]: the only allOf shape that carries meaning (docs/mapping.md#oneof-and-allof).
  if (current.$ref === undefined && Array.isArray(current.allOf) && current.properties === undefined) {
    const refBranch = current.allOf.find((b) => typeof b?.$ref === "string");
    if (refBranch) {
      const defaultBranch = current.allOf.find((b) => b !== refBranch && b && "default" in b);
      if (defaultBranch && own.default === undefined) own.default = defaultBranch.default;
      current = { ...refBranch, description: current.description };
    }
  }

  for (let hops = 0; typeof current.$ref === "string"; hops++) {
    if (hops > 64) throw new MappingError(pointer + "/$ref", "$ref chain too long", "bad $ref");
    const target = refTarget(schema, current.$ref, pointer);
    if (stack.includes(target.key)) {
      return { node: { ...own, type: "object" }, refStack: stack, recursiveRef: target.key };
    }
    stack = [...stack, target.key];
    current = target.node;
  }
  if (current === node) return { node, refStack: stack };
  const merged: Record<string, unknown> = { ...current };
  if (own.default !== undefined) merged.default = own.default;
  if (own.description !== undefined) merged.description = own.description;
  return { node: merged as CfnNode, refStack: stack };
}

/**
 * docs/mapping.md#oneof-and-allof oneOf unwrap: an object/untyped node with oneOf and no properties becomes an object whose
 * properties are the union of the branches' properties, all optional.
 */
function unwrapOneOf(node: CfnNode, type: ResolvedType): CfnNode {
  if (!Array.isArray(node.oneOf) || node.properties !== undefined || node.patternProperties !== undefined)
    return node;
  if (type !== "object" && type !== "untyped") return node;
  const properties: Record<string, CfnNode> = {};
  for (const branch of node.oneOf) {
    if (branch && typeof branch === "object" && branch.properties)
      Object.assign(properties, branch.properties);
  }
  const { required: _dropped, ...rest } = node;
  return Object.keys(properties).length > 0
    ? { ...rest, type: "object", properties }
    : { ...rest, type: "object" };
}

export function resolveNode(
  schema: CfnResourceSchema,
  node: CfnNode,
  pointer: string,
  refStack: readonly string[],
): Resolved {
  if (node === null || typeof node !== "object" || Array.isArray(node)) {
    throw new MappingError(pointer, "a property schema must be a JSON object");
  }
  const expanded = expandRefs(schema, node, pointer, refStack);
  if (expanded.recursiveRef) {
    return {
      node: expanded.node,
      type: "object",
      refStack: expanded.refStack,
      recursiveRef: expanded.recursiveRef,
    };
  }
  const { type, multi } = resolveTypeKeyword(expanded.node.type, pointer);
  const unwrapped = unwrapOneOf(expanded.node, type);
  const finalType: ResolvedType = unwrapped !== expanded.node ? "object" : type;
  return { node: unwrapped, type: finalType, refStack: expanded.refStack, fromMultiType: multi || undefined };
}
