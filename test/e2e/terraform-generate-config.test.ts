// End to end with the real Terraform CLI: importing objects made outside Terraform with `terraform
// plan -generate-config-out`. The configuration Terraform writes from the imported state holds every
// value the service reported;
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

const MSK_ARN =
  "arn:aws:kafka:us-east-1:123456789012:configuration/e2e-generated/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0-1";

describe("import with a generated configuration", { skip }, () => {
  // The whole schema here, as users get it by default: the other scenarios serve only their types
  // (harness.ts, everyType), and `terraform providers schema -json` checks the whole schema itself.
  const workspace = useWorkspace("generate-config", { everyType: true });

  test("values the service reports are written; a required one it does not report is named", async () => {
    const ws = workspace();
    // Objects made outside Terraform, as imports usually find them.
    const control = ws.emulator.control;
    control.putResource("AWS::Logs::LogGroup", "e2e-generated", {
      LogGroupName: "e2e-generated",
      RetentionInDays: 7,
    });
    control.putResource("AWS::MSK::Configuration", MSK_ARN, {
      Arn: MSK_ARN,
      Name: "e2e-generated",
      ServerProperties: SERVER_PROPERTIES,
    });
    ws.configure(`
import {
  to = awscc_logs_log_group.logs
  id = "e2e-generated"
}

import {
  to = awscc_msk_configuration.msk
  id = "${MSK_ARN}"
}
`);
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
    assert.ok(control.calls({ operation: "GetResource" }).length > 0, "the imports read the objects");
    assert.deepEqual(control.calls({ operation: "CreateResource" }), []);
  });
});
