// JSON-string attributes at `terraform validate`: text that is not JSON is reported at any depth
// (even while other values are unknown), and a known document that breaks its CloudFormation schema
// is reported at the Terraform path of the attribute followed by the pointer inside the document.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CloudControlBackend } from "../../runtime/provider/cloudcontrol-backend.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { DesiredStateSchemaValidator } from "../../runtime/validate/desired-state-schema.js";
import { hasJsonStrings, invalidJsonStrings } from "../../runtime/validate/json-strings.js";
import { locatePointer } from "../../runtime/validate/schema-pointer.js";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import { formatPath, makeRecord, type TfValue, UNKNOWN } from "../../terraform/values/index.js";
import type { Diagnostic } from "../../terraform/provider-backend.js";
import { definitionOf } from "./fixtures.js";
import { loadResource } from "./harness.js";

type Plain = TfValue | Plain[] | { [name: string]: Plain };

/** A configuration value from plain JS: objects become records with every attribute, unset ones null. */
function configOf(attributes: Attributes, values: Record<string, Plain>): TfValue {
  return makeRecord(
    Object.entries(attributes).map(([name, attribute]) => {
      const type = attribute.type;
      const value = values[name] ?? null;
      const nested = (item: Plain): TfValue =>
        "attributes" in type && item !== null && item !== UNKNOWN
          ? configOf(type.attributes, item as Record<string, Plain>)
          : (item as TfValue);
      if (Array.isArray(value) && (type.kind === "listNested" || type.kind === "setNested"))
        return [name, value.map(nested)];
      if (type.kind === "object" && value !== null && typeof value === "object" && !Array.isArray(value))
        return [name, nested(value as Plain)];
      return [name, value as TfValue];
    }),
  );
}

