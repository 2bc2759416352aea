// sampleValue (the `defaults` behaviour's values): objects get their required members only, and an
// object with members of which none is required gets no sample at all, at any depth.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inMemorySchemaSource } from "../../cfn/schema-source.js";
import { sampleValue } from "../../emulator/realism/sample-value.js";
import { TypeRegistry } from "../../emulator/schema/type-registry.js";
import type { JsonObject } from "../../emulator/types.js";

const TYPE = "Test::Sample::Rule";
const schema: JsonObject = {
  typeName: TYPE,
  additionalProperties: false,
  definitions: {
    // AWS::IoT::TopicRule's shape: a required object whose members are all optional.
    Variant: { type: "object", additionalProperties: false, properties: { StringValue: { type: "string" } } },
    Entry: {
      type: "object",
      additionalProperties: false,
      properties: { Value: { $ref: "#/definitions/Variant" }, Quality: { type: "string" } },
      required: ["Value"],
    },
    Named: {
      type: "object",
      additionalProperties: false,
      properties: { Name: { type: "string" }, Note: { type: "string" } },
      required: ["Name"],
    },
  },
  properties: {
    Id: { type: "string" },
    Entry: { $ref: "#/definitions/Entry" },
    Variant: { $ref: "#/definitions/Variant" },
    Named: { $ref: "#/definitions/Named" },
  },
  primaryIdentifier: ["/properties/Id"],
  readOnlyProperties: ["/properties/Id"],
};
const type = new TypeRegistry(inMemorySchemaSource([schema])).find(TYPE)!;
const ctx = { accountId: "123456789012", region: "us-east-1", now: Date.UTC(2026, 0, 1), random: () => 0.5 };
const sample = (name: string): unknown => {
  const properties = schema.properties as Record<string, JsonObject>;
  const ref = String(properties[name]!.$ref).split("/").pop()!;
  const node = (schema.definitions as Record<string, JsonObject>)[ref]!;
  return sampleValue({ type, name, node, ctx, collections: false });
};

test("an object gets its required members only", () => {
  const named = sample("Named") as JsonObject;
  assert.deepEqual(Object.keys(named), ["Name"]);
});

test("an object none of whose members is required gets no sample, nor does one that requires it", () => {
  assert.equal(sample("Variant"), undefined);
  assert.equal(
    sample("Entry"),
    undefined,
    "no `{ Value: {} }`: an empty required object is no service's answer",
  );
});
