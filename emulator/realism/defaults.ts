// `defaults`: optional properties the caller left out come back with a value the service chose
// (an Availability Zone, an engine version, a default setting), for a seeded share of each type's
// optional properties, top level and nested in objects the caller sent. Decided once, when the
// create runs, and stored with the object, so every read agrees. Never for read-only values (the
// emulator generates those anyway), write-only ones or objects holding them (never read back
// whole) or members of them, identifier parts, the object's name, properties the read handler never
// reports (realism `unreported`) or anything under them, or properties whose absence the schema
// gives a meaning (named in oneOf/anyOf/allOf/not or dependencies); a filled value that the type's
// validator rejects is taken back.
import { nameProperties } from "../generate/fill-generated.js";
import type { GenerationContext } from "../generate/plausible-values.js";
import { resolveRefs } from "../generate/schema-nodes.js";
import { deepClone, isJsonObject } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";
import { sampleValue } from "./sample-value.js";
import { namesWithMeaning, resolveMember, rootObjectNode } from "./schema-kinds.js";
import { chosen, decisionRandom } from "./seeded.js";

/** Share of eligible optional properties a service fills in. */
export const DEFAULTS_SHARE = 0.3;

const samePattern = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((segment, i) => segment === b[i]);

function excluded(type: ResourceType, pattern: readonly string[]): boolean {
  const lists = [type.generated, type.writeOnly, type.primaryIdentifier, ...type.additionalIdentifiers];
  return (
    lists.some((list) => list.some((path) => samePattern(path, pattern))) ||
    // The object's name: a service never gives every object it names the same one, and generated
    // identifiers (ARNs) are built from it (fill-generated.ts), so two unnamed objects would clash.
    (pattern.length === 1 && nameProperties(type.resourceName).includes(pattern[0] ?? "")) ||
    // An object holding a write-only member (a client secret): reads would show it without the
    // secret, which no service chooses for its caller.
    type.writeOnly.some(
      (path) => path.length > pattern.length && samePattern(path.slice(0, pattern.length), pattern),
    ) ||
    // A member of a write-only object (Pipes SourceParameters, a Refactor Spaces route's
    // UriPathRoute): never read back, so callers send it whole on each update and a value filled
    // in there would be one they remove, create-only members included.
    type.writeOnly.some(
      (path) => path.length < pattern.length && samePattern(pattern.slice(0, path.length), path),
    )
  );
}

export interface DefaultsInput {
  readonly type: ResourceType;
  /**
   * Top-level properties the read handler never reports (realism `unreported`): a value the service
   * chose inside one would be one no caller can see, and would lose when it sends the property again.
   */
  readonly unreported?: readonly string[];
  /** Validates a copy of the model: the violations, none when it is valid. */
  readonly validate: (model: JsonObject) => string[];
  readonly seed: number;
  readonly ctx: Omit<GenerationContext, "random">;
}

/**
 * Fills, in place, the values the service chooses for left-out optional properties. Returns the
 * concrete paths filled (for tests and counts).
 */
export function fillServiceDefaults(input: DefaultsInput, model: JsonObject): string[][] {
  const { type, seed } = input;
  const filled: string[][] = [];
  const visit = (object: JsonObject, node: JsonObject, pattern: string[], path: string[]): void => {
    const properties = isJsonObject(node.properties) ? node.properties : undefined;
    if (!properties) return;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const meaningful = namesWithMeaning(type.schema, node);
    for (const name of Object.keys(properties)) {
      const child = resolveMember(type.schema, properties[name]);
      if (!child) continue;
      const childPattern = [...pattern, name];
      const present = Object.hasOwn(object, name) ? object[name] : undefined;
      if (present !== undefined) {
        descend(present, child, childPattern, [...path, name]);
        continue;
      }
      if (required.has(name) || meaningful.has(name) || excluded(type, childPattern)) continue;
      if (input.unreported?.includes(childPattern[0] ?? "")) continue;
      if (!chosen(seed, ["defaults", type.typeName, ...childPattern], DEFAULTS_SHARE)) continue;
      const random = decisionRandom(seed, ["defaults-value", type.typeName, ...childPattern]);
      const value = sampleValue({
        type,
        name,
        node: child,
        ctx: { ...input.ctx, random },
        collections: false,
      });
      if (value === undefined) continue;
      object[name] = value;
      if (input.validate(deepClone(model)).length > 0) delete object[name];
      else filled.push([...path, name]);
    }
  };
  const descend = (value: JsonValue, node: JsonObject, pattern: string[], path: string[]): void => {
    if (isJsonObject(value)) visit(value, node, pattern, path);
    else if (Array.isArray(value)) {
      const items = resolveRefs(type.schema, node.items);
      if (items) value.forEach((item, i) => descend(item, items, [...pattern, "*"], [...path, String(i)]));
    }
  };
  visit(model, rootObjectNode(type.schema), [], []);
  return filled;
}
