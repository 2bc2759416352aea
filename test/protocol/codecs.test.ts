// The committed static codecs (protocol/codecs/) are what `npm run proto` makes from the .proto files,
// and the message named Object does not hide the global inside the generated code.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { codecFiles, withGlobalObject } from "../../protocol/codecs/generate.js";
import { loadProtocolDefinitions } from "../../protocol/proto-definitions.js";

const codecsDir = fileURLToPath(new URL("../../protocol/codecs/", import.meta.url));

test("protocol/codecs is up to date with protocol/proto (else run `npm run proto`)", () => {
  for (const [file, content] of Object.entries(codecFiles()))
    assert.ok(fs.readFileSync(path.join(codecsDir, file), "utf8") === content, `${file} is stale`);
});

test("generated calls of the global Object's functions go through $Object", () => {
  const code =
    '"use strict";\nfunction Object(p) { for (var ks = Object.keys(p); ;) {} }\nObject.prototype.x = 1;\n';
  assert.equal(
    withGlobalObject(code),
    '"use strict";\n\nvar $Object = globalThis.Object;\nfunction Object(p) { for (var ks = $Object.keys(p); ;) {} }\nObject.prototype.x = 1;\n',
  );
});

test("a Schema.Object message round-trips through the generated codecs", () => {
  const method = loadProtocolDefinitions().provider.GetProviderSchema!;
  const response = {
    provider: {
      version: 0,
      block: {
        attributes: [
          {
            name: "endpoints",
            nested_type: {
              nesting: "SINGLE",
              attributes: [{ name: "sts", type: Buffer.from('"string"'), optional: true }],
            },
            optional: true,
          },
        ],
      },
    },
  };
  const decoded = method.responseDeserialize(method.responseSerialize(response)) as {
    provider: {
      block: { attributes: { nested_type: { nesting: string; attributes: { name: string }[] } }[] };
    };
  };
  const nested = decoded.provider.block.attributes[0]!.nested_type;
  assert.equal(nested.nesting, "SINGLE");
  assert.deepEqual(
    nested.attributes.map((a) => a.name),
    ["sts"],
  );
});
