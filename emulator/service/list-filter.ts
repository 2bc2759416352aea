// The ResourceModel of a ListResources call, checked against the list handler's `handlerSchema`.
import { ApiError } from "../api-errors.js";
import { getAtPath, isJsonObject, jsonEqual } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, StoredResource } from "../types.js";

function requiredNames(schema: unknown): string[] {
  return isJsonObject(schema) && Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === "string")
    : [];
}

/**
 * What a list request lacks under the list handler's `handlerSchema` (its `required`, and
 * `oneOf` / `anyOf` alternatives of required sets), or undefined when it is complete.
 */
function missingListProperties(
  handlerSchema: JsonObject | undefined,
  filter: JsonObject,
): string | undefined {
  if (!handlerSchema) return undefined;
  const has = (names: string[]): boolean => names.every((name) => filter[name] !== undefined);
  const always = requiredNames(handlerSchema);
  if (!has(always)) return always.filter((name) => filter[name] === undefined).join(", ");
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = handlerSchema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const sets = branches.map(requiredNames);
    const satisfied = sets.filter(has).length;
    if (satisfied === 0 || (keyword === "oneOf" && satisfied > 1)) {
      return sets.map((names) => names.join(" + ")).join(keyword === "oneOf" ? " xor " : " or ");
    }
  }
  return undefined;
}

export function listFilterOf(type: ResourceType, text: string | undefined): JsonObject {
  let filter: JsonObject = {};
  if (text !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ApiError(
        "InvalidRequestException",
        `ResourceModel is not valid JSON: ${(error as Error).message}`,
      );
    }
    if (!isJsonObject(parsed))
      throw new ApiError("InvalidRequestException", "ResourceModel must be a JSON object");
    filter = parsed;
  }
  const handlerSchema = type.listHandlerSchema;
  const allowed = isJsonObject(handlerSchema?.properties) ? Object.keys(handlerSchema.properties) : [];
  for (const key of Object.keys(filter)) {
    if (!allowed.includes(key)) {
      throw new ApiError(
        "InvalidRequestException",
        `ResourceModel property [${key}] is not supported by the list handler of ${type.typeName}` +
          (allowed.length > 0 ? ` (supported: ${allowed.join(", ")})` : ""),
      );
    }
  }
  const missing = missingListProperties(handlerSchema, filter);
  if (missing !== undefined) {
    throw new ApiError(
      "InvalidRequestException",
      `Missing Or Invalid ResourceModel property in ${type.typeName} list handler request input. ` +
        `Required property: [${missing}]`,
    );
  }
  return filter;
}

/** Does a stored object match the filter? Keys that are not resource properties (e.g. a list of ARNs) only shape the request. */
export function matchesListFilter(type: ResourceType, filter: JsonObject, resource: StoredResource): boolean {
  const properties = isJsonObject(type.schema.properties) ? type.schema.properties : {};
  return Object.entries(filter)
    .filter(([key]) => key in properties)
    .every(([key, value]) => jsonEqual(getAtPath(resource.properties, [key]), value));
}
