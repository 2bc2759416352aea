// Schema defaults that can be applied. Some schemas declare a default that their own node rejects
// (`"default": null` on a number or an array, `[]` under `minItems: 1`, `"0"` for a date-time,
// `""` under a pattern that needs an ARN, `0` under `minimum: 1`): the service does not put such a
// value into a model, and a client that sent it would fail the schema's own validation. The
// generator leaves such defaults out of the attributes it maps; the emulator leaves them out of the
// schema its validators compile (ajv's useDefaults would fill them in).
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { isJsonObject, type JsonObject, type JsonValue } from "./json.js";
import { cfnRegExpEngine } from "./regex/lenient-engine.js";

const addFormats = addFormatsModule.default;

let checker: Ajv | undefined;

/** One ajv for judging defaults: CloudFormation's patterns and JSON Schema's formats, no defaults filled. */
function defaultsChecker(): Ajv {
  if (!checker) {
    // strict:false because CloudFormation adds its own keywords (insertionOrder, relationshipRef...).
    checker = new Ajv({
      strict: false,
      useDefaults: false,
      logger: false,
      code: { regExp: cfnRegExpEngine },
    });
    addFormats(checker);
  }
  return checker;
}

const verdicts = new Map<string, boolean>();

/**
 * Whether a node's own `default` satisfies the node (its `$ref`s resolved in `definitions`). A node
 * ajv cannot compile on its own is not judged: its default is kept.
 */
export function defaultFitsItsNode(node: object, definitions?: unknown): boolean {
  if (!("default" in node)) return true;
  const { default: value, ...rest } = node as JsonObject;
  const usesRefs = JSON.stringify(rest).includes('"$ref"');
  const schema = usesRefs && isJsonObject(definitions) ? { ...rest, definitions } : rest;
  const key = JSON.stringify([schema, value]);
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    try {
      verdict = defaultsChecker().validate(schema, value);
    } catch {
      verdict = true;
    }
    // ajv keeps compiled schemas by object, and each call here builds a new one: without this
    // cache by text, every node would be compiled again (the emulator judges each type it loads).
    verdicts.set(key, verdict);
  }
  return verdict;
}

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE_SCHEMA = ["items", "additionalProperties", "not", "if", "then", "else", "additionalItems"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf"];
const SCHEMA_MAPS = ["properties", "patternProperties", "definitions", "dependencies"];

/** The schema without the defaults their own nodes reject, at any depth. */
export function withoutUnusableDefaults<T extends JsonObject>(schema: T): T {
  const definitions = isJsonObject(schema.definitions) ? schema.definitions : undefined;
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
    if ("default" in out && !defaultFitsItsNode(out, definitions)) delete out.default;
    return out;
  };
  return visit(schema) as T;
}
