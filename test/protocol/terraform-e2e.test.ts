// End to end with the real Terraform CLI: the protocol test provider (test double backend behind the
// real wire layer) installed through dev_overrides as registry.terraform.io/hashicorp/awscc, driven
// through plan, apply, a no-change plan, show, providers schema and destroy.
import { test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import {
  JsonNumberText,
  JsonObjectNode,
  readJson,
  type JsonNode,
} from "../../terraform/values/json-reader.js";
import { testProviderScript } from "./test-provider-bundle.js";

const PROVIDER_ADDRESS = "registry.terraform.io/hashicorp/awscc";
const FORBIDDEN =
  /inconsistent (final plan|result)|invalid plan|Provider produced|Plugin did not respond|failed to exit gracefully|panic:/i;

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const CONFIG = `
terraform {
  required_providers {
    awscc = { source = "hashicorp/awscc" }
  }
}

provider "awscc" {
  region = "us-test-1"
}

resource "awscc_test_thing" "a" {
  name    = "alpha"
  size    = 3
  big     = 12345678901234567890
  ratio   = 0.1
  precise = 3.141592653589793238462643383279
  tags    = { env = "test", "__proto__" = "tricky", "" = "empty key" }
  labels  = ["x", "y"]
  matrix  = [[1, 2], [], [3]]
  policy  = jsonencode({ a = 1 })
  rules   = [{ priority = 1, action = "allow" }, { priority = 2 }]
}

resource "awscc_test_widget" "w" {
  thing_id = awscc_test_thing.a.id
  name     = "w-\${awscc_test_thing.a.id}"
  weight   = 2.5
  owners   = ["me", "you"]
  limits   = { small = { max = 1 }, large = { burst = true } }
  filters  = [{ key = "k", values = ["v1", "v2"] }]
}

data "awscc_test_lookup" "l" {
  id = "fixed-id"
}

data "awscc_test_things" "all" {}

output "thing_arn" {
  value = awscc_test_thing.a.arn
}
`;

interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Navigates a JSON tree read with exact numbers. */
function at(node: JsonNode | undefined, ...keys: (string | number)[]): JsonNode | undefined {
  let current = node;
  for (const key of keys) {
    if (typeof key === "number") current = Array.isArray(current) ? (current as JsonNode[])[key] : undefined;
    else current = current instanceof JsonObjectNode ? current.get(key) : undefined;
  }
  return current;
}

test("the real terraform CLI drives the provider through its whole lifecycle", async (t: TestContext) => {
  const terraform = findOnPath("terraform");
  if (!terraform) {
    t.skip("no terraform binary on PATH: the end-to-end protocol test needs the real Terraform CLI");
    return;
  }
  const root = mkdtempSync(join(tmpdir(), "awscc-protocol-e2e-"));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const overrideDir = join(root, "override");
  const workDir = join(root, "work");
  const storePath = join(root, "remote-objects.json");
  const logPath = join(root, "terraform.log");
  mkdirSync(overrideDir);
  mkdirSync(workDir);

  // Terraform runs the provider from its own working directory: every path here is absolute.
  const script = join(overrideDir, "terraform-provider-awscc");
  writeFileSync(script, `#!/bin/sh\nexec '${process.execPath}' '${testProviderScript()}'\n`);
  chmodSync(script, 0o755);
  const cliConfig = join(root, "cli.tfrc");
  writeFileSync(
    cliConfig,
    `provider_installation {\n  dev_overrides {\n    "hashicorp/awscc" = "${overrideDir}"\n  }\n  direct {}\n}\n`,
  );
  writeFileSync(join(workDir, "main.tf"), CONFIG);

  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("TF_")) env[key] = value;
  Object.assign(env, {
    TF_CLI_CONFIG_FILE: cliConfig,
    CHECKPOINT_DISABLE: "1",
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    TF_LOG: "DEBUG",
    TF_LOG_PATH: logPath,
    PROTOCOL_TEST_STORE: storePath,
  });

  const run = (...args: string[]): Promise<RunResult> =>
    new Promise((resolve) => {
      execFile(
        terraform,
        args,
        { cwd: workDir, env, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  const expectClean = (result: RunResult, what: string) => {
    assert.doesNotMatch(
      result.stdout + result.stderr,
      FORBIDDEN,
      `${what} reported a provider contract problem`,
    );
  };
  const storedObjects = () =>
    existsSync(storePath)
      ? (JSON.parse(readFileSync(storePath, "utf8")) as Record<string, { typeName: string; name: string }>)
      : {};

  await t.test("plan shows two creates with exact numbers", async () => {
    const result = await run("plan", "-input=false", "-no-color");
    assert.equal(result.code, 0, result.stderr);
    expectClean(result, "plan");
    assert.match(result.stdout, /Plan: 2 to add, 0 to change, 0 to destroy\./);
    assert.match(result.stdout, /precise\s+= 3\.141592653589793238462643383279/);
    assert.match(result.stdout, /big\s+= 12345678901234567890/);
    assert.match(result.stdout, /name\s+= \(known after apply\)/); // the widget's refined-unknown name
  });

  await t.test("apply creates both objects", async () => {
    const result = await run("apply", "-auto-approve", "-input=false", "-no-color");
    assert.equal(result.code, 0, result.stderr);
    expectClean(result, "apply");
    assert.match(result.stdout, /Apply complete! Resources: 2 added, 0 changed, 0 destroyed\./);
    const objects = Object.values(storedObjects());
    assert.deepEqual(objects.map((o) => o.typeName).sort(), ["awscc_test_thing", "awscc_test_widget"]);
  });

  await t.test("state keeps exact numbers, odd map keys and resolved unknowns", async () => {
    const result = await run("show", "-json", "-no-color");
    assert.equal(result.code, 0, result.stderr);
    const resources = at(readJson(result.stdout), "values", "root_module", "resources") as JsonNode[];
    const byAddress = (address: string) => resources.find((r) => at(r, "address") === address);
    const thing = at(byAddress("awscc_test_thing.a"), "values");
    assert.equal((at(thing, "precise") as JsonNumberText).text, "3.141592653589793238462643383279");
    assert.equal((at(thing, "big") as JsonNumberText).text, "12345678901234567890");
    assert.equal((at(thing, "ratio") as JsonNumberText).text, "0.1");
    assert.equal(at(thing, "tags", "__proto__"), "tricky");
    assert.equal(at(thing, "tags", ""), "empty key");
    assert.equal(at(thing, "rules", 1, "rule_id"), "generated-rule_id");
    assert.equal(at(byAddress("awscc_test_thing.a"), "schema_version") instanceof JsonNumberText, true);
    const thingId = at(thing, "id");
    assert.equal(typeof thingId, "string");
    assert.equal(at(byAddress("awscc_test_widget.w"), "values", "name"), `w-${String(thingId)}`);
    assert.equal(at(byAddress("data.awscc_test_lookup.l"), "values", "name"), "generated-name");
  });

  await t.test("a second plan finds no changes (-detailed-exitcode 0)", async () => {
    const result = await run("plan", "-detailed-exitcode", "-input=false", "-no-color");
    expectClean(result, "second plan");
    assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /No changes\./);
  });

  await t.test("providers schema -json shows our schemas", async () => {
    const result = await run("providers", "schema", "-json");
    assert.equal(result.code, 0, result.stderr);
    const document = JSON.parse(result.stdout) as {
      provider_schemas: Record<
        string,
        {
          provider: { block: { attributes: Record<string, unknown> } };
          resource_schemas: Record<
            string,
            { version: number; block: { attributes: Record<string, Record<string, unknown>> } }
          >;
          data_source_schemas: Record<
            string,
            { block: { attributes: Record<string, Record<string, unknown>> } }
          >;
        }
      >;
    };
    const schemas = document.provider_schemas[PROVIDER_ADDRESS];
    assert.ok(schemas, "provider present");
    assert.deepEqual(Object.keys(schemas.resource_schemas).sort(), ["awscc_test_thing", "awscc_test_widget"]);
    assert.deepEqual(Object.keys(schemas.data_source_schemas).sort(), [
      "awscc_test_lookup",
      "awscc_test_things",
    ]);
    const thing = schemas.resource_schemas.awscc_test_thing;
    assert.equal(thing?.version, 1);
    assert.deepEqual(thing?.block.attributes.tags?.type, ["map", "string"]);
    assert.equal(
      (thing?.block.attributes.rules?.nested_type as { nesting_mode: string }).nesting_mode,
      "list",
    );
    assert.equal(thing?.block.attributes.name?.required, true);
    assert.deepEqual(schemas.data_source_schemas.awscc_test_things?.block.attributes.ids?.type, [
      "set",
      "string",
    ]);
    assert.ok("region" in schemas.provider.block.attributes);
  });

  await t.test("destroy removes both objects", async () => {
    const result = await run("destroy", "-auto-approve", "-input=false", "-no-color");
    assert.equal(result.code, 0, result.stderr);
    expectClean(result, "destroy");
    assert.match(result.stdout, /Destroy complete! Resources: 2 destroyed\./);
    assert.deepEqual(storedObjects(), {});
  });

  await t.test("Terraform's log: every provider process shut down promptly, provider logs arrived", () => {
    const log = readFileSync(logPath, "utf8");
    assert.doesNotMatch(
      log,
      /plugin failed to exit gracefully|Unrecognized remote plugin message|error parsing server cert/,
    );
    assert.match(log, /provider\.terraform-provider-awscc: Plugin server started: network=unix/);
    assert.match(log, /Shutdown requested by the plugin client/);
  });
});
