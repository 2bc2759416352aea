// End to end with the real Terraform CLI: a list of key-value objects inside a list element (S3
// lifecycle rule tag filters, written in non-alphabetical order) settles after apply, whether the
// service answers arrays as stored or reversed.
import { describe, test } from "node:test";
import { assertNoChanges, ok, skipWithoutTerraform, useWorkspace } from "./harness.js";

const bucket = (name: string) => `
resource "awscc_s3_bucket" "b" {
  bucket_name = "${name}"
  lifecycle_configuration = {
    rules = [{
      id                 = "expire-tagged"
      status             = "Enabled"
      expiration_in_days = 30
      tag_filters = [
        { key = "team", value = "a" },
        { key = "env", value = "b" },
      ]
    }]
  }
}
`;

describe("terraform on nested key-value lists", { skip: skipWithoutTerraform }, () => {
  const workspace = useWorkspace("nested-list-order");

  for (const reorder of [false, true]) {
    test(`S3 bucket lifecycle tag_filters: no changes after apply (service ${reorder ? "reverses arrays" : "keeps order"})`, async () => {
      const ws = workspace();
      ws.emulator.control.setConfig({ reorderArrays: reorder });
      ws.configure(bucket(`e2e-tag-filters-${reorder ? "reversed" : "kept"}`));
      ok(await ws.run("apply", "-auto-approve"), "apply");
      await assertNoChanges(ws);
    });
  }
});
