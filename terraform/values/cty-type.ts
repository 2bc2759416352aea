// The cty type model Terraform uses on the wire (go-cty): primitives, collections, structural
// types and the "dynamic" pseudo-type whose concrete type travels with each value.

export type CtyType =
  | { readonly kind: "string" }
  | { readonly kind: "number" }
  | { readonly kind: "bool" }
  | { readonly kind: "dynamic" }
  | { readonly kind: "list" | "set" | "map"; readonly element: CtyType }
  | {
      readonly kind: "object";
      readonly attributes: Readonly<Record<string, CtyType>>;
      /** Optional attribute names: only meaningful in type constraints (function parameters). */
      readonly optional?: readonly string[];
    }
  | { readonly kind: "tuple"; readonly elements: readonly CtyType[] };

export type ObjectType = Extract<CtyType, { kind: "object" }>;
export type CollectionType = Extract<CtyType, { kind: "list" | "set" | "map" }>;

export const ctyString: CtyType = { kind: "string" };
export const ctyNumber: CtyType = { kind: "number" };
export const ctyBool: CtyType = { kind: "bool" };
export const ctyDynamic: CtyType = { kind: "dynamic" };

export const listOf = (element: CtyType): CtyType => ({ kind: "list", element });
export const setOf = (element: CtyType): CtyType => ({ kind: "set", element });
export const mapOf = (element: CtyType): CtyType => ({ kind: "map", element });
export const tupleOf = (elements: readonly CtyType[]): CtyType => ({ kind: "tuple", elements });
export const objectOf = (
  attributes: Readonly<Record<string, CtyType>>,
  optional?: readonly string[],
): ObjectType =>
  optional && optional.length > 0 ? { kind: "object", attributes, optional } : { kind: "object", attributes };

const sortedNames = new WeakMap<object, readonly string[]>();

/**
 * An object type's attribute names in cty's order (sorted), worked out once per type: decoding,
 * comparing and writing values walk them for every object of every call.
 */
export function sortedAttributeNames(attributes: Readonly<Record<string, CtyType>>): readonly string[] {
  let names = sortedNames.get(attributes);
  if (!names) sortedNames.set(attributes, (names = Object.keys(attributes).sort()));
  return names;
}

/** Exact structural equality of two types (optional-attribute markers included). */
export function typeEquals(a: CtyType, b: CtyType): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return a.kind === b.kind;
    case "list":
    case "set":
    case "map":
      return b.kind === a.kind && typeEquals(a.element, b.element);
    case "tuple":
      return (
        b.kind === "tuple" &&
        a.elements.length === b.elements.length &&
        a.elements.every((t, i) => typeEquals(t, b.elements[i] as CtyType))
      );
    case "object": {
      if (b.kind !== "object") return false;
      const names = Object.keys(a.attributes);
      if (names.length !== Object.keys(b.attributes).length) return false;
      const optionalA = [...(a.optional ?? [])].sort().join("\u0000");
      const optionalB = [...(b.optional ?? [])].sort().join("\u0000");
      if (optionalA !== optionalB) return false;
      return names.every(
        (n) =>
          Object.hasOwn(b.attributes, n) &&
          typeEquals(a.attributes[n] as CtyType, b.attributes[n] as CtyType),
      );
    }
  }
}
