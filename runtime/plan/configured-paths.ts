// Which attributes the user configured, as a compact set of paths (remembered in the private state
// after each apply, configured-record.ts). A path names attributes from the top, JSON-pointer style:
// "/tags", "/versioning_configuration/status". List elements are addressed by index, as Terraform
// pairs list elements with their prior by position ("/rules/0/expiration_in_days"); set elements
// have no address, so a member configured in any element of a set is recorded once with "*"
// ("/tags/*/key"); map elements by their key. Primitive collections are recorded whole.
import type { AttributeType, Attributes } from "../../terraform/schema/types.js";
import { isRecord, isUnknown, type TfRecord, type TfValue } from "../../terraform/values/value.js";

/** One path segment, escaped as in a JSON pointer (a map key may hold "/" or "~"). */
export const pathSegment = (name: string | number): string =>
  String(name).replace(/~/g, "~0").replace(/\//g, "~1");

export const SET_ELEMENT = "*";

export const childPath = (parent: string, segment: string | number): string =>
  `${parent}/${segment === SET_ELEMENT ? SET_ELEMENT : pathSegment(segment)}`;

/** Every attribute path, at any depth, whose configured value is not null (unknown counts as set). */
export function configuredPaths(attributes: Attributes, config: TfValue): string[] {
  const out = new Set<string>();
  if (isRecord(config)) collectObject(attributes, config, "", out);
  return [...out].sort();
}

function collectObject(attributes: Attributes, config: TfRecord, path: string, out: Set<string>): void {
  for (const name of Object.keys(attributes)) {
    const value = config[name] ?? null;
    if (value === null) continue;
    const here = childPath(path, name);
    out.add(here);
    if (!isUnknown(value))
      collectNested((attributes[name] as { type: AttributeType }).type, value, here, out);
  }
}

function collectNested(type: AttributeType, value: TfValue, path: string, out: Set<string>): void {
  if (!("attributes" in type)) return;
  const visit = (element: TfValue, elementPath: string): void => {
    if (isRecord(element)) collectObject(type.attributes, element, elementPath, out);
  };
  switch (type.kind) {
    case "object":
      visit(value, path);
      return;
    case "listNested":
      if (Array.isArray(value)) (value as readonly TfValue[]).forEach((e, i) => visit(e, childPath(path, i)));
      return;
    case "setNested":
      if (Array.isArray(value))
        for (const e of value as readonly TfValue[]) visit(e, childPath(path, SET_ELEMENT));
      return;
    case "mapNested":
      if (isRecord(value))
        for (const key of Object.keys(value)) visit(value[key] ?? null, childPath(path, key));
      return;
  }
}
