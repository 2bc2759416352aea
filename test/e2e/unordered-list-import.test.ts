// End to end with the real Terraform CLI: an unordered nested list (insertionOrder false) that the
// service answers sorted, with a member the configuration leaves out filled in by the service
// differently per element. Terraform's own proposed new state fills those members from the prior
// element at the same position, so after an import (prior in the service's order) the provider must
// pair the elements itself for the plan to be empty (runtime/plan/unordered-list.ts).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import type { JsonObject } from "../../emulator/types.js";
import {
  assertNoChanges,
  ok,
  skipWithoutTerraform,
  type TerraformWorkspace,
  useWorkspace,
} from "./harness.js";

const TYPE = "AWS::EntityResolution::SchemaMapping";

const configuration = `
resource "awscc_entityresolution_schema_mapping" "people" {
  schema_name = "people"
  mapped_input_fields = [
    { field_name = "zfirst", type = "NAME_FIRST" },
    { field_name = "mmiddle", type = "NAME_MIDDLE" },
    { field_name = "alast", type = "NAME_LAST" },
  ]
}
`;

/** Creates the schema mapping, lets the service choose Hashed per field, then imports it. */
async function importInServiceOrder(ws: TerraformWorkspace): Promise<void> {
  ws.configure(configuration);
  ok(await ws.run("apply", "-auto-approve"), "create");
  // The service's own values for Hashed, which the configuration leaves out.
  const stored = ws.emulator.control.getResource(TYPE, "people");
  assert.ok(stored);
  const hashed: Record<string, boolean> = { zfirst: true, alast: false };
  const fields = (stored.properties.MappedInputFields as JsonObject[]).map((field) => {
    const value = hashed[String(field.FieldName)];
    return value === undefined ? field : { ...field, Hashed: value };
  });
  ws.emulator.control.driftUpdate(TYPE, "people", {
    properties: { ...stored.properties, MappedInputFields: fields },
  });

  ok(await ws.run("state", "rm", "awscc_entityresolution_schema_mapping.people"), "state rm");
  fs.writeFileSync(
    path.join(ws.dir, "imports.tf"),
    'import {\n  to = awscc_entityresolution_schema_mapping.people\n  id = "people"\n}\n',
  );
  const plan = ok(await ws.run("plan", "-no-color"), "plan the import");
  assert.match(plan.stdout, /Plan: 1 to import, 0 to add, 0 to change, 0 to destroy/, plan.stdout);
  ok(await ws.run("apply", "-auto-approve"), "import");
  fs.rmSync(path.join(ws.dir, "imports.tf"));
}

describe(
  "terraform import of an unordered nested list the service sorts and fills in",
  { skip: skipWithoutTerraform },
  () => {
    // The service answers insertionOrder-false arrays sorted by their JSON text.
    const workspace = useWorkspace("unordered-list-import", { realism: ["order"] });

    test("import: the plan imports and changes nothing", async () => {
      const ws = workspace();
      await importInServiceOrder(ws);
      await assertNoChanges(ws);
    });
  },
);

describe(
  "terraform: a change to one element of an imported unordered nested list",
  { skip: skipWithoutTerraform },
  () => {
    const workspace = useWorkspace("unordered-list-change", { realism: ["order"] });

    test("Terraform accepts the plan, which sets that member only; every other field keeps its own Hashed", async () => {
      const ws = workspace();
      await importInServiceOrder(ws);
      ws.configure(configuration.replace('type = "NAME_FIRST" }', 'type = "NAME_FIRST", hashed = false }'));
      const plan = ok(await ws.run("plan", "-out=tfplan"), "plan the change");
      assert.match(plan.stdout, /Plan: 0 to add, 1 to change, 0 to destroy/, plan.stdout);
      const shown = ok(await ws.run("show", "-json", "tfplan"), "show the plan");
      const change = (JSON.parse(shown.stdout) as { resource_changes: { change: { after: JsonObject } }[] })
        .resource_changes[0]?.change.after;
      const after = (change?.mapped_input_fields ?? []) as JsonObject[];
      assert.deepEqual(
        Object.fromEntries(after.map((f) => [f.field_name, "hashed" in f ? f.hashed : "known after apply"])),
        // mmiddle has none from the service: unknown, as any unset computed value in an update.
        { zfirst: false, mmiddle: "known after apply", alast: false },
        "alast keeps its own false (before the fix: zfirst's true, by position)",
      );
      ok(await ws.run("apply", "tfplan"), "apply the change");
    });
  },
);
