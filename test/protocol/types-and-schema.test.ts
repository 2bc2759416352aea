// cty type JSON, schema-implied types and the tfplugin6 schemas built from definitions.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { providerConfigAttributes } from "../../terraform/provider-config.js";
import type { AttributeType } from "../../terraform/schema/types.js";
import {
  attributeCtyType,
  ctyDynamic,
  ctyNumber,
  ctyString,
  definitionImpliedType,
  listOf,
  mapOf,
  objectOf,
  setOf,
  tupleOf,
  typeEquals,
  typeFromJson,
  typeToJson,
} from "../../terraform/values/index.js";
import { buildSchemaCatalog, configSchemaMessage } from "../../protocol/provider-description.js";
import { definitionSchema } from "../../protocol/provider-description.js";
import { catalogFromProviderSchemaJson } from "../../protocol/schema-document.js";
import type { AttributeMessage } from "../../protocol/schema-message.js";
import { schemaProblems } from "./schema-rules.js";
import { testDefinitions, thingResource, thingsDataSource, widgetResource } from "./test-provider-schema.js";

describe("cty type JSON", () => {
  test("spells every kind as go-cty does", () => {
    assert.equal(typeToJson(ctyString), '"string"');
    assert.equal(typeToJson(ctyDynamic), '"dynamic"');
    assert.equal(typeToJson(listOf(setOf(mapOf(ctyNumber)))), '["list",["set",["map","number"]]]');
    assert.equal(typeToJson(tupleOf([ctyString, ctyNumber])), '["tuple",["string","number"]]');
    assert.equal(
      typeToJson(objectOf({ b: ctyString, a: ctyNumber })),
      '["object",{"a":"number","b":"string"}]',
    );
    assert.equal(
      typeToJson(objectOf({ b: ctyString, a: ctyNumber }, ["b", "a"])),
      '["object",{"a":"number","b":"string"},["a","b"]]',
    );
    assert.equal(typeToJson(objectOf({})), '["object",{}]');
  });

  test("parses what it writes, including odd attribute names", () => {
    const types = [
      objectOf({ __proto__x: ctyString, "": listOf(ctyDynamic), "with space": tupleOf([]) }),
      mapOf(objectOf({ nested: setOf(ctyNumber) }, ["nested"])),
      tupleOf([ctyString, objectOf({ a: ctyNumber })]),
    ];
    for (const t of types) assert.ok(typeEquals(typeFromJson(typeToJson(t)), t), typeToJson(t));
    const proto = typeFromJson('["object",{"__proto__":"string"}]');
    assert.equal(proto.kind, "object");
    assert.ok(proto.kind === "object" && Object.hasOwn(proto.attributes, "__proto__"));
  });

  test("refuses what cty refuses", () => {
    for (const bad of [
      '"str"',
      '["list"]',
      '["list","string","extra"]',
      '["tuple","string"]',
      '["object",[]]',
      '["object",{},["missing"]]',
      "[",
      '"string" x',
      '["widget","string"]',
      "42",
    ]) {
      assert.throws(() => typeFromJson(bad), Error, bad);
    }
  });
});

describe("implied types", () => {
  test("attribute kinds map to cty types (flavoured strings are strings, numbers are number)", () => {
    const cases: [AttributeType, string][] = [
      [{ kind: "string", flavor: "json" }, '"string"'],
      [{ kind: "string", flavor: "rfc3339" }, '"string"'],
      [{ kind: "int64" }, '"number"'],
      [{ kind: "float64" }, '"number"'],
      [{ kind: "bool" }, '"bool"'],
      [{ kind: "set", element: { kind: "list", element: { kind: "int64" } } }, '["set",["list","number"]]'],
      [
        { kind: "listNested", attributes: { a: { type: { kind: "bool" } } } },
        '["list",["object",{"a":"bool"}]]',
      ],
      [
        { kind: "setNested", attributes: { a: { type: { kind: "bool" } } } },
        '["set",["object",{"a":"bool"}]]',
      ],
      [
        { kind: "mapNested", attributes: { a: { type: { kind: "bool" } } } },
        '["map",["object",{"a":"bool"}]]',
      ],
      [{ kind: "object", attributes: { a: { type: { kind: "bool" } } } }, '["object",{"a":"bool"}]'],
    ];
    for (const [type, json] of cases) assert.equal(typeToJson(attributeCtyType(type)), json);
  });

  test("plural data sources have the fixed id/ids type", () => {
    assert.equal(
      typeToJson(definitionImpliedType(thingsDataSource)),
      '["object",{"id":"string","ids":["set","string"]}]',
    );
  });
});

