// Beyond awscc: once a configuration is wholly known, the desired state it would send (its planned
// value, defaults included) is checked against the type's CloudFormation schema with ajv (patterns
// read with the generator's RE2 → JS translation), so schema violations show up at validate time,
// pointing at the attribute, instead of as a failed create minutes later. Formats are not checked
// (CloudFormation barely enforces them). A pattern that cannot be translated is not enforced; a
// schema ajv cannot compile at all is skipped rather than blocking the type.
import type { ErrorObject, ValidateFunction } from "ajv";
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import { desiredStateAjvOptions } from "../../cfn/desired-state-ajv.js";
import { modelSchemaOf } from "../../cfn/model-schema.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { jsonDocToPlain } from "../convert/json-doc.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { createValues } from "../plan/plan-resource.js";
import { type AttributePath, formatPath } from "../../terraform/values/path.js";
import { isWhollyKnown, type TfValue } from "../../terraform/values/value.js";
import { hasJsonStrings } from "./json-strings.js";
import { locatePointer, type PointerLocation } from "./schema-pointer.js";
import { choiceBranches, describeChoice, isChoiceError, isInside } from "./choice-message.js";
import type { JsonValue } from "../../cfn/json.js";
import type { SchemaSource } from "../../cfn/schema-source.js";

/** A validator compiled ahead of time for a type (the binary carries one per type), if any. */
export type PrecompiledValidators = (typeName: string) => ValidateFunction | undefined;

export class DesiredStateSchemaValidator {
  private readonly compiled = new Map<string, Promise<ValidateFunction | undefined>>();

  constructor(
    private readonly source: SchemaSource,
    private readonly precompiled?: PrecompiledValidators,
  ) {}

  private validatorFor(typeName: string): Promise<ValidateFunction | undefined> {
    let entry = this.compiled.get(typeName);
    if (!entry) {
      entry = this.loadValidator(typeName);
      this.compiled.set(typeName, entry);
    }
    return entry;
  }

  private async loadValidator(typeName: string): Promise<ValidateFunction | undefined> {
    try {
      // Compiled at build time: no ajv load and no compile per type in each short-lived process.
      const ready = this.precompiled?.(typeName);
      if (ready) return ready;
    } catch {
      // a validator that cannot be loaded is compiled here instead
    }
    const schema = this.source.get(typeName);
    if (!schema) return undefined;
    // Loaded on first use: a provider process that validates nothing (the one Terraform starts
    // for GetProviderSchema) does not pay ajv's load at start-up.
    const { Ajv } = await import("ajv");
    try {
      return new Ajv(desiredStateAjvOptions()).compile(modelSchemaOf(schema));
    } catch {
      return undefined;
    }
  }

  /**
   * Diagnostics for a configuration. While parts of it are unknown only JSON-string attributes are
   * checked: a known document is complete, so what the schema says about its inside holds already,
   * whereas anything about its surroundings may still change.
   */
  async validate(definition: ResourceDefinition, config: TfValue): Promise<Diagnostic[]> {
    if (config === null) return [];
    const complete = isWhollyKnown(config);
    if (!complete && !hasJsonStrings(definition.attributes)) return [];
    const validate = await this.validatorFor(definition.cfnTypeName);
    if (!validate) return [];
    // What a create would send, not the raw configuration (createValues): a CloudFormation-required
    // property with a default is Optional+Computed (docs/mapping.md#required-optional-computed) and
    // the plan fills the default in, so leaving it out is valid; values the plan leaves to the apply
    // are omitted, as the create omits them. (ajv's useDefaults instead would also accept a property
    // the plan leaves out, a default the generator had to drop, although the create does not send it.)
    let planned: TfValue;
    let desired: unknown;
    try {
      planned = createValues(definition, config);
      desired = jsonDocToPlain(toDesiredState(definition.attributes, planned));
    } catch {
      return []; // translation problems are reported by invalidJsonStrings, plan and apply
    }
    if (validate(desired)) return [];
    const errors = validate.errors ?? [];
    const nameOf = (pointer: string): string =>
      describeLocation(locatePointer(definition.attributes, pointer, planned), pointer);
    let modelSchema: JsonValue | undefined | null = null; // looked up once, when a choice needs it
    const diagnostics: Diagnostic[] = [];
    for (const error of dedupe(errors)) {
      if (
        !complete &&
        locatePointer(definition.attributes, error.instancePath, planned).insideJson === undefined
      )
        continue;
      const pointer =
        error.keyword === "required"
          ? `${error.instancePath}/${String(error.params.missingProperty)}`
          : error.instancePath;
      const location = locatePointer(definition.attributes, pointer, planned);
      let why: string;
      if (isChoiceError(error)) {
        if (modelSchema === null) modelSchema = this.modelSchema(definition.cfnTypeName);
        why = describeChoice(error, errors, choiceBranches(modelSchema, error), nameOf);
      } else {
        why = reason(error);
      }
      const where = pointer === "" ? "" : ` at ${describeLocation(location, pointer)}`;
      diagnostics.push(
        errorDiagnostic(
          "Value Conflicts With CloudFormation Schema",
          `The desired state for ${definition.cfnTypeName} does not satisfy its CloudFormation schema${where}: ${why}`,
          location.path.length > 0 ? location.path : undefined,
        ),
      );
    }
    return diagnostics;
  }

  /** The schema the type's validator was compiled from (its schemaPaths point into it), if at hand. */
  private modelSchema(typeName: string): JsonValue | undefined {
    const schema = this.source.get(typeName);
    return schema ? (modelSchemaOf(schema) as JsonValue) : undefined;
  }
}

/** A pointer in Terraform terms where the attributes reach it all, else the pointer itself. */
function describeLocation(location: PointerLocation, pointer: string): string {
  if (!location.reached || location.path.length === 0) return pointer || "/";
  const path = formatPath(location.path);
  return location.insideJson === undefined || location.insideJson === ""
    ? path
    : `${path} at ${location.insideJson}`;
}

/** Distinct errors; the errors inside a oneOf/anyOf's alternatives are told by the combinator's own. */
function dedupe(errors: readonly ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  const choices = errors.filter(isChoiceError);
  return errors.filter((error) => {
    if (choices.some((choice) => isInside(error, choice))) return false;
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function reason(error: ErrorObject): string {
  if (error.keyword === "required")
    return `required property ${String(error.params.missingProperty)} is missing`;
  if (error.keyword === "additionalProperties")
    return `property ${String(error.params.additionalProperty)} is not allowed`;
  return error.message ?? error.keyword;
}

/** The Terraform path of a desired-state pointer, as far as attributes can follow it. */
export function terraformPath(attributes: Attributes, pointer: string): AttributePath {
  return locatePointer(attributes, pointer).path;
}
