// Strings written into HCL (docs examples, the bench's blocks) and into Terraform's JSON syntax (the
// e2e configurations) are templates there: `${` and `%{` must come out doubled to stay literal. A
// replacement string in String.replace reads `$$` as one `$`, which once left them as they were.
import assert from "node:assert/strict";
import { test } from "node:test";
import { hclString } from "../../generator/docs/example-hcl.js";
import { literalTemplateText } from "../../terraform/template-text.js";

test("template introducers are doubled; a lone $ or % stays", () => {
  assert.equal(literalTemplateText("a${b}%{c}$x%y$${"), "a$${b}%%{c}$x%y$$${");
});

test("hclString escapes quotes, backslashes, newlines and template introducers", () => {
  assert.equal(hclString('say "${hi}"\\\n%{if}'), '"say \\"$${hi}\\"\\\\\\n%%{if}"');
});
