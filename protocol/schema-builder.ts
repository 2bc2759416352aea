// Builds tfplugin6 schemas from the declared model (runtime/schema/types.ts): primitive and
// collection attributes carry their cty type JSON, nested attribute objects become `nested_type`.
import type { Attribute, Attributes, Definition } from "../runtime/schema/types.js";
import { attributeCtyType, attributesOf, typeToJson } from "../runtime/values/index.js";
import type { AttributeMessage, BlockMessage, ObjectNesting, SchemaMessage } from "./schema-message.js";

const NESTING: Readonly<Record<string, ObjectNesting>> = {
  object: "SINGLE",
  listNested: "LIST",
  setNested: "SET",
  mapNested: "MAP",
};

export function attributeMessage(name: string, attribute: Attribute): AttributeMessage {
  const nesting = NESTING[attribute.type.kind];
  const shape =
    nesting && "attributes" in attribute.type
      ? { nestedType: { nesting, attributes: attributeMessages(attribute.type.attributes) } }
      : { type: typeToJson(attributeCtyType(attribute.type)) };
  return {
    name,
    ...shape,
    ...(attribute.description
      ? { description: attribute.description, descriptionKind: "PLAIN" as const }
      : {}),
    ...(attribute.required ? { required: true } : {}),
    ...(attribute.optional ? { optional: true } : {}),
    ...(attribute.computed ? { computed: true } : {}),
    ...(attribute.deprecated ? { deprecated: true } : {}),
    // `writeOnly` in our model is CloudFormation's (never read back), not Terraform's write_only
    // (never stored): awscc keeps such values in state, so the schema does not mark them.
  };
}

/** Attributes sorted by name, so that the schema is deterministic. */
export function attributeMessages(attributes: Attributes): AttributeMessage[] {
  return Object.keys(attributes)
    .sort()
    .map((name) => attributeMessage(name, attributes[name] as Attribute));
}

export function blockMessage(attributes: Attributes, description?: string): BlockMessage {
  return {
    attributes: attributeMessages(attributes),
    ...(description ? { description, descriptionKind: "PLAIN" as const } : {}),
  };
}

/** The schema of a resource, singular data source or plural data source. */
export function definitionSchema(definition: Definition): SchemaMessage {
  return {
    version: definition.kind === "resource" ? definition.schemaVersion : 0,
    block: blockMessage(attributesOf(definition), definition.description),
  };
}
