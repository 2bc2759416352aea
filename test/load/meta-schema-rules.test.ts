// One small inline schema per classification rule of the load stage.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { assessPattern } from "../../generator/load/cfn-regex.js";
import { type Finding, compareFindings, formatFinding } from "../../generator/load/findings.js";
import type { JsonObject } from "../../generator/load/json.js";
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

type Row = [Finding["severity"], string | undefined, string];

function check(schema: JsonObject): Row[] {
  return validator.validate("t.json", schema).map((f) => [f.severity, f.rule, f.pointer]);
}

/** Applies `edit` to a fresh base schema and validates it. */
function after(edit: (s: JsonObject & Record<string, any>) => void): Row[] {
  const schema = baseSchema();
  edit(schema);
  return check(schema);
}

describe("classification rules", () => {
  test("the base fixture is clean", () => {
    assert.deepEqual(check(baseSchema()), []);
  });

  test("missing essentials are errors, missing description/additionalProperties warnings", () => {
    assert.deepEqual(
      after((s) => delete s.typeName),
      [["error", "missing-keyword", "/typeName"]],
    );
    assert.deepEqual(
      after((s) => delete s.primaryIdentifier),
      [["error", "missing-keyword", "/primaryIdentifier"]],
    );
    assert.deepEqual(
      after((s) => {
        delete s.description;
        delete s.additionalProperties;
      }),
      [
        ["warning", "missing-keyword", "/additionalProperties"],
        ["warning", "missing-keyword", "/description"],
      ],
    );
  });

  test("no properties at all is an error", () => {
    const rows = after((s) => {
      s.properties = {};
      delete s.readOnlyProperties;
      delete s.handlers;
    });
    assert.deepEqual(rows, [
      ["error", "pointer-unresolved", "/primaryIdentifier/0"],
      ["error", "empty-properties", "/properties"],
    ]);
  });

  test("a malformed typeName is an error", () => {
    assert.deepEqual(
      after((s) => (s.typeName = "AWS::Thing")),
      [["error", "type-name", "/typeName"]],
    );
  });

  test("a property schema that is not an object is an error", () => {
    assert.deepEqual(
      after((s) => (s.properties.Extra = ["/properties/Id"])),
      [["error", "schema-shape", "/properties/Extra"]],
    );
  });

  test("a bad type is one error, not the whole anyOf cascade", () => {
    const findings = validator.validate(
      "t.json",
      (() => {
        const s = baseSchema() as Record<string, any>;
        s.definitions.Item.properties.Key.type = "strin";
        return s;
      })(),
    );
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
    assert.deepEqual(
      after((s) => (s.properties.Items.items = "string")),
      [["error", "schema-shape", "/properties/Items/items"]],
    );
    assert.deepEqual(
      after((s) => (s.definitions.Config.required = ["Mode", 3])),
      [["error", "schema-shape", "/definitions/Config/required/1"]],
    );
    assert.deepEqual(
      after((s) => (s.properties.Items.insertionOrder = "no")),
      [["error", "schema-shape", "/properties/Items/insertionOrder"]],
    );
    assert.deepEqual(
      after((s) => (s.definitions = [])),
      [
        ["error", "ref-unresolved", "/properties/Config/$ref"],
        ["error", "ref-unresolved", "/properties/Items/items/$ref"],
        ["error", "ref-unresolved", "/properties/Tags/items/$ref"],
        ["error", "schema-shape", "/definitions"],
      ].sort(byPointer) as Row[],
    );
  });

  test("identifier and access pointer lists", () => {
    assert.deepEqual(
      after((s) => (s.primaryIdentifier = "/properties/Id")),
      [["error", "identifier", "/primaryIdentifier"]],
    );
    assert.deepEqual(
      after((s) => (s.primaryIdentifier = [])),
      [["error", "identifier", "/primaryIdentifier"]],
    );
    assert.deepEqual(
      after((s) => (s.primaryIdentifier = ["/Id"])),
      [["error", "pointer-prefix", "/primaryIdentifier/0"]],
    );
    assert.deepEqual(
      after((s) => (s.primaryIdentifier = ["/properties/id"])),
      [["error", "pointer-unresolved", "/primaryIdentifier/0"]],
    );
    assert.deepEqual(
      after((s) => (s.writeOnlyProperties = [5])),
      [["error", "pointer-list", "/writeOnlyProperties/0"]],
    );
    assert.deepEqual(
      after((s) => (s.createOnlyProperties = [])),
      [["warning", "pointer-list", "/createOnlyProperties"]],
    );
    assert.deepEqual(
      // Not a JSON pointer: the meta-schema's finding stands alone at that location.
      after((s) => (s.createOnlyProperties = ["Config"])),
      [["error", "pointer-list", "/createOnlyProperties/0"]],
    );
    assert.deepEqual(
      after((s) => (s.readOnlyProperties = ["/properties/Config/Nope"])),
      [["warning", "pointer-unresolved", "/readOnlyProperties/0"]],
    );
    assert.deepEqual(
      after((s) => (s.deprecatedProperties = ["/definitions/Config"])),
      [["warning", "pointer-prefix", "/deprecatedProperties/0"]],
    );
  });

  test("nested pointers resolve through $ref, items with or without *, and explicit /properties/", () => {
    const rows = after((s) => {
      s.createOnlyProperties = [
        "/properties/Config/Mode",
        "/properties/Config/properties/Inner/Key",
        "/properties/Items/*/Key",
        "/properties/Items/Key",
      ];
    });
    assert.deepEqual(rows, []);
  });

  test("$refs must point at something", () => {
    assert.deepEqual(
      after((s) => (s.properties.Config.$ref = "#/definitions/Nope")),
      [["error", "ref-unresolved", "/properties/Config/$ref"]],
    );
    const rows = after(
      (s) => (s.handlers.list.handlerSchema.properties.Id.$ref = "resource-schema.json#/properties/No"),
    );
    assert.deepEqual(rows, [
      ["warning", "ref-unresolved", "/handlers/list/handlerSchema/properties/Id/$ref"],
    ]);
    assert.deepEqual(
      after((s) => (s.properties.Config.$ref = "https://example.com/x.json#/a")),
      [["warning", "ref-unchecked", "/properties/Config/$ref"]],
    );
  });

  test("extra keywords inside anyOf branches are one warning per location", () => {
    const rows = after((s) => {
      const ref = { typeName: "AWS::EC2::Subnet", propertyPath: "/properties/SubnetId" };
      s.properties.Subnet = {
        anyOf: [
          { type: "string", relationshipRef: ref },
          { type: "string", relationshipRef: ref },
        ],
      };
    });
    assert.deepEqual(rows, [
      ["warning", "unknown-keyword", "/properties/Subnet/anyOf/0/relationshipRef"],
      ["warning", "unknown-keyword", "/properties/Subnet/anyOf/1/relationshipRef"],
    ]);
  });

  test("off-spec but usable shapes are warnings", () => {
    assert.deepEqual(
      after((s) => (s.someVendorKeyword = 1)),
      [["warning", "unknown-keyword", "/someVendorKeyword"]],
    );
    assert.deepEqual(
      after((s) => (s.definitions.Item.additionalProperties = true)),
      [["warning", "additional-properties", "/definitions/Item/additionalProperties"]],
    );
    assert.deepEqual(
      after((s) => (s.properties.Id = { enum: ["x"] })),
      [["warning", "enum-without-type", "/properties/Id"]],
    );
    assert.deepEqual(
      after((s) => (s.definitions.Item.patternProperties = { "^x$": { type: "string" } })),
      [["warning", "meta-schema", "/definitions/Item"]],
    );
    assert.deepEqual(
      after((s) => (s.properties["Bad-Name"] = { type: "string" })),
      [["warning", "property-name", "/properties/Bad-Name"]],
    );
    assert.deepEqual(
      after((s) => (s.definitions.Item.dependencies = { Key: 5 })),
      [["warning", "meta-schema", "/definitions/Item/dependencies/Key"]],
    );
    assert.deepEqual(
      after((s) => delete s.handlers.read.permissions),
      [["warning", "missing-keyword", "/handlers/read/permissions"]],
    );
    assert.deepEqual(
      after(
        (s) => (s.typeConfiguration = { additionalProperties: false, properties: { A: { type: "strin" } } }),
      ),
      [["warning", "schema-shape", "/typeConfiguration/properties/A/type"]],
    );
  });

  test("a pattern no dialect accepts is a warning at its pointer", () => {
    assert.deepEqual(
      after((s) => (s.properties.Id.pattern = "([a-z")),
      [["warning", "regex-untranslatable", "/properties/Id/pattern"]],
    );
    // Keys are pointer-escaped ("/" → "~1").
    assert.deepEqual(
      after(
        (s) => (s.properties.Map = { type: "object", patternProperties: { "([a-z/": { type: "string" } } }),
      ),
      [["warning", "regex-untranslatable", "/properties/Map/patternProperties/([a-z~1"]],
    );
    assert.deepEqual(
      after((s) => (s.properties.Id.pattern = "^[a-z]+$")),
      [],
    );
    assert.deepEqual(
      after((s) => (s.properties.Id.pattern = 7)),
      [["error", "schema-shape", "/properties/Id/pattern"]],
    );
  });

  test("RE2/Java-only patterns follow translatePattern's verdict", () => {
    for (const pattern of ["(?s).*", "(?i)abc", "\\p{L}+", "[\\w-]+", "^a\\Z"]) {
      const rows = after((s) => (s.properties.Id.pattern = pattern));
      const assessment = assessPattern(pattern);
      const expected: Row[] =
        assessment.kind === "as-is"
          ? []
          : [["warning", `regex-${assessment.kind}`, "/properties/Id/pattern"]];
      assert.deepEqual(rows, expected, pattern);
    }
  });

  test("tagging metadata must be consistent", () => {
    assert.deepEqual(
      after((s) => (s.tagging = { taggable: true })),
      [],
    );
    assert.deepEqual(
      after((s) => (s.tagging = { taggable: true, tagProperty: "/properties/Labels" })),
      [["error", "tagging", "/tagging/tagProperty"]],
    );
    assert.deepEqual(
      after((s) => (s.tagging = { taggable: false, tagProperty: "/properties/Labels" })),
      [],
    );
    assert.deepEqual(
      after((s) => {
        s.tagging = { taggable: true, tagUpdatable: true };
        delete s.handlers.update;
      }),
      [["error", "tagging", "/tagging/tagUpdatable"]],
    );
    assert.deepEqual(
      after((s) => {
        s.taggable = false;
        s.tagging = { taggable: true };
      }),
      [["error", "tagging", "/taggable"]],
    );
  });

  test("a document that is not an object", () => {
    assert.deepEqual(
      validator.validate("x.json", [1]).map((f) => [f.rule, f.pointer]),
      [["not-an-object", ""]],
    );
  });

  test("output is sorted, deterministic, and every message names its pointer", () => {
    const messy = baseSchema() as Record<string, any>;
    messy.zzz = 1;
    messy.primaryIdentifier = ["/Id"];
    messy.properties.Id.type = "strin";
    messy.properties.Items.items.$ref = "#/definitions/Missing";
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

function byPointer(a: readonly string[], b: readonly string[]): number {
  return a[2]! < b[2]! ? -1 : a[2]! > b[2]! ? 1 : 0;
}
