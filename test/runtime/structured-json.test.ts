// JSON text standing for a structured schema part (a recursive definition cut into a JSON string)
// follows the structured attributes' rule: a member holding `[]` means the same as an absent one.
// Free-form JSON keeps every member. And an answer that holds every member sent, equal, plus
// members the service chose covers the text sent: no diff either. The rules pure, then WAFv2
// RuleGroup's rule statements through the emulator: under `empties` the service answers `[]` for a
// list never set inside a statement and leaves out an empty one sent; under `defaults` it fills in
// a member left out. None of this is a diff; a real change or a drift still is.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CloudControlClient, GetResourceCommand } from "@aws-sdk/client-cloudcontrol";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import { DEFAULTS_SHARE } from "../../emulator/realism/defaults.js";
import { emptyTreatment } from "../../emulator/realism/empties.js";
import { chosen } from "../../emulator/realism/seeded.js";
import { TypeRegistry } from "../../emulator/schema/type-registry.js";
import { canonicalJson, parseJsonDoc } from "../../runtime/convert/json-doc.js";
import { canonicalJsonText, jsonTextsEquivalent } from "../../runtime/convert/json-string.js";
import { sameMeaning } from "../../runtime/convert/prior-spelling.js";
import { structuredJsonCovers, withoutEmptyListMembers } from "../../runtime/convert/structured-json.js";
import { answerFindings } from "../../runtime/apply/service-answer.js";
import { planResource } from "../../runtime/plan/plan-resource.js";
import { keepPriorForm } from "../../runtime/read/keep-prior-form.js";
import * as a from "../../terraform/schema/define.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  definitionImpliedType,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import { definitionOf, objectOf } from "./fixtures.js";
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

  test("numbers and booleans answered as strings are the same in structured texts, not in free-form ones", () => {
    const configured = '{"Rule":{"Priority":1,"Enabled":true,"Limit":10.50}}';
    const answered = '{"Rule":{"Priority":"1","Enabled":"true","Limit":"10.5"}}';
    assert.ok(jsonTextsEquivalent(configured, answered, true));
    assert.equal(canonicalJsonText(configured, true), canonicalJsonText(answered, true));
    assert.ok(!jsonTextsEquivalent(configured, answered), "free-form: a string is not a number");
    assert.ok(
      !jsonTextsEquivalent(configured, '{"Rule":{"Priority":"2","Enabled":"true","Limit":"10.5"}}', true),
    );
    // The service's own members beside them still cover the text sent.
    assert.ok(
      structuredJsonCovers(
        parseJsonDoc(configured),
        parseJsonDoc('{"Rule":{"Priority":"1","Enabled":"true","Limit":"10.5","Mode":"COUNT"}}'),
      ),
    );
  });

  test("the attribute type decides: a.structuredJson and a.elem.structuredJson, not a.json", () => {
    const withList = '[{"k":"v","l":[]}]';
    const withoutList = '[{"k":"v"}]';
    assert.ok(sameMeaning(a.elem.structuredJson, withList, withoutList));
    assert.ok(sameMeaning(a.elem.list(a.elem.structuredJson), [withList], [withoutList]));
    assert.ok(!sameMeaning(a.elem.json, withList, withoutList));
  });
});

