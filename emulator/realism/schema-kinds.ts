// What kind of value a schema node holds, as the realism behaviours need to tell them apart.
import { typesOf } from "../generate/schema-nodes.js";
import { isJsonObject } from "../schema/pointers.js";
import type { JsonObject } from "../types.js";

/** An object node that declares no members: free-form JSON (policy documents, event patterns...). */
export function isFreeFormObject(node: JsonObject): boolean {
  if (!typesOf(node).includes("object") && node.type !== undefined) return false;
  if (node.type === undefined && node.items !== undefined) return false;
  return (
    !isJsonObject(node.properties) &&
    !isJsonObject(node.patternProperties) &&
    !isJsonObject(node.additionalProperties)
  );
}
