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
import { assertNoChanges, ok, skipWithoutTerraform, useWorkspace } from "./harness.js";

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

describe(
  "terraform import of an unordered nested list the service sorts and fills in",
  { skip: skipWithoutTerraform },
  () => {
    // The service answers insertionOrder-false arrays sorted by their JSON text.
    const workspace = useWorkspace("unordered-list-import", { realism: ["order"] });

    test("import: the plan imports and changes nothing", async () => {
      const ws = workspace();
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
      await assertNoChanges(ws);
    });
  },
);
