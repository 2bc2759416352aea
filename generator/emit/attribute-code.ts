// Prints attribute descriptors as calls to the runtime's constructors (runtime/schema/define.ts).
// Only printing happens here: every decision was taken by the model.
import type {
  Attribute,
  Attributes,
  ElementType,
  JsonValue,
  PlanModifier,
  Validator,
} from "../../runtime/schema/types.js";
import { isResourceId } from "../../runtime/schema/resource-rules.js";

/** The namespace the generated modules import the constructors under. */
export const NS = "a";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const literal = (s: string): string => JSON.stringify(s);
/** An object-literal key; "__proto__" is computed, since written plainly it would set the prototype. */
export const propertyKey = (name: string): string =>
  name === "__proto__" ? `[${literal(name)}]` : IDENTIFIER.test(name) ? name : literal(name);

/** JSON values print as TypeScript literals; keys are quoted only when they must be. */
export function jsonLiteral(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(", ")}]`;
  const entries = Object.entries(value as Record<string, JsonValue>);
  if (entries.length === 0) return "{}";
  return `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${jsonLiteral(v)}`).join(", ")} }`;
}

export function elementCode(e: ElementType): string {
  switch (e.kind) {
    case "string":
      return `${NS}.elem.${e.flavor === "plain" ? "string" : e.flavor}`;
    case "bool":
    case "int64":
    case "float64":
      return `${NS}.elem.${e.kind}`;
    case "list":
    case "set":
    case "map":
      return `${NS}.elem.${e.kind}(${elementCode(e.element)})`;
  }
}

const bounds = (prefix: string, min: number | undefined, max: number | undefined): string => {
  if (min !== undefined && max !== undefined) return `${NS}.${prefix}Between(${min}, ${max})`;
  if (min !== undefined) return `${NS}.${prefix}AtLeast(${min})`;
  return `${NS}.${prefix}AtMost(${max})`;
};

export function validatorCode(v: Validator): string {
  switch (v.kind) {
    case "length":
      return bounds("length", v.min, v.max);
    case "size":
      return bounds("size", v.min, v.max);
    case "range":
      if (v.min !== undefined && v.max !== undefined) return `${NS}.between(${v.min}, ${v.max})`;
      return v.min !== undefined ? `${NS}.atLeast(${v.min})` : `${NS}.atMost(${v.max})`;
    case "regex":
      return v.flags
        ? `${NS}.regex(${literal(v.source)}, ${literal(v.flags)})`
        : `${NS}.regex(${literal(v.source)})`;
    case "oneOf":
      return `${NS}.oneOf(${v.values.map((x) => JSON.stringify(x)).join(", ")})`;
    case "uniqueValues":
      return `${NS}.uniqueValues()`;
    case "notNull":
      return `${NS}.notNull()`;
    case "each":
      return `${NS}.each(${v.validators.map((inner) => validatorCode(inner)).join(", ")})`;
  }
}

export const planModifierCode = (m: PlanModifier): string => `${NS}.${m.kind}()`;

const CONSTRUCTOR: Readonly<Record<string, string>> = {
  bool: "bool",
  int64: "int64",
  float64: "float64",
  list: "list",
  set: "set",
  map: "map",
  object: "object",
  listNested: "listNested",
  setNested: "setNested",
  mapNested: "mapNested",
};

function constructorName(a: Attribute): string {
  if (a.type.kind === "string") return a.type.flavor === "plain" ? "string" : a.type.flavor;
  return CONSTRUCTOR[a.type.kind]!;
}

const indentOf = (level: number): string => "  ".repeat(level);

/** The options object `{ description, flags, default, validators, planModifiers }`, opened at `level`. */
function optionsCode(a: Attribute, level: number, out: string[]): void {
  const inner = indentOf(level + 1);
  out.push("{\n");
  if (a.description !== undefined) out.push(inner, "description: ", literal(a.description), ",\n");
  // Flags share one line: they read as one fact (Required, Optional+Computed, Computed).
  const flags = FLAGS.filter((f) => a[f]);
  if (flags.length > 0) out.push(inner, flags.map((f) => `${f}: true,`).join(" "), "\n");
  if (a.default !== undefined) out.push(inner, "default: ", jsonLiteral(a.default), ",\n");
  if (a.validators?.length)
    out.push(inner, "validators: [", a.validators.map((v) => validatorCode(v)).join(", "), "],\n");
  // useStateForUnknown follows from the flags by rule: `a.resource()` adds it (runtime/schema/resource-rules.ts).
  const modifiers = a.planModifiers?.filter((m) => m.kind !== "useStateForUnknown") ?? [];
  if (modifiers.length > 0)
    out.push(inner, "planModifiers: [", modifiers.map(planModifierCode).join(", "), "],\n");
  out.push(indentOf(level), "}");
}

const FLAGS = ["required", "optional", "computed", "writeOnly", "deprecated"] as const;

function attributeCode(a: Attribute, level: number, out: string[]): void {
  const cfnName = a.cfnName === undefined ? "undefined" : literal(a.cfnName);
  out.push(`${NS}.${constructorName(a)}(${cfnName}, `);
  if (a.type.kind === "list" || a.type.kind === "set" || a.type.kind === "map") {
    out.push(elementCode(a.type.element), ", ");
  }
  optionsCode(a, level, out);
  if ("attributes" in a.type) {
    out.push(", ");
    attributesCodeInto(a.type.attributes, level, out);
  }
  out.push(")");
}

function attributesCodeInto(attributes: Attributes, level: number, out: string[]): void {
  const inner = indentOf(level + 1);
  out.push("{\n");
  for (const [name, attribute] of Object.entries(attributes)) {
    out.push(inner, propertyKey(name), ": ");
    if (isResourceId(name, attribute)) out.push(`${NS}.resourceId()`);
    else attributeCode(attribute, level + 1, out);
    out.push(",\n");
  }
  out.push(indentOf(level), "}");
}

/**
 * An attribute tree as an object literal of constructor calls, opened on a line indented `level`
 * steps of two spaces. Printed as plain strings, not through CodeBlockWriter: this is most of
 * the generated text, and the writer's character-by-character bookkeeping was the largest cost
 * of a generate run (measured with --cpu-prof); nothing here needs it, since every piece is
 * either a fixed token or a JSON.stringify'd literal.
 */
export function attributesCode(attributes: Attributes, level: number): string {
  const out: string[] = [];
  attributesCodeInto(attributes, level, out);
  return out.join("");
}
