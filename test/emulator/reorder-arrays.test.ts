// The `reorderArrays` switch: GetResource answers every array the schema marks insertionOrder false
// reversed (at any depth), other arrays and the stored object as they are. Set through the
// in-process control, the HTTP control API or the start options.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { ListResourcesCommand } from "@aws-sdk/client-cloudcontrol";
import { reverseUnorderedArrays } from "../../emulator/realism/order.js";
import { getProperties, type Harness, startHarness } from "./helpers.js";

const STAGE = "AWS::ApiGateway::Stage";
const stage = {
  RestApiId: "api123",
  StageName: "prod",
  MethodSettings: [
    { HttpMethod: "GET", ResourcePath: "/a", ThrottlingBurstLimit: 1 },
    { HttpMethod: "PUT", ResourcePath: "/b", ThrottlingBurstLimit: 2 },
  ],
  CanarySettings: { StageVariableOverrides: { x: "1" }, PercentTraffic: 5 },
  Tags: [
    { Key: "b", Value: "2" },
    { Key: "a", Value: "1" },
    { Key: "c", Value: "3" },
  ],
};
const IDENTIFIER = "api123|prod";

describe("reorderArrays", () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());
  beforeEach(() => {
    harness.emulator.control.reset();
    harness.emulator.control.setConfig({ reorderArrays: false });
    harness.emulator.control.putResource(STAGE, IDENTIFIER, stage);
  });

  test("off by default: reads answer the stored order", async () => {
    assert.equal(harness.emulator.control.getConfig().reorderArrays, false);
    assert.deepEqual(await getProperties(harness.client, STAGE, IDENTIFIER), stage);
  });

  test("on: unordered arrays reversed in GetResource; ListResources shows identifiers only; the stored object unchanged", async () => {
    const { client, emulator } = harness;
    assert.equal(emulator.control.setConfig({ reorderArrays: true }).reorderArrays, true);
    const reversed = {
      ...stage,
      MethodSettings: [...stage.MethodSettings].reverse(),
      Tags: [...stage.Tags].reverse(),
    };
    assert.deepEqual(await getProperties(client, STAGE, IDENTIFIER), reversed);
    const listed = await client.send(
      new ListResourcesCommand({ TypeName: STAGE, ResourceModel: JSON.stringify({ RestApiId: "api123" }) }),
    );
    assert.deepEqual(JSON.parse(listed.ResourceDescriptions?.[0]?.Properties ?? "null"), {
      RestApiId: "api123",
      StageName: "prod",
    });
    assert.deepEqual(emulator.control.getResource(STAGE, IDENTIFIER)?.properties, stage);
  });

  test("the HTTP control API sets it and refuses what is not a boolean", async () => {
    const config = (body: unknown) =>
      fetch(`${harness.emulator.url}/_emulator/config`, { method: "PATCH", body: JSON.stringify(body) });
    const ok = await config({ reorderArrays: true });
    assert.equal(ok.status, 200);
    assert.equal(((await ok.json()) as { reorderArrays: boolean }).reorderArrays, true);
    const bad = await config({ reorderArrays: "yes" });
    assert.equal(bad.status, 400);
    assert.equal(harness.emulator.control.getConfig().reorderArrays, true);
  });

  test("only arrays marked insertionOrder false reverse, at any depth, whatever their elements", () => {
    const schema = {
      definitions: {
        Rule: {
          type: "object",
          properties: {
            Ports: { type: "array", insertionOrder: false, items: { type: "integer" } },
            Steps: { type: "array", insertionOrder: true, items: { type: "string" } },
          },
        },
      },
      properties: {
        Rules: { type: "array", insertionOrder: false, items: { $ref: "#/definitions/Rule" } },
        Ordered: { type: "array", insertionOrder: true, items: { $ref: "#/definitions/Rule" } },
        Unmarked: { type: "array", items: { type: "object" } },
      },
    };
    const rule = (n: number) => ({ Ports: [n, n + 1], Steps: ["a", "b"] });
    assert.deepEqual(
      reverseUnorderedArrays(schema, {
        Rules: [rule(1), rule(10)],
        Ordered: [rule(1), rule(10)],
        Unmarked: [{ n: 1 }, { n: 2 }],
      }),
      {
        Rules: [
          { Ports: [11, 10], Steps: ["a", "b"] },
          { Ports: [2, 1], Steps: ["a", "b"] },
        ],
        Ordered: [
          { Ports: [2, 1], Steps: ["a", "b"] },
          { Ports: [11, 10], Steps: ["a", "b"] },
        ],
        Unmarked: [{ n: 1 }, { n: 2 }],
      },
    );
  });
});

describe("reorderArrays as a start option", () => {
  test("startEmulator({ reorderArrays: true }) starts with it on", async () => {
    const harness = await startHarness({ reorderArrays: true });
    try {
      assert.equal(harness.emulator.control.getConfig().reorderArrays, true);
    } finally {
      await harness.close();
    }
  });
});
