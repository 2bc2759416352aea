// Resource-level rules the meta-schema cannot express: identifier and access pointer lists name
// real properties, $refs point at something, and the tagging metadata is consistent.
import { type Finding, type Severity, makeFinding } from "../../cfn/findings.js";
import { type JsonObject, type JsonValue, isJsonObject, ownMember } from "../../cfn/json.js";
import { appendPointer } from "../../cfn/json-pointer.js";
import { checkPropertyPointer, hasPropertiesPrefix } from "./property-pointers.js";
import type { RefResolver } from "./refs.js";
import { forEachSchemaNode, type SchemaNodeRef } from "./schema-sites.js";

interface PointerListRule {
  readonly keyword: string;
  /** Severity when an entry does not start with /properties/. */
  readonly badPrefix: Severity;
  /** Severity when an entry names no property. */
  readonly unresolved: Severity;
}

// The identifier is what the provider reads and imports by, so it must be exact; a stray access
// pointer only loses one flag, so it is worth a warning.
const POINTER_LISTS: readonly PointerListRule[] = [
  { keyword: "primaryIdentifier", badPrefix: "error", unresolved: "error" },
  { keyword: "readOnlyProperties", badPrefix: "error", unresolved: "warning" },
  { keyword: "createOnlyProperties", badPrefix: "error", unresolved: "warning" },
  { keyword: "writeOnlyProperties", badPrefix: "error", unresolved: "warning" },
  { keyword: "deprecatedProperties", badPrefix: "warning", unresolved: "warning" },
  { keyword: "conditionalCreateOnlyProperties", badPrefix: "warning", unresolved: "warning" },
  { keyword: "nonPublicProperties", badPrefix: "warning", unresolved: "warning" },
];

/** Keywords through which an object gets properties its own `properties` does not list. */
const COMPOSERS = ["allOf", "anyOf", "oneOf", "$ref"];

class SemanticChecker {
  readonly findings: Finding[] = [];

  constructor(
    private readonly file: string,
    private readonly document: JsonObject,
    private readonly refs: RefResolver,
  ) {}

  private add(severity: Severity, pointer: string, text: string, rule: string): void {
    this.findings.push(makeFinding(severity, this.file, pointer, text, rule));
  }

  private checkPointer(pointer: string, value: JsonValue | undefined, rule: PointerListRule): void {
    if (typeof value !== "string") return; // wrong types are the meta-schema's findings
    if (!hasPropertiesPrefix(value)) {
      this.add(
        rule.badPrefix,
        pointer,
        `${JSON.stringify(value)} must start with "/properties/"`,
        "pointer-prefix",
      );
      return;
    }
    const check = checkPropertyPointer(this.document, value, this.refs);
    if (!check.ok) {
      this.add(
        rule.unresolved,
        pointer,
        `${JSON.stringify(value)} names no property: ${check.reason}`,
        "pointer-unresolved",
      );
    }
  }

  checkPointerLists(): void {
    // Without a properties object every pointer would fail; the meta-schema already says why.
    if (!isJsonObject(ownMember(this.document, "properties"))) return;
    for (const rule of POINTER_LISTS) {
      const list = ownMember(this.document, rule.keyword);
      if (!Array.isArray(list)) continue;
      list.forEach((value, i) => this.checkPointer(appendPointer("", rule.keyword, String(i)), value, rule));
    }
    const additional = ownMember(this.document, "additionalIdentifiers");
    if (Array.isArray(additional)) {
      const rule: PointerListRule = {
        keyword: "additionalIdentifiers",
        badPrefix: "warning",
        unresolved: "warning",
      };
      additional.forEach((identifier, i) => {
        if (!Array.isArray(identifier)) return;
        identifier.forEach((value, j) =>
          this.checkPointer(appendPointer("", "additionalIdentifiers", String(i), String(j)), value, rule),
        );
      });
    }
  }

  /** One walk over every schema node: $refs resolve, `required` lists name properties. */
  checkNodes(): void {
    this.checkRequired(this.document, "");
    forEachSchemaNode(this.document, (node, where) => {
      this.checkRef(node, where);
      // A combinator branch's `required` may name the enclosing object's properties.
      const branch = /\/(allOf|anyOf|oneOf)\/\d+$/.test(where.pointer);
      if (where.context === "resource" && !branch) this.checkRequired(node, where.pointer);
    });
  }

