// The synthetic `id` attribute in resource states: the all-null stub that holds only an identifier
// (a half-made object after a failed create, or an import before its read) and setting `id` on a
// value. Create, read and import all need these, so they live apart from any one operation.
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { definitionImpliedType } from "../../terraform/values/implied-type.js";
import { isRecord, makeRecord, recordWith, type TfValue } from "../../terraform/values/value.js";

/** The all-null object with only `id`: what Terraform stores (tainted) for a half-made object. */
export function idOnlyState(definition: ResourceDefinition, identifier: string): TfValue {
  const type = definitionImpliedType(definition);
  return makeRecord(Object.keys(type.attributes).map((name) => [name, name === "id" ? identifier : null]));
}

/** The value with its `id` attribute set. */
export function withId(definition: ResourceDefinition, value: TfValue, identifier: string): TfValue {
  if (!isRecord(value) || !Object.hasOwn(definition.attributes, "id")) return value;
  return recordWith(value, { id: identifier });
}
