// What a create handler adds to the desired state: a made-up name for an identifier property the
// caller left out, and every read-only property (ids first, then ARNs that embed them). Values
// already present are never replaced, so the same function tops up a model after an update.
import { findMatches, getAtPath, isJsonObject, setAtPath } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";
import { type GenerationContext, plausibleValue, randomString } from "./plausible-values.js";
import { resolveRefs, schemaNodeAt } from "./schema-nodes.js";
import { applyValueRules } from "./type-value-rules.js";

const isArnPath = (path: readonly string[]): boolean => /(Arn|ARN)$/.test(path[path.length - 1] ?? "");

function isReadOnlyPath(type: ResourceType, path: readonly string[]): boolean {
  return type.readOnly.some(
    (pattern) =>
      pattern.length === path.length && pattern.every((segment, i) => segment === "*" || segment === path[i]),
  );
}

const isPlainId = (value: string): boolean => !/^(arn:|https?:)/.test(value);

/** The top-level properties that name an object of a type (`AWS::SNS::Topic`: Topic), if it has them. */
export const nameProperties = (resourceName: string): readonly string[] => [`${resourceName}Name`, "Name"];

/**
 * The id an ARN or URL ends with: the model's name, else its plain identifier values, else a fresh
 * id. A name the schema gives a default (an IVS channel's `"-"`) names no object in particular:
 * services that have one do not keep names unique, and build ARNs from ids of their own.
 */
function resourceIdOf(type: ResourceType, model: JsonObject, ctx: GenerationContext): string {
  const properties = (type.schema.properties ?? {}) as Record<string, JsonValue>;
  for (const key of nameProperties(type.resourceName)) {
    const name = model[key];
    const node = properties[key];
    const defaulted = isJsonObject(node) && node.default !== undefined;
    if (typeof name === "string" && name !== "" && !defaulted) return name;
  }
  const parts = type.primaryIdentifier
    .map((path) => getAtPath(model, path))
    .filter((value): value is string | number => typeof value === "string" || typeof value === "number")
    .map(String)
    .filter(isPlainId);
  return parts.length > 0 ? parts.join("/") : randomString(ctx.random, "abcdef0123456789", 32);
}

function generateAt(
  type: ResourceType,
  model: JsonObject,
  pattern: readonly string[],
  ctx: GenerationContext,
): void {
  const leaf = pattern[pattern.length - 1];
  if (leaf === undefined || leaf === "*") return;
  const node = schemaNodeAt(type.schema, pattern);
  if (!node) return;
  const resolve = (value: JsonValue | undefined): JsonObject | undefined => resolveRefs(type.schema, value);
  const parents =
    pattern.length === 1
      ? [{ path: [], value: model as JsonValue }]
      : findMatches(model, pattern.slice(0, -1));
  for (const parent of parents) {
    if (!isJsonObject(parent.value) || parent.value[leaf] !== undefined) continue;
    const value = plausibleValue(
      { type, propertyName: leaf, node, resourceId: () => resourceIdOf(type, model, ctx), ctx },
      resolve,
    );
    if (value !== undefined) setAtPath(model, [...parent.path, leaf], value);
  }
}

/** Fills, in place, the values the service would generate. */
export function fillGeneratedValues(type: ResourceType, model: JsonObject, ctx: GenerationContext): void {
  // Identifier properties the caller may set but left out get a CloudFormation-style name.
  for (const path of type.primaryIdentifier) {
    if (!isReadOnlyPath(type, path) && getAtPath(model, path) === undefined)
      generateAt(type, model, path, ctx);
  }
  // Values whose shape a service fixes (S3 domain names, Connect ids...) before the generic guesses.
  applyValueRules(type.typeName, model, ctx);
  // Shallow paths before deep ones (parents exist first); ARNs last so they can embed the ids.
  const ordered = [...type.generated].sort(
    (a, b) => Number(isArnPath(a)) - Number(isArnPath(b)) || a.length - b.length,
  );
  for (const pattern of ordered) generateAt(type, model, pattern, ctx);
}
