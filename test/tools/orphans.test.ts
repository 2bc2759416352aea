// `awscc-ts orphans` as a process against the emulator: objects created through the real SDK, a
// state file tracking some of them, and the command's listing checked exactly.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parseGoDuration } from "../../runtime/tools/go-duration.js";
import { findOrphans } from "../../runtime/tools/orphans.js";
import { readTrackedObjects, trackedObjects } from "../../runtime/tools/tracked-identifiers.js";
import { create, type Harness, remove, startHarness } from "../emulator/helpers.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const run = promisify(execFile);

const HOUR = 3_600_000;

function stateFile(resources: { type: string; name: string; ids: string[] }[]): unknown {
  return {
    version: 4,
    terraform_version: "1.11.4",
    serial: 3,
    lineage: "test",
    outputs: {},
    resources: [
      ...resources.map((resource) => ({
        mode: "managed",
        type: resource.type,
        name: resource.name,
        provider: 'provider["registry.terraform.io/hashicorp/awscc"]',
        instances: resource.ids.map((id) => ({ schema_version: 1, attributes: { id } })),
      })),
      // A data source reading an untracked object does not make it tracked.
      {
        mode: "data",
        type: "awscc_logs_log_group",
        name: "read",
        provider: 'provider["registry.terraform.io/hashicorp/awscc"]',
        instances: [{ schema_version: 1, attributes: { id: "orphan-b" } }],
      },
    ],
  };
}

describe("awscc-ts orphans", () => {
  let harness: Harness;
  let offsetMs = 3 * HOUR; // the first objects are created "three hours ago"
  let dir: string;
  let vpcOld = "";
  let vpcNew = "";

  before(async () => {
    harness = await startHarness({ clock: () => Date.now() - offsetMs });
    const { client } = harness;
    dir = mkdtempSync(path.join(tmpdir(), "orphans-"));
    const logGroup = (name: string) => create(client, "AWS::Logs::LogGroup", { LogGroupName: name });
    await logGroup("old-tracked");
    await logGroup("old-orphan");
    vpcOld = (await create(client, "AWS::EC2::VPC", { CidrBlock: "10.0.0.0/16" })).final.Identifier ?? "";
    offsetMs = 0;
    await logGroup("tracked");
    await logGroup("orphan-b");
    await logGroup("deleted-later");
    await remove(client, "AWS::Logs::LogGroup", "deleted-later");
    vpcNew = (await create(client, "AWS::EC2::VPC", { CidrBlock: "10.1.0.0/16" })).final.Identifier ?? "";
    await create(client, "AWS::IAM::Role", {
      RoleName: "app-role",
      AssumeRolePolicyDocument: { Version: "2012-10-17", Statement: [] },
    });
    await create(client, "AWS::IAM::RolePolicy", {
      RoleName: "app-role",
      PolicyName: "inline",
      PolicyDocument: { Version: "2012-10-17", Statement: [] },
    });
    writeFileSync(
      path.join(dir, "terraform.tfstate"),
      JSON.stringify(
        stateFile([
          { type: "awscc_logs_log_group", name: "logs", ids: ["old-tracked", "tracked"] },
          { type: "awscc_iam_role", name: "role", ids: ["app-role"] },
          // Compound identifiers are stored as Cloud Control spells them.
          { type: "awscc_iam_role_policy", name: "inline", ids: ["inline|app-role"] },
          { type: "awscc_ec2_vpc", name: "old", ids: [vpcOld] },
        ]),
      ),
    );
  });

  after(async () => {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function orphans(...args: string[]): Promise<string> {
    const { stdout } = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "cli/main.ts",
        "orphans",
        "--state",
        path.join(dir, "terraform.tfstate"),
        "--endpoint",
        harness.emulator.url,
        "--region",
        "us-east-1",
        ...args,
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, AWS_ACCESS_KEY_ID: "AKIDEMULATOR", AWS_SECRET_ACCESS_KEY: "secret" },
      },
    );
    return stdout;
  }

  it("lists every untracked, undeleted create with an import line (JSON)", async () => {
    assert.ok(vpcNew.startsWith("vpc-"));
    const listed = JSON.parse(await orphans("--json")) as {
      orphans: { typeName: string; identifier: string; address: string; importCommand: string }[];
    };
    assert.deepEqual(
      listed.orphans.map(({ typeName, identifier, address, importCommand }) => ({
        typeName,
        identifier,
        address,
        importCommand,
      })),
      [
        {
          typeName: "AWS::Logs::LogGroup",
          identifier: "old-orphan",
          address: "awscc_logs_log_group.orphan_1",
          importCommand: "terraform import awscc_logs_log_group.orphan_1 old-orphan",
        },
        {
          typeName: "AWS::Logs::LogGroup",
          identifier: "orphan-b",
          address: "awscc_logs_log_group.orphan_2",
          importCommand: "terraform import awscc_logs_log_group.orphan_2 orphan-b",
        },
        {
          typeName: "AWS::EC2::VPC",
          identifier: vpcNew,
          address: "awscc_ec2_vpc.orphan_3",
          importCommand: `terraform import awscc_ec2_vpc.orphan_3 ${vpcNew}`,
        },
      ],
    );
  });

  it("--since keeps only recent creates; --types keeps the named types; text output", async () => {
    const recent = await orphans("--since", "2h", "--types", "AWS::EC2::VPC,AWS::IAM::RolePolicy");
    const time = /created (\d{4}-\S+Z)/.exec(recent)?.[1] ?? "";
    assert.ok(Math.abs(Date.parse(time) - Date.now()) < 5 * 60_000, `create time ${time} is recent`);
    assert.equal(
      recent,
      [
        "1 object(s) created but not tracked in the state:",
        "",
        `AWS::EC2::VPC  ${vpcNew}  created ${time}`,
        `  terraform import awscc_ec2_vpc.orphan_1 ${vpcNew}`,
        "",
        "Add a matching resource block for each before importing, or delete the object.",
        "",
      ].join("\n"),
    );
    const logs = await orphans("--since", "4h", "--types", "awscc_logs_log_group");
    assert.match(logs, /^2 object\(s\)/);
    assert.match(logs, /old-orphan/);
    assert.match(logs, /orphan-b/);
  });

  it("an empty state file (Terraform killed in its first apply) tracks nothing", () => {
    const empty = path.join(dir, "empty.tfstate");
    writeFileSync(empty, "");
    assert.deepEqual(readTrackedObjects(empty), []);
    writeFileSync(empty, "\n  ");
    assert.deepEqual(readTrackedObjects(empty), []);
  });

  it("fails clearly on a bad duration or a file that is not a state", async () => {
    await assert.rejects(orphans("--since", "2 hours"), /invalid duration "2 hours"/);
    writeFileSync(path.join(dir, "bad.tfstate"), JSON.stringify({ version: 3 }));
    await assert.rejects(
      run(
        process.execPath,
        ["--import", "tsx", "cli/main.ts", "orphans", "--state", path.join(dir, "bad.tfstate")],
        { cwd: repoRoot },
      ),
      /bad\.tfstate: not a Terraform state file/,
    );
  });
});

