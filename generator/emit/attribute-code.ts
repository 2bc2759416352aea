// Prints attribute descriptors as calls to the runtime's constructors (runtime/schema/define.ts).
// Only printing happens here: every decision was taken by the model.
import type { ModuleWriter } from "./module-writer.js";
import type {
  Attribute,
  Attributes,
  ElementType,
  JsonValue,
  PlanModifier,
  Validator,
} from "../../runtime/schema/types.js";

/** The namespace the generated modules import the constructors under. */
export const NS = "a";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const literal = (s: string): string => JSON.stringify(s);
export const propertyKey = (name: string): string => (IDENTIFIER.test(name) ? name : literal(name));

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

export function validatorCode(v: Validator, lit: (s: string) => string = literal): string {
  switch (v.kind) {
    case "length":
      return bounds("length", v.min, v.max);
    case "size":
      return bounds("size", v.min, v.max);
    case "range":
      if (v.min !== undefined && v.max !== undefined) return `${NS}.between(${v.min}, ${v.max})`;
      return v.min !== undefined ? `${NS}.atLeast(${v.min})` : `${NS}.atMost(${v.max})`;
    case "regex":
      return v.flags ? `${NS}.regex(${lit(v.source)}, ${literal(v.flags)})` : `${NS}.regex(${lit(v.source)})`;
    case "oneOf":
      return `${NS}.oneOf(${v.values.map((x) => JSON.stringify(x)).join(", ")})`;
    case "uniqueValues":
      return `${NS}.uniqueValues()`;
    case "notNull":
      return `${NS}.notNull()`;
    case "each":
      return `${NS}.each(${v.validators.map((inner) => validatorCode(inner, lit)).join(", ")})`;
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

/** Writes the options object `{ description, flags, default, validators, planModifiers }`. */
function writeOptions(m: ModuleWriter, a: Attribute): void {
  const w = m.w;
  w.write("{").indent(() => {
    if (a.description !== undefined) w.writeLine(`description: ${m.literal(a.description)},`);
    // Flags share one line: they read as one fact (Required, Optional+Computed, Computed).
    const flags = (["required", "optional", "computed", "writeOnly", "deprecated"] as const).filter(
      (f) => a[f],
    );
    if (flags.length > 0) w.writeLine(flags.map((f) => `${f}: true,`).join(" "));
    if (a.default !== undefined) w.writeLine(`default: ${jsonLiteral(a.default)},`);
    if (a.validators?.length) {
      w.writeLine(
        `validators: [${a.validators.map((v) => validatorCode(v, (text) => m.literal(text))).join(", ")}],`,
      );
    }
    if (a.planModifiers?.length)
      w.writeLine(`planModifiers: [${a.planModifiers.map(planModifierCode).join(", ")}],`);
  });
  w.write("}");
}

export function writeAttributes(m: ModuleWriter, attributes: Attributes): void {
  const w = m.w;
  w.write("{").indent(() => {
    for (const [name, attribute] of Object.entries(attributes)) {
      w.write(`${propertyKey(name)}: `);
      writeAttribute(m, attribute);
      w.write(",").newLine();
    }
  });
  w.write("}");
}

export function writeAttribute(m: ModuleWriter, a: Attribute): void {
  const w = m.w;
  const cfnName = a.cfnName === undefined ? "undefined" : literal(a.cfnName);
  w.write(`${NS}.${constructorName(a)}(${cfnName}, `);
  if (a.type.kind === "list" || a.type.kind === "set" || a.type.kind === "map") {
    w.write(`${elementCode(a.type.element)}, `);
  }
  writeOptions(m, a);
  if ("attributes" in a.type) {
    w.write(", ");
    writeAttributes(m, a.type.attributes);
  }
  w.write(")");
}
