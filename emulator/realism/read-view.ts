// The model as a realistic read handler answers it: the read-time behaviours of the profile applied,
// in the order a service would apply them, to the visible model (write-only values already removed).
// Create-time behaviours (`defaults`) are stored with the object instead, so every read agrees;
// `eventual` decides whether the object is found at all (cloud-control-service.ts).
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject } from "../types.js";
import { type AccountRegion, addAwsTags, tagShapeOf } from "./aws-tags.js";
import { isOn, type RealismSettings } from "./behaviours.js";
import { applyEmpties } from "./empties.js";
import { reserialiseJson } from "./json.js";
import { sortUnorderedArrays } from "./order.js";
import { stringifyScalars } from "./scalars.js";
import { dropUnreported, unreportedProperties } from "./unreported.js";

/** A handler that does not report the tag property does not report the service's tags either. */
function unreportsTags(type: ResourceType, seed: number): boolean {
  const shape = tagShapeOf(type);
  return shape !== undefined && unreportedProperties(type, seed).includes(shape.property);
}

export function realisticReadModel(
  type: ResourceType,
  visible: JsonObject,
  settings: RealismSettings,
  where: AccountRegion,
): JsonObject {
  const { seed } = settings;
  let model = visible;
  if (isOn(settings, "empties")) model = applyEmpties(type, model, seed);
  // After empties, so an unreported collection is not answered as an empty one.
  if (isOn(settings, "unreported")) model = dropUnreported(type, model, seed);
  if (isOn(settings, "awstags") && !(isOn(settings, "unreported") && unreportsTags(type, seed)))
    model = addAwsTags(type, model, seed, where);
  if (isOn(settings, "json")) model = reserialiseJson(type, model);
  // After awstags, so the service's tags take their place in the sorted list.
  if (isOn(settings, "order")) model = sortUnorderedArrays(type.schema, model);
  // Last: the string forms are what the handler's answer carries whatever else it did.
  if (isOn(settings, "scalars")) model = stringifyScalars(type, model, seed);
  return model;
}
