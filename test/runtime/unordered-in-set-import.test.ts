// An unordered list inside a set element, after an import: the service gives it back in its own
// order and no prior says the user's, so the plan pairs the configured element with the imported
// one although the list's order differs, and keeps the imported order (no change, and no
// replacement of the createOnly set). awscc_ecs_task_definition.container_definitions[*].secrets.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fromModel } from "../../runtime/convert/from-cfn.js";
import { jsonDocFromPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isRecord } from "../../terraform/values/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

describe("unordered list inside a set element, imported", () => {
  let h: RuntimeHarness;
  let taskDefinition: ResourceDefinition;
  before(async () => {
    h = await startRuntime();
    taskDefinition = await loadResource("awscc_ecs_task_definition");
  });
  after(async () => {
    await h.close();
  });

  test("the configured order of ContainerDefinitions[*].Secrets plans no change after an import", async () => {
    const model = {
      Family: "web",
      ContainerDefinitions: [
        {
          Name: "c1",
          Image: "nginx",
          Memory: 128,
          Secrets: [
            { Name: "Z", ValueFrom: "arn:aws:ssm:us-east-1:123456789012:parameter/z" },
            { Name: "A", ValueFrom: "arn:aws:ssm:us-east-1:123456789012:parameter/a" },
          ],
        },
      ],
    };
    const sim = h.sim(taskDefinition);
    const config = fromModel(taskDefinition.attributes, jsonDocFromPlain(model) as JsonDocObject);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "");
    const id = isRecord(created.state) ? created.state.id : undefined;
    assert.equal(typeof id, "string");

    // The service now answers unordered arrays in its own order (reversed), and the import has no prior.
    h.emulator.control.setConfig({ reorderArrays: true });
    const imported = await sim.importId(id as string);
    assert.equal(errorsOf(imported.diagnostics), "");
    const plan = await sim.plan(config, imported.state);
    assert.equal(errorsOf(plan.diagnostics), "");
    assert.deepEqual(plan.requiresReplace, []);
    assert.equal(plan.action, "noop");
  });
});
