// Every definition the generator makes from the real CloudFormation corpus, through the protocol
// layer: valid schemas for Terraform, one GetProviderSchema message for all of them, and values of
// every implied type that survive the msgpack codec.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { loadGenerationConfig } from "../../generator/config/generation-config.js";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { providerSchemaDocumentFor, PROVIDER_ADDRESS } from "../../generator/emit/provider-schema.js";
import { readSchemaDirSync } from "../../cfn/read-schemas.js";
import { planGeneration } from "../../generator/pipeline/plan.js";
import { providerConfigAttributes } from "../../terraform/provider-config.js";
import type { Definition } from "../../terraform/schema/types.js";
import {
  type CtyType,
  decodeMsgpack,
  definitionImpliedType,
  encodeMsgpack,
  makeRecord,
  type TfValue,
  UNKNOWN,
  valueEquals,
} from "../../terraform/values/index.js";
import { loadProtocolDefinitions } from "../../protocol/proto-definitions.js";
import {
  buildSchemaCatalog,
  configSchemaMessage,
  type SchemaCatalog,
} from "../../protocol/provider-description.js";
import { catalogFromProviderSchemaJson, type ProviderSchemaJson } from "../../protocol/schema-document.js";
import { toProtoSchema } from "../../protocol/wire.js";
import { schemaProblems } from "./schema-rules.js";

let definitions: Definition[] = [];
let catalog: SchemaCatalog;

before(() => {
  const contents = readSchemaDirSync(resolveSchemasDir());
  const plan = planGeneration(contents.schemas, contents.findings, loadGenerationConfig());
  definitions = plan.types.flatMap((t) => [...t.definitions]);
  catalog = buildSchemaCatalog(definitions);
});

/** A sample value of a type: known leaves at the top, then unknown and null deeper down. */
function sample(type: CtyType, depth: number): TfValue {
  if (depth > 3) return depth % 2 === 0 ? UNKNOWN : null;
  switch (type.kind) {
    case "string":
      return "s";
    case "number":
      return 1.5;
    case "bool":
      return true;
    case "dynamic":
      return null;
    case "list":
    case "set":
      return [sample(type.element, depth + 1), depth === 1 ? UNKNOWN : null];
    case "tuple":
      return type.elements.map((e) => sample(e, depth + 1));
    case "map":
      return makeRecord([["k", sample(type.element, depth + 1)]]);
    case "object":
      return makeRecord(
        Object.keys(type.attributes).map((n) => [n, sample(type.attributes[n] as CtyType, depth + 1)]),
      );
  }
}

describe("the generated corpus through the protocol layer", () => {
  test("the corpus yields thousands of definitions", () => {
    assert.ok(definitions.length > 3000, `only ${definitions.length} definitions`);
    assert.ok(Object.keys(catalog.resources).length > 1000);
  });

  test("every schema passes Terraform's schema checks", () => {
    const problems = Object.entries({ ...catalog.resources, ...catalog.dataSources }).flatMap(([n, s]) =>
      schemaProblems(s, n),
    );
    problems.push(
      ...schemaProblems(configSchemaMessage({ attributes: providerConfigAttributes }), "provider"),
    );
    assert.deepEqual(problems.slice(0, 20), []);
  });

  test("one GetProviderSchema response carries them all through protobuf", () => {
    const method = loadProtocolDefinitions().provider.GetProviderSchema;
    assert.ok(method);
    const toProto = (schemas: SchemaCatalog["resources"]) =>
      Object.fromEntries(Object.entries(schemas).map(([n, s]) => [n, toProtoSchema(s)]));
    const bytes = method.responseSerialize({
      provider: toProtoSchema(configSchemaMessage({ attributes: providerConfigAttributes })),
      resource_schemas: toProto(catalog.resources),
      data_source_schemas: toProto(catalog.dataSources),
    });
    // Far beyond grpc-js's 4 MiB default, well inside the 256 MiB limit the server sets.
    assert.ok(bytes.length > 4 * 1024 * 1024 && bytes.length < 256 * 1024 * 1024, `${bytes.length} bytes`);
    const decoded = method.responseDeserialize(bytes) as {
      resource_schemas: Record<string, { block: { attributes: unknown[] } }>;
    };
    assert.equal(Object.keys(decoded.resource_schemas).length, Object.keys(catalog.resources).length);
    const [name, schema] = Object.entries(catalog.resources)[0] as [
      string,
      SchemaCatalog["resources"][string],
    ];
    assert.equal(decoded.resource_schemas[name]?.block.attributes.length, schema.block.attributes.length);
  });

  test("a value of every implied type round-trips through msgpack", () => {
    for (const d of definitions) {
      const type = definitionImpliedType(d);
      const value = sample(type, 0);
      const decoded = decodeMsgpack(type, encodeMsgpack(type, value));
      assert.ok(valueEquals(type, decoded, value), d.tfTypeName);
    }
  });

  test("the generator's provider-schema document reads back into the same attributes", () => {
    const document = JSON.parse(providerSchemaDocumentFor(providerConfigAttributes, definitions)) as {
      provider_schemas: Record<string, ProviderSchemaJson>;
    };
    const readBack = catalogFromProviderSchemaJson(
      document.provider_schemas[PROVIDER_ADDRESS] as ProviderSchemaJson,
    );
    for (const kind of ["resources", "dataSources"] as const) {
      assert.deepEqual(Object.keys(readBack[kind]).sort(), Object.keys(catalog[kind]).sort());
      for (const [name, schema] of Object.entries(catalog[kind])) {
        assert.deepEqual(readBack[kind][name]?.block, schema.block, name);
      }
    }
  });
});
