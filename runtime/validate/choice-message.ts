// Words for a oneOf or anyOf of a type's CloudFormation schema that the desired state fails. ajv says
// only "must match exactly one schema in oneOf", while schemas use these keywords for rules such as
// "set exactly one of TemplateURL and TemplateBody" (30 types at the top level, some 200 anywhere).
// So each alternative is spelled out in Terraform attribute names: from its schema where that is a
// matter of properties being set or not, else from ajv's errors inside it.
import type { ErrorObject } from "ajv";
import { appendPointer, pointerFromTokens, pointerTokens, resolvePointer } from "../../cfn/json-pointer.js";
import { isJsonObject, type JsonObject, type JsonValue, ownMember } from "../../cfn/json.js";

/** How a pointer into the desired state is named to the user (a Terraform attribute path). */
export type NameOf = (pointer: string) => string;

export const isChoiceError = (error: ErrorObject): boolean =>
  error.keyword === "oneOf" || error.keyword === "anyOf";

/** Whether `error` arose inside one of `choice`'s alternatives. */
export const isInside = (error: ErrorObject, choice: ErrorObject): boolean =>
  error !== choice && error.schemaPath.startsWith(`${choice.schemaPath}/`);

/**
 * The alternatives of `choice` in the model schema its validator was compiled from, if found. ajv's
 * schemaPath starts over at a definition it compiled on its own (`#/oneOf` for a `$ref`'d
 * definition's oneOf, as for the top level's), so the path is read from each schema the instance
 * path crossed, and taken only where it lands on a schema of the value the choice is about.
 */
export function choiceBranches(
  modelSchema: JsonValue | undefined,
  choice: ErrorObject,
): readonly JsonValue[] | undefined {
  const tokens = choice.schemaPath.startsWith("#") ? pointerTokens(choice.schemaPath.slice(1)) : undefined;
  if (modelSchema === undefined || !tokens || tokens.length === 0) return undefined;
  const at = schemasAt(modelSchema, choice.instancePath);
  if (!at) return undefined;
  const parentPointer = pointerFromTokens(tokens.slice(0, -1));
  const keyword = tokens.at(-1)!;
  for (const base of [...at.bases].reverse()) {
    const parent = resolvePointer(base, parentPointer);
    if (!isJsonObject(parent) || !at.nodes.includes(parent)) continue;
    const branches = parent[keyword];
    if (Array.isArray(branches)) return branches;
  }
  return undefined;
}

/**
 * The schemas of the value at `instancePath` (its node and the definitions it refers to), and every
 * schema a path of ajv's may start from on the way there (the root and each definition crossed).
 */
function schemasAt(
  root: JsonValue,
  instancePath: string,
): { nodes: JsonObject[]; bases: JsonValue[] } | undefined {
  const bases: JsonValue[] = [root];
  const withTargets = (node: JsonValue | undefined): JsonObject[] => {
    const chain: JsonObject[] = [];
    for (let current = node; isJsonObject(current) && chain.length < 32;) {
      chain.push(current);
      const ref = current.$ref;
      current =
        typeof ref === "string" && ref.startsWith("#") ? resolvePointer(root, ref.slice(1)) : undefined;
      if (isJsonObject(current)) bases.push(current);
    }
    return chain;
  };
  let nodes = withTargets(root);
  for (const token of pointerTokens(instancePath) ?? []) {
    const next = nodes.map((node) => childSchema(node, token)).find((child) => child !== undefined);
    if (next === undefined) return undefined;
    nodes = withTargets(next);
  }
  return { nodes, bases };
}

function childSchema(node: JsonObject, token: string): JsonValue | undefined {
  if (/^\d+$/.test(token) && node.items !== undefined) return node.items;
  if (isJsonObject(node.properties) && ownMember(node.properties, token) !== undefined)
    return ownMember(node.properties, token);
  if (isJsonObject(node.patternProperties)) return Object.values(node.patternProperties)[0];
  return isJsonObject(node.additionalProperties) ? node.additionalProperties : undefined;
}

/**
 * E.g. `exactly one of these must hold, and none does: (1) size is set; (2) ratio is set`.
 * `errors` are all of the validation's errors (those inside the choice describe an alternative whose
 * schema says more than which properties are set); `branches` the choice's alternatives, if known.
 */
