// The vocabulary of the schema change report: one Change per user-visible difference, each
// classified as breaking or not for people using the provider, with a one-line reason.
import type { ModuleKind } from "../model/resource-model.js";

export type ChangeKind =
  | "propertyAdded"
  | "propertyRemoved"
  | "typeChanged"
  | "requiredAdded"
  | "requiredRemoved"
  | "createOnlyAdded"
  | "createOnlyRemoved"
  | "readOnlyAdded"
  | "readOnlyRemoved"
  | "writeOnlyAdded"
  | "writeOnlyRemoved"
  | "deprecatedAdded"
  | "deprecatedRemoved"
  | "defaultAdded"
  | "defaultRemoved"
  | "defaultChanged"
  | "enumChanged"
  | "patternChanged"
  | "boundChanged"
  | "primaryIdentifierChanged"
  | "handlerAdded"
  | "handlerRemoved"
  | "handlerPermissionsChanged"
  | "moduleAdded"
  | "moduleRemoved";

/** Report order of the kinds at one pointer: structure first, then flags, then constraints. */
export const CHANGE_KIND_ORDER: readonly ChangeKind[] = [
  "moduleRemoved",
  "moduleAdded",
  "primaryIdentifierChanged",
  "handlerRemoved",
  "handlerAdded",
  "handlerPermissionsChanged",
  "propertyRemoved",
  "propertyAdded",
  "typeChanged",
  "requiredAdded",
  "requiredRemoved",
  "createOnlyAdded",
  "createOnlyRemoved",
  "readOnlyAdded",
  "readOnlyRemoved",
  "writeOnlyAdded",
  "writeOnlyRemoved",
  "deprecatedAdded",
  "deprecatedRemoved",
  "defaultAdded",
  "defaultRemoved",
  "defaultChanged",
  "enumChanged",
  "patternChanged",
  "boundChanged",
];

export type ScalarValue = string | number | boolean | null;

/** A Terraform resource or data source that appears or disappears with this change. */
export interface ModuleEffect {
  readonly module: ModuleKind;
  readonly tfTypeName: string;
  readonly effect: "appears" | "disappears";
}

export interface Change {
  readonly kind: ChangeKind;
  /**
   * Where, as the user sees the schema: `$ref`s resolved, e.g.
   * `/properties/Tags/items/properties/Key`; map values are `/patternProperties/*`. Absent for
   * type-level changes (identifier, handlers, modules).
   */
  readonly pointer?: string;
  /** The Terraform attribute path, e.g. `tags[*].key`, when the property maps to one. */
  readonly tfPath?: string;
  readonly breaking: boolean;
  /** What changed, in a few words. */
  readonly summary: string;
  /** Why this is breaking or not for provider users. */
  readonly reason: string;
  /** The keyword compared (`maxLength`, `pattern`, …) or the handler (`create`, `list`, …). */
  readonly keyword?: string;
  readonly before?: ScalarValue | readonly ScalarValue[];
  readonly after?: ScalarValue | readonly ScalarValue[];
  /** Set-like differences: enum values, permissions. */
  readonly added?: readonly ScalarValue[];
  readonly removed?: readonly ScalarValue[];
  readonly moduleEffect?: ModuleEffect;
  /**
   * Defaults only: the attribute is create-only in the newer schema, so its default applies when
   * objects are created and never to existing ones (runtime/plan/plan-resource.ts).
   */
  readonly createOnly?: boolean;
  /** What the first plan after upgrading shows because of this change (next-plan.ts). */
  readonly nextPlan?: string;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Stable report order: type-level changes first, then by pointer, kind and keyword. */
export function compareChanges(a: Change, b: Change): number {
  return (
    compareText(a.pointer ?? "", b.pointer ?? "") ||
    CHANGE_KIND_ORDER.indexOf(a.kind) - CHANGE_KIND_ORDER.indexOf(b.kind) ||
    compareText(a.keyword ?? "", b.keyword ?? "") ||
    compareText(a.moduleEffect?.tfTypeName ?? "", b.moduleEffect?.tfTypeName ?? "")
  );
}

export { compareText };
