// `transforms`: GetResource answers values in the form the type's schema declares in its
// propertyTransform, as real handlers do (EC2 answers protocol "6" as "tcp", Route 53 a zone name
// fully qualified, RDS a proxy name in lower case, ECS a task role given by name as its ARN). For
// each transformed property the first alternative that gives another value is the answer: a plain
// result as it is; a pattern only where the value shapes it (cfn/property-transforms.ts
// `patternShapedBy`: an ECS role's name in `arn:…:role/<name>`, an RDS engine version `8.0` as
// `8.0.*`), as a string it matches that holds the value (sampled, the same for the same value). A
// pattern every value gives (DirectConnect's `^[a-zA-Z0-9-]+$` for a location) says what may be
// answered, not what is, and is skipped. Read-time only: the object is stored as sent.
import {
  alternatives,
  contextsWith,
  patternShapedBy,
  propertyTransformsOf,
  resultStandsFor,
  transformResults,
  type TransformSite,
} from "../../cfn/property-transforms.js";
import { samplePattern } from "../generate/pattern-sample.js";
import { isJsonObject } from "../schema/pointers.js";
import type { JsonObject, JsonValue } from "../types.js";
import { decisionKey, seededRandom } from "./seeded.js";

/** A pattern's syntax; a result holding it is no value a service would answer as it is. */
const PATTERN_SYNTAX = /[[\](){}*+?|^$\\]/;
/** What marks a result as a pattern to answer a match of: a class, a wildcard, a count, a group, anchors. */
const PATTERN_MARKS = /\[|\.[*+]|\{\d|\(|^\^|\$$/;

async function answeredForm(transform: string, site: TransformSite): Promise<JsonValue> {
  const value = site.holder[site.name] as JsonValue;
  if (value === null || typeof value === "object") return value;
  for (const text of alternatives(transform))
    for await (const result of transformResults(text, site.holder, site.root)) {
      if (typeof result === "number" || typeof result === "boolean") {
        if (result !== value) return result;
      } else if (typeof result === "string" && !PATTERN_SYNTAX.test(result)) {
        if (result !== value) return result;
      } else if (typeof result === "string" && typeof value === "string" && PATTERN_MARKS.test(result)) {
        const match = await matchHolding(text, site, value);
        if (
          match !== undefined &&
          match !== value &&
          resultStandsFor(result, match) &&
          (await patternShapedBy(text, site, match))
        )
          return match;
      }
    }
  return value;
}

/** Stands for the value in a pattern, which then says what the answer holds around it. */
const PLACEHOLDER = "\u0001";

/**
 * A string the alternative's pattern matches that holds the value where the alternative puts it:
 * the pattern the alternative gives for a placeholder is sampled and the placeholder replaced by
 * the value (sampling the value's own pattern would treat its dots as wildcards). Seeded by the
 * value, so every read answers the same.
 */
async function matchHolding(
  alternative: string,
  site: TransformSite,
  value: string,
): Promise<string | undefined> {
  const { holder, root } = contextsWith(site, PLACEHOLDER);
  for await (const marked of transformResults(alternative, holder, root)) {
    if (typeof marked !== "string" || !marked.includes(PLACEHOLDER)) return undefined;
    const random = seededRandom(decisionKey(0, [alternative, value]));
    const accept = (candidate: string) => candidate.split(PLACEHOLDER).length === 2;
    // What a service answers has no optional part it need not have (`arn:aws:iam::…`); where the
    // shortest match is the value itself (`8.0` for `8.0.*`), one with more.
    for (const shortest of [true, false]) {
      const sample = samplePattern(marked, random, { accept, shortest })?.replace(PLACEHOLDER, () => value);
      if (sample !== undefined && sample !== value) return sample;
    }
    return undefined;
  }
  return undefined;
}

async function answerAt(
  transform: string,
  segments: readonly string[],
  holder: JsonObject,
  root: JsonObject,
  path: readonly (string | number)[],
): Promise<JsonObject> {
  const [name, ...rest] = segments as [string, ...string[]];
  const value = holder[name];
  if (value === undefined) return holder;
  let next: JsonValue = value;
  if (rest.length === 0) next = await answeredForm(transform, { holder, root, path, name });
  else if (rest[0] === "*" && Array.isArray(value)) {
    const inner = rest.slice(1);
    next = await Promise.all(
      value.map((item, index) =>
        isJsonObject(item) && inner.length > 0
          ? answerAt(transform, inner, item, root, [...path, name, index])
          : item,
      ),
    );
  } else if (isJsonObject(value)) next = await answerAt(transform, rest, value, root, [...path, name]);
  return next === value ? holder : { ...holder, [name]: next };
}

/** The model with each transformed value in the form the service answers it. */
export async function answerInDeclaredForms(schema: JsonObject, model: JsonObject): Promise<JsonObject> {
  let answered = model;
  for (const [pointer, transform] of Object.entries(propertyTransformsOf(schema)))
    answered = await answerAt(transform, pointer.split("/").slice(2), answered, model, []);
  return answered;
}
