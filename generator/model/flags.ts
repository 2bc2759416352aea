// Required / Optional / Computed for one attribute (docs/mapping.md#required-optional-computed).

export interface FlagInputs {
  /** The name is in the parent's `required` list (the resource's at the root). */
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly createOnly: boolean;
  readonly hasDefault: boolean;
  /** The parent attribute is Computed-only: everything below it is too. */
  readonly parentComputedOnly: boolean;
  /** The parent attribute is Optional+Computed: required members become Optional+Computed + NotNull. */
  readonly parentOptionalComputed: boolean;
}

export interface Flags {
  readonly required: boolean;
  readonly optional: boolean;
  readonly computed: boolean;
  /** Refuse null once the parent is set (a required member under an optional parent). */
  readonly notNull: boolean;
}

export function attributeFlags(i: FlagInputs): Flags {
  let req = i.required;
  let opt = false;
  let comp = false;
  let notNull = false;
  if (req && i.hasDefault) {
    req = false;
    opt = true;
  }
  if (!req && !i.readOnly) opt = true;
  if ((i.readOnly || i.createOnly) && !req) comp = true;
  if (i.hasDefault) comp = true;
  // Every Optional is also Computed: Cloud Control returns values the user did not set.
  if (opt) comp = true;
  if (i.parentComputedOnly) {
    req = false;
    opt = false;
    comp = true;
  }
  if (req && i.parentOptionalComputed) {
    req = false;
    opt = true;
    comp = true;
    notNull = true;
  }
  return { required: req, optional: opt, computed: comp, notNull };
}

export const isComputedOnly = (f: Flags): boolean => f.computed && !f.optional;
export const isOptionalComputed = (f: Flags): boolean => f.computed && f.optional;
