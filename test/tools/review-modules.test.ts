// review-modules: the diff of two generated trees names each changed module by its path.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { diffModuleTrees } from "../../cli/review-modules.js";

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "awscc-review-test-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test("changed, added and removed modules appear; manifest and schemas do not", () => {
  const base = tree({
    "logs/log_group_resource.ts": "a\nb\n",
    "s3/bucket_resource.ts": "same\n",
    "wafv2/web_acl_resource.ts": "gone\n",
    "manifest.json": "{}",
  });
  const work = tree({
    "logs/log_group_resource.ts": "a\nc\n",
    "s3/bucket_resource.ts": "same\n",
    "s3/bucket_singular_data_source.ts": "new\n",
    "manifest.json": "{ }",
  });
  const diff = diffModuleTrees(base, work);
  assert.match(diff, /^--- base\/logs\/log_group_resource\.ts$/m);
  assert.match(diff, /^\+\+\+ work\/logs\/log_group_resource\.ts$/m);
  assert.match(diff, /^-b$/m);
  assert.match(diff, /^\+c$/m);
  assert.match(diff, /^\+\+\+ work\/s3\/bucket_singular_data_source\.ts$/m);
  assert.match(diff, /^--- base\/wafv2\/web_acl_resource\.ts$/m);
  assert.doesNotMatch(diff, /bucket_resource\.ts|manifest/);
  assert.ok(!diff.includes(base) && !diff.includes(work), "temporary folders named");
  assert.equal(diffModuleTrees(base, base), "");
});
