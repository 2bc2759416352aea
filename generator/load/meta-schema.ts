// Validates resource schemas against the CloudFormation meta-schema (draft-07) with one ajv
// instance compiled once per meta-schema folder, then adds the resource-level checks.
import fs from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { resolveMetaSchemasDir } from "../../cfn/paths.js";
import { findingsFromAjvErrors } from "./ajv-findings.js";
import { cfnRegExpEngine, isAcceptablePattern } from "./cfn-regex.js";
import { type Finding, makeFinding, sortFindings } from "../../cfn/findings.js";
import { type JsonObject, isJsonObject } from "../../cfn/json.js";
import type { LoadedSchema } from "../../cfn/read-schemas.js";
import { type ExternalDocumentCache, RefResolver } from "./refs.js";
import { semanticFindings } from "./semantic-checks.js";

const addFormats = addFormatsModule.default;

/** The meta-schema a resource schema is checked against; it $refs the others in the folder. */
export const RESOURCE_META_SCHEMA_FILE = "provider.definition.schema.v1.json";

export interface ValidateOptions {
  /** Folder of the schema file: relative `$ref`s to other files are resolved from it. */
  readonly dir?: string;
}

export interface MetaSchemaValidator {
  readonly metaSchemasDir: string;
  /** Sorted findings for one parsed schema; `file` is the name used in the findings. */
  validate(file: string, schema: unknown, options?: ValidateOptions): Finding[];
  validateLoaded(loaded: LoadedSchema): Finding[];
}

function readJsonObject(filePath: string): JsonObject {
  const parsed: unknown = JSON.parse(fs.readFileSync(filePath, "utf8"));
  if (!isJsonObject(parsed)) throw new Error(`${filePath}: a meta-schema must be a JSON object`);
  return parsed;
}

function compileMetaSchema(metaSchemasDir: string): ValidateFunction {
  const ajv = new Ajv({
    // The CloudFormation meta-schemas use draft-07 with keywords and tuples strict mode rejects.
    strict: false,
    allErrors: true,
    logger: false,
    code: { regExp: cfnRegExpEngine },
  });
  addFormats(ajv, { formats: ["uri", "uri-reference", "json-pointer"] });
  // `pattern` values and patternProperties keys are `format: "regex"`: a pattern passes when it is
  // ECMAScript as written and translatable; the findings stage words the others (as warnings).
  ajv.addFormat("regex", isAcceptablePattern);
  let entryId: string | undefined;
  const files = fs
    .readdirSync(metaSchemasDir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  for (const file of files) {
    const schema = readJsonObject(path.join(metaSchemasDir, file));
    const id = typeof schema.$id === "string" ? schema.$id : file;
    ajv.addSchema(schema, id);
    if (file === RESOURCE_META_SCHEMA_FILE) entryId = id;
  }
  if (entryId === undefined) throw new Error(`${metaSchemasDir}: ${RESOURCE_META_SCHEMA_FILE} not found`);
  const validate = ajv.getSchema(entryId);
  if (!validate) throw new Error(`${metaSchemasDir}: cannot compile ${RESOURCE_META_SCHEMA_FILE}`);
  return validate;
}

const compiled = new Map<string, ValidateFunction>();

/** The compiled meta-schema for a folder; compiled on first use and kept for the process. */
function metaSchemaFor(metaSchemasDir: string): ValidateFunction {
  let validate = compiled.get(metaSchemasDir);
  if (!validate) {
    validate = compileMetaSchema(metaSchemasDir);
    compiled.set(metaSchemasDir, validate);
  }
  return validate;
}

export function createMetaSchemaValidator(
  metaSchemasDir: string = resolveMetaSchemasDir(),
): MetaSchemaValidator {
  const dir = path.resolve(metaSchemasDir);
  const validateMeta = metaSchemaFor(dir);
  const externalDocuments: ExternalDocumentCache = new Map();

  function validate(file: string, schema: unknown, options: ValidateOptions = {}): Finding[] {
    if (!isJsonObject(schema)) {
      return [makeFinding("error", file, "", "a resource schema must be a JSON object", "not-an-object")];
    }
    const findings = validateMeta(schema)
      ? []
      : findingsFromAjvErrors(file, schema, validateMeta.errors ?? []);
    // One finding per location: a resource-level check adds nothing where the meta-schema already
    // reported a problem of the same weight (e.g. a pointer that is neither a pointer nor /properties/).
    const reported = new Set(findings.map((f) => `${f.severity} ${f.pointer}`));
    const refs = new RefResolver(schema, options.dir, externalDocuments);
    for (const f of semanticFindings(file, schema, refs)) {
      const covered = reported.has(`${f.severity} ${f.pointer}`) || reported.has(`error ${f.pointer}`);
      if (!covered) findings.push(f);
    }
    return sortFindings(findings);
  }

  return {
    metaSchemasDir: dir,
    validate,
    validateLoaded: (loaded) => validate(loaded.file, loaded.schema, { dir: path.dirname(loaded.path) }),
  };
}
