// The prior elements a read pairs fresh set and multiset elements with (keep-prior-form.ts): each
// fresh element takes the first untaken prior element it equals once that element's form is kept.
// Prior elements are grouped by a key that keeping a form cannot change (untaken.ts), so only an
// element's own group is tried, in the prior order: the same pairing, without the square.
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { hasPlanModifier } from "../../terraform/schema/resource-rules.js";
import type { CtyType, ObjectType } from "../../terraform/values/cty-type.js";
import { attributeCtyType, impliedObjectType } from "../../terraform/values/implied-type.js";
import { UntakenByKey } from "../../terraform/values/untaken.js";
import { canonicalKey, isRecord, type TfValue } from "../../terraform/values/value.js";
import { isEmptyish } from "../state/emptyish.js";

interface ElementShape {
  readonly type: ObjectType;
  /** Members a kept form takes as they are: no nested attributes, not kept in no order. */
  readonly plain: readonly { readonly name: string; readonly type: CtyType }[];
}

const shapes = new WeakMap<Attributes, ElementShape>();

function keptAsIs(attribute: Attribute): boolean {
  return !("attributes" in attribute.type) && !hasPlanModifier(attribute, "multiset");
}

/** The element's object type and its plain members, worked out once per nested attribute block. */
export function elementShape(attributes: Attributes): ElementShape {
  let shape = shapes.get(attributes);
  if (!shape) {
    const type = impliedObjectType(attributes);
    const plain = Object.keys(attributes)
      .filter((name) => keptAsIs(attributes[name] as Attribute))
      .map((name) => ({ name, type: attributeCtyType((attributes[name] as Attribute).type) }));
    shape = { type, plain };
    shapes.set(attributes, shape);
  }
  return shape;
}

/**
 * A key a fresh element shares with every prior element whose kept form it can equal. Keeping a
 * form leaves a plain member as the service gave it, except that a fresh null keeps a prior
 * "nothing" (null or an empty collection), so those all key alike. Nested and unordered members
 * can take the prior's form and are left out of the key.
 */
export function formKey(shape: ElementShape, element: TfValue): string {
  if (!isRecord(element)) return `v${canonicalKey(shape.type, element)}`;
  let key = "r";
  for (const { name, type } of shape.plain) {
    const value = element[name] ?? null;
    key += isEmptyish(value) ? ",E" : `,${canonicalKey(type, value)}`;
  }
  return key;
}

/** The prior elements, grouped by `formKey`, for fresh elements to take once each. */
export class PriorElements {
  private readonly untaken: UntakenByKey;

  constructor(
    private readonly shape: ElementShape,
    prior: readonly TfValue[],
  ) {
    this.untaken = new UntakenByKey(prior.map((element) => formKey(shape, element)));
  }

  /** The first untaken prior element with `fresh`'s key that `pairs` accepts, now taken; -1 when none. */
  take(fresh: TfValue, pairs: (index: number) => boolean): number {
    return this.untaken.take(formKey(this.shape, fresh), pairs);
  }
}
