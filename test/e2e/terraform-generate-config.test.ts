// End to end with the real Terraform CLI: importing with `terraform plan -generate-config-out`. The
// configuration Terraform writes from an imported state holds every value the service reported;
// a required value it could not report (MSK's ServerProperties, write-only) is written as null, and
// the plan then names that attribute instead of sending a create or update without it. Filled in,
// the import applies and the next plan has nothing to do.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import {
  assertNoChanges,
  assertNoContractViolation,
  ok,
  skipWithoutTerraform,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;
const SERVER_PROPERTIES = "auto.create.topics.enable=true";

const resources = `
resource "awscc_logs_log_group" "logs" {
  log_group_name    = "e2e-generated"
  retention_in_days = 7
}

resource "awscc_msk_configuration" "msk" {
  name              = "e2e-generated"
  server_properties = ${JSON.stringify(SERVER_PROPERTIES)}
}
`;

describe("import with a generated configuration", { skip }, () => {
  const workspace = useWorkspace("generate-config");

  test("values the service reports are written; a required one it does not report is named", async () => {
    const ws = workspace();
    ws.configure(resources);
    ok(await ws.run("apply", "-auto-approve"), "create");
    const state = await ws.state();
    const addresses = ["awscc_logs_log_group.logs", "awscc_msk_configuration.msk"];
    ok(await ws.run("state", "rm", ...addresses), "state rm");

    const imports = addresses
      .map((to) => `import {\n  to = ${to}\n  id = ${JSON.stringify(state[to]?.values.id)}\n}\n`)
      .join("\n");
    ws.configure(imports);
    const generate = await ws.run("plan", "-generate-config-out=generated.tf");
    assertNoContractViolation(generate);
    assert.notEqual(generate.code, 0, generate.stdout);
    assert.match(generate.stderr, /Missing Required Attribute/);
    assert.match(generate.stderr, /server_properties is required/);
    assert.doesNotMatch(generate.stderr, /log_group_name|retention_in_days/);

    const generatedFile = path.join(ws.dir, "generated.tf");
    const generated = fs.readFileSync(generatedFile, "utf8");
    assert.match(generated, /log_group_name\s+= "e2e-generated"/);
    assert.match(generated, /retention_in_days\s+= 7/);
    assert.match(generated, /server_properties\s+= null/);

    fs.writeFileSync(
      generatedFile,
      generated.replace(
        /server_properties(\s+)= null/,
        `server_properties$1= ${JSON.stringify(SERVER_PROPERTIES)}`,
      ),
    );
    const apply = ok(await ws.run("apply", "-auto-approve"), "import");
    assert.match(apply.stdout, /2 imported, 0 added, \d+ changed, 0 destroyed/);
    await assertNoChanges(ws);
    ok(await ws.run("destroy", "-auto-approve"), "destroy");
    assert.deepEqual(ws.emulator.control.listResources(), []);
  });
});
