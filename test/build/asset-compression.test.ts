// Which embedded assets the build stores brotli-compressed: the ones read per type on first use,
// never the schema response every start reads (provider/assets.ts holds the rule).
import assert from "node:assert/strict";
import { test } from "node:test";
import { isCompressedAsset } from "../../provider/assets.js";

test("generated modules and model schemas are stored compressed; the start-up assets are not", () => {
  assert.equal(isCompressedAsset("generated/logs/log_group_resource.js"), true);
  assert.equal(isCompressedAsset("cfn-schema/AWS::Logs::LogGroup"), true);
  for (const name of [
    "provider-schema.pb",
    "tfplugin6.json",
    "identity-catalog.json",
    "provider-schema.json",
  ])
    assert.equal(isCompressedAsset(name), false, name);
});
