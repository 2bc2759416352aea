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
    if (resourceSchema[keyword] !== undefined) out[keyword] = resourceSchema[keyword];
  }
  return out;
}
