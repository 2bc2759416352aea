// Singular data source attributes (cfn-mapping.md §8): the resource's tree, every attribute
// Computed, with no validators, defaults or plan modifiers; `id` is Required.
import type { Attribute, Attributes, AttributeType } from "../../runtime/schema/types.js";

function computedType(type: AttributeType): AttributeType {
  if ("attributes" in type) return { kind: type.kind, attributes: computedAttributes(type.attributes) };
  return type;
}

function computedAttribute(a: Attribute): Attribute {
  return {
    ...(a.cfnName !== undefined && { cfnName: a.cfnName }),
    type: computedType(a.type),
    ...(a.description !== undefined && { description: a.description }),
    computed: true,
  };
}

function computedAttributes(attributes: Attributes): Attributes {
  return Object.fromEntries(Object.entries(attributes).map(([name, a]) => [name, computedAttribute(a)]));
}

export function toSingularDataSourceAttributes(resourceAttributes: Attributes): Attributes {
  return {
    ...computedAttributes(resourceAttributes),
    id: { type: { kind: "string", flavor: "plain" }, description: "Uniquely identifies the resource.", required: true },
  };
}
