// `transforms`: GetResource answers values in the form the type's schema declares in its
// propertyTransform, as real handlers do (EC2 answers protocol "6" as "tcp", Route 53 a zone name
// fully qualified, RDS a proxy name in lower case). For each transformed property the first
// alternative that gives a plain value other than the stored one is the answer; an alternative that
// gives a pattern (an ARN with `[0-9]{12}` in it) says what would match, not what is answered, and is
// skipped. Read-time only: the object is stored as sent.
import { propertyTransformsOf, transformResults } from "../../cfn/property-transforms.js";
import { isJsonObject } from "../schema/pointers.js";
import type { JsonObject, JsonValue } from "../types.js";

/** A pattern's syntax; a result holding it is no value a service would answer. */
const PATTERN_SYNTAX = /[[\](){}*+?|^$\\]/;

async function answeredForm(
  transform: string,
  value: JsonValue,
  holder: JsonObject,
  root: JsonObject,
): Promise<JsonValue> {
  if (value === null || typeof value === "object") return value;
  for await (const result of transformResults(transform, holder, root)) {
    if (typeof result !== "string" && typeof result !== "number" && typeof result !== "boolean") continue;
    if (typeof result === "string" && PATTERN_SYNTAX.test(result)) continue;
    if (result !== value) return result;
  }
  return value;
}

async function answerAt(
  transform: string,
  segments: readonly string[],
  holder: JsonObject,
  root: JsonObject,
): Promise<JsonObject> {
  const [name, ...rest] = segments as [string, ...string[]];
  const value = holder[name];
  if (value === undefined) return holder;
  let next: JsonValue = value;
  if (rest.length === 0) next = await answeredForm(transform, value, holder, root);
  else if (rest[0] === "*" && Array.isArray(value)) {
    const inner = rest.slice(1);
    next = await Promise.all(
      value.map((item) =>
        isJsonObject(item) && inner.length > 0 ? answerAt(transform, inner, item, root) : item,
      ),
    );
  } else if (isJsonObject(value)) next = await answerAt(transform, rest, value, root);
  return next === value ? holder : { ...holder, [name]: next };
}

/** The model with each transformed value in the form the service answers it. */
export async function answerInDeclaredForms(schema: JsonObject, model: JsonObject): Promise<JsonObject> {
  let answered = model;
  for (const [pointer, transform] of Object.entries(propertyTransformsOf(schema)))
    answered = await answerAt(transform, pointer.split("/").slice(2), answered, model);
  return answered;
}
