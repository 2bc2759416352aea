// Schema validation of resource models with ajv: one validator per type, compiled on first use,
// reporting violations in the style CloudFormation uses ("#/Path: reason").
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import type { JsonObject, JsonValue } from "../types.js";
import { cfnRegExpEngine } from "../../cfn/regex/lenient-engine.js";
import { modelSchemaOf } from "../../cfn/model-schema.js";
import { withoutUnusableDefaults } from "../../cfn/usable-defaults.js";

const addFormats = addFormatsModule.default;

export function createAjv(useDefaults = true): Ajv {
  // strict:false because CloudFormation adds its own keywords (insertionOrder, relationshipRef,
  // arrayType, ...) and formats (int64 on strings, timestamp, ...), which are not checked.
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    verbose: true,
    useDefaults,
    logger: false,
    code: { regExp: cfnRegExpEngine },
  });
  addFormats(ajv);
  return ajv;
}

export function validationSchemaOf(resourceSchema: JsonObject): JsonObject {
  return withoutUnusableDefaults(modelSchemaOf(resourceSchema) as JsonObject);
}

export interface ModelValidator {
  /** Validates in place: schema defaults are filled into `model`. Returns the violations. */
  (model: JsonObject): string[];
}

export function compileModelValidator(ajv: Ajv, resourceSchema: JsonObject): ModelValidator {
  const validate: ValidateFunction = ajv.compile(validationSchemaOf(resourceSchema));
  return (model) => (validate(model) ? [] : describeErrors(validate.errors ?? []));
}

function kindOf(value: unknown): string {
  if (value === null) return "Null";
  if (Array.isArray(value)) return "JSONArray";
  switch (typeof value) {
    case "string":
      return "String";
    case "boolean":
      return "Boolean";
    case "number":
      return Number.isInteger(value) ? "Integer" : "Number";
    default:
      return "JSONObject";
  }
}

function quote(value: JsonValue | unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function reasonOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `required key [${String(params.missingProperty)}] not found`;
    case "additionalProperties":
      return `extraneous key [${String(params.additionalProperty)}] is not permitted`;
    case "type":
      // The service names JSON types capitalised, as it does the found kind ("String", "Boolean").
      return `expected type: ${capitalised(String(params.type))}, found: ${kindOf(error.data)}`;
    case "enum":
      return `${quote(error.data)} is not a valid enum value (allowed: ${quote(params.allowedValues)})`;
    case "pattern":
      return `string [${String(error.data)}] does not match pattern ${String(params.pattern)}`;
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
    case "minProperties":
    case "maxProperties":
    case "uniqueItems":
    case "format":
      return `${error.message ?? error.keyword} (value ${quote(error.data)})`;
    default:
      return error.message ?? `failed validation constraint for keyword [${error.keyword}]`;
  }
}

/** `#/Tags/0: required key [Key] not found`, one entry per distinct violation. */
export function describeErrors(errors: readonly ErrorObject[]): string[] {
  const lines = errors.map((error) => `#${error.instancePath}: ${reasonOf(error)}`);
  return [...new Set(lines)];
}

/** JSON type names as the service spells them: `integer` -> `Integer`, `string,null` -> `String,Null`. */
const capitalised = (name: string): string =>
  name
    .split(",")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(",");

/** The StatusMessage of a FAILED InvalidRequest event for these violations. */
export function validationFailureMessage(violations: readonly string[]): string {
  const shown = violations.slice(0, 10);
  const more = violations.length > shown.length ? `; and ${violations.length - shown.length} more` : "";
  const count = violations.length > 1 ? `#: ${violations.length} schema violations found; ` : "";
  return `Model validation failed (${count}${shown.join("; ")}${more})`;
}
