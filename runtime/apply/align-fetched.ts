// Unknown-fill copies values from the fetched model path by path, and list paths hold indexes. A
// service may return a list of objects in an order of its own: key-value and primitive lists are
// put back in the plan's order when the model is read (reorder.ts), but other lists of objects have
// nothing to sort by. So before copying, each planned element of a list of objects is paired with
// the fetched element that agrees with every member the plan knows (compatibleValues; nested lists
// of objects in any order), and the fetched list is rearranged to line up with the planned one.
import type { Attribute, Attributes, AttributeType } from "../../terraform/schema/types.js";
import { compatibleValues } from "../state/correlate.js";
import { attributeCtyType, impliedObjectType } from "../../terraform/values/implied-type.js";
import {
  canonicalKey,
  isRecord,
  isUnknown,
  isWhollyKnown,
  makeRecord,
  type TfRecord,
  type TfValue,
} from "../../terraform/values/value.js";

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

/**
 * For each planned element, the index of the fetched element it stands for (-1: none). Equal
 * elements pair first; then an element whose known members fit only one fetched element takes it
 * (repeatedly, as each pairing narrows the others' choice). Where known members cannot tell several
 * fetched elements apart, the one at the same position is taken if it fits, else the first that
 * fits. Last, a single planned element left with a single fetched element is paired with it (say,
 * a value the service normalised): the only possibility left.
 */
export function pairWithPlanned(
  attributes: Attributes,
  planned: readonly TfValue[],
  fetched: readonly TfValue[],
): number[] {
  const objectType: AttributeType = { kind: "object", attributes };
  const exactType = impliedObjectType(attributes);
  const partners = new Array<number>(planned.length).fill(-1);
  const used = new Array<boolean>(fetched.length).fill(false);
  // Equal elements are interchangeable: any free one will do.
  const equalOnes = new Map<string, number[]>();
  fetched.forEach((item, j) => {
    const key = canonicalKey(exactType, item);
    equalOnes.set(key, [...(equalOnes.get(key) ?? []), j]);
  });
  planned.forEach((item, i) => {
    const j = equalOnes.get(canonicalKey(exactType, item))?.shift();
    if (j === undefined) return;
    partners[i] = j;
    used[j] = true;
  });
  const fits = planned.map((item, i) =>
    fetched.map((candidate, j) => partners[i] === -1 && !used[j] && fitsPlanned(objectType, item, candidate)),
  );
  /** How many free fetched elements each planned element still fits. */
  const choices = fits.map((row) => row.filter(Boolean).length);
  const forced: number[] = [];
  choices.forEach((n, i) => n === 1 && forced.push(i));
  const take = (i: number, j: number): void => {
    partners[i] = j;
    used[j] = true;
    fits.forEach((row, k) => {
      if (partners[k] !== -1 || !row[j]) return;
      choices[k] = (choices[k] as number) - 1;
      if (choices[k] === 1) forced.push(k);
    });
  };
  const freeFit = (i: number): number => fits[i]?.findIndex((fit, j) => fit && !used[j]) ?? -1;
  const takeForced = (): void => {
    for (let i = forced.shift(); i !== undefined; i = forced.shift()) {
      if (partners[i] === -1 && choices[i] === 1) take(i, freeFit(i));
    }
  };
  takeForced();
  planned.forEach((_, i) => {
    if (partners[i] !== -1 || choices[i] === 0) return;
    take(i, fits[i]?.[i] === true && !used[i] ? i : freeFit(i));
    takeForced();
  });
  const leftPlanned = planned.flatMap((_, i) => (partners[i] === -1 ? [i] : []));
  const leftFetched = fetched.flatMap((_, j) => (used[j] ? [] : [j]));
  if (leftPlanned.length === 1 && leftFetched.length === 1) {
    partners[leftPlanned[0] as number] = leftFetched[0] as number;
  }
  return partners;
}

/**
 * The fetched value agrees with every member the plan knows (null or unknown in either matches
 * anything, compatibleValues). Nested lists of objects may be reordered as well, so their
 * elements need only pair up, not sit at the same positions.
 */
function fitsPlanned(type: AttributeType, planned: TfValue, fetched: TfValue): boolean {
  if (planned === null || fetched === null || isUnknown(planned) || isUnknown(fetched)) return true;
  switch (type.kind) {
    case "object":
      return (
        isRecord(planned) &&
        isRecord(fetched) &&
        Object.keys(type.attributes).every((name) =>
          fitsPlanned(
            (type.attributes[name] as Attribute).type,
            planned[name] ?? null,
            fetched[name] ?? null,
          ),
        )
      );
    case "listNested":
    case "setNested": {
      if (!Array.isArray(planned) || !Array.isArray(fetched) || planned.length !== fetched.length)
        return false;
      const element: AttributeType = { kind: "object", attributes: type.attributes };
      const used = new Array<boolean>(fetched.length).fill(false);
      return (planned as readonly TfValue[]).every((item) => {
        const j = (fetched as readonly TfValue[]).findIndex(
          (c, k) => !used[k] && fitsPlanned(element, item, c),
        );
        if (j >= 0) used[j] = true;
        return j >= 0;
      });
    }
    case "mapNested": {
      if (!isRecord(planned) || !isRecord(fetched)) return false;
      const element: AttributeType = { kind: "object", attributes: type.attributes };
      const keys = Object.keys(planned);
      return (
        keys.length === Object.keys(fetched).length &&
        keys.every(
          (k) => Object.hasOwn(fetched, k) && fitsPlanned(element, planned[k] ?? null, fetched[k] ?? null),
        )
      );
    }
    default:
      return compatibleValues(attributeCtyType(type), planned, fetched);
  }
}
