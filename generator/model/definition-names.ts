// Which CloudFormation definition a nested attribute tree was built from. The emitter prints a tree
// used more than once in a type as one constant named after its definition; the descriptors
// themselves stay plain data, so the names live beside them, keyed by the attribute objects.
import type { Attributes } from "../../terraform/schema/types.js";

const names = new WeakMap<Attributes, string>();

/** The definition a `$ref` chain entered to reach this node, if the last step entered one. */
export function enteredDefinition(
  parentRefs: readonly string[],
  refs: readonly string[],
): string | undefined {
  if (refs.length <= parentRefs.length) return undefined;
  const ref = refs[refs.length - 1]!;
  return ref.slice(ref.lastIndexOf("/") + 1);
}

export function nameAttributes(attributes: Attributes, definition: string | undefined): Attributes {
  if (definition !== undefined && definition !== "") names.set(attributes, definition);
  return attributes;
}

export const definitionName = (attributes: Attributes): string | undefined => names.get(attributes);

/** Keeps a tree's name when a rule copies it. */
export function copyDefinitionName(from: Attributes, to: Attributes): void {
  const name = names.get(from);
  if (name !== undefined) names.set(to, name);
}
