// UpgradeResourceState: stored state JSON (possibly written under an earlier schema version) →
// a value of the current schema. Attributes the schema no longer has are dropped, new ones are
// null, and values are converted where nothing is lost (a number stored as text, a single value
// where a list is now expected, the JSON text of a formerly json-typed attribute where a map or
// object is now expected...). A value that cannot be converted becomes null with a warning
// (the next refresh reads it again); state that is not a JSON object is an error, never a crash.
import { type Diagnostic, errorDiagnostic, warningDiagnostic } from "../../terraform/provider-backend.js";
import type {
  Attributes,
  AttributeType,
  ElementType,
  ResourceDefinition,
} from "../../terraform/schema/types.js";
import { isJsonDocObject, type JsonDoc, parseJsonDoc } from "../convert/json-doc.js";
import { scalarFromJson } from "../convert/scalar-from-json.js";
import { formatPath, type PathStep } from "../../terraform/values/path.js";
import { makeRecord, type TfRecord, type TfValue } from "../../terraform/values/value.js";

export interface UpgradeOutcome {
  readonly state: TfValue;
  readonly diagnostics: Diagnostic[];
}

class Unconvertible extends Error {}

export function upgradeState(definition: ResourceDefinition, rawJson: string | undefined): UpgradeOutcome {
  const fail = (detail: string): UpgradeOutcome => ({
    state: null,
    diagnostics: [
      errorDiagnostic(
        "Unable to Upgrade Resource State",
        `The stored state of ${definition.tfTypeName} ${detail}`,
      ),
    ],
  });
  if (rawJson === undefined) return fail("is not in JSON form (legacy flatmap state is not supported).");
  let doc: JsonDoc;
  try {
    doc = parseJsonDoc(rawJson);
  } catch (error) {
    return fail(`is not valid JSON: ${(error as Error).message}`);
  }
  if (doc === null) return { state: null, diagnostics: [] };
  if (!isJsonDocObject(doc)) return fail("is not a JSON object.");
  const dropped: string[] = [];
  const state = objectFrom(definition.attributes, doc, [], dropped);
  const diagnostics: Diagnostic[] = dropped.length
    ? [
        warningDiagnostic(
          "Resource State Values Dropped During Upgrade",
          `These stored values do not fit the current schema of ${definition.tfTypeName} and were set to null (the next refresh reads them again): ${dropped.join(", ")}`,
        ),
      ]
    : [];
  return { state, diagnostics };
}

/** State spells members by Terraform name; JSON text (a formerly json-typed value) by CloudFormation name. */
type Spelling = "terraform" | "cloudformation";

function objectFrom(
  attributes: Attributes,
  doc: { readonly [k: string]: JsonDoc },
  path: PathStep[],
  dropped: string[],
  spelling: Spelling = "terraform",
): TfRecord {
  return makeRecord(
    Object.keys(attributes).map((name) => {
      const here = [...path, { attribute: name }];
      const attribute = attributes[name] as Attributes[string];
      const key = spelling === "cloudformation" ? (attribute.cfnName ?? name) : name;
      const json = Object.hasOwn(doc, key) ? (doc[key] as JsonDoc) : null;
      try {
        return [name, valueFrom(attribute.type, json, here, dropped, spelling)];
      } catch (error) {
        if (!(error instanceof Unconvertible)) throw error;
        dropped.push(formatPath(here));
        return [name, null];
      }
    }),
  );
}

/** Kinds whose stored value may be the JSON text of an attribute that was typed json before. */
const STRUCTURED: ReadonlySet<AttributeType["kind"]> = new Set([
  "object",
  "listNested",
  "setNested",
  "mapNested",
  "list",
  "set",
  "map",
]);

/**
 * An attribute typed json stores its value as JSON text; when a newer schema types it as a map,
 * object or list, the text is that data, so reading it loses nothing (text that is not JSON stays
 * text and is reported as unconvertible).
 */
function structuredFromText(type: AttributeType, json: JsonDoc): JsonDoc {
  if (typeof json !== "string" || !STRUCTURED.has(type.kind)) return json;
  try {
    return parseJsonDoc(json);
  } catch {
    return json;
  }
}

function valueFrom(
  type: AttributeType,
  stored: JsonDoc,
  path: PathStep[],
  dropped: string[],
  storedSpelling: Spelling,
): TfValue {
  const json = structuredFromText(type, stored);
  const spelling: Spelling = json !== stored ? "cloudformation" : storedSpelling;
  if (json === null) return null;
  switch (type.kind) {
    case "object": {
      // A list of one object where an object is now expected.
      const single = Array.isArray(json) && json.length === 1 ? (json as readonly JsonDoc[])[0] : json;
      if (!isJsonDocObject(single)) throw new Unconvertible();
      return objectFrom(type.attributes, single, path, dropped, spelling);
    }
    case "listNested":
    case "setNested":
      return listFrom(json, (item, i) =>
        isJsonDocObject(item)
          ? objectFrom(type.attributes, item, [...path, { index: i }], dropped, spelling)
          : unconvertible(),
      );
    case "mapNested":
      if (!isJsonDocObject(json)) throw new Unconvertible();
      return makeRecord(
        Object.keys(json).map((k) => {
          const item = json[k] as JsonDoc;
          return [
            k,
            isJsonDocObject(item)
              ? objectFrom(type.attributes, item, [...path, { key: k }], dropped, spelling)
              : null,
          ];
        }),
      );
    default:
      return elementFrom(type, json);
  }
}

function unconvertible(): never {
  throw new Unconvertible();
}

function listFrom(json: JsonDoc, convert: (item: JsonDoc, i: number) => TfValue): TfValue {
  const items = Array.isArray(json) ? (json as readonly JsonDoc[]) : [json]; // a single value where a list is now expected
  return items.map((item, i) => (item === null ? unconvertible() : convert(item, i)));
}

function elementFrom(type: ElementType, stored: JsonDoc): TfValue {
  const json = structuredFromText(type, stored);
  if (json === null) return null;
  switch (type.kind) {
    case "list":
    case "set":
      return listFrom(json, (item) => elementFrom(type.element, item));
    case "map":
      if (!isJsonDocObject(json)) throw new Unconvertible();
      return makeRecord(Object.keys(json).map((k) => [k, elementFrom(type.element, json[k] as JsonDoc)]));
    default:
      // What cannot be converted is reported (null with a warning), not silently dropped.
      return scalarFromJson(type, json, unconvertible);
  }
}