  private checkRef(node: JsonObject, where: SchemaNodeRef): void {
    const ref = ownMember(node, "$ref");
    if (typeof ref !== "string") return;
    const pointer = appendPointer(where.pointer, "$ref");
    const shown = JSON.stringify(ref);
    const resolution = this.refs.resolve(ref);
    // Only the resource's own property trees become attributes; the others are informative.
    const severity: Severity = where.context === "resource" ? "error" : "warning";
    if (resolution.kind === "missing") {
      this.add(severity, pointer, `$ref ${shown} is broken: ${resolution.reason}`, "ref-unresolved");
    } else if (resolution.kind === "unchecked") {
      this.add("warning", pointer, `$ref ${shown} was not checked: ${resolution.reason}`, "ref-unchecked");
    } else if (!isJsonObject(resolution.target)) {
      const text = `$ref ${shown} points to a value that is not a schema object`;
      this.add(severity, pointer, text, "ref-unresolved");
    } else if (resolution.external) {
      const text = `$ref ${shown} points into another file; generation follows only references inside the schema`;
      this.add("warning", pointer, text, "ref-external");
    }
  }

  /** `required` names properties of the same object (only where no combinator or $ref adds some). */
  private checkRequired(node: JsonObject, pointer: string): void {
    const properties = ownMember(node, "properties");
    const required = ownMember(node, "required");
    if (!isJsonObject(properties) || !Array.isArray(required)) return;
    if (COMPOSERS.some((k) => ownMember(node, k) !== undefined)) return;
    required.forEach((name, i) => {
      if (typeof name !== "string" || ownMember(properties, name) !== undefined) return;
      const text = `required names no property of this object: ${JSON.stringify(name)}`;
      this.add("warning", appendPointer(pointer, "required", String(i)), text, "required-unknown");
    });
  }

  /** Each identifier property once. */
  checkIdentity(): void {
    const primary = ownMember(this.document, "primaryIdentifier");
    if (Array.isArray(primary)) {
      primary.forEach((p, i) => {
        if (primary.indexOf(p) !== i)
          this.add(
            "warning",
            `/primaryIdentifier/${i}`,
            `${JSON.stringify(p)} is listed twice`,
            "identifier-duplicate",
          );
      });
    }
  }

  checkTagging(): void {
    const tagging = ownMember(this.document, "tagging");
    if (!isJsonObject(tagging)) return;
    const taggable = ownMember(tagging, "taggable");
    const legacy = ownMember(this.document, "taggable");
    if (typeof legacy === "boolean" && typeof taggable === "boolean" && legacy !== taggable) {
      const text = `deprecated "taggable": ${legacy} contradicts "tagging.taggable": ${taggable}`;
      this.add("error", "/taggable", text, "tagging");
    }
    if (taggable !== true) return;
    const tagProperty = ownMember(tagging, "tagProperty") ?? "/properties/Tags";
    if (typeof tagProperty === "string") {
      const pointer = "/tagging/tagProperty";
      if (!hasPropertiesPrefix(tagProperty)) {
        this.add(
          "error",
          pointer,
          `${JSON.stringify(tagProperty)} must start with "/properties/"`,
          "tagging",
        );
      } else {
        const check = checkPropertyPointer(this.document, tagProperty, this.refs);
        if (!check.ok)
          this.add(
            "error",
            pointer,
            `tag property ${JSON.stringify(tagProperty)}: ${check.reason}`,
            "tagging",
          );
      }
    }
    const handlers = ownMember(this.document, "handlers");
    const hasUpdate = isJsonObject(handlers) && ownMember(handlers, "update") !== undefined;
    if (ownMember(tagging, "tagUpdatable") === true && !hasUpdate) {
      const text = `tags are declared updatable but the resource has no update handler`;
      this.add("error", "/tagging/tagUpdatable", text, "tagging");
    }
  }
}

export function semanticFindings(file: string, document: JsonObject, refs: RefResolver): Finding[] {
  const checker = new SemanticChecker(file, document, refs);
  checker.checkPointerLists();
  checker.checkNodes();
  checker.checkTagging();
  checker.checkIdentity();
  return checker.findings;
}
