// The forms a schema's propertyTransform declares (runtime/convert/input-forms.ts), with the
// transforms of real schemas as generated into the definitions: which answers stand for which
// values, and how an answer is rewritten to the values it stands for.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { alternatives, resultStandsFor } from "../../cfn/property-transforms.js";
import { inInputForms, isTransformedForm } from "../../runtime/convert/input-forms.js";
import { jsonDocFromPlain, jsonDocToPlain, type JsonDocObject } from "../../runtime/convert/json-doc.js";
import { priorInConfiguredForms } from "../../runtime/plan/prior-in-configured-forms.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { makeRecord } from "../../terraform/values/index.js";
import { loadResource } from "./harness.js";

async function transformOf(tfTypeName: string, pointer: string): Promise<string> {
  const definition = await loadResource(tfTypeName);
  const transform = definition.propertyTransforms?.[pointer];
  assert.ok(transform, `${tfTypeName} has a transform for ${pointer}`);
  return transform;
}

const input = (plain: unknown) => jsonDocFromPlain(plain) as JsonDocObject;

/** A resource record with the given string values, null elsewhere. */
const recordOf = (definition: ResourceDefinition, values: Record<string, string>) =>
  makeRecord(Object.keys(definition.attributes).map((name) => [name, values[name] ?? null]));

describe("alternatives and results", () => {
  test("$OR separates alternatives", () => {
    assert.deepEqual(alternatives('Name $OR $join([Name, "."])'), ["Name", '$join([Name, "."])']);
  });
  test("a result stands for the same value, the same scalar spelled as text, or a pattern it matches whole", () => {
    assert.ok(resultStandsFor("tcp", "tcp"));
    assert.ok(resultStandsFor(80, "80"));
    assert.ok(resultStandsFor("arn:aws:iam::[0-9]{12}:role/r", "arn:aws:iam::123456789012:role/r"));
    assert.ok(!resultStandsFor("arn:aws:iam::[0-9]{12}:role/r", "arn:aws:iam::123456789012:role/r2"));
    assert.ok(!resultStandsFor("tcp", "udp"));
    assert.ok(resultStandsFor("([", "(["), "an invalid pattern only stands for itself");
    assert.ok(!resultStandsFor("([", "("));
    assert.ok(!resultStandsFor(undefined, "x"));
  });
});

describe("real schemas' transforms", () => {
  test("EC2 protocol numbers are answered by name; a name is not another name", async () => {
    const transform = await transformOf("awscc_ec2_security_group_ingress", "/properties/IpProtocol");
    const holder = { IpProtocol: "6" };
    assert.ok(await isTransformedForm(transform, holder, holder, "tcp"));
    assert.ok(!(await isTransformedForm(transform, holder, holder, "udp")));
    const named = { IpProtocol: "TCP" };
    assert.ok(await isTransformedForm(transform, named, named, "tcp"));
  });

  test("a hosted zone name is answered with a trailing dot, or in lower case", async () => {
    const transform = await transformOf("awscc_route53_hosted_zone", "/properties/Name");
    const holder = { Name: "Example.COM" };
    assert.ok(await isTransformedForm(transform, holder, holder, "example.com."));
    assert.ok(!(await isTransformedForm(transform, holder, holder, "other.com.")));
  });

  test("an ECS task role given by name is answered as its ARN (a pattern)", async () => {
    const transform = await transformOf("awscc_ecs_task_definition", "/properties/TaskRoleArn");
    const holder = { TaskRoleArn: "app-role" };
    assert.ok(await isTransformedForm(transform, holder, holder, "arn:aws:iam::123456789012:role/app-role"));
    assert.ok(!(await isTransformedForm(transform, holder, holder, "arn:aws:iam::123456789012:role/other")));
  });

  test("a nested transform written from the model's root (EFS FileSystemProtection)", async () => {
    const definition = await loadResource("awscc_efs_file_system");
    const sent = input({ FileSystemProtection: { ReplicationOverwriteProtection: "disabled" } });
    const answer = JSON.stringify({
      FileSystemProtection: { ReplicationOverwriteProtection: "REPLICATING" },
    });
    const rewritten = await inInputForms(definition.propertyTransforms, answer, sent);
    assert.deepEqual(jsonDocToPlain(rewritten as JsonDocObject), {
      FileSystemProtection: { ReplicationOverwriteProtection: "disabled" },
    });
  });
});

describe("inInputForms", () => {
  test("list elements are rewritten to the element they stand for, whatever the order; an element that stands for none stays", async () => {
    const definition = await loadResource("awscc_ec2_security_group");
    const rule = (IpProtocol: string, port: number) => ({
      IpProtocol,
      FromPort: port,
      ToPort: port,
      CidrIp: "10.0.0.0/8",
    });
    const sent = input({
      GroupDescription: "d",
      SecurityGroupIngress: [rule("6", 443), rule("17", 53), rule("6", 22)],
    });
    const answer = JSON.stringify({
      GroupDescription: "d",
      SecurityGroupIngress: [rule("tcp", 22), rule("tcp", 53), rule("tcp", 443)],
    });
    const rewritten = jsonDocToPlain(
      (await inInputForms(definition.propertyTransforms, answer, sent)) as JsonDocObject,
    );
    assert.deepEqual(rewritten, {
      GroupDescription: "d",
      SecurityGroupIngress: [rule("6", 22), rule("tcp", 53), rule("6", 443)],
    });
  });

  test("without transforms the answer text is returned as it is", async () => {
    assert.equal(await inInputForms(undefined, '{"A":1}', input({ A: 2 })), '{"A":1}');
  });
});

