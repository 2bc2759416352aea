// JSON text standing for a structured schema part (a recursive definition cut into a JSON string)
// follows the structured attributes' rule: a member holding `[]` means the same as an absent one.
// Free-form JSON keeps every member. The rule pure, then WAFv2 RuleGroup's rule statements through
// the emulator's `empties` realism: the service answers `[]` for a list never set inside a
// statement and leaves out an empty one sent; neither is a diff, a real change still is.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CloudControlClient, GetResourceCommand } from "@aws-sdk/client-cloudcontrol";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import { emptyTreatment } from "../../emulator/realism/empties.js";
import { TypeRegistry } from "../../emulator/schema/type-registry.js";
import { canonicalJson, parseJsonDoc } from "../../runtime/convert/json-doc.js";
import { canonicalJsonText, jsonTextsEquivalent } from "../../runtime/convert/json-string.js";
import { sameMeaning } from "../../runtime/convert/prior-spelling.js";
import { withoutEmptyListMembers } from "../../runtime/convert/structured-json.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { definitionImpliedType, type TfRecord, valueEquals } from "../../terraform/values/index.js";
import { objectOf } from "./fixtures.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const without = (text: string): string => canonicalJson(withoutEmptyListMembers(parseJsonDoc(text)));

describe("structured JSON: a member holding [] is an absent member (pure)", () => {
  test("members holding [] are left out at any depth, inside arrays too; nothing else is", () => {
    assert.equal(without('{"a":[],"b":1}'), '{"b":1}');
    assert.equal(without('{"s":[{"x":{"l":[]},"y":[1]}]}'), '{"s":[{"x":{},"y":[1]}]}');
    // `{}` stays: an empty object is a choice in such structures (WAFv2 FieldToMatch {"UriPath": {}}).
    assert.equal(without('{"f":{"UriPath":{}}}'), '{"f":{"UriPath":{}}}');
    // An empty list as a list element or as the whole document is a value, not a member.
    assert.equal(without("[[],1]"), "[[],1]");
    assert.equal(without("[]"), "[]");
    const untouched = parseJsonDoc('{"a":{"b":[1]}}');
    assert.equal(withoutEmptyListMembers(untouched), untouched, "the same object when nothing is left out");
  });

  test("comparisons: structured texts ignore [] members, free-form texts do not", () => {
    const configured = '{"Byte":{"Field":"x","Pre":[]}}';
    const answered = '{"Byte":{"Field":"x"}}';
    assert.ok(jsonTextsEquivalent(configured, answered, true));
    assert.ok(
      !jsonTextsEquivalent(configured, answered),
      "free-form: [] may mean none where absent means all",
    );
    assert.equal(canonicalJsonText(configured, true), canonicalJsonText(answered, true));
    assert.notEqual(canonicalJsonText(configured), canonicalJsonText(answered));
    // A list with elements is a value: not the same as none.
    assert.ok(!jsonTextsEquivalent('{"Byte":{"Pre":[1]}}', answered, true));
    assert.ok(!jsonTextsEquivalent('{"f":{"UriPath":{}}}', '{"f":{"Body":{}}}', true));
  });

  test("the attribute type decides: a.structuredJson and a.elem.structuredJson, not a.json", () => {
    const withList = '[{"k":"v","l":[]}]';
    const withoutList = '[{"k":"v"}]';
    assert.ok(sameMeaning(a.elem.structuredJson, withList, withoutList));
    assert.ok(sameMeaning(a.elem.list(a.elem.structuredJson), [withList], [withoutList]));
    assert.ok(!sameMeaning(a.elem.json, withList, withoutList));
  });
});

