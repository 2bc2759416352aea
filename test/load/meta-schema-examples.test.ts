// Every file of the shared meta-schema examples, with what the load stage must say about it.
// valid-* / invalid-* are the upstream suite's judgement against the meta-schema alone; the other
// files were judged here (see the notes in the table).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { metaSchemaExamplesDir } from "../../cfn/paths.js";
import { type Finding, pointerLabel } from "../../cfn/findings.js";
import { createMetaSchemaValidator } from "../../generator/load/meta-schema.js";
import { readSchemaFileSync } from "../../cfn/read-schemas.js";

type Expected = readonly (readonly ["error" | "warning", string, string])[];

// [severity, rule, pointer] per file, sorted by pointer then severity.
const EXPECTED: Record<string, Expected> = {
  // Not a resource schema: a library of definitions used by the $ref examples.
  "common.types.v1.json": [["error", "missing-typename", "/typeName"]],
  "empty-schema.json": [
    ["error", "pointer-unresolved", "/primaryIdentifier/0"],
    ["error", "empty-properties", "/properties"],
  ],
  "invalid-bad-ref-schema.json": [
    ["warning", "ref-external", "/properties/Time/$ref"],
    ["error", "ref-unresolved", "/properties/propertyB/items/$ref"],
  ],
  "invalid-handlers-schema.json": [
    ["warning", "missing-keyword", "/handlers/read/permissions"],
    ["error", "pointer-prefix", "/primaryIdentifier/0"],
  ],
  "invalid-tagProperty-schema.json": [["error", "tagging", "/tagging/tagProperty"]],
  "invalid-taggable-schema.json": [["error", "tagging", "/taggable"]],
  "invalid-update-tagging-schema.json": [["error", "tagging", "/tagging/tagUpdatable"]],
  "invalid-with-tagging-bad-pointer-schema.json": [["error", "tagging", "/tagging/tagProperty"]],
  "invalid-with-tagging-bad-reference-schema.json": [["error", "tagging", "/tagging/tagProperty"]],
  // The upstream "minimal" fixtures point primaryIdentifier at "PropertyA" while the property is
  // "propertyA": pointers are case-sensitive, so no identifier can be built: an error for us.
  "minimal-schema-with-invalid-typeconfiguration.json": [
    ["error", "pointer-unresolved", "/primaryIdentifier/0"],
    ["warning", "missing-keyword", "/typeConfiguration/additionalProperties"],
    ["warning", "property-name", "/typeConfiguration/properties/CloudFormationConfiguration"],
  ],
  "minimal-schema-with-typeconfiguration.json": [["error", "pointer-unresolved", "/primaryIdentifier/0"]],
  "minimal-schema.json": [["error", "pointer-unresolved", "/primaryIdentifier/0"]],
  "no-additional-properties-schema.json": [
    ["warning", "missing-keyword", "/additionalProperties"],
    ["error", "pointer-unresolved", "/primaryIdentifier/0"],
  ],
  "scrubbed-values-schema.json": [["warning", "meta-schema", "/sourceUrl"]],
  "singleton-test-schema.json": [["error", "pointer-unresolved", "/primaryIdentifier/0"]],
  "test-nested-tagging-schema.json": [],
  "test-resource-schema-with-list-override.json": [
    ["warning", "missing-keyword", "/additionalProperties"],
    ["warning", "missing-keyword", "/description"],
    ["error", "missing-keyword", "/primaryIdentifier"],
  ],
  "test-schema-with-empty-write-only.json": [
    ["error", "pointer-unresolved", "/primaryIdentifier/0"],
    ["error", "pointer-prefix", "/writeOnlyProperties/0"],
  ],
  "test-schema-with-hidden-pointers.json": [],
  "test-schema-with-invalid-hidden-pointers.json": [
    ["error", "schema-shape", "/properties/nonPublicDefinitions"],
    ["error", "schema-shape", "/properties/nonPublicProperties"],
  ],
  "test-schema.json": [],
  "valid-with-allof-schema.json": [],
  "valid-with-anyof-schema.json": [],
  // Meta-schema valid, but its primaryIdentifier "/property1" lacks the /properties/ prefix, the same
  // pointer as invalid-handlers-schema.json: the generator cannot build an identifier from it.
  "valid-with-handlers-schema.json": [["error", "pointer-prefix", "/primaryIdentifier/0"]],
  "valid-with-non-taggable-schema.json": [],
  "valid-with-oneof-schema.json": [],
  // Remote refs resolve (so no error), but generation follows only local references.
  "valid-with-refs-schema.json": [
    ["warning", "ref-external", "/properties/Time/$ref"],
    ["warning", "ref-external", "/properties/propertyB/items/$ref"],
  ],
  "valid-with-tagging-missing-tagProperty-schema.json": [],
  "valid-with-tagging-nested-property-schema.json": [],
  "valid-with-tagging-schema.json": [],
};

/** Findings from the meta-schema alone (as opposed to the resource-level rules). */
const RESOURCE_LEVEL_RULES = new Set([
  "pointer-prefix",
  "pointer-unresolved",
  "ref-unresolved",
  "ref-external",
  "tagging",
]);

const validator = createMetaSchemaValidator();

function findingsFor(file: string): Finding[] {
  const outcome = readSchemaFileSync(path.join(metaSchemaExamplesDir, file));
  return outcome.ok ? validator.validateLoaded(outcome.loaded) : [outcome.finding];
}

describe("meta-schema examples", () => {
  const files = fs
    .readdirSync(metaSchemaExamplesDir)
    .filter((f) => f.endsWith(".json"))
    .sort();

  test("the table covers exactly the files on disk", () => {
    assert.deepEqual(Object.keys(EXPECTED).sort(), files);
  });

  for (const file of files) {
    test(file, () => {
      const findings = findingsFor(file);
      assert.deepEqual(
        findings.map((f) => [f.severity, f.rule, f.pointer]),
        EXPECTED[file],
        findings.map((f) => f.message).join("\n"),
      );
      for (const f of findings) {
        assert.equal(f.file, file);
        assert.ok(f.message.startsWith(pointerLabel(f.pointer) + ": "), f.message);
      }
      if (file.startsWith("valid-")) {
        const metaSchemaErrors = findings.filter(
          (f) => f.severity === "error" && !RESOURCE_LEVEL_RULES.has(f.rule ?? ""),
        );
        assert.deepEqual(metaSchemaErrors, []);
      }
      if (file.startsWith("invalid-")) assert.ok(findings.some((f) => f.severity === "error"));
    });
  }
});