describe("orphans: pure parts", () => {
  it("parses Go durations", () => {
    assert.equal(parseGoDuration("2h"), 2 * HOUR);
    assert.equal(parseGoDuration("1h30m"), 1.5 * HOUR);
    assert.equal(parseGoDuration("1.5h"), 1.5 * HOUR);
    assert.equal(parseGoDuration("90s"), 90_000);
    assert.equal(parseGoDuration("250ms"), 250);
    assert.equal(parseGoDuration("0"), 0);
    for (const bad of ["", "2", "h", "2d", "2h 30m", "1e3s"])
      assert.throws(() => parseGoDuration(bad), /invalid/);
  });

  it("quotes compound identifiers in import lines and ignores other providers' resources", () => {
    const tracked = trackedObjects(
      {
        version: 4,
        resources: [{ mode: "managed", type: "aws_iam_role", instances: [{ attributes: { id: "x|role" } }] }],
      },
      "s.tfstate",
    );
    assert.deepEqual(tracked, []);
    const found = findOrphans({
      events: [
        {
          TypeName: "AWS::IAM::RolePolicy",
          Identifier: "x|role",
          Operation: "CREATE",
          OperationStatus: "SUCCESS",
          RequestToken: "t1",
          EventTime: new Date(0),
        },
      ],
      tracked,
    });
    assert.equal(found[0]?.importCommand, "terraform import awscc_iam_role_policy.orphan_1 'x|role'");
  });
});
