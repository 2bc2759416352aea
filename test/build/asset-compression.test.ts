// Which embedded assets the build packs by service and compresses: the ones read per type on first
// use, never the schema response every start reads (provider/assets.ts holds the rule).
import assert from "node:assert/strict";
import { test } from "node:test";
import { assetPackOf, packAssetName } from "../../provider/assets.js";

test("generated modules are packed by service folder, model schemas and validators by CloudFormation service", () => {
  assert.equal(assetPackOf("generated/logs/log_group_resource.js"), "generated/logs");
  assert.equal(assetPackOf("generated/logs/log_group_plural_data_source.js"), "generated/logs");
  assert.equal(assetPackOf("cfn-schema/AWS::Logs::LogGroup"), "cfn-schema/AWS::Logs");
  assert.equal(assetPackOf("cfn-validator/AWS::Logs::LogGroup"), "cfn-validator/AWS::Logs");
  assert.equal(packAssetName("generated/logs"), "generated/logs.pack.br");
});

test("the start-up assets are stored as they are", () => {
  for (const name of ["provider-schema.pb", "identity-catalog.json", "provider-schema.json"])
    assert.equal(assetPackOf(name), undefined, name);
});
