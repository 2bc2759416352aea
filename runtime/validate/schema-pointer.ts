// Maps a JSON pointer into the desired state back to a Terraform attribute path. The walk follows
// attributes by their CloudFormation names; when it reaches a JSON-string attribute the rest of the
// pointer addresses the inside of that document, and is kept so diagnostics can name both.
// Desired-state arrays leave out elements that send nothing (null, unknown, objects of those), so an
// array index is mapped back to the index of the matching element in the Terraform value.
import { pointerFromTokens, pointerTokens } from "../../cfn/json-pointer.js";
import type { Attributes, AttributeType, ElementType } from "../../terraform/schema/types.js";
import type { AttributePath, PathStep } from "../../terraform/values/path.js";
import { isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";

export interface PointerLocation {
  /** The deepest Terraform attribute path the pointer reaches. */
  readonly path: AttributePath;
  /** The pointer inside a JSON-string attribute at `path` ("" for the document itself), if it ends inside one. */
  readonly insideJson?: string;
  /** Whether `path` (with `insideJson`) names the whole pointer, not only an attribute above it. */
  readonly reached: boolean;
}

/**
 * Where `pointer` (into the desired state built from `value`) lands in Terraform terms. Without a
 * value, array indexes are taken as they are.
 */
export function locatePointer(attributes: Attributes, pointer: string, value?: TfValue): PointerLocation {
  const segments = pointerTokens(pointer) ?? [];
  const path: PathStep[] = [];
  let scope: Attributes | undefined = attributes;
  let type: AttributeType | ElementType | undefined;
  let current: TfValue | undefined = value;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (scope) {
      const attrs: Attributes = scope;
      const name = Object.keys(attrs).find((n) => attrs[n]?.cfnName === segment);
      if (name === undefined) return { path, reached: false };
      path.push({ attribute: name });
      type = (attrs[name] as Attributes[string]).type;
      current = isRecord(current) ? (current[name] ?? null) : undefined;
      scope = type.kind === "object" ? type.attributes : undefined;
      continue;
    }
    if (!type) return { path, reached: false };
    if (type.kind === "string" && type.flavor === "json") {
      return { path, insideJson: pointerFromTokens(segments.slice(i)), reached: true };
    }
    if ((type.kind === "listNested" || type.kind === "list") && /^\d+$/.test(segment)) {
      const index = terraformIndex(current, Number(segment));
      if (index === undefined) return { path, reached: false };
      path.push({ index });
      current = Array.isArray(current) ? (current as readonly TfValue[])[index] : undefined;
      scope = type.kind === "listNested" ? type.attributes : undefined;
      type = type.kind === "list" ? type.element : undefined;
      continue;
    }
    if (type.kind === "mapNested" || type.kind === "map") {
      path.push({ key: segment });
      current = isRecord(current) ? (current[segment] ?? null) : undefined;
      scope = type.kind === "mapNested" ? type.attributes : undefined;
      type = type.kind === "map" ? type.element : undefined;
      continue;
    }
    return { path, reached: false }; // sets have no deeper address
  }
  if (type?.kind === "string" && type.flavor === "json" && !scope && path.length > 0) {
    return { path, insideJson: "", reached: true };
  }
  return { path, reached: true };
}

/** Whether a value converts to nothing in the desired state (null, unknown, or only made of those). */
function sendsNothing(value: TfValue): boolean {
  if (value === null || isUnknown(value)) return true;
  if (Array.isArray(value)) return (value as readonly TfValue[]).every(sendsNothing);
  if (isRecord(value)) return Object.values(value).every((member) => sendsNothing(member ?? null));
  return false;
}

/** The index in a Terraform list of the `desiredIndex`-th element the desired state keeps. */
function terraformIndex(list: TfValue | undefined, desiredIndex: number): number | undefined {
  if (list === undefined) return desiredIndex;
  if (!Array.isArray(list)) return undefined;
  let seen = -1;
  const items = list as readonly TfValue[];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] ?? null;
    if (sendsNothing(item)) continue;
    if (++seen === desiredIndex) return i;
  }
  return undefined;
}
