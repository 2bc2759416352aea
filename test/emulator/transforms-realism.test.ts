// The `transforms` behaviour (emulator/realism/transforms.ts) on real schemas' transforms: plain
// forms as they are, patterns the value shapes answered as a string that matches them and holds
// the value, patterns every value gives left alone. The runtime reads each answer back as the value
// sent (runtime/convert/input-forms.ts).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { propertyTransformsOf } from "../../cfn/property-transforms.js";
import { answerInDeclaredForms } from "../../emulator/realism/transforms.js";
import type { JsonObject } from "../../emulator/types.js";
import { inInputForms } from "../../runtime/convert/input-forms.js";
import { jsonDocFromPlain, jsonDocToPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";

const schemaOf = (file: string) =>
  JSON.parse(readFileSync(join(resolveSchemasDir(), file), "utf8")) as JsonObject;

async function answered(file: string, sent: JsonObject): Promise<JsonObject> {
  const schema = schemaOf(file);
  const answer = await answerInDeclaredForms(schema, sent);
  assert.deepEqual(await answerInDeclaredForms(schema, sent), answer, "the same answer on every read");
  return answer;
}

async function readBack(file: string, answer: JsonObject, sent: JsonObject): Promise<unknown> {
  const read = await inInputForms(
    propertyTransformsOf(schemaOf(file)),
    JSON.stringify(answer),
    jsonDocFromPlain(sent) as JsonDocObject,
  );
  return jsonDocToPlain(read as JsonDocObject);
}

describe("transforms realism: patterns the value shapes", () => {
  test("an ECS task role given by name is answered as a role ARN ending in that name", async () => {
    const sent = { Family: "app", TaskRoleArn: "app-role" };
    const answer = await answered("AWS_ECS_TaskDefinition.json", sent);
    assert.match(String(answer.TaskRoleArn), /^arn:aws:iam::[0-9]{12}:role\/app-role$/);
    assert.deepEqual(await readBack("AWS_ECS_TaskDefinition.json", answer, sent), sent);
  });

  test("an RDS engine version 8.0 is answered as a longer version starting with it", async () => {
    const sent = { Engine: "aurora-mysql", EngineVersion: "8.0" };
    const answer = await answered("AWS_RDS_DBCluster.json", sent);
    assert.ok(String(answer.EngineVersion).startsWith("8.0"), String(answer.EngineVersion));
    assert.notEqual(answer.EngineVersion, "8.0");
    assert.deepEqual(await readBack("AWS_RDS_DBCluster.json", answer, sent), sent);
  });

  test("a nested value whose transform is written from the root (DynamoDB SSE key) is answered as a key ARN", async () => {
    const sent = {
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      SSESpecification: { SSEEnabled: true, KMSMasterKeyId: "1234abcd-12ab-34cd-56ef-1234567890ab" },
    };
    const answer = await answered("AWS_DynamoDB_Table.json", sent);
    const key = String((answer.SSESpecification as JsonObject).KMSMasterKeyId);
    assert.match(key, /^arn:aws.*:kms:.*:[0-9]{12}:key\/1234abcd-12ab-34cd-56ef-1234567890ab$/);
    assert.deepEqual(await readBack("AWS_DynamoDB_Table.json", answer, sent), sent);
  });

  test("a pattern every value gives is no answer (DirectConnect's location)", async () => {
    const sent = { ConnectionName: "c", Bandwidth: "1Gbps", Location: "EqDC2" };
    assert.deepEqual(await answered("AWS_DirectConnect_Connection.json", sent), sent);
  });
});
