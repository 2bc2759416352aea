// Turns ajv's meta-schema errors into findings: collapses the cascade of anyOf/oneOf branch errors
// into one finding per location, then judges each location by what the generator does with it.
import type { ErrorObject } from "ajv";
import { assessPattern } from "./cfn-regex.js";
import { type Finding, type Severity, makeFinding } from "../../cfn/findings.js";
import type { JsonObject } from "../../cfn/json.js";
import { appendPointer, pointerTokens, resolvePointer } from "../../cfn/json-pointer.js";
import { type SchemaSite, locateSite } from "./schema-sites.js";

/** An ajv error together with the branch errors it explains (for anyOf/oneOf/propertyNames). */
interface CollapsedError {
  readonly error: ErrorObject;
  readonly branches: readonly ErrorObject[];
}

interface Verdict {
  readonly severity: Severity;
  readonly rule: string;
  readonly text: string;
  /** Defaults to the error's instancePath. */
  readonly pointer?: string;
}

const COMBINATORS = new Set(["anyOf", "oneOf"]);

function isWithin(path: string, base: string): boolean {
  return path === base || path.startsWith(base + "/");
}

/**
 * ajv reports a failed anyOf/oneOf right after the errors of its branches, all at or below the
 * same instancePath (schemaPath cannot be used: it restarts inside every $ref target). So the
 * branch errors are the run of preceding errors inside that path.
 */
export function collapseCascades(errors: readonly ErrorObject[]): CollapsedError[] {
  const out: CollapsedError[] = [];
  for (const error of errors) {
    const branches: ErrorObject[] = [];
    if (COMBINATORS.has(error.keyword) || error.keyword === "propertyNames") {
      const samePathOnly = error.keyword === "propertyNames";
      while (out.length > 0) {
        const last = out[out.length - 1]!;
        const inside = samePathOnly
          ? last.error.instancePath === error.instancePath && last.error.keyword !== "propertyNames"
          : isWithin(last.error.instancePath, error.instancePath);
        if (!inside) break;
        out.pop();
        branches.unshift(last.error, ...last.branches);
      }
    }
    out.push({ error, branches });
  }
  return out;
}

/** Root keywords without which no type can be generated. */
const ROOT_ESSENTIALS = new Set(["typeName", "properties", "primaryIdentifier"]);
const ACCESS_POINTER_LISTS = new Set(["readOnlyProperties", "createOnlyProperties", "writeOnlyProperties"]);
/** Node keywords the generator reads; a wrong value there breaks generation. */
const GENERATOR_KEYWORDS = new Set([
  "type",
  "properties",
  "patternProperties",
  "items",
  "required",
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "insertionOrder",
  "uniqueItems",
  "enum",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
]);
const TYPE_NAMES = "array, boolean, integer, null, number, object, string";

function param(error: ErrorObject, name: string): string {
  const value: unknown = error.params[name];
  return typeof value === "string" ? value : String(value);
}

