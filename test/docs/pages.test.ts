// Golden-free structure checks of the Registry pages for a few real types and the fixture schemas:
// front matter, sections, groups against the attribute flags, nested anchors, example HCL, import ID.
import assert from "node:assert/strict";
import path from "node:path";
import { describe, test } from "node:test";
import { repoRoot } from "../../cfn/paths.js";
import { typePages } from "../../generator/docs/doc-set.js";
import { typeLabel } from "../../generator/docs/schema-markdown.js";
import { planForDocs } from "../../generator/docs/write-docs.js";
import type { PlannedType } from "../../generator/pipeline/plan.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { expectedGroup, nestedPaths, parsePage } from "./page-structure.js";

const realPlan = planForDocs({
  only: ["AWS::Logs::LogGroup", "AWS::EC2::FlowLog", "AWS::ApiGateway::Stage"],
});
const fixturePlan = planForDocs({ schemasDir: path.join(repoRoot, "test/fixtures/schemas") });

function planned(plan: typeof realPlan, cfnTypeName: string): PlannedType {
  const t = plan.types.find((x) => x.model.cfnTypeName === cfnTypeName);
  assert.ok(t, cfnTypeName);
  return t;
}

function resourceOf(t: PlannedType): ResourceDefinition {
  const r = t.definitions.find((d): d is ResourceDefinition => d.kind === "resource");
  assert.ok(r, `${t.model.cfnTypeName} has a resource`);
  return r;
}

function pageText(t: PlannedType, relative: string): string {
  const p = typePages(t).find((x) => x.path === relative);
  assert.ok(
    p,
    `${relative} among ${typePages(t)
      .map((x) => x.path)
      .join(", ")}`,
  );
  return p.text;
}

/** Every top-level attribute sits in its flag's group, once; nested links and anchors pair up. */
function checkSchema(text: string, attributes: Attributes): void {
  const page = parsePage(text);
  const listed = Object.entries(page.groups).flatMap(([g, names]) => names.map((n) => [n, g]));
  assert.deepEqual(
    Object.fromEntries(listed),
    Object.fromEntries(Object.entries(attributes).map(([n, a]) => [n, expectedGroup(a)])),
  );
  assert.equal(listed.length, Object.keys(attributes).length, "no attribute listed twice");
  for (const [name, label] of Object.entries(page.labels)) {
    assert.equal(label.replace(", Deprecated", ""), typeLabel(attributes[name]!.type), name);
  }
  const expected = nestedPaths(attributes).sort();
  assert.deepEqual([...page.nestedTitles].sort(), expected);
  assert.deepEqual(
    [...page.anchors].sort(),
    expected.map((p) => `nestedatt--${p.split(".").join("--")}`),
  );
  assert.deepEqual([...new Set(page.links)].sort(), [...page.anchors].sort(), "every anchor is linked");
}

function checkResourcePage(t: PlannedType, importId: string): void {
  const r = resourceOf(t);
  const text = pageText(t, `resources/${r.tfTypeName.replace(/^awscc_/, "")}.md`);
  const page = parsePage(text);
  assert.equal(page.frontMatter.page_title, `${r.tfTypeName} Resource - terraform-provider-awscc`);
  assert.equal(page.frontMatter.subcategory, t.model.names.service);
  assert.ok((page.frontMatter.description ?? "").length > 0, "front matter description");
  assert.equal(page.heading, `${r.tfTypeName} (Resource)`);
  assert.deepEqual(page.sections, ["Example Usage", "Schema", "Import"]);
  checkSchema(text, r.attributes);

  const example = page.codeBlocks[0]!;
  assert.equal(example.language, "terraform");
  assert.match(example.body, new RegExp(`^resource "${r.tfTypeName}" "example" \\{`));
  for (const [name, a] of Object.entries(r.attributes)) {
    if (a.required) assert.match(example.body, new RegExp(`^  ${name} +=`, "m"), `example sets ${name}`);
    else
      assert.doesNotMatch(example.body, new RegExp(`^  ${name} +=`, "m"), `example omits optional ${name}`);
  }
  const importBlock = page.codeBlocks.find((b) => b.body.startsWith("import {"));
  assert.equal(importBlock?.body, `import {\n  to = ${r.tfTypeName}.example\n  id = "${importId}"\n}`);
  const command = page.codeBlocks.find((b) => b.language === "shell");
  assert.equal(command?.body, `$ terraform import ${r.tfTypeName}.example "${importId}"`);
}

