// Schema-valid sample values for a node: what a service might choose for a property the caller left
// out (the `defaults` behaviour), and the smallest value a required property can take. Strings,
// numbers and ids come from the emulator's plausible-value generator (ARNs, ids, names, pattern
// samples); enums and booleans are picked by the seeded stream; objects get their required members
// only, and one with members but none required gets no sample; a oneOf/anyOf node takes its first
// branch.
import { type GenerationContext, plausibleValue } from "../generate/plausible-values.js";
import { resolveRefs, typesOf } from "../generate/schema-nodes.js";
import { isJsonObject } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";

const MAX_DEPTH = 6;

export interface SampleRequest {
  readonly type: ResourceType;
  /** The property's name (names drive ARNs, ids, ports...). */
  readonly name: string;
  readonly node: JsonObject;
  readonly ctx: GenerationContext;
  /** Arrays and maps get no sample unless asked (a left-out collection is the `empties` behaviour). */
  readonly collections: boolean;
}

/** The node with its first oneOf/anyOf branch folded in (members and required names). */
function withFirstBranch(root: JsonObject, node: JsonObject): JsonObject {
  for (const keyword of ["oneOf", "anyOf"]) {
    const list = node[keyword];
    if (!Array.isArray(list) || list.length === 0) continue;
    const branch = resolveRefs(root, list[0]);
    if (!branch) continue;
    const required = [
      ...(Array.isArray(node.required) ? node.required : []),
      ...(Array.isArray(branch.required) ? branch.required : []),
    ];
    const properties = {
      ...(isJsonObject(node.properties) ? node.properties : {}),
      ...(isJsonObject(branch.properties) ? branch.properties : {}),
    };
    const merged: JsonObject = { ...branch, ...node, required, properties };
    delete merged[keyword];
    if (merged.type === undefined && branch.type !== undefined) merged.type = branch.type;
    return merged;
  }
  return node;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function sampleAt(request: SampleRequest, depth: number): JsonValue | undefined {
  const { type, ctx } = request;
  if (depth > MAX_DEPTH) return undefined;
  const node = withFirstBranch(type.schema, request.node);
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return pick(node.enum, ctx.random);
  const types = typesOf(node);
  const kind = types.find((name) => name !== "null") ?? (node.properties ? "object" : "string");
  switch (kind) {
    case "boolean":
      return ctx.random() < 0.5;
    case "string":
    case "integer":
    case "number": {
      const value = plausibleValue(
        { type, propertyName: request.name, node, resourceId: () => request.name.toLowerCase(), ctx },
        (child) => resolveRefs(type.schema, child),
      );
      return value ?? undefined;
    }
    case "array": {
      if (!request.collections) return undefined;
      const items = resolveRefs(type.schema, node.items);
      const count = typeof node.minItems === "number" ? Math.max(1, node.minItems) : 1;
      if (!items) return count === 1 ? [] : undefined;
      const out: JsonValue[] = [];
      for (let i = 0; i < count; i++) {
        const item = sampleAt({ ...request, node: items }, depth + 1);
        if (item === undefined) return undefined;
        out.push(item);
      }
      return out;
    }
    case "object": {
      const properties = isJsonObject(node.properties) ? node.properties : undefined;
      if (!properties) return request.collections ? {} : undefined; // maps and free-form JSON
      const out: JsonObject = {};
      const required = Array.isArray(node.required) ? node.required : [];
      for (const name of required) {
        if (typeof name !== "string") continue;
        const child = resolveRefs(type.schema, properties[name]);
        if (!child) return undefined;
        const value = sampleAt({ ...request, name, node: child, collections: true }, depth + 1);
        if (value === undefined) return undefined;
        out[name] = value;
      }
      // An object with members but none required gets no sample: its smallest value would be `{}`,
      // which no service answers for a structured value (AWS::IoT::TopicRule's AssetPropertyVariant
      // needs one of its four members, which the schema cannot say), and which a provider rightly
      // leaves out when it sends the value back.
      return Object.keys(properties).length > 0 && Object.keys(out).length === 0 ? undefined : out;
    }
    default:
      return undefined;
  }
}

/** A value the node accepts (checked by the caller's validation), or undefined when none is made. */
export function sampleValue(request: SampleRequest): JsonValue | undefined {
  return sampleAt(request, 0);
}
