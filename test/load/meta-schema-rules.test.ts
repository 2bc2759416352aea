// One small inline schema per classification rule of the load stage.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { assessPattern } from "../../generator/load/cfn-regex.js";
import { type Finding, compareFindings, formatFinding } from "../../cfn/findings.js";
import { type JsonObject, type JsonValue, isJsonObject } from "../../cfn/json.js";
import { pointerFromTokens, pointerTokens, resolvePointer } from "../../cfn/json-pointer.js";
import { createMetaSchemaValidator } from "../../generator/load/meta-schema.js";

const validator = createMetaSchemaValidator();

function baseSchema(): JsonObject {
  return {
    typeName: "AWS::Test::Thing",
    description: "A test type.",
    additionalProperties: false,
    primaryIdentifier: ["/properties/Id"],
    readOnlyProperties: ["/properties/Id"],
    properties: {
      Id: { type: "string" },
      Config: { $ref: "#/definitions/Config" },
      Items: { type: "array", insertionOrder: false, items: { $ref: "#/definitions/Item" } },
      Tags: { type: "array", items: { $ref: "#/definitions/Item" } },
    },
    definitions: {
      Config: {
        type: "object",
        additionalProperties: false,
        properties: { Mode: { type: "string", enum: ["a", "b"] }, Inner: { $ref: "#/definitions/Item" } },
        required: ["Mode"],
      },
      Item: { type: "object", additionalProperties: false, properties: { Key: { type: "string" } } },
    },
    handlers: {
      create: { permissions: ["test:Create"] },
      read: { permissions: ["test:Read"] },
      update: { permissions: ["test:Update"] },
      list: {
        permissions: ["test:List"],
        handlerSchema: { properties: { Id: { $ref: "resource-schema.json#/properties/Id" } } },
      },
    },
  };
}

type Edit = (schema: JsonObject) => void;

/** Sets (or, with undefined, deletes) the member a pointer names; its parent must exist. */
function set(pointer: string, value: JsonValue | undefined): Edit {
  return (schema) => {
    const tokens = pointerTokens(pointer)!;
    const parent = resolvePointer(schema, pointerFromTokens(tokens.slice(0, -1)));
    const key = tokens[tokens.length - 1]!;
    assert.ok(isJsonObject(parent), `no object at the parent of ${pointer}`);
    if (value === undefined) delete parent[key];
    else parent[key] = value;
  };
}

const remove = (pointer: string): Edit => set(pointer, undefined);

type Row = [Finding["severity"], string | undefined, string];

function check(schema: JsonObject): Row[] {
  return validator.validate("t.json", schema).map((f) => [f.severity, f.rule, f.pointer]);
}

/** Validates a fresh base schema after the edits. */
function after(...edits: Edit[]): Row[] {
  const schema = baseSchema();
  for (const edit of edits) edit(schema);
  return check(schema);
}

