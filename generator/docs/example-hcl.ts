// Example configurations: a resource block with every required attribute set to a placeholder of
// the right type (nested attributes in HCL object syntax, since this provider has no blocks), and
// the data source blocks. Placeholders honour enum and range validators where they exist.
import { literalTemplateText } from "../../terraform/template-text.js";
import type {
  Attribute,
  Attributes,
  AttributeType,
  ElementType,
  Validator,
} from "../../terraform/schema/types.js";

/** An HCL expression, before layout. */
type Hcl =
  | { readonly kind: "raw"; readonly text: string }
  | { readonly kind: "tuple"; readonly items: readonly Hcl[] }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, Hcl])[] };

const INLINE_WIDTH = 72;
const PLACEHOLDER_TEXT = "example";

/** A quoted HCL string: `\`, `"`, and the template introducers `${` / `%{` escaped. */
export function hclString(s: string): string {
  const body = s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
  return `"${literalTemplateText(body)}"`;
}

const raw = (text: string): Hcl => ({ kind: "raw", text });

function validatorOf<K extends Validator["kind"]>(
  validators: readonly Validator[] | undefined,
  kind: K,
): Extract<Validator, { kind: K }> | undefined {
  return validators?.find((v): v is Extract<Validator, { kind: K }> => v.kind === kind);
}

function stringPlaceholder(validators: readonly Validator[] | undefined): string {
  const oneOf = validatorOf(validators, "oneOf");
  if (oneOf && typeof oneOf.values[0] === "string") return oneOf.values[0];
  const length = validatorOf(validators, "length");
  let text = PLACEHOLDER_TEXT;
  if (length?.max !== undefined && text.length > length.max) text = text.slice(0, Math.max(length.max, 1));
  if (length?.min !== undefined && text.length < length.min) text = text.padEnd(length.min, "x");
  return text;
}

function numberPlaceholder(validators: readonly Validator[] | undefined, integer: boolean): string {
  const oneOf = validatorOf(validators, "oneOf");
  if (oneOf && typeof oneOf.values[0] === "number") return String(oneOf.values[0]);
  const range = validatorOf(validators, "range");
  let n = 1;
  if (range?.min !== undefined && n < range.min) n = range.min;
  if (range?.max !== undefined && n > range.max) n = range.max;
  return String(integer ? Math.ceil(n) : n);
}

function elementValue(e: ElementType, validators?: readonly Validator[]): Hcl {
  switch (e.kind) {
    case "string":
      if (e.flavor === "json") return raw("jsonencode({})");
      if (e.flavor === "rfc3339") return raw(hclString("2030-01-01T00:00:00Z"));
      return raw(hclString(stringPlaceholder(validators)));
    case "bool":
      return raw("true");
    case "int64":
      return raw(numberPlaceholder(validators, true));
    case "float64":
      return raw(numberPlaceholder(validators, false));
    case "list":
    case "set":
      return { kind: "tuple", items: [elementValue(e.element, eachValidators(validators))] };
    case "map":
      return { kind: "object", entries: [["key", elementValue(e.element, eachValidators(validators))]] };
  }
}

/** Element validators of a primitive collection (the `each` wrapper). */
function eachValidators(validators: readonly Validator[] | undefined): readonly Validator[] | undefined {
  return validatorOf(validators, "each")?.validators;
}

/** Only what the type must have: the required members, each with its own required members. */
function requiredObject(attributes: Attributes): Hcl {
  const entries = Object.keys(attributes)
    .sort()
    .filter((n) => attributes[n]!.required)
    .map((n) => [n, attributeValue(attributes[n]!)] as const);
  return { kind: "object", entries };
}

function typeValue(type: AttributeType, validators: readonly Validator[] | undefined): Hcl {
  switch (type.kind) {
    case "object":
      return requiredObject(type.attributes);
    case "listNested":
    case "setNested":
      return { kind: "tuple", items: [requiredObject(type.attributes)] };
    case "mapNested":
      return { kind: "object", entries: [["key", requiredObject(type.attributes)]] };
    default:
      return elementValue(type, validators);
  }
}

export function attributeValue(a: Attribute): Hcl {
  return typeValue(a.type, a.validators);
}

function inline(v: Hcl): string {
  switch (v.kind) {
    case "raw":
      return v.text;
    case "tuple":
      return `[${v.items.map(inline).join(", ")}]`;
    case "object":
      return v.entries.length === 0
        ? "{}"
        : `{ ${v.entries.map(([k, x]) => `${k} = ${inline(x)}`).join(", ")} }`;
  }
}

/** `name = value` lines at `indent`, aligning `=` over runs of single-line attributes as terraform fmt does. */
function attributeLines(entries: readonly (readonly [string, Hcl])[], indent: string): string[] {
  const rendered = entries.map(([k, v]) => ({ key: k, value: layout(v, indent) }));
  const out: string[] = [];
  let run: { key: string; value: string }[] = [];
  const flush = () => {
    const width = Math.max(0, ...run.map((r) => r.key.length));
    for (const r of run) out.push(`${indent}${r.key.padEnd(width)} = ${r.value}`);
    run = [];
  };
  for (const r of rendered) {
    if (r.value.includes("\n")) {
      flush();
      out.push(`${indent}${r.key} = ${r.value}`);
    } else {
      run.push(r);
    }
  }
  flush();
  return out;
}

function layout(v: Hcl, indent: string): string {
  const flat = inline(v);
  if (v.kind === "raw" || indent.length + flat.length <= INLINE_WIDTH) return flat;
  const inner = indent + "  ";
  if (v.kind === "object") return ["{", ...attributeLines(v.entries, inner), `${indent}}`].join("\n");
  return ["[", ...v.items.map((item) => `${inner}${layout(item, inner)},`), `${indent}]`].join("\n");
}

/** A block with the given top-level entries, e.g. `resource "awscc_x" "example" { … }`. */
export function hclBlock(header: string, entries: readonly (readonly [string, Hcl])[]): string {
  if (entries.length === 0) return `${header} {\n}`;
  return [`${header} {`, ...attributeLines(entries, "  "), "}"].join("\n");
}

export function resourceExample(tfTypeName: string, attributes: Attributes): string {
  const required = Object.keys(attributes)
    .sort()
    .filter((n) => attributes[n]!.required)
    .map((n) => [n, attributeValue(attributes[n]!)] as const);
  return hclBlock(`resource "${tfTypeName}" "example"`, required);
}

export function singularDataSourceExample(tfTypeName: string, importId: string): string {
  return hclBlock(`data "${tfTypeName}" "example"`, [["id", raw(hclString(importId))]]);
}

export function pluralDataSourceExample(tfTypeName: string): string {
  return [
    `data "${tfTypeName}" "example" {\n}`,
    "",
    `output "ids" {\n  value = data.${tfTypeName}.example.ids\n}`,
  ].join("\n");
}

export { raw as hclRaw };
