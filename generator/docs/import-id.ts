// The import ID of a resource: the Cloud Control identifier, i.e. the values of the primary
// identifier properties joined with "|". Each value is named by the Terraform attribute holding it
// (found through the attributes' CloudFormation names, so `Id` reads `flow_log_id`).
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { unescapePointerToken } from "../../cfn/json-pointer.js";

export const IDENTIFIER_SEPARATOR = "|";

const decodeSegment = unescapePointerToken;

function childNamed(attributes: Attributes, cfnName: string): [string, Attribute] | undefined {
  return Object.entries(attributes).find(([, a]) => a.cfnName === cfnName);
}

/** Identifiers only descend into single nested objects (docs/mapping.md#the-resource-its-identity-and-its-data-sources: arrays have no identity). */
function objectMembers(a: Attribute): Attributes | undefined {
  return a.type.kind === "object" ? a.type.attributes : undefined;
}

/** Terraform path of a `/properties/A/B` pointer, e.g. `a.b`; undefined when no attribute maps it. */
export function attributePathOf(attributes: Attributes, pointer: string): string | undefined {
  if (!pointer.startsWith("/properties/")) return undefined;
  const segments = pointer.slice("/properties/".length).split("/").map(decodeSegment);
  const names: string[] = [];
  let current: Attributes | undefined = attributes;
  for (const cfnName of segments) {
    const entry = current === undefined ? undefined : childNamed(current, cfnName);
    if (!entry) return undefined;
    names.push(entry[0]);
    current = objectMembers(entry[1]);
  }
  return names.join(".");
}

/** One name per identifier part: the attribute path, else the identity name. */
export function identifierParts(resource: ResourceDefinition): string[] {
  return resource.primaryIdentifier.map(
    (pointer, i) =>
      attributePathOf(resource.attributes, pointer) ?? resource.identity[i]?.name ?? `part_${i + 1}`,
  );
}

/** The placeholder import ID, e.g. `<rest_api_id>|<stage_name>`. */
export function importIdPlaceholder(parts: readonly string[]): string {
  return parts.length === 0 ? "<id>" : parts.map((p) => `<${p}>`).join(IDENTIFIER_SEPARATOR);
}
