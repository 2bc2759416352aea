// The part of a CloudFormation resource schema that constrains a resource model, as a JSON Schema
// ajv can compile. Handlers, tagging, readOnlyProperties and the like describe the type, not the
// model. Shared by the runtime's desired-state check and the emulator's validation.
const MODEL_KEYWORDS = [
  "definitions",
  "properties",
  "patternProperties",
  "additionalProperties",
  "required",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "dependencies",
  "minProperties",
  "maxProperties",
] as const;

export function modelSchemaOf(resourceSchema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { type: "object" };
  for (const keyword of MODEL_KEYWORDS) {
    if (resourceSchema[keyword] !== undefined) out[keyword] = relaxBlankedChoices(resourceSchema[keyword]);
  }
  return out;
}

/**
 * The registry blanks patterns it cannot publish (`"pattern": ""`, which matches anything). A
 * `oneOf` with such a branch can then never hold: RDS and DocDB GlobalCluster's
 * `SourceDBClusterIdentifier` is one of an identifier pattern and a blanked (ARN) one, and every
 * identifier matches both. Whether exactly one branch matched cannot be told any more, so such a
 * `oneOf` is checked as an `anyOf`. Returns the same value when nothing is blanked.
 */
export function relaxBlankedChoices(node: unknown): unknown {
  if (Array.isArray(node)) {
    const items = node.map(relaxBlankedChoices);
    return items.every((item, i) => item === node[i]) ? node : items;
  }
  if (typeof node !== "object" || node === null) return node;
  const record = node as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const value = relaxBlankedChoices(record[key]);
    if (value !== record[key]) (out ??= { ...record })[key] = value;
  }
  const choices = (out ?? record).oneOf;
  if (Array.isArray(choices) && choices.some(isBlankedPattern)) {
    const { oneOf: _relaxed, ...rest } = out ?? record;
    out =
      rest.anyOf === undefined
        ? { ...rest, anyOf: choices }
        : { ...rest, allOf: [...asArray(rest.allOf), { anyOf: choices }] };
  }
  return out ?? node;
}

const isBlankedPattern = (branch: unknown): boolean =>
  typeof branch === "object" && branch !== null && (branch as { pattern?: unknown }).pattern === "";

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
