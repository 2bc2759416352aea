// `empties`: services differ in how they answer a collection nobody set. Many handlers answer an
// empty list or map for one left out (awscc #1586: `awscc_ecs_task_definition` lists read back as
// `[]` though never configured), and many never answer an empty one (an empty list sent comes back
// absent). Each collection property (by schema path, top level and nested) gets one of three
// seeded treatments: filled (absent → [] / {}), dropped (empty → absent) or kept. A collection the
// schema requires is never dropped, one with minItems/minProperties never filled (nor beyond the
// parent's maxProperties), and one whose presence the schema gives a meaning
// (oneOf/anyOf/dependencies...) is left alone.
import { resolveRefs } from "../generate/schema-nodes.js";
import { isJsonObject } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";
import { collectionKind, namesWithMeaning, resolveMember, rootObjectNode } from "./schema-kinds.js";
import { decisionFraction } from "./seeded.js";

/** Shares of collection properties answered filled when absent, and absent when empty. */
export const EMPTIES_FILL_SHARE = 0.35;
export const EMPTIES_DROP_SHARE = 0.35;

export type EmptyTreatment = "fill" | "drop" | "keep";

export function emptyTreatment(type: ResourceType, pattern: readonly string[], seed: number): EmptyTreatment {
  const fraction = decisionFraction(seed, ["empties", type.typeName, ...pattern]);
  if (fraction < EMPTIES_FILL_SHARE) return "fill";
  if (fraction < EMPTIES_FILL_SHARE + EMPTIES_DROP_SHARE) return "drop";
  return "keep";
}

const isEmpty = (value: JsonValue): boolean =>
  Array.isArray(value) ? value.length === 0 : isJsonObject(value) && Object.keys(value).length === 0;

const samePattern = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((segment, i) => segment === b[i]);

function transform(
  type: ResourceType,
  seed: number,
  value: JsonValue,
  node: JsonObject,
  pattern: string[],
): JsonValue {
  if (Array.isArray(value)) {
    const items = resolveRefs(type.schema, node.items);
    return items ? value.map((item) => transform(type, seed, item, items, [...pattern, "*"])) : value;
  }
  if (!isJsonObject(value) || !isJsonObject(node.properties)) return value;
  const properties = node.properties;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const meaningful = namesWithMeaning(type.schema, node);
  const out: JsonObject = {};
  for (const [name, member] of Object.entries(value)) {
    const child = Object.hasOwn(properties, name) ? resolveMember(type.schema, properties[name]) : undefined;
    if (!child) {
      out[name] = member;
      continue;
    }
    const childPattern = [...pattern, name];
    if (
      collectionKind(child) !== undefined &&
      isEmpty(member) &&
      !required.has(name) &&
      !meaningful.has(name) &&
      emptyTreatment(type, childPattern, seed) === "drop"
    )
      continue;
    out[name] = transform(type, seed, member, child, childPattern);
  }
  // An object whose schema caps its member count gets no more members than that.
  let room = typeof node.maxProperties === "number" ? node.maxProperties - Object.keys(out).length : Infinity;
  for (const name of Object.keys(properties)) {
    if (room <= 0) break;
    if (Object.hasOwn(out, name) || Object.hasOwn(value, name) || meaningful.has(name)) continue;
    const child = resolveMember(type.schema, properties[name]);
    const kind = child && collectionKind(child);
    if (!child || !kind) continue;
    const childPattern = [...pattern, name];
    if (type.writeOnly.some((path) => samePattern(path, childPattern))) continue;
    const least = kind === "array" ? child.minItems : child.minProperties;
    if (typeof least === "number" && least > 0) continue;
    if (emptyTreatment(type, childPattern, seed) === "fill") {
      out[name] = kind === "array" ? [] : {};
      room--;
    }
  }
  return out;
}

/** The model as a handler with these empty-collection habits answers it. */
export function applyEmpties(type: ResourceType, model: JsonObject, seed: number): JsonObject {
  return transform(type, seed, model, rootObjectNode(type.schema), []) as JsonObject;
}
