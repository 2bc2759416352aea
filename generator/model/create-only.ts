// Which properties only a replacement can change (docs/mapping.md#other-property-facts).
//
// CloudFormation registers a type without an update handler as IMMUTABLE: a stack update replaces
// it, and Cloud Control answers every UpdateResource with UnsupportedActionException. Planning an
// update in place for such a type promises what no apply can do, so each settable top-level
// property of it is create-only, beside the ones the schema lists. (The Go provider plans the
// update and the apply fails.) A schema without a handlers section lists no handler at all
// (NON_PROVISIONABLE: the corpus's ten such types cannot be created, so no object of them can
// exist to replace); it is left as it is.
import type { CfnResourceSchema } from "./cfn-schema.js";
import type { ModelNote } from "./validators.js";

export interface CreateOnlyProperties {
  /** The schema's createOnlyProperties, then the pointers this rule adds. */
  readonly pointers: readonly string[];
  /** Says which pointers were added because the type has no update handler, when any were. */
  readonly note?: ModelNote;
}

export function createOnlyProperties(schema: CfnResourceSchema): CreateOnlyProperties {
  const listed = schema.createOnlyProperties ?? [];
  if (schema.handlers === undefined || schema.handlers.update !== undefined) return { pointers: listed };
  const readOnly = new Set(schema.readOnlyProperties ?? []);
  const already = new Set(listed);
  const added = Object.keys(schema.properties ?? {})
    .map((name) => `/properties/${name}`)
    .filter((pointer) => !readOnly.has(pointer) && !already.has(pointer));
  if (added.length === 0) return { pointers: listed };
  return {
    pointers: [...listed, ...added],
    note: {
      pointer: "/handlers",
      kind: "no-update-handler",
      message: `no update handler (an IMMUTABLE type): changing ${added.join(", ")} replaces the resource`,
    },
  };
}