describe("classification rules", () => {
  test("the base fixture is clean", () => {
    assert.deepEqual(check(baseSchema()), []);
  });

  test("missing essentials are errors, missing description/additionalProperties warnings", () => {
    assert.deepEqual(after(remove("/typeName")), [["error", "missing-keyword", "/typeName"]]);
    assert.deepEqual(after(remove("/primaryIdentifier")), [
      ["error", "missing-keyword", "/primaryIdentifier"],
    ]);
    assert.deepEqual(after(remove("/description"), remove("/additionalProperties")), [
      ["warning", "missing-keyword", "/additionalProperties"],
      ["warning", "missing-keyword", "/description"],
    ]);
  });

  test("no properties at all is an error", () => {
    assert.deepEqual(after(set("/properties", {}), remove("/readOnlyProperties"), remove("/handlers")), [
      ["error", "pointer-unresolved", "/primaryIdentifier/0"],
      ["error", "empty-properties", "/properties"],
    ]);
  });

  test("required naming no property of its object is a warning; combinator branches are exempt", () => {
    assert.deepEqual(after(set("/definitions/Config/required", ["Mode", "Nope"])), [
      ["warning", "required-unknown", "/definitions/Config/required/1"],
    ]);
    assert.deepEqual(after(set("/required", ["Missing"])), [["warning", "required-unknown", "/required/0"]]);
    assert.deepEqual(after(set("/definitions/Config/anyOf", [{ required: ["Elsewhere"] }])), []);
  });

  test("a primaryIdentifier entry listed twice is a warning", () => {
    assert.deepEqual(after(set("/primaryIdentifier", ["/properties/Id", "/properties/Id"])), [
      ["warning", "identifier-duplicate", "/primaryIdentifier/1"],
    ]);
  });

  test("properties that are not an object: one error, not one per identifier pointer", () => {
    const rows = after(set("/properties", ["Id"]));
    assert.ok(rows.some(([severity, , pointer]) => severity === "error" && pointer === "/properties"));
    assert.ok(!rows.some(([, rule]) => rule === "pointer-unresolved"), JSON.stringify(rows));
  });

  test("a malformed typeName is an error", () => {
    assert.deepEqual(after(set("/typeName", "AWS::Thing")), [["error", "type-name", "/typeName"]]);
  });

  test("a property schema that is not an object is an error", () => {
    assert.deepEqual(after(set("/properties/Extra", ["/properties/Id"])), [
      ["error", "schema-shape", "/properties/Extra"],
    ]);
  });

  test("a bad type is one error, not the whole anyOf cascade", () => {
    const schema = baseSchema();
    set("/definitions/Item/properties/Key/type", "strin")(schema);
    const findings = validator.validate("t.json", schema);
    assert.deepEqual(
      findings.map((f) => [f.severity, f.rule, f.pointer]),
      [["error", "schema-shape", "/definitions/Item/properties/Key/type"]],
    );
    assert.match(
      findings[0]!.message,
      /^\/definitions\/Item\/properties\/Key\/type: must be one of array, boolean/,
    );
  });

  test("wrong values of keywords the generator reads are errors", () => {
    assert.deepEqual(after(set("/properties/Items/items", "string")), [
      ["error", "schema-shape", "/properties/Items/items"],
    ]);
    assert.deepEqual(after(set("/definitions/Config/required", ["Mode", 3])), [
      ["error", "schema-shape", "/definitions/Config/required/1"],
    ]);
    assert.deepEqual(after(set("/properties/Items/insertionOrder", "no")), [
      ["error", "schema-shape", "/properties/Items/insertionOrder"],
    ]);
    assert.deepEqual(after(set("/definitions", [])), [
      ["error", "schema-shape", "/definitions"],
      ["error", "ref-unresolved", "/properties/Config/$ref"],
      ["error", "ref-unresolved", "/properties/Items/items/$ref"],
      ["error", "ref-unresolved", "/properties/Tags/items/$ref"],
    ]);
  });

  test("identifier and access pointer lists", () => {
    assert.deepEqual(after(set("/primaryIdentifier", "/properties/Id")), [
      ["error", "identifier", "/primaryIdentifier"],
    ]);
    assert.deepEqual(after(set("/primaryIdentifier", [])), [["error", "identifier", "/primaryIdentifier"]]);
    assert.deepEqual(after(set("/primaryIdentifier", ["/Id"])), [
      ["error", "pointer-prefix", "/primaryIdentifier/0"],
    ]);
    assert.deepEqual(after(set("/primaryIdentifier", ["/properties/id"])), [
      ["error", "pointer-unresolved", "/primaryIdentifier/0"],
    ]);
    assert.deepEqual(after(set("/writeOnlyProperties", [5])), [
      ["error", "pointer-list", "/writeOnlyProperties/0"],
    ]);
    assert.deepEqual(after(set("/createOnlyProperties", [])), [
      ["warning", "pointer-list", "/createOnlyProperties"],
    ]);
    // Not a JSON pointer: the meta-schema's finding stands alone at that location.
    assert.deepEqual(after(set("/createOnlyProperties", ["Config"])), [
      ["error", "pointer-list", "/createOnlyProperties/0"],
    ]);
    assert.deepEqual(after(set("/readOnlyProperties", ["/properties/Config/Nope"])), [
      ["warning", "pointer-unresolved", "/readOnlyProperties/0"],
    ]);
    assert.deepEqual(after(set("/deprecatedProperties", ["/definitions/Config"])), [
      ["warning", "pointer-prefix", "/deprecatedProperties/0"],
    ]);
  });

  test("nested pointers resolve through $ref, items with or without *, and explicit /properties/", () => {
    const pointers = [
      "/properties/Config/Mode",
      "/properties/Config/properties/Inner/Key",
      "/properties/Items/*/Key",
      "/properties/Items/Key",
    ];
    assert.deepEqual(after(set("/createOnlyProperties", pointers)), []);
  });

  test("$refs must point at something", () => {
    assert.deepEqual(after(set("/properties/Config/$ref", "#/definitions/Nope")), [
      ["error", "ref-unresolved", "/properties/Config/$ref"],
    ]);
    assert.deepEqual(
      after(set("/handlers/list/handlerSchema/properties/Id/$ref", "resource-schema.json#/properties/No")),
      [["warning", "ref-unresolved", "/handlers/list/handlerSchema/properties/Id/$ref"]],
    );
    assert.deepEqual(after(set("/properties/Config/$ref", "https://example.com/x.json#/a")), [
      ["warning", "ref-unchecked", "/properties/Config/$ref"],
    ]);
  });

  test("extra keywords inside anyOf branches are one warning per location", () => {
    const relationshipRef = { typeName: "AWS::EC2::Subnet", propertyPath: "/properties/SubnetId" };
    const branch = { type: "string", relationshipRef };
    assert.deepEqual(after(set("/properties/Subnet", { anyOf: [branch, branch] })), [
      ["warning", "unknown-keyword", "/properties/Subnet/anyOf/0/relationshipRef"],
      ["warning", "unknown-keyword", "/properties/Subnet/anyOf/1/relationshipRef"],
    ]);
  });

  test("off-spec but usable shapes are warnings", () => {
    assert.deepEqual(after(set("/someVendorKeyword", 1)), [
      ["warning", "unknown-keyword", "/someVendorKeyword"],
    ]);
    assert.deepEqual(after(set("/definitions/Item/additionalProperties", true)), [
      ["warning", "additional-properties", "/definitions/Item/additionalProperties"],
    ]);
    assert.deepEqual(after(set("/properties/Id", { enum: ["x"] })), [
      ["warning", "enum-without-type", "/properties/Id"],
    ]);
    assert.deepEqual(after(set("/definitions/Item/patternProperties", { "^x$": { type: "string" } })), [
      ["warning", "meta-schema", "/definitions/Item"],
    ]);
    assert.deepEqual(after(set("/properties/Bad-Name", { type: "string" })), [
      ["warning", "property-name", "/properties/Bad-Name"],
    ]);
    assert.deepEqual(after(set("/definitions/Item/dependencies", { Key: 5 })), [
      ["warning", "meta-schema", "/definitions/Item/dependencies/Key"],
    ]);
    assert.deepEqual(after(remove("/handlers/read/permissions")), [
      ["warning", "missing-keyword", "/handlers/read/permissions"],
    ]);
    const typeConfiguration = { additionalProperties: false, properties: { A: { type: "strin" } } };
    assert.deepEqual(after(set("/typeConfiguration", typeConfiguration)), [
      ["warning", "schema-shape", "/typeConfiguration/properties/A/type"],
    ]);
  });

  test("a pattern no dialect accepts is a warning at its pointer", () => {
    assert.deepEqual(after(set("/properties/Id/pattern", "([a-z")), [
      ["warning", "regex-untranslatable", "/properties/Id/pattern"],
    ]);
    // Keys are pointer-escaped ("/" → "~1").
    const map = { type: "object", patternProperties: { "([a-z/": { type: "string" } } };
    assert.deepEqual(after(set("/properties/Map", map)), [
      ["warning", "regex-untranslatable", "/properties/Map/patternProperties/([a-z~1"],
    ]);
    assert.deepEqual(after(set("/properties/Id/pattern", "^[a-z]+$")), []);
    assert.deepEqual(after(set("/properties/Id/pattern", 7)), [
      ["error", "schema-shape", "/properties/Id/pattern"],
    ]);
  });

  test("RE2/Java-only patterns follow translatePattern's verdict", () => {
    for (const pattern of ["(?s).*", "(?i)abc", "\\p{L}+", "[\\w-]+", "^a\\Z"]) {
      const assessment = assessPattern(pattern);
      const expected: Row[] =
        assessment.kind === "valid"
          ? []
          : [["warning", `regex-${assessment.kind}`, "/properties/Id/pattern"]];
      assert.deepEqual(after(set("/properties/Id/pattern", pattern)), expected, pattern);
    }
  });

  test("tagging metadata must be consistent", () => {
    assert.deepEqual(after(set("/tagging", { taggable: true })), []);
    assert.deepEqual(after(set("/tagging", { taggable: true, tagProperty: "/properties/Labels" })), [
      ["error", "tagging", "/tagging/tagProperty"],
    ]);
    assert.deepEqual(after(set("/tagging", { taggable: false, tagProperty: "/properties/Labels" })), []);
    assert.deepEqual(
      after(set("/tagging", { taggable: true, tagUpdatable: true }), remove("/handlers/update")),
      [["error", "tagging", "/tagging/tagUpdatable"]],
    );
    assert.deepEqual(after(set("/taggable", false), set("/tagging", { taggable: true })), [
      ["error", "tagging", "/taggable"],
    ]);
  });

  test("a document that is not an object", () => {
    assert.deepEqual(
      validator.validate("x.json", [1]).map((f) => [f.rule, f.pointer]),
      [["not-an-object", ""]],
    );
  });

  test("output is sorted, deterministic, and every message names its pointer", () => {
    const messy = baseSchema();
    for (const edit of [
      set("/zzz", 1),
      set("/primaryIdentifier", ["/Id"]),
      set("/properties/Id/type", "strin"),
      set("/properties/Items/items/$ref", "#/definitions/Missing"),
    ]) {
      edit(messy);
    }
    const first = validator.validate("t.json", messy);
    const second = validator.validate("t.json", structuredClone(messy));
    assert.deepEqual(first, second);
    assert.deepEqual(first, [...first].sort(compareFindings));
    assert.equal(first.length, 4);
    for (const f of first) {
      assert.ok(f.message.startsWith(`${f.pointer}: `), f.message);
      assert.ok(formatFinding(f).startsWith(`${f.severity} t.json: ${f.pointer}`));
    }
  });
});
