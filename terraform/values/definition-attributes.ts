// The attributes a definition exposes to Terraform. Plural data sources declare none: their
// schema is fixed (docs/runtime.md#schema-facts-the-runtime-relies-on: computed `id` and a computed set of `ids`).
import type { Attributes, Definition } from "../schema/types.js";

export const PLURAL_DATA_SOURCE_ATTRIBUTES: Attributes = Object.freeze({
  id: {
    type: { kind: "string", flavor: "plain" },
    computed: true,
    description: "Uniquely identifies the data source.",
  },
  ids: {
    type: { kind: "set", element: { kind: "string", flavor: "plain" } },
    computed: true,
    description: "Set of Resource Identifiers.",
  },
});

export function attributesOf(definition: Definition): Attributes {
  return definition.kind === "pluralDataSource" ? PLURAL_DATA_SOURCE_ATTRIBUTES : definition.attributes;
}
