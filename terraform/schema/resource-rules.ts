// Rules that complete a resource's attribute tree, shared by the generator's model and the
// constructors the generated modules call, so a module states only what the schema decided.
import type { Attribute, Attributes, AttributeType, PlanModifier } from "./types.js";

/** The synthetic `id` every resource has: Cloud Control's identifier, known once the object exists. */
export const RESOURCE_ID: Attribute = {
  type: { kind: "string", flavor: "plain" },
  description: "Uniquely identifies the resource.",
  computed: true,
};

/** A resource's synthetic `id` (a data source's `id` is Required, and written out). */
export const isResourceId = (name: string, a: Attribute): boolean =>
  name === "id" && a.cfnName === undefined && a.computed === true && a.required !== true;

/** Whether the attribute carries a plan modifier of this kind (e.g. `multiset`: kept in no order). */
export const hasPlanModifier = (attribute: Attribute, kind: PlanModifier["kind"]): boolean =>
  (attribute.planModifiers ?? []).some((modifier) => modifier.kind === kind);

const STATE_FOR_UNKNOWN: PlanModifier = { kind: "useStateForUnknown" };

/**
 * A Computed attribute keeps its prior value when the plan cannot know it (the service fills it in
 * once and does not change it), except below a Computed-only parent, which is planned whole. The
 * modifier sits after `multiset` and before any replacement modifier.
 */
/** Told of each nested tree the rule copies (the generator keeps its definition names this way). */
export type OnCopy = (from: Attributes, to: Attributes) => void;

function withModifier(a: Attribute, parentComputedOnly: boolean, onCopy?: OnCopy): Attribute {
  const others = (a.planModifiers ?? []).filter((m) => m.kind !== "useStateForUnknown");
  const wanted = a.computed === true && !parentComputedOnly;
  const modifiers = wanted
    ? [
        ...others.filter((m) => m.kind === "multiset"),
        STATE_FOR_UNKNOWN,
        ...others.filter((m) => m.kind !== "multiset"),
      ]
    : others;
  const type = nestedWithModifiers(a.type, a.computed === true && a.optional !== true, onCopy);
  const { planModifiers: _old, ...rest } = a;
  return { ...rest, type, ...(modifiers.length > 0 && { planModifiers: modifiers }) };
}

function nestedWithModifiers(type: AttributeType, computedOnly: boolean, onCopy?: OnCopy): AttributeType {
  if (!("attributes" in type)) return type;
  const attributes = applyRule(type.attributes, computedOnly, onCopy);
  onCopy?.(type.attributes, attributes);
  return { kind: type.kind, attributes };
}

function applyRule(attributes: Attributes, parentComputedOnly: boolean, onCopy?: OnCopy): Attributes {
  // fromEntries defines own properties, so an attribute named "__proto__" stays an attribute.
  return Object.fromEntries(
    Object.entries(attributes).map(([name, a]) => [name, withModifier(a, parentComputedOnly, onCopy)]),
  );
}

/** The resource's attribute tree with `useStateForUnknown` where the rule puts it (idempotent). */
export const withStateForUnknown = (attributes: Attributes, onCopy?: OnCopy): Attributes =>
  applyRule(attributes, false, onCopy);