describe("priorInConfiguredForms", () => {
  test("a pattern the held value matches does not make another configured value the same (DirectConnect Location)", async () => {
    const definition = await loadResource("awscc_directconnect_connection");
    const record = (values: Record<string, string>) => recordOf(definition, values);
    const held = record({ connection_name: "c", bandwidth: "1Gbps", location: "EqDC2" });
    const moved = record({ connection_name: "c", bandwidth: "1Gbps", location: "EqSE2" });
    assert.equal(
      await priorInConfiguredForms(definition, held, moved, true),
      held,
      "a new location plans a change",
    );
    // On a read, the same transform says the service may answer any such code for the one sent.
    const read = await inInputForms(
      definition.propertyTransforms,
      '{"ConnectionName":"c","Bandwidth":"1Gbps","Location":"EqSE2"}',
      input({ ConnectionName: "c", Bandwidth: "1Gbps", Location: "EqDC2" }),
    );
    assert.equal((read as JsonDocObject).Location, "EqDC2");
  });

  test("the prior in the configured forms; a configuration that is no desired state leaves it as it is", async () => {
    const definition = await loadResource("awscc_ecs_task_definition");
    const record = (values: Record<string, string>) => recordOf(definition, values);
    const prior = record({ family: "app", task_role_arn: "arn:aws:iam::123456789012:role/app-role" });
    assert.equal(
      await priorInConfiguredForms(definition, prior, record({ family: "app", tags: "{" }), true),
      prior,
    );
    // The role's transform gives a pattern (an ARN with `[0-9]{12}` in it) that the role's name
    // shapes: the ARN an import read is that role, taken in the configured form; another role is a
    // change.
    const byName = record({ family: "app", task_role_arn: "app-role" });
    const taken = await priorInConfiguredForms(definition, prior, byName, true);
    assert.equal((taken as Record<string, unknown>).task_role_arn, "app-role");
    const other = record({ family: "app", task_role_arn: "app-role-2" });
    assert.equal(await priorInConfiguredForms(definition, prior, other, true), prior);
    // A literal form (a hosted zone's name, fully qualified) is taken in the configured form.
    const zone = await loadResource("awscc_route53_hosted_zone");
    const zoneRecord = (values: Record<string, string>) => recordOf(zone, values);
    const configured = await priorInConfiguredForms(
      zone,
      zoneRecord({ id: "Z1", name: "example.com." }),
      zoneRecord({ name: "Example.COM" }),
      false,
    );
    assert.equal((configured as Record<string, unknown>).name, "Example.COM");
  });

  test("a pattern counts only where the configured value shapes it: engine versions, principals, function names", async () => {
    const cases: {
      type: string;
      held: Record<string, string>;
      same: Record<string, string>;
      other: Record<string, string>;
    }[] = [
      // RDS answers the full engine version for a major.minor one (`$join([EngineVersion, ".*"])`).
      {
        type: "awscc_rds_db_cluster",
        held: { engine: "aurora-mysql", engine_version: "8.0.mysql_aurora.3.05.2" },
        same: { engine: "aurora-mysql", engine_version: "8.0" },
        other: { engine: "aurora-mysql", engine_version: "5.7" },
      },
      // Lambda answers an account id principal as the account's root ARN.
      {
        type: "awscc_lambda_permission",
        held: {
          action: "lambda:InvokeFunction",
          function_name: "f",
          principal: "arn:aws:iam::123456789012:root",
        },
        same: { action: "lambda:InvokeFunction", function_name: "f", principal: "123456789012" },
        other: { action: "lambda:InvokeFunction", function_name: "f", principal: "210987654321" },
      },
      // An event source mapping's function given by name, held as the function's ARN.
      {
        type: "awscc_lambda_event_source_mapping",
        held: { function_name: "arn:aws:lambda:us-east-1:123456789012:function:worker" },
        same: { function_name: "worker" },
        other: { function_name: "worker-2" },
      },
    ];
    for (const { type, held, same, other } of cases) {
      const definition = await loadResource(type);
      const record = (values: Record<string, string>) => recordOf(definition, values);
      const prior = record(held);
      const [name, configured] = Object.entries(same).find(([key, value]) => held[key] !== value)!;
      const taken = await priorInConfiguredForms(definition, prior, record(same), true);
      assert.equal((taken as Record<string, unknown>)[name], configured, `${type}: ${name}`);
      assert.equal(await priorInConfiguredForms(definition, prior, record(other), true), prior, type);
    }
  });

  test("a pattern does not relate a new configuration to the value an apply wrote (DMS connection attributes)", async () => {
    const definition = await loadResource("awscc_dms_endpoint");
    const record = (values: Record<string, string>) => recordOf(definition, values);
    const base = { endpoint_type: "source", engine_name: "mysql" };
    // `$join([".*", ExtraConnectionAttributes, ".*"])`: the service may add to what it was sent.
    const held = record({ ...base, extra_connection_attributes: "a=1;b=2" });
    const less = record({ ...base, extra_connection_attributes: "a=1" });
    assert.equal(
      await priorInConfiguredForms(definition, held, less, false),
      held,
      "removing b=2 is a change",
    );
    // What an import read may hold the service's additions.
    const taken = await priorInConfiguredForms(definition, held, less, true);
    assert.equal((taken as Record<string, unknown>).extra_connection_attributes, "a=1");
  });
});
