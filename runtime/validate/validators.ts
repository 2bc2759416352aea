// The validators the generated modules declare, run on the known values of a configuration, with
// diagnostics that point at the attribute (set elements have no address: the set is named).
// Null and unknown values pass every validator except notNull; unknown values are checked later,
// when Terraform validates the configuration again with everything known.
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import type {
  Attribute,
  Attributes,
  AttributeType,
  ElementType,
  Validator,
} from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { compareNumbers } from "../../terraform/values/number-compare.js";
import { numberText, parseNumber } from "../../terraform/values/number.js";
import { type AttributePath, formatPath, type PathStep } from "../../terraform/values/path.js";
import { canonicalKey, isNumber, isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";

const regexCache = new Map<string, RegExp | null>();

function compiled(source: string, flags: string): RegExp | null {
  const key = `${flags}/${source}`;
  if (!regexCache.has(key)) {
    try {
      regexCache.set(key, new RegExp(source, flags.replace(/[gy]/g, "")));
    } catch {
      regexCache.set(key, null); // an unusable pattern is not enforced
    }
  }
  return regexCache.get(key) ?? null;
}

export function validateConfig(attributes: Attributes, config: TfValue): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (isRecord(config)) validateObject(attributes, config, [], out);
  return out;
}

function validateObject(
  attributes: Attributes,
  record: Readonly<Record<string, TfValue>>,
  path: PathStep[],
  out: Diagnostic[],
): void {
  for (const name of Object.keys(attributes)) {
    const attribute = attributes[name] as Attribute;
    const value = record[name] ?? null;
    const here = [...path, { attribute: name }];
    // Terraform itself refuses a required argument left out, not one written as null (a variable
    // that is null, or a configuration `-generate-config-out` wrote for a value the service did not
    // report). The schema check would name it only once every value is known, and by its
    // CloudFormation name.
    if (value === null && attribute.required) out.push(missingRequired(here));
    for (const validator of attribute.validators ?? [])
      runValidator(validator, attribute.type, value, here, out, attribute.sensitive === true);
    if (value === null || isUnknown(value) || !("attributes" in attribute.type)) continue;
    const nested = attribute.type.attributes;
    switch (attribute.type.kind) {
      case "object":
        if (isRecord(value)) validateObject(nested, value, here, out);
        break;
      case "listNested":
      case "setNested":
        if (Array.isArray(value)) {
          const indexed = attribute.type.kind === "listNested";
          (value as readonly TfValue[]).forEach((item, i) => {
            if (isRecord(item)) validateObject(nested, item, indexed ? [...here, { index: i }] : here, out);
          });
        }
        break;
      case "mapNested":
        if (isRecord(value)) {
          for (const key of Object.keys(value)) {
            const item = value[key] ?? null;
            if (isRecord(item)) validateObject(nested, item, [...here, { key }], out);
          }
        }
        break;
    }
  }
}

const missingRequired = (path: AttributePath): Diagnostic =>
  errorDiagnostic(
    "Missing Required Attribute",
    `${formatPath(path)} is required: give it a value (null leaves it unset).`,
    path,
  );

const showValue = (value: TfValue): string =>
  typeof value === "string" ? JSON.stringify(value) : isNumber(value) ? numberText(value) : String(value);

