// Unknown-fill copies values from the fetched model path by path, and list paths hold indexes. A
// service may return a list of objects in an order of its own: key-value and primitive lists are
// put back in the plan's order when the model is read (reorder.ts), but other lists of objects have
// nothing to sort by. So before copying, each planned element of a list of objects is paired with
// the fetched element that agrees with every member the plan knows (compatibleValues; nested lists
// of objects in any order), and the fetched list is rearranged to line up with the planned one.
import type { Attributes } from "../../terraform/schema/types.js";
import {
  isRecord,
  isWhollyKnown,
  makeRecord,
  type TfRecord,
  type TfValue,
} from "../../terraform/values/value.js";
import { pairWithPlanned } from "./pair-with-planned.js";

/** `fetched` with the elements of its lists of objects at the positions of their planned partners. */
export function alignToPlanned(attributes: Attributes, fetched: TfValue, planned: TfValue): TfValue {
  if (!isRecord(fetched) || !isRecord(planned)) return fetched;
  return makeRecord(
    Object.keys(fetched).map((name) => {
      const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const member = fetched[name] ?? null;
      if (!attribute || !("attributes" in attribute.type)) return [name, member];
      const nested = attribute.type.attributes;
      const plannedMember = planned[name] ?? null;
      switch (attribute.type.kind) {
        case "object":
          return [name, alignToPlanned(nested, member, plannedMember)];
        case "listNested":
          return [name, alignList(nested, member, plannedMember)];
        case "mapNested":
          if (!isRecord(member) || !isRecord(plannedMember)) return [name, member];
          return [
            name,
            makeRecord(
              Object.keys(member).map((k) => [
                k,
                alignToPlanned(nested, member[k] ?? null, plannedMember[k] ?? null),
              ]),
            ),
          ];
        default:
          return [name, member]; // a set holding unknowns is filled whole (unknownPaths)
      }
    }),
  );
}

function alignList(attributes: Attributes, fetched: TfValue, planned: TfValue): TfValue {
  // Only unknowns are filled: a list without any has nothing to line up.
  if (!Array.isArray(fetched) || !Array.isArray(planned) || isWhollyKnown(planned)) return fetched;
  const fetchedItems = fetched as readonly TfValue[];
  const plannedItems = planned as readonly TfValue[];
  const partners = pairWithPlanned(attributes, plannedItems, fetchedItems);
  // Planned positions without a partner read as null (their unknowns become null, not a neighbour's values).
  return plannedItems.map((plannedItem, i) => {
    const index = partners[i] as number;
    if (index < 0) return null;
    return alignToPlanned(attributes, fetchedItems[index] as TfRecord, plannedItem);
  });
}