function describe(item: CollapsedError): string {
  const { error, branches } = item;
  if (COMBINATORS.has(error.keyword)) {
    if (error.instancePath.endsWith("/type")) return `must be one of ${TYPE_NAMES}, or a list of them`;
    const leaves = [
      ...new Set(branches.filter((b) => !COMBINATORS.has(b.keyword)).map((b) => b.message ?? b.keyword)),
    ];
    return leaves.length > 0
      ? `matches none of the allowed forms (${leaves.join("; or ")})`
      : "matches none of the allowed forms";
  }
  if (error.keyword === "enum") {
    const allowed = error.params.allowedValues as unknown[] | undefined;
    return allowed
      ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`
      : "is not an allowed value";
  }
  return error.message ?? `fails the meta-schema keyword "${error.keyword}"`;
}

/** Wording for errors no rule treats specially; names the offending member where ajv knows it. */
/** A keyword the meta-schema does not know, at the root or in a schema node: worth a warning only. */
function unknownKeyword(error: ErrorObject, at: string): Verdict {
  const extra = param(error, "additionalProperty");
  return {
    severity: "warning",
    rule: "unknown-keyword",
    text: `unknown keyword "${extra}"`,
    pointer: appendPointer(at, extra),
  };
}

function genericVerdict(item: CollapsedError, severity: Severity): Verdict {
  const { error } = item;
  if (error.keyword === "additionalProperties") {
    const extra = param(error, "additionalProperty");
    const pointer = appendPointer(error.instancePath, extra);
    if (/\/(properties|definitions)$/.test(error.instancePath)) {
      return { severity, rule: "property-name", text: `name "${extra}" is not allowed here`, pointer };
    }
    return { severity, rule: "unknown-keyword", text: `"${extra}" is not allowed here`, pointer };
  }
  if (error.keyword === "required") {
    const missing = param(error, "missingProperty");
    const text = `missing required "${missing}"`;
    return { severity, rule: "missing-keyword", text, pointer: appendPointer(error.instancePath, missing) };
  }
  return { severity, rule: "meta-schema", text: describe(item) };
}

function regexVerdict(pattern: unknown, pointer: string): Verdict | undefined {
  if (typeof pattern !== "string") return undefined;
  const shown = JSON.stringify(pattern);
  const assessment = assessPattern(pattern);
  if (assessment.kind === "translated") {
    const how = assessment.rewrites.length > 0 ? ` (${assessment.rewrites.join("; ")})` : "";
    const text = `pattern ${shown} is not an ECMAScript regex; usable after translation from RE2/Java${how}`;
    return { severity: "warning", rule: "regex-translated", text, pointer };
  }
  if (assessment.kind === "untranslatable") {
    const text = `pattern ${shown} cannot be translated (${assessment.reason}); the provider will not enforce it`;
    return { severity: "warning", rule: "regex-untranslatable", text, pointer };
  }
  return undefined; // acceptable: the format failure came from elsewhere
}

function rootVerdict(item: CollapsedError, site: SchemaSite): Verdict {
  const { error } = item;
  const keyword = site.keyword;
  const at = error.instancePath;
  if (keyword === undefined) {
    if (error.keyword === "required") {
      const missing = param(error, "missingProperty");
      const severity = ROOT_ESSENTIALS.has(missing) ? "error" : "warning";
      return {
        severity,
        rule: "missing-keyword",
        text: `missing required keyword "${missing}"`,
        pointer: appendPointer(at, missing),
      };
    }
    if (error.keyword === "additionalProperties") return unknownKeyword(error, at);
    return { severity: "error", rule: "meta-schema", text: describe(item) };
  }
  if (keyword === "typeName") return { severity: "error", rule: "type-name", text: describe(item) };
  if ((keyword === "properties" || keyword === "definitions") && site.rest.length === 0) {
    if (error.keyword === "additionalProperties") {
      const name = param(error, "additionalProperty");
      const text = `name "${name}" does not match ^[A-Za-z0-9]{1,64}$`;
      return { severity: "warning", rule: "property-name", text, pointer: appendPointer(at, name) };
    }
    if (error.keyword === "minProperties") {
      return keyword === "properties"
        ? { severity: "error", rule: "empty-properties", text: "the resource defines no properties" }
        : genericVerdict(item, "warning");
    }
    return { severity: "error", rule: "schema-shape", text: describe(item) };
  }
  if (keyword === "primaryIdentifier" || keyword === "required") {
    return {
      severity: "error",
      rule: keyword === "required" ? "schema-shape" : "identifier",
      text: describe(item),
    };
  }
  if (ACCESS_POINTER_LISTS.has(keyword)) {
    if (error.keyword === "minItems")
      return { severity: "warning", rule: "pointer-list", text: "the list is empty" };
    return { severity: "error", rule: "pointer-list", text: describe(item) };
  }
  return genericVerdict(item, "warning");
}

function nodeVerdict(item: CollapsedError, site: SchemaSite, document: JsonObject): Verdict {
  const { error } = item;
  const at = error.instancePath;
  const keyword = site.keyword;
  const relied = site.node?.context === "resource";
  const breaking: Severity = relied ? "error" : "warning";
  if (error.keyword === "format" && error.params.format === "regex") {
    const verdict = regexVerdict(resolvePointer(document, at), at);
    if (verdict) return verdict;
  }
  if (error.keyword === "propertyNames") {
    const name = param(error, "propertyName");
    const verdict = regexVerdict(name, appendPointer(at, name));
    if (verdict) return verdict;
  }
  if (keyword === undefined) {
    if (error.keyword === "additionalProperties") return unknownKeyword(error, at);
    if (error.keyword === "type") {
      return { severity: breaking, rule: "schema-shape", text: `a property schema must be a JSON object` };
    }
    if (error.keyword === "required" && param(error, "missingProperty") === "type") {
      return {
        severity: "warning",
        rule: "enum-without-type",
        text: `"enum" or "const" is used without "type"`,
      };
    }
    if (error.keyword === "not") {
      const text = `"properties" and "patternProperties" must not be used together`;
      return { severity: "warning", rule: "meta-schema", text };
    }
    return genericVerdict(item, "warning");
  }
  if (keyword === "properties" && site.rest.length === 0) {
    if (error.keyword === "additionalProperties") {
      const name = param(error, "additionalProperty");
      const text = `property name "${name}" does not match ^[A-Za-z0-9]{1,64}$`;
      return { severity: "warning", rule: "property-name", text, pointer: appendPointer(at, name) };
    }
    if (error.keyword === "minProperties")
      return { severity: "warning", rule: "empty-properties", text: "properties is empty" };
  }
  if ((keyword === "allOf" || keyword === "anyOf" || keyword === "oneOf") && error.keyword === "minItems") {
    return { severity: "warning", rule: "meta-schema", text: `${keyword} is empty` };
  }
  if (keyword === "additionalProperties") {
    return { severity: "warning", rule: "additional-properties", text: describe(item) };
  }
  if (keyword === "$ref" && error.keyword === "format") {
    return { severity: breaking, rule: "ref", text: `$ref is not a valid URI reference` };
  }
  if (GENERATOR_KEYWORDS.has(keyword))
    return { severity: breaking, rule: "schema-shape", text: describe(item) };
  return genericVerdict(item, "warning");
}

/** Findings for one schema's ajv errors, one per location and rule. */
export function findingsFromAjvErrors(
  file: string,
  document: JsonObject,
  errors: readonly ErrorObject[],
): Finding[] {
  const merged = new Map<string, { verdict: Verdict; pointer: string; texts: string[] }>();
  for (const item of collapseCascades(errors)) {
    const site = locateSite(document, pointerTokens(item.error.instancePath) ?? []);
    const verdict = site.node ? nodeVerdict(item, site, document) : rootVerdict(item, site);
    const pointer = verdict.pointer ?? item.error.instancePath;
    const key = `${pointer}\u0000${verdict.severity}\u0000${verdict.rule}`;
    const entry = merged.get(key);
    if (!entry) merged.set(key, { verdict, pointer, texts: [verdict.text] });
    else if (!entry.texts.includes(verdict.text)) entry.texts.push(verdict.text);
  }
  return [...merged.values()].map(({ verdict, pointer, texts }) =>
    makeFinding(verdict.severity, file, pointer, texts.join("; "), verdict.rule),
  );
}