describe("structured JSON: an answer with members the service filled in covers the text sent (pure)", () => {
  const covers = (base: string, fuller: string): boolean =>
    structuredJsonCovers(parseJsonDoc(base), parseJsonDoc(fuller));

  test("every member sent, equal, plus members of the service's own: at any depth, inside arrays too", () => {
    assert.ok(covers('{"S":{"F":{"UriPath":{}}}}', '{"S":{"F":{"UriPath":{}},"Level":"LOW"}}'));
    assert.ok(covers('{"J":{}}', '{"J":{"Fallback":"MATCH"}}'), "an object sent empty, filled");
    assert.ok(covers('[{"a":1},{"b":2}]', '[{"a":1,"x":0},{"b":2}]'), "arrays element by element");
    assert.ok(covers('{"a":1.0}', '{"a":1}'), "numbers by value");
    assert.ok(covers('{"a":1,"l":[]}', '{"a":1}'), "a member holding [] is absent (the [] rule)");
    assert.ok(covers('{"a":1}', '{"a":1,"l":[]}'));
  });

  test("a member sent and changed, missing, or an array of another length is not covered", () => {
    assert.ok(!covers('{"S":{"Level":"LOW"}}', '{"S":{"Level":"HIGH"}}'), "changed");
    assert.ok(!covers('{"S":{"Level":"LOW","T":1}}', '{"S":{"T":1}}'), "missing");
    assert.ok(!covers('{"l":[{"a":1}]}', '{"l":[{"a":1},{"a":2}]}'), "an element added");
    assert.ok(!covers('{"l":[{"a":1},{"a":2}]}', '{"l":[{"a":2},{"a":1}]}'), "arrays keep their order");
    assert.ok(!covers('{"a":{"b":1}}', '{"a":[{"b":1}]}'), "another kind of value");
    assert.ok(!covers('{"a":1,"x":2}', '{"a":1}'), "the other way round: the sent text has more");
  });

  test("only for structured JSON, only in the direction named: the answer read, or the prior imported", () => {
    const sent = '{"S":{"F":"x"}}';
    const answer = '{"S":{"F":"x","Level":"LOW"}}';
    assert.ok(!sameMeaning(a.elem.structuredJson, answer, sent), "no direction: not the same");
    assert.ok(
      sameMeaning(a.elem.structuredJson, answer, sent, "value"),
      "read: the value read may have more",
    );
    assert.ok(!sameMeaning(a.elem.structuredJson, sent, answer, "value"), "read: the prior may not");
    assert.ok(sameMeaning(a.elem.structuredJson, sent, answer, "prior"), "plan: the imported prior may");
    assert.ok(!sameMeaning(a.elem.structuredJson, answer, sent, "prior"), "plan: a configured member added");
    assert.ok(!sameMeaning(a.elem.json, answer, sent, "value"), "free-form JSON keeps every member");
    assert.ok(sameMeaning(a.elem.list(a.elem.structuredJson), [answer, sent], [sent, sent], "value"));
  });

  const attributes: Attributes = {
    name: a.string("Name", { required: true }),
    statement: a.structuredJson("Statement", { optional: true }),
    policy: a.json("Policy", { optional: true }),
  };
  const definition = definitionOf(attributes);
  const thing = (values: Record<string, string | null>): TfRecord =>
    objectOf(definition.attributes, { name: "n", id: "n", ...values });
  const SENT = '{"Sqli":{"Field":{"Body":{}}}}';
  const FILLED = '{"Sqli":{"Field":{"Body":{}},"Level":"LOW"}}';
  const CHANGED = '{"Sqli":{"Field":{"UriPath":{}},"Level":"LOW"}}';

  test("read keeps the prior text an answer covers; a configured member changed is drift", () => {
    const prior = thing({ statement: SENT });
    const read = keepPriorForm(attributes, thing({ statement: FILLED }), prior) as TfRecord;
    assert.equal(read.statement, SENT);
    const drifted = keepPriorForm(attributes, thing({ statement: CHANGED }), prior) as TfRecord;
    assert.equal(drifted.statement, CHANGED);
    // Free-form JSON: a member the service adds is a change.
    const policy = '{"Version":"1"}';
    const free = keepPriorForm(attributes, thing({ policy: '{"Version":"1","Extra":1}' }), thing({ policy }));
    assert.equal((free as TfRecord).policy, '{"Version":"1","Extra":1}');
  });

  test("after apply: no 'stored in another form' warning for members filled in, still one for a change", () => {
    const state = thing({ statement: SENT });
    const config = objectOf(definition.attributes, { name: "n", statement: SENT });
    assert.deepEqual(answerFindings(definition, state, thing({ statement: FILLED }), config).warnings, []);
    const changed = answerFindings(definition, state, thing({ statement: CHANGED }), config).warnings;
    assert.deepEqual(
      changed.map((d) => d.summary),
      ["Value Stored In Another Form"],
    );
  });

  test("plan: an imported prior that covers the configuration is kept while nothing else changes", () => {
    const config = objectOf(definition.attributes, { name: "n", statement: SENT });
    const proposed = thing({ statement: SENT });
    const imported = thing({ statement: FILLED });
    // No record of what was configured (an import): the service's members are not the user's.
    const kept = planResource({ definition, prior: imported, proposed, config, configuredBefore: null });
    assert.equal(kept.planned, imported);
    // Another change anyway: the update writes the configuration's text.
    const renamed = objectOf(definition.attributes, { name: "m", statement: SENT });
    const update = planResource({
      definition,
      prior: imported,
      proposed: thing({ name: "m", statement: SENT }),
      config: renamed,
      configuredBefore: null,
    });
    assert.equal((update.planned as TfRecord).statement, SENT);
    // A member configured that the prior lacks is a change, record or not.
    const more = planResource({ definition, prior: thing({ statement: SENT }), proposed: imported, config });
    assert.equal((more.planned as TfRecord).statement, FILLED);
  });

  test("plan: after an apply (a record of what was configured) a member removed is an update", () => {
    const config = objectOf(definition.attributes, { name: "n", statement: SENT });
    const prior = thing({ statement: FILLED }); // the user's text when it was applied
    const configuredBefore = new Set(["/name", "/statement"]);
    const planned = planResource({
      definition,
      prior,
      proposed: thing({ statement: SENT }),
      config,
      configuredBefore,
    });
    assert.equal((planned.planned as TfRecord).statement, SENT);
  });
});