export function describeChoice(
  choice: ErrorObject,
  errors: readonly ErrorObject[],
  branches: readonly JsonValue[] | undefined,
  nameOf: NameOf,
): string {
  const inside = errorsByBranch(choice, errors);
  const count = branches?.length ?? Math.max(0, ...[...inside.keys()].map((i) => i + 1));
  const alternatives: string[] = [];
  for (let i = 0; i < count; i++) {
    const text =
      describeBranch(branches?.[i], choice.instancePath, nameOf) ??
      describeErrors(inside.get(i) ?? [], nameOf) ??
      "another alternative of the schema";
    alternatives.push(`(${i + 1}) ${text}`);
  }
  const list = alternatives.length > 0 ? `: ${alternatives.join("; ")}` : "";
  const passing = choice.params.passingSchemas as unknown;
  if (choice.keyword === "oneOf" && Array.isArray(passing) && passing.length > 1) {
    const held = (passing as number[]).map((i) => `(${i + 1})`);
    const which = `${held.slice(0, -1).join(", ")} and ${held.at(-1)!}`;
    return `exactly one of these must hold, but ${which} ${held.length === 2 ? "both" : "all"} do${list}`;
  }
  return `${choice.keyword === "oneOf" ? "exactly one" : "at least one"} of these must hold, and none does${list}`;
}

function errorsByBranch(choice: ErrorObject, errors: readonly ErrorObject[]): Map<number, ErrorObject[]> {
  const out = new Map<number, ErrorObject[]>();
  for (const error of errors) {
    if (!isInside(error, choice)) continue;
    const index = Number(error.schemaPath.slice(choice.schemaPath.length + 1).split("/")[0]);
    if (!Number.isInteger(index)) continue;
    (out.get(index) ?? out.set(index, []).get(index)!).push(error);
  }
  return out;
}

const IGNORED = new Set(["description", "$comment", "title"]);

/** "a is set and b.c is not set", when the alternative's schema speaks only of properties being set. */
function describeBranch(branch: JsonValue | undefined, base: string, nameOf: NameOf): string | undefined {
  const parts = requirements(branch, base, nameOf);
  return parts && parts.length > 0 ? parts.join(" and ") : undefined;
}

function requirements(schema: JsonValue | undefined, base: string, nameOf: NameOf): string[] | undefined {
  if (!isJsonObject(schema)) return undefined;
  const member = unionMember(schema);
  if (member) {
    const names = member.map((name) => nameOf(appendPointer(base, name)));
    return [`only ${names.join(" and ")} ${names.length === 1 ? "is" : "are"} set`];
  }
  const parts: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (IGNORED.has(keyword)) continue;
    if (keyword === "required" && isNames(value)) {
      parts.push(...value.map((name) => `${nameOf(appendPointer(base, name))} is set`));
    } else if (keyword === "properties" && isJsonObject(value)) {
      for (const [name, member] of Object.entries(value)) {
        const inner = requirements(member, appendPointer(base, name), nameOf);
        if (inner === undefined) return undefined;
        parts.push(...inner);
      }
    } else if (keyword === "not" && isRequiredOnly(value)) {
      const names = value.required.map((name) => nameOf(appendPointer(base, name)));
      parts.push(names.length === 1 ? `${names[0]!} is not set` : `not all of ${names.join(", ")} are set`);
    } else {
      return undefined; // a type, pattern or nested choice: ajv's own words say it better
    }
  }
  return parts;
}

function describeErrors(errors: readonly ErrorObject[], nameOf: NameOf): string | undefined {
  if (errors.length === 0) return undefined;
  const phrases = errors.map((error) =>
    error.keyword === "required"
      ? `${nameOf(appendPointer(error.instancePath, String(error.params.missingProperty)))} is set`
      : `${pointerTokens(error.instancePath)?.length ? nameOf(error.instancePath) : "the value"} ${error.message ?? error.keyword}`,
  );
  return [...new Set(phrases)].join(" and ");
}

/**
 * The required properties of a tagged union's member (`{type: object, properties: {Drop: …},
 * required: [Drop], additionalProperties: false}`, as the registry writes Smithy unions), whose
 * properties' own shapes the attribute types carry already; undefined for any other schema.
 */
function unionMember(schema: JsonObject): string[] | undefined {
  const { type, properties, required, additionalProperties, ...rest } = schema;
  if (Object.keys(rest).some((key) => !IGNORED.has(key))) return undefined;
  if ((type !== undefined && type !== "object") || additionalProperties !== false) return undefined;
  if (!isJsonObject(properties)) return undefined;
  if (!isNames(required) || required.length === 0) return undefined;
  return Object.keys(properties).every((name) => required.includes(name)) ? required : undefined;
}

const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((name) => typeof name === "string");

function isRequiredOnly(value: unknown): value is { required: string[] } {
  if (!isJsonObject(value)) return false;
  const keys = Object.keys(value).filter((key) => !IGNORED.has(key));
  return keys.length === 1 && keys[0] === "required" && isNames(value.required);
}
