// cty's JSON spelling of types (go-cty Type.MarshalJSON): used in Attribute.type, dynamic values
// and identity/function schemas. Terraform panics on invalid type JSON, so we parse strictly.
import type { CtyType } from "./cty-type.js";
import { emptyRecord } from "./plain-record.js";

export type TypeJson = string | readonly unknown[];

export class TypeJsonError extends Error {}

/** The JSON document for a type, as a plain JS structure (stringify it for the wire). */
export function typeToJsonValue(t: CtyType): TypeJson {
  switch (t.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return t.kind;
    case "list":
    case "set":
    case "map":
      return [t.kind, typeToJsonValue(t.element)];
    case "tuple":
      return ["tuple", t.elements.map(typeToJsonValue)];
    case "object": {
      const attributes: Record<string, TypeJson> = {};
      for (const name of Object.keys(t.attributes).sort()) {
        Object.defineProperty(attributes, name, {
          value: typeToJsonValue(t.attributes[name] as CtyType),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      const optional = [...(t.optional ?? [])].sort();
      return optional.length > 0 ? ["object", attributes, optional] : ["object", attributes];
    }
  }
}

/** Compact type JSON text, e.g. `["list","string"]`. */
export function typeToJson(t: CtyType): string {
  return JSON.stringify(typeToJsonValue(t));
}

/** Parses type JSON text (or bytes) into a CtyType; throws TypeJsonError on anything cty would reject. */
export function typeFromJson(text: string | Uint8Array): CtyType {
  const source = typeof text === "string" ? text : new TextDecoder("utf-8", { fatal: true }).decode(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw new TypeJsonError(`invalid type JSON: ${(error as Error).message}`);
  }
  return typeFromJsonValue(parsed);
}

export function typeFromJsonValue(doc: unknown): CtyType {
  if (typeof doc === "string") {
    if (doc === "string" || doc === "number" || doc === "bool" || doc === "dynamic") return { kind: doc };
    throw new TypeJsonError(`invalid primitive type name ${JSON.stringify(doc)}`);
  }
  if (!Array.isArray(doc) || doc.length < 2)
    throw new TypeJsonError(`invalid type JSON ${JSON.stringify(doc)}`);
  const [kind, arg, extra] = doc as [unknown, unknown, unknown];
  switch (kind) {
    case "list":
    case "set":
    case "map":
      if (doc.length !== 2) throw new TypeJsonError(`${kind} type takes exactly one element type`);
      return { kind, element: typeFromJsonValue(arg) };
    case "tuple":
      if (doc.length !== 2 || !Array.isArray(arg))
        throw new TypeJsonError("tuple type needs an array of element types");
      return { kind: "tuple", elements: arg.map(typeFromJsonValue) };
    case "object": {
      if (doc.length > 3 || typeof arg !== "object" || arg === null || Array.isArray(arg)) {
        throw new TypeJsonError("object type needs an object of attribute types");
      }
      const attributes = emptyRecord<CtyType>();
      for (const name of Object.keys(arg))
        attributes[name] = typeFromJsonValue((arg as Record<string, unknown>)[name]);
      if (doc.length === 2) return { kind: "object", attributes };
      if (
        !Array.isArray(extra) ||
        !extra.every((n) => typeof n === "string" && Object.hasOwn(attributes, n))
      ) {
        throw new TypeJsonError("object optional attributes must name declared attributes");
      }
      return { kind: "object", attributes, optional: extra as string[] };
    }
    default:
      throw new TypeJsonError(`invalid complex type kind ${JSON.stringify(kind)}`);
  }
}
