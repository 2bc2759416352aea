// Checks that a "/properties/..." pointer (as used by primaryIdentifier, readOnlyProperties, …)
// names a property of the schema. Nested segments may go through $ref, combinators and array
// items (CloudFormation pointers may write "*" for items or leave arrays out). Where the schema
// does not describe the shape (a free-form object, an unchecked $ref), the pointer is accepted.
import { type JsonObject, type JsonValue, isJsonObject, ownMember } from "../../cfn/json.js";
import { pointerTokens } from "../../cfn/json-pointer.js";
import type { RefResolver } from "./refs.js";

export type PropertyPointerCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const PREFIX = "/properties/";
const COMBINATORS = ["allOf", "anyOf", "oneOf"] as const;

export function hasPropertiesPrefix(pointer: string): boolean {
  return pointer.startsWith(PREFIX) && pointer.length > PREFIX.length;
}

/** Outcome of one step down: a node, "unknown" (shape not described), or nothing. */
type Step = JsonObject | "unknown" | undefined;

function members(node: JsonObject, keyword: string): JsonObject | undefined {
  const value = ownMember(node, keyword);
  return isJsonObject(value) ? value : undefined;
}

function isFreeForm(node: JsonObject): boolean {
  const structural = ["properties", "patternProperties", "items", ...COMBINATORS];
  if (structural.some((k) => ownMember(node, k) !== undefined)) return false;
  const type = ownMember(node, "type");
  return type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));
}

class PointerWalker {
  constructor(private readonly refs: RefResolver) {}

  private deref(value: JsonValue | undefined): Step {
    if (!isJsonObject(value)) return undefined;
    return this.refs.deref(value) ?? "unknown";
  }

  /** A named member of an object node, looking through combinators and array items. */
  private child(node: JsonObject, name: string, depth: number): Step {
    const direct = members(node, "properties");
    if (direct && ownMember(direct, name) !== undefined) return this.deref(ownMember(direct, name));
    if (depth > 8) return undefined;
    const nested: JsonValue[] = [];
    for (const keyword of COMBINATORS) {
      const list = ownMember(node, keyword);
      if (Array.isArray(list)) nested.push(...list);
    }
    const items = ownMember(node, "items");
    if (items !== undefined) nested.push(items);
    for (const candidate of nested) {
      const resolved = this.deref(candidate);
      if (resolved === "unknown") return "unknown";
      if (!resolved) continue;
      const found = this.child(resolved, name, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  /** Map values: patternProperties or a schema-valued additionalProperties. */
  private mapValue(node: JsonObject): Step {
    const patterns = members(node, "patternProperties");
    const first = patterns ? Object.values(patterns)[0] : undefined;
    if (first !== undefined) return this.deref(first);
    const additional = ownMember(node, "additionalProperties");
    return isJsonObject(additional) ? this.deref(additional) : undefined;
  }

  step(node: JsonObject, token: string, next: string | undefined): { node: Step; consumed: number } {
    if (token === "*") {
      const items = ownMember(node, "items");
      if (items !== undefined) return { node: this.deref(items), consumed: 1 };
      return { node: this.mapValue(node) ?? (isFreeForm(node) ? "unknown" : undefined), consumed: 1 };
    }
    if (token === "properties" && next !== undefined) {
      const explicit = this.child(node, next, 0);
      if (explicit) return { node: explicit, consumed: 2 };
    }
    const named = this.child(node, token, 0) ?? this.mapValue(node);
    if (named) return { node: named, consumed: 1 };
    return { node: isFreeForm(node) ? "unknown" : undefined, consumed: 1 };
  }
}

export function checkPropertyPointer(
  document: JsonObject,
  pointer: string,
  refs: RefResolver,
): PropertyPointerCheck {
  const tokens = pointerTokens(pointer);
  if (!tokens || tokens[0] !== "properties" || tokens.length < 2) {
    return { ok: false, reason: `must start with "${PREFIX}"` };
  }
  const topLevel = members(document, "properties");
  const topName = tokens[1]!;
  if (!topLevel || ownMember(topLevel, topName) === undefined) {
    return { ok: false, reason: `the schema has no property "${topName}"` };
  }
  const walker = new PointerWalker(refs);
  // A top-level property that cannot be followed (not an object, broken $ref) is reported elsewhere.
  let current: JsonObject | "unknown" = refs.deref(ownMember(topLevel, topName)) ?? "unknown";
  let i = 2;
  while (i < tokens.length) {
    if (current === "unknown") return { ok: true };
    const { node, consumed } = walker.step(current, tokens[i]!, tokens[i + 1]);
    if (node === undefined) {
      return {
        ok: false,
        reason: `"${tokens[i]}" is not a member of /properties/${tokens.slice(1, i).join("/")}`,
      };
    }
    current = node;
    i += consumed;
  }
  return { ok: true };
}