const show = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${d.path ? formatPath(d.path) : "-"} | ${d.detail ?? ""}`);

const fixture = definitionOf({
  name: a.string("Name", { required: true }),
  policy: a.json("Policy", { optional: true }),
  statements: a.listNested(
    "Statements",
    { optional: true },
    { document: a.json("Document", { optional: true }) },
  ),
  labels: a.setNested("Labels", { optional: true }, { document: a.json("Document", { optional: true }) }),
  by_name: a.map("ByName", a.elem.json, { optional: true }),
  plain: a.object("Plain", { optional: true }, { text: a.string("Text", { optional: true }) }),
});

describe("JSON-string values that are not JSON", () => {
  const check = (values: Record<string, Plain>) =>
    show(invalidJsonStrings(fixture.attributes, configOf(fixture.attributes, values)));

  test("found at any depth, pointing at the attribute; valid documents and unknowns pass", () => {
    const found = check({
      name: UNKNOWN,
      policy: "{not json",
      statements: [{ document: '{"ok": true}' }, { document: UNKNOWN }, { document: "[1," }],
      labels: [{ document: "nope" }],
      by_name: makeRecord([
        ["good", "{}"],
        ["bad", "{'single': 1}"],
      ]),
      plain: { text: "{not json but not a JSON attribute" },
    });
    assert.deepEqual(
      found.map((line) => line.replace(/ \(.*\)\.$/, "")),
      [
        "policy | policy: the value is not a JSON document",
        "statements[2].document | statements[2].document: the value is not a JSON document",
        "labels | labels: the value is not a JSON document",
        'by_name["bad"] | by_name["bad"]: the value is not a JSON document',
      ],
    );
    assert.deepEqual(check({ name: "x", policy: '{"Version": "2012-10-17"}', statements: UNKNOWN }), []);
  });

  test("which definitions have JSON strings at all", () => {
    assert.equal(hasJsonStrings(fixture.attributes), true);
    assert.equal(hasJsonStrings({ name: a.string("Name", { required: true }) }), false);
    assert.equal(
      hasJsonStrings({
        deep: a.listNested("Deep", { optional: true }, { m: a.map("M", a.elem.json, { optional: true }) }),
      }),
      true,
    );
  });
});

describe("desired-state pointers back to Terraform paths", () => {
  test("a pointer into a JSON document keeps its rest", () => {
    const at = (pointer: string, value?: TfValue) => {
      const location = locatePointer(fixture.attributes, pointer, value);
      return `${formatPath(location.path)} | ${location.insideJson ?? "-"}`;
    };
    assert.equal(
      at("/Statements/1/Document/Statement/0/Effect"),
      "statements[1].document | /Statement/0/Effect",
    );
    assert.equal(at("/Policy"), "policy | ");
    assert.equal(at("/Policy/a~1b/c~0d"), "policy | /a~1b/c~0d");
    assert.equal(at("/Labels/0/Document/x"), "labels | -");
    assert.equal(at("/ByName/k/x"), 'by_name["k"] | /x');
    assert.equal(at("/Plain/Text"), "plain.text | -");
  });

  test("array indexes skip the elements the desired state leaves out (null, unknown, nothing set)", () => {
    const value = configOf(fixture.attributes, {
      statements: [{ document: "{}" }, null, UNKNOWN, { document: null }, { document: "{}" }],
    });
    const location = locatePointer(fixture.attributes, "/Statements/1/Document/x", value);
    assert.equal(formatPath(location.path), "statements[4].document");
    assert.equal(location.insideJson, "/x");
  });
});

describe("WAFv2 WebACL: a statement cut to JSON by recursion, checked against its schema", () => {
  const validator = new DesiredStateSchemaValidator(directorySchemaSource());
  let webAcl: ResourceDefinition;
  const config = (statement: string, extra: Record<string, Plain> = {}): TfValue =>
    configOf(webAcl.attributes, {
      name: "acl",
      scope: "REGIONAL",
      default_action: { allow: allowWithHeader },
      visibility_config: {
        cloudwatch_metrics_enabled: false,
        metric_name: "acl",
        sampled_requests_enabled: false,
      },
      rules: [
        {
          name: "not-bad-bots",
          priority: 1,
          action: { allow: allowWithHeader },
          visibility_config: {
            cloudwatch_metrics_enabled: false,
            metric_name: "r",
            sampled_requests_enabled: false,
          },
          statement: { not_statement: { statement } },
        },
      ],
      ...extra,
    });
  // An object with nothing set is not sent at all, so the actions carry a header.
  const allowWithHeader = { custom_request_handling: { insert_headers: [{ name: "x-acl", value: "1" }] } };
  const broken = JSON.stringify({
    ByteMatchStatement: { SearchString: "bot", PositionalConstraint: "CONTAINS" },
  });
  const valid = JSON.stringify({
    ByteMatchStatement: {
      SearchString: "bot",
      PositionalConstraint: "CONTAINS",
      FieldToMatch: { UriPath: {} },
      TextTransformations: [{ Priority: 0, Type: "NONE" }],
    },
  });

  test("wholly known: the error names the Terraform path and the pointer inside the document", async () => {
    webAcl = await loadResource("awscc_wafv2_web_acl");
    assert.deepEqual(show(await validator.validate(webAcl, config(valid))), []);
    const found = show(await validator.validate(webAcl, config(broken)));
    assert.deepEqual(found, [
      "rules[0].statement.not_statement.statement | The desired state for AWS::WAFv2::WebACL does not satisfy its CloudFormation schema at rules[0].statement.not_statement.statement at /ByteMatchStatement/FieldToMatch: required property FieldToMatch is missing",
      "rules[0].statement.not_statement.statement | The desired state for AWS::WAFv2::WebACL does not satisfy its CloudFormation schema at rules[0].statement.not_statement.statement at /ByteMatchStatement/TextTransformations: required property TextTransformations is missing",
    ]);
  });

  test("other values unknown: the known document is still checked, nothing about its surroundings", async () => {
    webAcl = await loadResource("awscc_wafv2_web_acl");
    // Scope (schema-required) is left out: while the description is unknown only the document's own
    // errors are reported, not the missing scope, which the wholly known check reports.
    const partial = config(broken, { description: UNKNOWN, scope: null });
    const found = show(await validator.validate(webAcl, partial));
    assert.equal(found.length, 2, found.join("\n"));
    assert.ok(found.every((line) => line.startsWith("rules[0].statement.not_statement.statement | ")));
    assert.deepEqual(
      show(await validator.validate(webAcl, config(valid, { description: UNKNOWN, scope: null }))),
      [],
    );
    // The same incomplete configuration, wholly known, is reported for the missing scope too.
    const complete = show(await validator.validate(webAcl, config(broken, { scope: null })));
    assert.ok(
      complete.some((line) => line.startsWith("scope | ")),
      complete.join("\n"),
    );
  });

  test("ValidateResourceConfig reports text that is not JSON and schema errors inside documents", async () => {
    webAcl = await loadResource("awscc_wafv2_web_acl");
    const backend = new CloudControlBackend();
    const validate = async (value: TfValue) =>
      show(
        (
          await backend.validateResourceConfig({
            typeName: webAcl.tfTypeName,
            definition: webAcl,
            config: value,
            clientCapabilities: { deferralAllowed: false, writeOnlyAttributesAllowed: false },
          })
        ).diagnostics ?? [],
      );
    const notJson = await validate(config('{"ByteMatchStatement": ', { description: UNKNOWN }));
    assert.equal(notJson.length, 1, notJson.join("\n"));
    assert.match(
      notJson[0] as string,
      /^rules\[0\]\.statement\.not_statement\.statement \| rules\[0\]\.statement\.not_statement\.statement: the value is not a JSON document/,
    );
    const schemaErrors = await validate(config(broken, { description: UNKNOWN }));
    assert.equal(schemaErrors.length, 2, schemaErrors.join("\n"));
    assert.match(
      schemaErrors[0] as string,
      /not_statement\.statement at \/ByteMatchStatement\/FieldToMatch: required/,
    );
    assert.deepEqual(await validate(config(valid, { description: UNKNOWN })), []);
  });
});