describe("structured JSON through the emulator (WAFv2 RuleGroup statements, realism: empties)", () => {
  const RULE_GROUP = "AWS::WAFv2::RuleGroup";
  const statementsPath = ["Rules", "*", "Statement", "AndStatement", "Statements", "*"];
  const BYTE_PRE = [...statementsPath, "ByteMatchStatement", "PreParseTextTransformations"];
  const SQLI_PRE = [...statementsPath, "SqliMatchStatement", "PreParseTextTransformations"];
  // A seed under which the service answers [] for the byte match's pre-parse list never set, and
  // leaves out the SQLi match's empty one.
  const ruleGroupType = new TypeRegistry(directorySchemaSource()).find(RULE_GROUP)!;
  const seed = Array.from({ length: 500 }, (_, i) => i).find(
    (s) =>
      emptyTreatment(ruleGroupType, BYTE_PRE, s) === "fill" &&
      emptyTreatment(ruleGroupType, SQLI_PRE, s) === "drop",
  ) as number;

  const byteMatch = (pre?: string) =>
    JSON.stringify({
      ByteMatchStatement: {
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: "STARTS_WITH",
        SearchString: "/admin",
        TextTransformations: [{ Priority: 0, Type: "NONE" }],
        ...(pre === undefined ? {} : { PreParseTextTransformations: [{ Priority: 0, Type: pre }] }),
      },
    });
  const SQLI = JSON.stringify({
    SqliMatchStatement: {
      FieldToMatch: { QueryString: {} },
      TextTransformations: [{ Priority: 0, Type: "URL_DECODE" }],
      PreParseTextTransformations: [],
    },
  });

  let h: RuntimeHarness;
  let client: CloudControlClient;
  before(async () => {
    assert.ok(seed !== undefined, "a seed with both treatments");
    h = await startRuntime({ realism: ["empties"], seed });
    client = new CloudControlClient({
      endpoint: h.emulator.url,
      region: "us-east-1",
      credentials: { accessKeyId: "any", secretAccessKey: "any" },
    });
  });
  after(async () => {
    client.destroy();
    await h.close();
  });

  function configWith(definition: ResourceDefinition, statements: string[]): TfRecord {
    const nested = (attributes: Attributes, name: string): Attributes =>
      (attributes[name]!.type as { attributes: Attributes }).attributes;
    const visibility = (attributes: Attributes) =>
      objectOf(nested(attributes, "visibility_config"), {
        cloudwatch_metrics_enabled: false,
        metric_name: "m",
        sampled_requests_enabled: false,
      });
    const rule = nested(definition.attributes, "rules");
    const statement = nested(rule, "statement");
    return objectOf(definition.attributes, {
      name: "structured-json",
      scope: "REGIONAL",
      capacity: 100,
      visibility_config: visibility(definition.attributes),
      rules: [
        objectOf(rule, {
          name: "admin-sqli",
          priority: 0,
          visibility_config: visibility(rule),
          statement: objectOf(statement, {
            and_statement: objectOf(nested(statement, "and_statement"), { statements }),
          }),
        }),
      ],
    });
  }

  test("[] answered for a list never set, and an empty list answered absent: no diff; a real change is one", async () => {
    const definition = await loadResource("awscc_wafv2_rule_group");
    const implied = definitionImpliedType(definition);
    const sim = h.sim(definition);
    const config = configWith(definition, [byteMatch(), SQLI]);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "", "create errors");
    assert.deepEqual(created.diagnostics, [], "the service's forms are no warning");

    // The service's answer really is in the other form (the seed's treatments).
    const id = String((created.state as TfRecord).id);
    const answer = await client.send(new GetResourceCommand({ TypeName: RULE_GROUP, Identifier: id }));
    const model = JSON.parse(answer.ResourceDescription!.Properties!) as {
      Rules: { Statement: { AndStatement: { Statements: Record<string, Record<string, unknown>>[] } } }[];
    };
    const [byte, sqli] = model.Rules[0]!.Statement.AndStatement.Statements;
    assert.deepEqual(byte!.ByteMatchStatement!.PreParseTextTransformations, [], "filled");
    assert.ok(!("PreParseTextTransformations" in sqli!.SqliMatchStatement!), "dropped");

    const refreshed = await sim.read(created.state);
    assert.equal(errorsOf(refreshed.diagnostics), "");
    assert.ok(valueEquals(implied, refreshed.state, created.state), "refresh: no change");
    assert.equal((await sim.plan(config, refreshed.state)).action, "noop", "plan after refresh");

    // An import has no prior spelling: the plan against it is still empty.
    const imported = await sim.importId(id);
    assert.equal(errorsOf(imported.diagnostics), "");
    assert.equal((await sim.plan(config, imported.state)).action, "noop", "plan after import");

    // A pre-parse transformation configured is a real change.
    const changed = configWith(definition, [byteMatch("BASE64_DECODE"), SQLI]);
    assert.equal((await sim.plan(changed, refreshed.state)).action, "update", "a real change");

    const destroyed = await sim.apply(refreshed.state, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "");
  });
});
