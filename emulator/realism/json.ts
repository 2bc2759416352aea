// `json`: services parse the JSON documents they are given and answer their own serialisation:
// keys in another order (here sorted), no whitespace, and for IAM policy documents IAM's own
// normalisation (iam-policy.ts). Applies to free-form object properties (no declared members) and
// to strings of a string-typed property that hold a JSON object or array (a string stays a string).
import { resolveRefs, typesOf } from "../generate/schema-nodes.js";
import { isJsonObject } from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject, JsonValue } from "../types.js";
import { isPolicyDocumentName, normaliseIamPolicy } from "./iam-policy.js";
import { isFreeFormObject, resolveMember, rootObjectNode } from "./schema-kinds.js";

/** Keys sorted at every depth (arrays keep their order). */
export function sortedKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) out[key] = sortedKeys(value[key] as JsonValue);
  return out;
}

function parsedDocument(text: string): JsonValue | undefined {
  const start = text.trimStart()[0];
  if (start !== "{" && start !== "[") return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

function reserialised(name: string, value: JsonValue): JsonValue {
  const document = isPolicyDocumentName(name) ? normaliseIamPolicy(value) : value;
  return sortedKeys(document);
}

/** A string-typed node that may hold a JSON document: no pattern, enum or format constrains it. */
const mayHoldJsonText = (node: JsonObject): boolean =>
  typesOf(node).includes("string") &&
  node.pattern === undefined &&
  node.enum === undefined &&
  node.format === undefined;

function transform(type: ResourceType, name: string, value: JsonValue, node: JsonObject): JsonValue {
  if (typeof value === "string") {
    if (!mayHoldJsonText(node)) return value;
    const document = parsedDocument(value);
    return document === undefined ? value : JSON.stringify(reserialised(name, document));
  }
  if (isFreeFormObject(node) && (isJsonObject(value) || Array.isArray(value)))
    return reserialised(name, value);
  if (Array.isArray(value)) {
    const items = resolveRefs(type.schema, node.items);
    return items ? value.map((item) => transform(type, name, item, items)) : value;
  }
  if (!isJsonObject(value)) return value;
  const properties = isJsonObject(node.properties) ? node.properties : {};
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    const child = Object.hasOwn(properties, key) ? resolveMember(type.schema, properties[key]) : undefined;
    out[key] = child ? transform(type, key, member, child) : member;
  }
  return out;
}

/** The model with every JSON document in the service's own serialisation. */
export function reserialiseJson(type: ResourceType, model: JsonObject): JsonObject {
  return transform(type, "", model, rootObjectNode(type.schema)) as JsonObject;
}
