// Which arrays of the resource model CloudFormation keeps in no order (`insertionOrder: false`):
// the generator makes them Terraform sets (with uniqueItems) or lists with the `multiset` plan
// modifier (docs/mapping.md#arrays), at any depth. Reads keep the prior order for them
// (order-by-schema.ts); an update sends them whole (cloudcontrol/patch.ts), since the service
// applies a patch to its own order of their elements.
import type { Attribute, Attributes, AttributeType, ElementType } from "../../terraform/schema/types.js";
import { hasPlanModifier } from "../../terraform/schema/resource-rules.js";

/** An array whose element order carries no meaning: a set, or a list compared as a multiset. */
export const isUnordered = (attribute: Attribute): boolean =>
  attribute.type.kind === "set" ||
  attribute.type.kind === "setNested" ||
  hasPlanModifier(attribute, "multiset");

/** Any array element or map value, as in CloudFormation property pointers (`/properties/A/*\/B`). */
export const ANY = "*";

/**
 * The model paths (CloudFormation names, `*` for any array element or map value) of every
 * unordered array the attribute tree describes, outermost first.
 */
export function unorderedArrayPaths(attributes: Attributes, path: readonly string[] = []): string[][] {
  return Object.values(attributes).flatMap((attribute) => {
    if (attribute.cfnName === undefined) return [];
    const here = [...path, attribute.cfnName];
    return [...(isUnordered(attribute) ? [here] : []), ...inside(attribute.type, here)];
  });
}

function inside(type: AttributeType, here: readonly string[]): string[][] {
  switch (type.kind) {
    case "object":
      return unorderedArrayPaths(type.attributes, here);
    case "listNested":
    case "setNested":
    case "mapNested":
      return unorderedArrayPaths(type.attributes, [...here, ANY]);
    case "list":
    case "set":
    case "map":
      return insideElement(type.element, [...here, ANY]);
    default:
      return [];
  }
}

/** Collections of collections: an inner set is unordered (inner multisets are not generated). */
function insideElement(element: ElementType, here: readonly string[]): string[][] {
  if (element.kind !== "list" && element.kind !== "set" && element.kind !== "map") return [];
  return [...(element.kind === "set" ? [[...here]] : []), ...insideElement(element.element, [...here, ANY])];
}

/** Whether a concrete model path (array indices and map keys as segments) is one of `paths`. */
export function isPathOf(paths: readonly (readonly string[])[], path: readonly string[]): boolean {
  return paths.some(
    (pattern) =>
      pattern.length === path.length && pattern.every((segment, i) => segment === ANY || segment === path[i]),
  );
}
