// Definitions derived from others by rule, shared by the generator and the generated modules.
import type {
  Attribute,
  Attributes,
  AttributeType,
  ResourceDefinition,
  SingularDataSourceDefinition,
} from "./types.js";

function computedType(type: AttributeType): AttributeType {
  if ("attributes" in type) return { kind: type.kind, attributes: computedAttributes(type.attributes) };
  return type;
}

function computedAttribute(a: Attribute): Attribute {
  const out: { -readonly [K in keyof Attribute]: Attribute[K] } = {
    type: computedType(a.type),
    computed: true,
  };
  if (a.cfnName !== undefined) out.cfnName = a.cfnName;
  if (a.description !== undefined) out.description = a.description;
  if (a.sensitive) out.sensitive = true;
  return out;
}

function computedAttributes(attributes: Attributes): Attributes {
  // Write-only arguments (`<name>_wo`, and their `_version`) configure an apply: nothing to read.
  return Object.fromEntries(
    Object.entries(attributes)
      .filter(([, a]) => a.secretOf === undefined && a.secretVersionOf === undefined)
      .map(([name, a]) => [name, computedAttribute(a)]),
  );
}

/**
 * Singular data source attributes (docs/mapping.md#generated-modules): the resource's tree with every attribute
 * Computed and no validators, defaults or plan modifiers; `id` is Required.
 */
export function toSingularDataSourceAttributes(resourceAttributes: Attributes): Attributes {
  const { id: _resourceId, ...fromCfn } = resourceAttributes;
  // Data sources read the object: the resource's provider-only attributes (timeouts, tags_all)
  // have no CloudFormation property to read.
  const rest = Object.fromEntries(
    Object.entries(fromCfn).filter(([, attribute]) => attribute.cfnName !== undefined),
  );
  return {
    ...computedAttributes(rest),
    id: {
      type: { kind: "string", flavor: "plain" },
      description: "Uniquely identifies the resource.",
      required: true,
    },
  };
}

export function singularDataSourceFrom(resource: ResourceDefinition): SingularDataSourceDefinition {
  return {
    kind: "singularDataSource",
    cfnTypeName: resource.cfnTypeName,
    tfTypeName: resource.tfTypeName,
    description: `Data Source schema for ${resource.cfnTypeName}`,
    attributes: toSingularDataSourceAttributes(resource.attributes),
    ...(resource.tagProperty === undefined ? {} : { tagProperty: resource.tagProperty }),
  };
}