describe("tfplugin6 schemas from definitions", () => {
  const byName = (attributes: readonly AttributeMessage[], name: string) => {
    const found = attributes.find((a) => a.name === name);
    assert.ok(found, `attribute ${name}`);
    return found;
  };

  test("resource: version, sorted attributes, types, flags and descriptions", () => {
    const schema = definitionSchema(thingResource);
    assert.equal(schema.version, 1);
    assert.equal(schema.block.description, thingResource.description);
    assert.equal(schema.block.descriptionKind, "PLAIN");
    const names = schema.block.attributes.map((a) => a.name);
    assert.deepEqual(names, [...names].sort());
    assert.deepEqual(byName(schema.block.attributes, "tags"), {
      name: "tags",
      type: '["map","string"]',
      optional: true,
    });
    assert.deepEqual(byName(schema.block.attributes, "id"), {
      name: "id",
      type: '"string"',
      description: "Uniquely identifies the resource.",
      descriptionKind: "PLAIN",
      computed: true,
    });
    assert.deepEqual(byName(schema.block.attributes, "name"), {
      name: "name",
      type: '"string"',
      description: "The thing's name.",
      descriptionKind: "PLAIN",
      required: true,
    });
    const rules = byName(schema.block.attributes, "rules");
    assert.equal(rules.type, undefined);
    assert.equal(rules.nestedType?.nesting, "LIST");
    assert.deepEqual(
      rules.nestedType?.attributes.map((a) => a.name),
      ["action", "priority", "rule_id"],
    );
    assert.equal(byName(schema.block.attributes, "settings").nestedType?.nesting, "SINGLE");
    const widget = definitionSchema(widgetResource);
    assert.equal(byName(widget.block.attributes, "limits").nestedType?.nesting, "MAP");
    assert.equal(byName(widget.block.attributes, "filters").nestedType?.nesting, "SET");
  });

  test("every test schema and the real provider block pass Terraform's schema checks", () => {
    const catalog = buildSchemaCatalog(testDefinitions);
    assert.deepEqual(Object.keys(catalog.resources).sort(), ["awscc_test_thing", "awscc_test_widget"]);
    assert.deepEqual(Object.keys(catalog.dataSources).sort(), ["awscc_test_lookup", "awscc_test_things"]);
    const problems = [
      ...Object.entries({ ...catalog.resources, ...catalog.dataSources }).flatMap(([n, s]) =>
        schemaProblems(s, n),
      ),
      ...schemaProblems(configSchemaMessage({ attributes: providerConfigAttributes }), "provider"),
    ];
    assert.deepEqual(problems, []);
  });

  test("the checker itself catches broken schemas", () => {
    const broken = {
      version: -1,
      block: {
        attributes: [{ name: "Bad" }, { name: "x", type: '["list"]', required: true, computed: true }],
      },
    };
    const problems = schemaProblems(broken, "t");
    for (const expected of [
      /bad version/,
      /t\.Bad: invalid name/,
      /t\.Bad: none of/,
      /t\.Bad: needs exactly one/,
      /t\.x: both required and computed/,
      /t\.x: .*list/,
    ]) {
      assert.ok(
        problems.some((p) => expected.test(p)),
        `${expected} in ${problems.join("; ")}`,
      );
    }
    assert.equal(problems.length, 6);
  });

  test("a catalog read back from the `providers schema -json` shape equals the built one", () => {
    const catalog = buildSchemaCatalog(testDefinitions);
    const toJson = (a: AttributeMessage): Record<string, unknown> => ({
      ...(a.type ? { type: JSON.parse(a.type) as unknown } : {}),
      ...(a.nestedType
        ? {
            nested_type: {
              attributes: Object.fromEntries(a.nestedType.attributes.map((n) => [n.name, toJson(n)])),
              nesting_mode: a.nestedType.nesting.toLowerCase(),
            },
          }
        : {}),
      ...(a.description ? { description: a.description } : {}),
      description_kind: "plain",
      ...(a.required ? { required: true } : {}),
      ...(a.optional ? { optional: true } : {}),
      ...(a.computed ? { computed: true } : {}),
    });
    const asDocument = (schemas: typeof catalog.resources) =>
      Object.fromEntries(
        Object.entries(schemas).map(([name, s]) => [
          name,
          {
            version: s.version,
            block: {
              attributes: Object.fromEntries(s.block.attributes.map((a) => [a.name, toJson(a)])),
              description: s.block.description,
              description_kind: "plain",
            },
          },
        ]),
      );
    const readBack = catalogFromProviderSchemaJson({
      resource_schemas: asDocument(catalog.resources),
      data_source_schemas: asDocument(catalog.dataSources),
    });
    assert.deepEqual(readBack, catalog);
  });
});
