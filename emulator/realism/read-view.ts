// The model as a realistic read handler answers it: the read-time behaviours of the profile applied,
// in the order a service would apply them, to the visible model (write-only values already removed).
// Create-time behaviours (`defaults`) are stored with the object instead, so every read agrees.
import type { ResourceType } from "../schema/type-registry.js";
import type { JsonObject } from "../types.js";
import { isOn, type RealismSettings } from "./behaviours.js";
import { sortUnorderedArrays } from "./order.js";
import { stringifyScalars } from "./scalars.js";

export function realisticReadModel(
  type: ResourceType,
  visible: JsonObject,
  settings: RealismSettings,
): JsonObject {
  let model = visible;
  if (isOn(settings, "order")) model = sortUnorderedArrays(type.schema, model);
  // Last: the string forms are what the handler's answer carries whatever else it did.
  if (isOn(settings, "scalars")) model = stringifyScalars(type, model, settings.seed);
  return model;
}
