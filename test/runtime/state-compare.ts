// Comparing resource states in the randomized lifecycle: attribute-by-attribute failure messages,
// what an import can know (write-only values aside, as a desired-state document), and comparisons
// that ignore list order where a service (or an import, which has no prior order) decides it.
import assert from "node:assert/strict";
import { defaultToValue } from "../../runtime/convert/default-value.js";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import {
  canonicalJson,
  isJsonDocObject,
  type JsonDoc,
  type JsonDocObject,
  makeJsonObject,
} from "../../runtime/convert/json-doc.js";
import { inInputForms } from "../../runtime/convert/input-forms.js";
import { reorderWithPrior } from "../../runtime/convert/reorder.js";
import { toDesiredState } from "../../runtime/convert/to-cfn.js";
import { keepPriorForm } from "../../runtime/read/keep-prior-form.js";
import { nullWriteOnly, writeOnlyAttributes } from "../../runtime/state/write-only.js";
import type {
  Attribute,
  Attributes,
  AttributeType,
  ResourceDefinition,
} from "../../terraform/schema/types.js";
import {
  attributeCtyType,
  definitionImpliedType,
  isRecord,
  isUnknown,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";

/** JSON text of a value, with unknowns and decimal numbers in their own spelling. */
export const show = (value: TfValue | undefined): string =>
  JSON.stringify(value ?? null, (_k, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v) && !isRecord(v as TfValue) ? String(v) : v,
  );

export function assertSameState(
  definition: ResourceDefinition,
  actual: TfValue,
  expected: TfValue,
  message: string,
): void {
  const type = definitionImpliedType(definition);
  if (valueEquals(type, actual, expected)) return;
  const a = isRecord(actual) ? actual : {};
  const b = isRecord(expected) ? expected : {};
  const differing = Object.keys(definition.attributes).filter(
    (n) => !valueEquals(type.attributes[n]!, a[n] ?? null, b[n] ?? null),
  );
  assert.fail(`${message}: ${differing.map((n) => `${n}: ${show(a[n])} vs ${show(b[n])}`).join("; ")}`);
}

/**
 * A state as its desired-state document says it, write-only values aside: what an import can know.
 * (An object whose members are all write-only reads back as nothing, not as an object of nulls.)
 */
function knowable(definition: ResourceDefinition, value: TfValue): JsonDocObject {
  const stripped = nullWriteOnly(definition.attributes, value, writeOnlyAttributes(definition));
  return toDesiredState(definition.attributes, stripped);
}

/** Arrays sorted at every depth (by canonical JSON), for comparisons that ignore list order. */
function sortedArrays(doc: JsonDoc): JsonDoc {
  if (Array.isArray(doc))
    return (doc as readonly JsonDoc[])
      .map(sortedArrays)
      .sort((x, y) => canonicalJson(x).localeCompare(canonicalJson(y)));
  if (isJsonDocObject(doc))
    return makeJsonObject(Object.keys(doc).map((k) => [k, sortedArrays(doc[k] as JsonDoc)]));
  return doc;
}

export const sameUpToOrder = (definition: ResourceDefinition, a: TfValue, b: TfValue): boolean =>
  canonicalJson(sortedArrays(knowable(definition, a))) ===
  canonicalJson(sortedArrays(knowable(definition, b)));

/** Both states as knowable documents, the imported one in the reference's list order and JSON spelling. */
export async function importComparison(
  definition: ResourceDefinition,
  imported: TfValue,
  reference: TfValue,
): Promise<{ actual: TfValue; expected: TfValue }> {
  const asState = (doc: JsonDoc, from: TfValue): TfRecord =>
    makeRecord([
      ...Object.entries(fromModel(definition.attributes, doc as JsonDocObject)),
      ["id", (from as TfRecord).id ?? null],
    ]);
  const expected = asState(knowable(definition, reference), reference);
  const referenceDoc = knowable(definition, reference);
  // Values the service answers in a form its schema declares are read as the reference's (input-forms.ts).
  const inForms = await inInputForms(
    definition.propertyTransforms,
    knowable(definition, imported),
    referenceDoc,
  );
  const ordered = reorderWithPrior(inForms as JsonDocObject, referenceDoc);
  const actual = keepPriorForm(definition.attributes, asState(ordered, imported), expected);
  return { actual, expected };
}

const byShow = (x: TfValue, y: TfValue): number => show(x).localeCompare(show(y));

/** A primitive collection with its lists (ordered) sorted, at any depth. */
function sortElementLists(type: AttributeType, value: TfValue): TfValue {
  if (!("element" in type)) return value;
  if (Array.isArray(value)) {
    const items = (value as readonly TfValue[]).map((item) => sortElementLists(type.element, item));
    return type.kind === "list" ? items.sort(byShow) : items;
  }
  if (isRecord(value))
    return makeRecord(Object.keys(value).map((k) => [k, sortElementLists(type.element, value[k] ?? null)]));
  return value;
}

/** The value with the elements of every ordered list (no multiset modifier) sorted, at any depth. */
export function sortOrderedLists(attributes: Attributes, value: TfValue): TfValue {
  if (!isRecord(value)) return value;
  return makeRecord(
    Object.keys(value).map((name) => {
      const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      const member = value[name] ?? null;
      if (!attribute || member === null) return [name, member];
      const type = attribute.type;
      const multiset = (attribute.planModifiers ?? []).some((m) => m.kind === "multiset");
      if (!("attributes" in type)) {
        const sorted = sortElementLists(type, member);
        return [name, multiset && Array.isArray(member) ? member : sorted];
      }
      if (type.kind === "object") return [name, sortOrderedLists(type.attributes, member)];
      if (isRecord(member))
        return [
          name,
          makeRecord(
            Object.keys(member).map((k) => [k, sortOrderedLists(type.attributes, member[k] ?? null)]),
          ),
        ];
      const items = (member as readonly TfValue[]).map((item) => sortOrderedLists(type.attributes, item));
      return [name, type.kind === "listNested" && !multiset ? items.sort(byShow) : items];
    }),
  );
}

/** The planned value with each unknown replaced by the prior value at the same place. */
export function withUnknownsFrom(planned: TfValue, prior: TfValue): TfValue {
  if (isUnknown(planned)) return prior;
  if (isRecord(planned) && isRecord(prior))
    return makeRecord(
      Object.keys(planned).map((k) => [k, withUnknownsFrom(planned[k] ?? null, prior[k] ?? null)]),
    );
  if (Array.isArray(planned) && Array.isArray(prior) && planned.length === prior.length)
    return planned.map((item, i) => withUnknownsFrom(item, prior[i] ?? null));
  return planned;
}

/**
 * The configured value asks for nothing the state does not already hold, so the plan has nothing
 * to change: where the configuration leaves a member null, the plan puts the member's default, or
 * keeps the state's value where the member is Computed (an optional member the service filled in);
 * object members and list elements are checked that way at every depth.
 */
export function configuredHeldBy(attribute: Attribute, configured: TfValue, held: TfValue): boolean {
  if (configured === null) {
    if (attribute.default !== undefined)
      return valueEquals(
        attributeCtyType(attribute.type),
        defaultToValue(attribute.type, attribute.default),
        held,
      );
    return attribute.computed === true || held === null;
  }
  const type = attribute.type;
  const membersHeld = (c: TfValue, h: TfValue): boolean =>
    "attributes" in type &&
    isRecord(c) &&
    isRecord(h) &&
    Object.entries(type.attributes).every(([name, member]) =>
      configuredHeldBy(member, c[name] ?? null, h[name] ?? null),
    );
  if (type.kind === "object") return membersHeld(configured, held);
  if (type.kind === "listNested" && Array.isArray(configured) && Array.isArray(held))
    return (
      configured.length === held.length &&
      configured.every((c: TfValue, i) => membersHeld(c, held[i] as TfValue))
    );
  return valueEquals(attributeCtyType(type), configured, held);
}
