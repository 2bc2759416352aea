// CloudFormation property pointers (`/properties/A/*/B`, from readOnlyProperties and friends) as
// segment lists, and removing what they point at from a document (`*` = every array element).
import { isJsonDocObject, type JsonDoc, makeJsonObject } from "../convert/json-doc.js";
import { unescapePointerToken } from "../../cfn/json-pointer.js";

export const WILDCARD = "*";

/** `/properties/A/*\/B` → ["A", "*", "B"]; undefined for pointers outside /properties or malformed. */
export function parsePropertyPointer(pointer: string): string[] | undefined {
  const parts = pointer.split("/");
  if (parts.length < 3 || parts[0] !== "" || parts[1] !== "properties") return undefined;
  const segments = parts.slice(2).map(unescapePointerToken);
  return segments.every((segment) => segment !== "") ? segments : undefined;
}

/** The document without the values at any of the pointers (a new document; the input is kept). */
export function withoutPointers(doc: JsonDoc, pointers: readonly (readonly string[])[]): JsonDoc {
  return pointers.reduce<JsonDoc>((current, pointer) => removeAt(current, pointer), doc);
}

function removeAt(doc: JsonDoc, segments: readonly string[]): JsonDoc {
  const [head, ...rest] = segments;
  if (head === undefined) return doc;
  if (Array.isArray(doc)) {
    const items = doc as readonly JsonDoc[];
    if (head === WILDCARD) return items.map((item) => removeAt(item, rest));
    const index = /^\d+$/.test(head) ? Number(head) : -1;
    if (index < 0 || index >= items.length) return doc;
    return items.map((item, i) => (i === index ? removeAt(item, rest) : item));
  }
  if (!isJsonDocObject(doc) || !Object.hasOwn(doc, head)) return doc;
  return makeJsonObject(
    Object.keys(doc)
      .filter((key) => rest.length > 0 || key !== head)
      .map((key) => [key, key === head ? removeAt(doc[key] as JsonDoc, rest) : (doc[key] as JsonDoc)]),
  );
}
