// A GetResource model as a Terraform value, with lists in the order of a reference document
// (prior state or plan) so that elements line up with what Terraform holds; the schema says which
// lists keep the service's order (order-by-schema.ts).
import type { Attributes } from "../../terraform/schema/types.js";
import { fromModel } from "../convert/from-cfn.js";
import { isJsonDocObject, type JsonDoc, type JsonDocObject, parseJsonDoc } from "../convert/json-doc.js";
import { orderLikePrior } from "../convert/order-by-schema.js";
import type { TfRecord } from "../../terraform/values/value.js";
import { modelWithoutReservedTags } from "../tags/reserved-tags.js";

export class ModelError extends Error {}

/**
 * The model's Terraform value; `reference` (a desired-state document) orders its lists;
 * `tagProperty` is the type's tag property when its name does not say so.
 */
export function modelToValue(
  attributes: Attributes,
  properties: string | JsonDocObject,
  reference: JsonDoc | undefined,
  tagProperty?: string,
): TfRecord {
  let model: JsonDoc;
  try {
    model = typeof properties === "string" ? parseJsonDoc(properties) : properties;
  } catch (error) {
    throw new ModelError(`the resource properties are not JSON: ${(error as Error).message}`);
  }
  if (!isJsonDocObject(model)) throw new ModelError("the resource properties are not a JSON object");
  // The service's own aws: tags are never part of a state (reserved-tags.ts).
  return fromModel(
    attributes,
    orderLikePrior(attributes, modelWithoutReservedTags(model, tagProperty), reference),
  );
}
