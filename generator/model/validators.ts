// Validators from JSON Schema keywords (docs/mapping.md#validators), as runtime descriptors.
import type { Validator } from "../../terraform/schema/types.js";
import { translatePattern } from "../../cfn/regex/translate.js";
import type { CfnNode } from "./cfn-schema.js";
import type { ArrayKind } from "./array-kind.js";

/** Something the model did that a maintainer should know: a dropped pattern, a cut recursion… */
export interface ModelNote {
  readonly pointer: string;
  readonly message: string;
  /** Short stable category, e.g. "pattern-dropped", "recursion-cut". */
  readonly kind: string;
}

export interface PatternTally {
  kept: number;
  rewritten: number;
  dropped: number;
  blank: number;
}

export const emptyPatternTally = (): PatternTally => ({ kept: 0, rewritten: 0, dropped: 0, blank: 0 });

/** Adds one tally into another. */
export function addPatternTally(into: PatternTally, from: PatternTally): void {
  for (const k of Object.keys(into) as (keyof PatternTally)[]) into[k] += from[k];
}

export interface ValidatorContext {
  readonly notes: ModelNote[];
  readonly patterns: PatternTally;
}

const isInt = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n);
const isNum = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);

/** Where a pair of bounds sits and what reports on it. */
interface BoundsSite {
  readonly pointer: string;
  readonly ctx: ValidatorContext;
  /** The keywords, e.g. "minLength/maxLength", for the note. */
  readonly keywords: string;
}

function bounded(
  min: unknown,
  max: unknown,
  check: (n: unknown) => n is number,
  make: (min?: number, max?: number) => Validator,
  site: BoundsSite,
): Validator[] {
  const lo = check(min) ? min : undefined;
  const hi = check(max) ? max : undefined;
  if (lo !== undefined && hi !== undefined && lo > hi) {
    site.ctx.notes.push({
      pointer: site.pointer,
      kind: "bounds-impossible",
      message: `${site.keywords} ${lo} > ${hi}: no value can satisfy them; the validator is kept and will reject every value`,
    });
  }
  return lo === undefined && hi === undefined ? [] : [make(lo, hi)];
}

/**
 * An integer's minimum/maximum may be fractional: an integer is >= 1.5 exactly when it is >= 2,
 * so the bound is rounded inwards (not dropped).
 */
function integerBound(bound: unknown, round: (n: number) => number): unknown {
  return isNum(bound) && !Number.isInteger(bound) ? round(bound) : bound;
}

const length = (min?: number, max?: number): Validator => ({
  kind: "length",
  ...(min !== undefined && { min }),
  ...(max !== undefined && { max }),
});
const range = (min?: number, max?: number): Validator => ({
  kind: "range",
  ...(min !== undefined && { min }),
  ...(max !== undefined && { max }),
});
const size = (min?: number, max?: number): Validator => ({
  kind: "size",
  ...(min !== undefined && { min }),
  ...(max !== undefined && { max }),
});

/** A CloudFormation pattern as an ECMAScript regex validator; untranslatable ones are dropped with a note. */
export function patternValidator(pattern: unknown, pointer: string, ctx: ValidatorContext): Validator[] {
  if (typeof pattern !== "string") return [];
  if (pattern === "") {
    // Blanked by the schema sanitizer upstream: nothing to check.
    ctx.patterns.blank++;
    return [];
  }
  const t = translatePattern(pattern);
  if (!t.ok) {
    ctx.patterns.dropped++;
    ctx.notes.push({
      pointer: pointer + "/pattern",
      kind: "pattern-dropped",
      message: `pattern dropped: ${t.reason}`,
    });
    return [];
  }
  if (t.rewrites.length > 0) ctx.patterns.rewritten++;
  else ctx.patterns.kept++;
  return [{ kind: "regex", source: t.source, flags: t.flags }];
}

function enumValidator(
  values: unknown,
  accept: (v: unknown) => boolean,
  pointer: string,
  ctx: ValidatorContext,
): Validator[] {
  if (!Array.isArray(values) || values.length === 0) return [];
  if (!values.every(accept)) {
    ctx.notes.push({
      pointer: pointer + "/enum",
      kind: "enum-ignored",
      message: "enum values do not match the property type; no OneOf validator",
    });
    return [];
  }
  return [{ kind: "oneOf", values: values as (string | number)[] }];
}

/** Validators of a primitive value: string length/pattern/enum, number ranges and enums. */
export function primitiveValidators(
  type: "string" | "integer" | "number" | "boolean",
  node: CfnNode,
  pointer: string,
  ctx: ValidatorContext,
): Validator[] {
  switch (type) {
    case "string":
      return [
        ...bounded(node.minLength, node.maxLength, isInt, length, {
          pointer,
          ctx,
          keywords: "minLength/maxLength",
        }),
        ...patternValidator(node.pattern, pointer, ctx),
        ...enumValidator(node.enum, (v) => typeof v === "string", pointer, ctx),
      ];
    case "integer":
      return [
        ...bounded(
          integerBound(node.minimum, Math.ceil),
          integerBound(node.maximum, Math.floor),
          isInt,
          range,
          { pointer, ctx, keywords: "minimum/maximum" },
        ),
        ...enumValidator(node.enum, isInt, pointer, ctx),
      ];
    case "number":
      return [
        ...bounded(node.minimum, node.maximum, isNum, range, { pointer, ctx, keywords: "minimum/maximum" }),
        ...enumValidator(node.enum, isNum, pointer, ctx),
      ];
    case "boolean":
      return [];
  }
}

/** Validators of an array: size, uniqueness of an ordered set, then per-item checks. */
export function arrayValidators(
  kind: ArrayKind,
  node: CfnNode,
  itemValidators: readonly Validator[],
  site: { readonly pointer: string; readonly ctx: ValidatorContext },
): Validator[] {
  const out = bounded(node.minItems, node.maxItems, isInt, size, { ...site, keywords: "minItems/maxItems" });
  if (kind === "orderedSet") out.push({ kind: "uniqueValues" });
  if (itemValidators.length > 0) out.push({ kind: "each", validators: itemValidators });
  return out;
}