function bounds(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return `between ${min} and ${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  return `at most ${max}${unit}`;
}

function runValidator(
  validator: Validator,
  type: AttributeType,
  value: TfValue,
  path: AttributePath,
  out: Diagnostic[],
  sensitive: boolean,
): void {
  // A secret's value never goes into a message.
  const show = (v: TfValue): string => (sensitive ? "(sensitive value)" : showValue(v));
  if (validator.kind === "notNull") {
    if (value === null) {
      out.push(
        errorDiagnostic(
          "Missing Attribute Value",
          `${formatPath(path)} must be set when its parent is configured.`,
          path,
        ),
      );
    }
    return;
  }
  if (value === null || isUnknown(value)) return;
  const where = formatPath(path);
  switch (validator.kind) {
    case "length":
      if (typeof value !== "string") return;
      if (
        (validator.min !== undefined && value.length < validator.min) ||
        (validator.max !== undefined && value.length > validator.max)
      ) {
        out.push(
          errorDiagnostic(
            "Invalid Attribute Value Length",
            `Attribute ${where} string length must be ${bounds(validator.min, validator.max, "")}, got: ${value.length}`,
            path,
          ),
        );
      }
      return;
    case "regex": {
      if (typeof value !== "string") return;
      const pattern = compiled(validator.source, validator.flags);
      if (pattern && !pattern.test(value)) {
        out.push(
          errorDiagnostic(
            "Invalid Attribute Value Match",
            `Attribute ${where} must match the pattern /${validator.source}/, got: ${show(value)}`,
            path,
          ),
        );
      }
      return;
    }
    case "oneOf": {
      const allowed = validator.values.some((candidate) =>
        typeof candidate === "string"
          ? value === candidate
          : isNumber(value) && compareNumbers(value, parseNumber(String(candidate))) === 0,
      );
      if (!allowed) {
        out.push(
          errorDiagnostic(
            "Invalid Attribute Value Match",
            `Attribute ${where} value must be one of: [${validator.values.map((v) => JSON.stringify(v)).join(", ")}], got: ${show(value)}`,
            path,
          ),
        );
      }
      return;
    }
    case "range": {
      if (!isNumber(value)) return;
      const below =
        validator.min !== undefined && compareNumbers(value, parseNumber(String(validator.min))) < 0;
      const above =
        validator.max !== undefined && compareNumbers(value, parseNumber(String(validator.max))) > 0;
      if (below || above) {
        out.push(
          errorDiagnostic(
            "Invalid Attribute Value",
            `Attribute ${where} value must be ${bounds(validator.min, validator.max, "")}, got: ${show(value)}`,
            path,
          ),
        );
      }
      return;
    }
    case "size": {
      const size = Array.isArray(value)
        ? value.length
        : isRecord(value)
          ? Object.keys(value).length
          : undefined;
      if (size === undefined) return;
      if (
        (validator.min !== undefined && size < validator.min) ||
        (validator.max !== undefined && size > validator.max)
      ) {
        out.push(
          errorDiagnostic(
            "Invalid Attribute Value",
            `Attribute ${where} must contain ${bounds(validator.min, validator.max, " elements")}, got: ${size}`,
            path,
          ),
        );
      }
      return;
    }
    case "uniqueValues": {
      if (!Array.isArray(value)) return;
      const elementType = attributeCtyType(type);
      if (elementType.kind !== "list" && elementType.kind !== "set") return;
      const seen = new Map<string, number>();
      (value as readonly TfValue[]).forEach((item, i) => {
        if (isUnknown(item)) return;
        const key = canonicalKey(elementType.element, item);
        const first = seen.get(key);
        if (first !== undefined) {
          out.push(
            errorDiagnostic(
              "Duplicate List Value",
              `Attribute ${where} element ${i} is a duplicate of element ${first}.`,
              [...path, { index: i }],
            ),
          );
        } else seen.set(key, i);
      });
      return;
    }
    case "each": {
      if (!("element" in type)) return;
      const element: ElementType = type.element;
      if (Array.isArray(value)) {
        const indexed = type.kind === "list";
        (value as readonly TfValue[]).forEach((item, i) => {
          for (const inner of validator.validators)
            runValidator(inner, element, item, indexed ? [...path, { index: i }] : path, out, sensitive);
        });
      } else if (isRecord(value)) {
        for (const key of Object.keys(value)) {
          for (const inner of validator.validators)
            runValidator(inner, element, value[key] ?? null, [...path, { key }], out, sensitive);
        }
      }
      return;
    }
  }
}