describe("real types", () => {
  test("AWS::Logs::LogGroup: no required attribute, nested tags, import by log_group_name", () => {
    const t = planned(realPlan, "AWS::Logs::LogGroup");
    checkResourcePage(t, "<log_group_name>");
    const page = parsePage(pageText(t, "resources/logs_log_group.md"));
    assert.equal(page.labels.tags, "Attributes Set");
    assert.equal(page.labels.retention_in_days, "Number");
    assert.deepEqual(page.groups.Required, undefined, "no Required group when nothing is required");
  });

  test("AWS::EC2::FlowLog: the Id property is flow_log_id, in the import ID and the data source example", () => {
    const t = planned(realPlan, "AWS::EC2::FlowLog");
    checkResourcePage(t, "<flow_log_id>");
    const singular = pageText(t, "data-sources/ec2_flow_log.md");
    const page = parsePage(singular);
    assert.equal(page.heading, "awscc_ec2_flow_log (Data Source)");
    assert.deepEqual(page.groups.Required, ["id"]);
    assert.ok(page.groups["Read-Only"]?.includes("flow_log_id"));
    assert.match(page.codeBlocks[0]!.body, /^ {2}id = "<flow_log_id>"$/m);
    const singularDef = t.definitions.find((d) => d.kind === "singularDataSource");
    assert.ok(singularDef && singularDef.kind === "singularDataSource");
    checkSchema(singular, singularDef.attributes);
  });

  test("AWS::ApiGateway::Stage: a compound identifier joins its parts with |", () => {
    const t = planned(realPlan, "AWS::ApiGateway::Stage");
    checkResourcePage(t, "<rest_api_id>|<stage_name>");
    assert.match(
      pageText(t, "resources/apigateway_stage.md"),
      /`rest_api_id` and `stage_name`, joined with `\|`/,
    );
  });

  test("plural data source: id and ids, read-only", () => {
    const page = parsePage(pageText(planned(realPlan, "AWS::EC2::FlowLog"), "data-sources/ec2_flow_logs.md"));
    assert.deepEqual(page.groups, { "Read-Only": ["id", "ids"] });
    assert.deepEqual(page.labels, { id: "String", ids: "Set of String" });
    assert.match(page.codeBlocks[0]!.body, /^data "awscc_ec2_flow_logs" "example" \{/);
  });
});

describe("fixture schemas", () => {
  test("Widget: nested sections breadth-first, nested-in-nested anchor, deprecated label", () => {
    const t = planned(fixturePlan, "AWS::Fixture::Widget");
    checkResourcePage(t, "<widget_id>");
    const text = pageText(t, "resources/fixture_widget.md");
    const page = parsePage(text);
    assert.deepEqual(page.nestedTitles, [
      "settings",
      "tags",
      "timeouts",
      "tree",
      "tags_all",
      "settings.window",
    ]);
    assert.ok(page.anchors.includes("nestedatt--settings--window"));
    assert.equal(page.labels.old, "String, Deprecated");
    assert.equal(page.labels.labels, "Map of String");
    assert.equal(page.labels.subnets, "List of String");
  });

  test("Link: two required identifiers, no list handler so no plural page", () => {
    const t = planned(fixturePlan, "AWS::Fixture::Link");
    checkResourcePage(t, "<widget_id>|<peer_id>");
    assert.deepEqual(
      typePages(t).map((p) => p.path),
      ["resources/fixture_link.md", "data-sources/fixture_link.md"],
    );
    const example = parsePage(pageText(t, "resources/fixture_link.md")).codeBlocks[0]!.body;
    assert.equal(
      example,
      'resource "awscc_fixture_link" "example" {\n  peer_id   = "example"\n  widget_id = "example"\n}',
    );
  });
});
