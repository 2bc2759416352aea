// Constructors the generated modules call. Each returns plain descriptor data (see types.ts), so a
// generated module is a thin declaration and loading one costs no more than building an object.
import type {
  Attribute,
  Attributes,
  ElementType,
  PlanModifier,
  PluralDataSourceDefinition,
  ResourceDefinition,
  SingularDataSourceDefinition,
  Validator,
} from "./types.js";
import { RESOURCE_ID, withStateForUnknown } from "./resource-rules.js";
import { timeoutsAttribute } from "./timeouts.js";

/** Everything an attribute declares besides its CloudFormation name and type. */
export type AttributeOptions = Omit<Attribute, "cfnName" | "type">;

// --- element types of primitive collections ---
export const elem = {
  string: { kind: "string", flavor: "plain" },
  json: { kind: "string", flavor: "json" },
  structuredJson: { kind: "string", flavor: "json", structured: true },
  rfc3339: { kind: "string", flavor: "rfc3339" },
  bool: { kind: "bool" },
  int64: { kind: "int64" },
  float64: { kind: "float64" },
  list: (element: ElementType): ElementType => ({ kind: "list", element }),
  set: (element: ElementType): ElementType => ({ kind: "set", element }),
  map: (element: ElementType): ElementType => ({ kind: "map", element }),
} as const satisfies Record<string, ElementType | ((e: ElementType) => ElementType)>;

// --- attributes ---
const primitive =
  (type: ElementType) =>
  (cfnName: string | undefined, options: AttributeOptions = {}): Attribute => ({ cfnName, type, ...options });

export const string = primitive(elem.string);
/** A JSON document carried as a string; semantically equal documents are no change. */
export const json = primitive(elem.json);
/** A recursive schema part carried as JSON text: a member holding `[]` is no change from an absent one. */
export const structuredJson = primitive(elem.structuredJson);
export const rfc3339 = primitive(elem.rfc3339);
export const bool = primitive(elem.bool);
export const int64 = primitive(elem.int64);
export const float64 = primitive(elem.float64);

const collection =
  (kind: "list" | "set" | "map") =>
  (cfnName: string | undefined, element: ElementType, options: AttributeOptions = {}): Attribute => ({
    cfnName,
    type: { kind, element },
    ...options,
  });

export const list = collection("list");
export const set = collection("set");
export const map = collection("map");

const nested =
  (kind: "object" | "listNested" | "setNested" | "mapNested") =>
  (cfnName: string | undefined, options: AttributeOptions, attributes: Attributes): Attribute => ({
    cfnName,
    type: { kind, attributes },
    ...options,
  });

export const object = nested("object");
export const listNested = nested("listNested");
export const setNested = nested("setNested");
export const mapNested = nested("mapNested");

// --- validators ---
export const lengthAtLeast = (min: number): Validator => ({ kind: "length", min });
export const lengthAtMost = (max: number): Validator => ({ kind: "length", max });
export const lengthBetween = (min: number, max: number): Validator => ({ kind: "length", min, max });
export const regex = (source: string, flags = ""): Validator => ({ kind: "regex", source, flags });
export const oneOf = (...values: (string | number)[]): Validator => ({ kind: "oneOf", values });
export const atLeast = (min: number): Validator => ({ kind: "range", min });
export const atMost = (max: number): Validator => ({ kind: "range", max });
export const between = (min: number, max: number): Validator => ({ kind: "range", min, max });
export const sizeAtLeast = (min: number): Validator => ({ kind: "size", min });
export const sizeAtMost = (max: number): Validator => ({ kind: "size", max });
export const sizeBetween = (min: number, max: number): Validator => ({ kind: "size", min, max });
export const uniqueValues = (): Validator => ({ kind: "uniqueValues" });
export const each = (...validators: Validator[]): Validator => ({ kind: "each", validators });
export const notNull = (): Validator => ({ kind: "notNull" });

// --- plan modifiers ---
export const multiset = (): PlanModifier => ({ kind: "multiset" });
export const useStateForUnknown = (): PlanModifier => ({ kind: "useStateForUnknown" });
export const requiresReplace = (): PlanModifier => ({ kind: "requiresReplace" });
export const requiresReplaceIfConfigured = (): PlanModifier => ({ kind: "requiresReplaceIfConfigured" });

// --- definitions ---
/** The synthetic `id` of every resource. */
export const resourceId = (): Attribute => RESOURCE_ID;
/** The provider-only `timeouts` attribute every resource carries (timeouts.ts). */
export const timeouts = (): Attribute => timeoutsAttribute;

/** A resource: plan modifiers that follow from the flags by rule are added here, not written out. */
export const resource = (d: Omit<ResourceDefinition, "kind">): ResourceDefinition => ({
  kind: "resource",
  ...d,
  attributes: withStateForUnknown(d.attributes),
});
export const singularDataSource = (
  d: Omit<SingularDataSourceDefinition, "kind">,
): SingularDataSourceDefinition => ({
  kind: "singularDataSource",
  ...d,
});
export const pluralDataSource = (
  d: Omit<PluralDataSourceDefinition, "kind">,
): PluralDataSourceDefinition => ({
  kind: "pluralDataSource",
  ...d,
});
export { singularDataSourceFrom } from "./derive.js";
