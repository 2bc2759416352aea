// Schema defaults a handler can apply. Some schemas declare a default that their own node rejects
// (`"default": null` on a number or an array, `[]` under `minItems: 1`, `"0"` for a date-time): the
// service does not put such a value into a model, but ajv's useDefaults would, and would then fail
// the model on it. Those defaults are left out of the schema the validator compiles.
import type { Ajv } from "ajv";
import type { JsonObject, JsonValue } from "../types.js";
import { isJsonObject } from "./pointers.js";

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE_SCHEMA = ["items", "additionalProperties", "not", "if", "then", "else", "additionalItems"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf"];
const SCHEMA_MAPS = ["properties", "patternProperties", "definitions", "dependencies"];

export function withoutUnusableDefaults(schema: JsonObject, checker: Ajv): JsonObject {
  const definitions = isJsonObject(schema.definitions) ? schema.definitions : undefined;
  const fits = (node: JsonObject): boolean => {
    const { default: value, ...rest } = node;
    const usesRefs = JSON.stringify(rest).includes('"$ref"');
    try {
      return checker.validate(usesRefs && definitions ? { ...rest, definitions } : rest, value);
    } catch {
      return true; // a node ajv cannot compile on its own is not judged
    }
  };
  const visit = (node: JsonValue): JsonValue => {
    if (!isJsonObject(node)) return node;
    const out: JsonObject = { ...node };
    for (const key of ONE_SCHEMA) if (key in out) out[key] = visit(out[key] as JsonValue);
    for (const key of SCHEMA_LISTS) {
      const list = out[key];
      if (Array.isArray(list)) out[key] = list.map(visit);
    }
    for (const key of SCHEMA_MAPS) {
      const map = out[key];
      if (isJsonObject(map))
        out[key] = Object.fromEntries(Object.entries(map).map(([name, child]) => [name, visit(child)]));
    }
    if ("default" in out && !fits(out)) delete out.default;
    return out;
  };
  return visit(schema) as JsonObject;
}