/** A WAFv2 rule group with one rule whose AND statement holds the given statements (JSON texts). */
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

describe("structured JSON through the emulator (WAFv2 RuleGroup statements, realism: defaults)", () => {
  const RULE_GROUP = "AWS::WAFv2::RuleGroup";
  const SQLI_AT = ["Rules", "*", "Statement", "AndStatement", "Statements", "*", "SqliMatchStatement"];
  // A seed under which the service fills in the SQLi match's sensitivity level, left out of the
  // configuration (AWS answers LOW for it).
  const seed = Array.from({ length: 500 }, (_, i) => i).find((s) =>
    chosen(s, ["defaults", RULE_GROUP, ...SQLI_AT, "SensitivityLevel"], DEFAULTS_SHARE),
  ) as number;

  const byteMatch = (searchString: string | undefined) =>
    JSON.stringify({
      ByteMatchStatement: {
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: "STARTS_WITH",
        ...(searchString === undefined ? {} : { SearchString: searchString }),
        TextTransformations: [{ Priority: 0, Type: "NONE" }],
      },
    });
  const sqli = (type: string) =>
    JSON.stringify({
      SqliMatchStatement: {
        FieldToMatch: { QueryString: {} },
        TextTransformations: [{ Priority: 0, Type: type }],
      },
    });

  let h: RuntimeHarness;
  let client: CloudControlClient;
  before(async () => {
    assert.ok(seed !== undefined, "a seed that fills in the sensitivity level");
    h = await startRuntime({ realism: ["defaults"], seed });
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

  test("a member the service fills in is no diff; a configured member changed, removed or drifted is one", async () => {
    const definition = await loadResource("awscc_wafv2_rule_group");
    const implied = definitionImpliedType(definition);
    const statementsOf = (state: TfValue): TfValue => {
      const rule = ((state as TfRecord).rules as readonly TfRecord[])[0]!;
      return ((rule.statement as TfRecord).and_statement as TfRecord).statements!;
    };
    const sim = h.sim(definition);
    const config = configWith(definition, [byteMatch("/admin"), sqli("URL_DECODE")]);
    const created = await sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "", "create errors");
    assert.deepEqual(created.diagnostics, [], "a member filled in is no 'stored in another form' warning");

    // The service's answer really has a member of its own in the statement.
    const id = String((created.state as TfRecord).id);
    const answer = await client.send(new GetResourceCommand({ TypeName: RULE_GROUP, Identifier: id }));
    const model = JSON.parse(answer.ResourceDescription!.Properties!) as {
      Rules: { Statement: { AndStatement: { Statements: Record<string, Record<string, unknown>>[] } } }[];
    };
    const level = model.Rules[0]!.Statement.AndStatement.Statements[1]!.SqliMatchStatement!.SensitivityLevel;
    assert.ok(typeof level === "string", "the sensitivity level is filled in");

    const refreshed = await sim.read(created.state);
    assert.equal(errorsOf(refreshed.diagnostics), "");
    assert.ok(valueEquals(implied, refreshed.state, created.state), "refresh: no change");
    assert.equal((await sim.plan(config, refreshed.state)).action, "noop", "plan after refresh");

    // An import has the service's text; while nothing else changes the plan keeps it.
    const imported = await sim.importId(id);
    assert.equal(errorsOf(imported.diagnostics), "");
    assert.equal((await sim.plan(config, imported.state)).action, "noop", "plan after import");

    // An update of something else after the import writes the configuration's text; from then on
    // the state holds it, and refresh and plan are empty.
    const described = (c: TfRecord): TfRecord =>
      makeRecord([...Object.entries(c), ["description", "after import"]]);
    const afterImport = await sim.applyConfig(described(config), imported.state);
    assert.equal(errorsOf(afterImport.diagnostics), "", "update after import errors");
    assert.equal(afterImport.action, "update");
    assert.deepEqual(afterImport.diagnostics, [], "no warning after the update");
    assert.deepEqual(statementsOf(afterImport.state), statementsOf(config), "the configuration's text");
    const settled = await sim.read(afterImport.state);
    assert.ok(valueEquals(implied, settled.state, afterImport.state), "refresh after it: no change");
    assert.equal((await sim.plan(described(config), settled.state)).action, "noop", "plan after it");

    // A configured member changed, or removed, is an update.
    const changed = described(configWith(definition, [byteMatch("/root"), sqli("URL_DECODE")]));
    assert.equal((await sim.plan(changed, settled.state)).action, "update", "a member changed");
    const removed = described(configWith(definition, [byteMatch(undefined), sqli("URL_DECODE")]));
    assert.equal((await sim.plan(removed, settled.state)).action, "update", "a member removed");

    // Applied, the change settles: no warning, refresh and plan empty.
    const updated = await sim.applyConfig(changed, settled.state);
    assert.equal(errorsOf(updated.diagnostics), "", "update errors");
    assert.deepEqual(updated.diagnostics, [], "no warning after the update");
    const reread = await sim.read(updated.state);
    assert.ok(valueEquals(implied, reread.state, updated.state), "refresh after the update: no change");
    assert.equal((await sim.plan(changed, reread.state)).action, "noop", "plan after the update");

    // A configured member changed behind Terraform's back is drift: refresh shows it, the plan repairs it.
    h.emulator.control.driftUpdate(RULE_GROUP, id, {
      patch: [
        {
          op: "replace",
          path: "/Rules/0/Statement/AndStatement/Statements/1/SqliMatchStatement/TextTransformations/0/Type",
          value: "HTML_ENTITY_DECODE",
        },
      ],
    });
    const drifted = await sim.read(reread.state);
    assert.equal(errorsOf(drifted.diagnostics), "");
    assert.ok(!valueEquals(implied, drifted.state, reread.state), "drift shows");
    assert.equal((await sim.plan(changed, drifted.state)).action, "update", "the plan repairs the drift");

    const destroyed = await sim.apply(drifted.state, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "");
  });
});
