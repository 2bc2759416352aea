// `unreported`: many read handlers never return some settable properties (the Go awscc provider
// has marked dozens write-only after the fact for that reason). On a seeded share of types, one or
// two settable top-level properties (not read-only, not write-only, not identifier parts) are left
// out of every read answer, whatever was sent.
import { isJsonObject } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject } from "../types.js";
import { chosen, decisionRandom } from "./seeded.js";

/** Share of types whose read handler leaves out settable properties. */
export const UNREPORTED_TYPE_SHARE = 0.25;

const unreportedCache = new WeakMap<ResourceType, Map<number, readonly string[]>>();

function eligible(type: ResourceType): string[] {
  const properties = isJsonObject(type.schema.properties) ? Object.keys(type.schema.properties) : [];
  const topLevel = (lists: readonly (readonly string[])[]): Set<string> =>
    new Set(lists.filter((path) => path.length >= 1).map((path) => path[0] as string));
  // A read-only or write-only path below a property leaves the property itself settable and reported.
  const whole = (lists: readonly (readonly string[])[]): Set<string> =>
    new Set(lists.filter((path) => path.length === 1).map((path) => path[0] as string));
  const identifiers = topLevel([...type.primaryIdentifier, ...type.additionalIdentifiers.flat()]);
  const readOnly = whole(type.generated);
  const writeOnly = whole(type.writeOnly);
  return properties
    .filter((name) => !identifiers.has(name) && !readOnly.has(name) && !writeOnly.has(name))
    .sort();
}

/** The top-level properties this type's read handler never returns (none for most types). */
export function unreportedProperties(type: ResourceType, seed: number): readonly string[] {
  let bySeed = unreportedCache.get(type);
  if (!bySeed) unreportedCache.set(type, (bySeed = new Map()));
  const known = bySeed.get(seed);
  if (known) return known;
  let picked: string[] = [];
  if (chosen(seed, ["unreported", type.typeName], UNREPORTED_TYPE_SHARE)) {
    const candidates = eligible(type);
    const random = decisionRandom(seed, ["unreported-properties", type.typeName]);
    const count = Math.min(candidates.length, random() < 0.6 ? 1 : 2);
    for (let i = 0; i < count; i++)
      picked.push(...candidates.splice(Math.floor(random() * candidates.length), 1));
    picked = picked.sort();
  }
  bySeed.set(seed, picked);
  return picked;
}

/** The model without the properties the read handler does not report. */
export function dropUnreported(type: ResourceType, model: JsonObject, seed: number): JsonObject {
  const hidden = unreportedProperties(type, seed);
  if (hidden.length === 0 || !hidden.some((name) => Object.hasOwn(model, name))) return model;
  return Object.fromEntries(Object.entries(model).filter(([name]) => !hidden.includes(name)));
}
