// Reading default_tags from the provider configuration: the tags map as given, nothing when unset,
// and an unknown value at configure time reported on the default_tags.tags path.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readProviderSettings } from "../../runtime/provider/settings.js";
import { makeRecord, UNKNOWN, type TfValue } from "../../terraform/values/index.js";
import { providerConfig } from "../runtime/harness.js";

const withDefaultTags = (defaultTags: TfValue): TfValue =>
  providerConfig({ region: "us-east-1", default_tags: defaultTags });

describe("default_tags settings", () => {
  test("the tags map, key by key", () => {
    const config = withDefaultTags(
      makeRecord([
        [
          "tags",
          makeRecord([
            ["env", "dev"],
            ["team", "core"],
          ]),
        ],
      ]),
    );
    const { settings, diagnostics } = readProviderSettings(config, true);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(
      [...settings.defaultTags],
      [
        ["env", "dev"],
        ["team", "core"],
      ],
    );
  });

  test("unset default_tags or unset tags: no default tags", () => {
    for (const value of [null, makeRecord([["tags", null]])]) {
      const { settings, diagnostics } = readProviderSettings(withDefaultTags(value), true);
      assert.deepEqual(diagnostics, []);
      assert.equal(settings.defaultTags.size, 0);
    }
  });

  test("unknown tags at configure: an error on default_tags.tags; at validate: no error", () => {
    const config = withDefaultTags(makeRecord([["tags", UNKNOWN]]));
    const configure = readProviderSettings(config, true);
    assert.equal(configure.diagnostics.length, 1);
    assert.deepEqual(configure.diagnostics[0]?.path, [{ attribute: "default_tags" }, { attribute: "tags" }]);
    assert.deepEqual(readProviderSettings(config, false).diagnostics, []);
  });
});
