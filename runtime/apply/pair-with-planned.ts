// Which fetched element of a list of objects each planned element stands for (align-fetched.ts).
// A planned element fits a fetched one when they agree on every member the plan knows. Pairing
// asks that of each planned element and each fetched one, which grew with the square of the list's
// length (a security group's 800 rules, answered with defaults filled in, took most of a second
// after each apply). A fetched element can only fit where it agrees on the members that every
// element on both sides knows, so fits are only asked within groups sharing those members' values
// (known-members-key.ts).
import type { Attribute, Attributes, AttributeType } from "../../terraform/schema/types.js";
import { compatibleValues } from "../state/correlate.js";
import { knownMembersKey, PRIMITIVE_KINDS } from "../state/known-members-key.js";
import { attributeCtyType, impliedObjectType } from "../../terraform/values/implied-type.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import { canonicalKey, isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";

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
  const equalOnes = new UntakenByKey(fetched.map((item) => canonicalKey(exactType, item)));
  planned.forEach((item, i) => {
    const j = equalOnes.take(canonicalKey(exactType, item));
    if (j < 0) return;
    partners[i] = j;
    used[j] = true;
  });
  // The free fetched elements each free planned element fits, in fetched order, and the reverse.
  const fitKey = knownMembersKey(attributes, [...planned, ...fetched], PRIMITIVE_KINDS);
  const freeByKey = new Map<string, number[]>();
  fetched.forEach((item, j) => {
    if (used[j]) return;
    const key = fitKey(item);
    const group = freeByKey.get(key);
    if (group) group.push(j);
    else freeByKey.set(key, [j]);
  });
  const fits: number[][] = planned.map((item, i) =>
    partners[i] !== -1
      ? []
      : (freeByKey.get(fitKey(item)) ?? []).filter((j) => fitsPlanned(objectType, item, fetched[j] ?? null)),
  );
  const fittedBy: number[][] = fetched.map(() => []);
  fits.forEach((row, i) => row.forEach((j) => fittedBy[j]?.push(i)));
  /** How many free fetched elements each planned element still fits. */
  const choices = fits.map((row) => row.length);
  const forced: number[] = [];
  choices.forEach((n, i) => n === 1 && forced.push(i));
  const take = (i: number, j: number): void => {
    partners[i] = j;
    used[j] = true;
    for (const k of fittedBy[j] ?? []) {
      if (partners[k] !== -1) continue;
      choices[k] = (choices[k] as number) - 1;
      if (choices[k] === 1) forced.push(k);
    }
  };
  const freeFit = (i: number): number => fits[i]?.find((j) => !used[j]) ?? -1;
  const takeForced = (): void => {
    for (let i = forced.shift(); i !== undefined; i = forced.shift()) {
      if (partners[i] === -1 && choices[i] === 1) take(i, freeFit(i));
    }
  };
  takeForced();
  planned.forEach((_, i) => {
    if (partners[i] !== -1 || choices[i] === 0) return;
    take(i, !used[i] && fits[i]?.includes(i) ? i : freeFit(i));
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
