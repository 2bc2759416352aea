// Prints attribute descriptors as calls to the runtime's constructors (terraform/schema/define.ts).
// Only printing happens here: every decision was taken by the model.
import type {
  Attribute,
  Attributes,
  ElementType,
  JsonValue,
  PlanModifier,
  Validator,
} from "../../terraform/schema/types.js";
import { isResourceId } from "../../terraform/schema/resource-rules.js";
import { isTimeoutsAttribute } from "../../terraform/schema/timeouts.js";
import { definitionName } from "../model/definition-names.js";

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

/** The define.ts name of a string type: `string`, `json`, `structuredJson` or `rfc3339`. */
function stringConstructor(e: ElementType & { kind: "string" }): string {
  if (e.structured) return "structuredJson";
  return e.flavor === "plain" ? "string" : e.flavor;
}

export function elementCode(e: ElementType): string {
  switch (e.kind) {
    case "string":
      return `${NS}.elem.${stringConstructor(e)}`;
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
  if (a.type.kind === "string") return stringConstructor(a.type);
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
  if (a.secretOf !== undefined) out.push(inner, "secretOf: ", literal(a.secretOf), ",\n");
  if (a.secretVersionOf !== undefined)
    out.push(inner, "secretVersionOf: ", literal(a.secretVersionOf), ",\n");
  if (a.default !== undefined) out.push(inner, "default: ", jsonLiteral(a.default), ",\n");
  if (a.validators?.length)
    out.push(inner, "validators: [", a.validators.map((v) => validatorCode(v)).join(", "), "],\n");
  // useStateForUnknown follows from the flags by rule: `a.resource()` adds it (terraform/schema/resource-rules.ts).
  const modifiers = a.planModifiers?.filter((m) => m.kind !== "useStateForUnknown") ?? [];
  if (modifiers.length > 0)
    out.push(inner, "planModifiers: [", modifiers.map(planModifierCode).join(", "), "],\n");
  out.push(indentOf(level), "}");
}

const FLAGS = [
  "required",
  "optional",
  "computed",
  "writeOnly",
  "deprecated",
  "sensitive",
  "writeOnlyArgument",
] as const;

/** Nested attribute trees printed as named constants, by object (every copy of a tree maps to its name). */
type Hoisted = ReadonlyMap<Attributes, string>;

const NONE: Hoisted = new Map();

function attributeCode(a: Attribute, level: number, out: string[], hoisted: Hoisted): void {
  const cfnName = a.cfnName === undefined ? "undefined" : literal(a.cfnName);
  out.push(`${NS}.${constructorName(a)}(${cfnName}, `);
  if (a.type.kind === "list" || a.type.kind === "set" || a.type.kind === "map") {
    out.push(elementCode(a.type.element), ", ");
  }
  optionsCode(a, level, out);
  if ("attributes" in a.type) {
    out.push(", ");
    const name = hoisted.get(a.type.attributes);
    if (name !== undefined) out.push(name);
    else attributesCodeInto(a.type.attributes, level, out, hoisted);
  }
  out.push(")");
}

function attributesCodeInto(attributes: Attributes, level: number, out: string[], hoisted: Hoisted): void {
  const inner = indentOf(level + 1);
  out.push("{\n");
  for (const [name, attribute] of Object.entries(attributes)) {
    out.push(inner, propertyKey(name), ": ");
    if (isResourceId(name, attribute)) out.push(`${NS}.resourceId()`);
    else if (isTimeoutsAttribute(name, attribute)) out.push(`${NS}.timeouts()`);
    else attributeCode(attribute, level + 1, out, hoisted);
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
export function attributesCode(attributes: Attributes, level: number, hoisted: Hoisted = NONE): string {
  const out: string[] = [];
  attributesCodeInto(attributes, level, out, hoisted);
  return out.join("");
}

/** Nested trees in post-order (members before the tree holding them), each with its definition name. */
function namedTrees(attributes: Attributes, out: [Attributes, string][] = []): [Attributes, string][] {
  for (const a of Object.values(attributes)) {
    if (!("attributes" in a.type)) continue;
    namedTrees(a.type.attributes, out);
    const name = definitionName(a.type.attributes);
    if (name !== undefined) out.push([a.type.attributes, name]);
  }
  return out;
}

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with yield let static implements interface package private protected public " +
    "await arguments eval undefined NaN Infinity"
  ).split(" "),
);

/** A module-level name for a definition that shadows nothing the module or JavaScript uses. */
function constantName(definition: string, taken: ReadonlySet<string>): string {
  let base = definition.replace(/[^A-Za-z0-9_$]/g, "_");
  if (!/^[A-Za-z_$]/.test(base)) base = `_${base}`;
  if (base === NS || RESERVED.has(base) || base in globalThis) base = `${base}Attributes`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  return name;
}

export interface ModuleAttributesCode {
  /** `const Name = {…};` declarations, members before users, or "" when nothing repeats. */
  readonly constants: string;
  readonly tree: string;
}

/**
 * A resource's attribute tree where every nested tree that occurs more than once, identically, is
 * printed once as a constant named after its CloudFormation definition and referenced by name.
 * Identical means identical text: the same definition under different flags stays separate.
 */
export function moduleAttributesCode(attributes: Attributes, level: number): ModuleAttributesCode {
  const trees = namedTrees(attributes);
  const uses = new Map<string, number>();
  for (const [, name] of trees) uses.set(name, (uses.get(name) ?? 0) + 1);
  const groups = new Map<string, { definition: string; trees: Attributes[] }>();
  for (const [tree, name] of trees) {
    if (uses.get(name)! < 2) continue;
    const text = attributesCode(tree, 0);
    const group = groups.get(text) ?? { definition: name, trees: [] };
    group.trees.push(tree);
    groups.set(text, group);
  }
  const hoisted = new Map<Attributes, string>();
  const order: [string, Attributes][] = [];
  const taken = new Set<string>();
  for (const group of groups.values()) {
    if (group.trees.length < 2) continue;
    const name = constantName(group.definition, taken);
    taken.add(name);
    for (const tree of group.trees) hoisted.set(tree, name);
    order.push([name, group.trees[0]!]);
  }
  if (order.length === 0) return { constants: "", tree: attributesCode(attributes, level) };
  const constants = order.map(([name, tree]) => {
    // The constant's own body is printed in full; only the trees inside it are referenced.
    const inner = new Map(hoisted);
    for (const [t, n] of hoisted) if (n === name) inner.delete(t);
    return `const ${name} = ${attributesCode(tree, 0, inner)};`;
  });
  return { constants: constants.join("\n\n"), tree: attributesCode(attributes, level, hoisted) };
}
