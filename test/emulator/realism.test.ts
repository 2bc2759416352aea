// The realism profile (emulator/realism/): how it is switched on (start options, control API, CLI),
// and each behaviour through the real SDK against a made-up type whose schema has one property of
// every kind the behaviours care about. Seeded choices are found with the behaviours' own decision
// functions, then checked against what GetResource answers and what the emulator stored.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { GetResourceCommand } from "@aws-sdk/client-cloudcontrol";
import { inMemorySchemaSource } from "../../cfn/schema-source.js";
import { awsTagsOf } from "../../emulator/realism/aws-tags.js";
import { REALISM_BEHAVIOURS, type RealismBehaviour } from "../../emulator/realism/behaviours.js";
import { applyEmpties, emptyTreatment } from "../../emulator/realism/empties.js";
import { flipSingle, normaliseIamPolicy } from "../../emulator/realism/iam-policy.js";
import { sortUnorderedArrays, sortUnorderedArraysAsShown } from "../../emulator/realism/order.js";
import { answersScalarsAsStrings } from "../../emulator/realism/scalars.js";
import { unreportedProperties } from "../../emulator/realism/unreported.js";
import { TypeRegistry } from "../../emulator/schema/type-registry.js";
import type { JsonObject } from "../../emulator/types.js";
import { create, getProperties, type Harness, rejection, startCli, startHarness, update } from "./helpers.js";

const WIDGET = "Test::Realism::Widget";
const MAPPED = "Test::Realism::Mapped";
const handlers = Object.fromEntries(
  ["create", "read", "update", "delete", "list"].map((name) => [name, { permissions: [] }]),
);
const widgetSchema = {
  typeName: WIDGET,
  description: "every kind of property the realism behaviours treat",
  additionalProperties: false,
  definitions: {
    Config: {
      type: "object",
      additionalProperties: false,
      properties: {
        Level: { type: "integer", minimum: 1, maximum: 5 },
        Label: { type: "string", maxLength: 20 },
        Verbose: { type: "boolean" },
        Items: { type: "array", items: { type: "string" } },
      },
    },
    Rule: {
      type: "object",
      additionalProperties: false,
      properties: {
        Port: { type: "integer" },
        Cidrs: { type: "array", insertionOrder: false, items: { type: "string" } },
        Note: { type: "string" },
      },
    },
    Limits: {
      type: "object",
      additionalProperties: false,
      properties: {
        Hard: { type: "array", items: { type: "string" } },
        Soft: { type: "array", items: { type: "string" } },
      },
    },
    Tag: {
      type: "object",
      additionalProperties: false,
      properties: { Key: { type: "string" }, Value: { type: "string" } },
      required: ["Key", "Value"],
    },
  },
  properties: {
    Name: { type: "string" },
    Arn: { type: "string" },
    Size: { type: "integer", minimum: 1, maximum: 10 },
    Enabled: { type: "boolean" },
    Mode: { type: "string", enum: ["FAST", "SLOW"] },
    Zone: { type: "string", pattern: "^[a-z]{2}-[a-z]+-[0-9][a-z]$" },
    Description: { type: "string", maxLength: 64 },
    Config: { $ref: "#/definitions/Config" },
    Rules: { type: "array", insertionOrder: false, items: { $ref: "#/definitions/Rule" } },
    Steps: { type: "array", insertionOrder: true, items: { type: "string" } },
    Labels: { type: "array", items: { type: "string" } },
    Quota: { type: "array", minItems: 1, items: { type: "string" } },
    Meta: { type: "object", additionalProperties: false, patternProperties: { ".+": { type: "string" } } },
    // maxProperties beside the $ref, as AWS::SecurityHub::Insight Filters has it.
    Limits: { $ref: "#/definitions/Limits", maxProperties: 1 },
    Document: { type: "object" },
    PolicyDocument: { type: "object" },
    Definition: { type: "string" },
    Secret: { type: "string" },
    // An object holding a write-only member, as ELBv2 Listener's AuthenticateOidcConfig.
    Auth: {
      type: "object",
      additionalProperties: false,
      properties: { ClientId: { type: "string" }, ClientSecret: { type: "string" } },
      required: ["ClientId", "ClientSecret"],
    },
    // A write-only object, as Pipes SourceParameters or a Refactor Spaces route's UriPathRoute.
    Route: {
      type: "object",
      additionalProperties: false,
      properties: { Path: { type: "string" }, Methods: { type: "string" }, Append: { type: "boolean" } },
    },
    Primary: { type: "string" },
    Secondary: { type: "string" },
    Tags: { type: "array", insertionOrder: false, items: { $ref: "#/definitions/Tag" } },
  },
  oneOf: [{ required: ["Primary"] }, { required: ["Secondary"] }],
  required: ["Name"],
  primaryIdentifier: ["/properties/Name"],
  readOnlyProperties: ["/properties/Arn"],
  writeOnlyProperties: ["/properties/Secret", "/properties/Auth/ClientSecret", "/properties/Route"],
  createOnlyProperties: ["/properties/Mode", "/properties/Zone", "/properties/Route/Path"],
  tagging: { taggable: true, tagProperty: "/properties/Tags" },
  handlers,
};
const mappedSchema = {
  typeName: MAPPED,
  description: "tags as a map",
  additionalProperties: false,
  properties: {
    Id: { type: "string" },
    Tags: { type: "object", additionalProperties: false, patternProperties: { ".+": { type: "string" } } },
  },
  primaryIdentifier: ["/properties/Id"],
  readOnlyProperties: ["/properties/Id"],
  tagging: { taggable: true, tagProperty: "/properties/Tags" },
  handlers,
};
const GROUPED = "Test::Realism::Grouped";
const groupedSchema = {
  typeName: GROUPED,
  description: "an unordered list whose elements have a create-only member",
  additionalProperties: false,
  definitions: {
    Group: {
      type: "object",
      additionalProperties: false,
      properties: { Name: { type: "string" }, Size: { type: "integer" } },
    },
  },
  properties: {
    Id: { type: "string" },
    Groups: { type: "array", insertionOrder: false, items: { $ref: "#/definitions/Group" } },
  },
  primaryIdentifier: ["/properties/Id"],
  readOnlyProperties: ["/properties/Id"],
  createOnlyProperties: ["/properties/Groups/*/Name"],
  handlers,
};
const NAMED = "Test::Realism::Named";
const namedSchema = {
  typeName: NAMED,
  description: "an object with an optional name, its ARN its identifier",
  additionalProperties: false,
  properties: { Name: { type: "string" }, Label: { type: "string" }, Arn: { type: "string" } },
  primaryIdentifier: ["/properties/Arn"],
  readOnlyProperties: ["/properties/Arn"],
  handlers,
};
const source = inMemorySchemaSource([widgetSchema, mappedSchema, groupedSchema, namedSchema]);
const registry = new TypeRegistry(source);
const widgetType = registry.find(WIDGET)!;
const mappedType = registry.find(MAPPED)!;

/** The first seed from 0 for which `pick` holds (the behaviours' own decisions). */
function seedWhere(pick: (seed: number) => boolean): number {
  for (let seed = 0; seed < 10_000; seed++) if (pick(seed)) return seed;
  throw new Error("no seed found");
}

async function widgetHarness(
  realism: RealismBehaviour[] | "all",
  seed: number,
  extra = {},
): Promise<Harness> {
  return startHarness({ schemaSource: source, realism, seed, ...extra });
}

const widget = {
  Name: "w1",
  Primary: "p",
  Size: 3,
  Enabled: true,
  Secret: "s3cr3t",
  Config: { Level: 2 },
  Rules: [
    { Port: 443, Cidrs: ["10.0.0.0/8", "0.0.0.0/0"] },
    { Port: 22, Cidrs: ["192.168.0.0/16"] },
  ],
  Steps: ["b", "a"],
  Tags: [
    { Key: "team", Value: "x" },
    { Key: "env", Value: "dev" },
  ],
};

describe("realism: switching it on", () => {
  test("off by default; startEmulator takes 'all' or a list (canonical order), refuses unknown names", async () => {
    const off = await startHarness({ schemaSource: source });
    const all = await startHarness({ schemaSource: source, realism: "all", seed: 9, eventualMs: 250 });
    const some = await startHarness({ schemaSource: source, realism: ["scalars", "order"] });
    try {
      assert.deepEqual(off.emulator.control.getConfig().realism, []);
      assert.deepEqual(all.emulator.control.getConfig().realism, [...REALISM_BEHAVIOURS]);
      assert.equal(all.emulator.control.getConfig().realismSeed, 9);
      assert.equal(all.emulator.control.getConfig().eventualMs, 250);
      assert.deepEqual(some.emulator.control.getConfig().realism, ["order", "scalars"]);
    } finally {
      await Promise.all([off.close(), all.close(), some.close()]);
    }
    await assert.rejects(
      startHarness({ schemaSource: source, realism: ["order", "bogus" as RealismBehaviour] }),
      /unknown realism behaviour bogus/,
    );
  });

  test("the HTTP control API sets the profile, its seed and the eventual window; refuses bad input", async () => {
    const harness = await startHarness({ schemaSource: source });
    try {
      const patch = (body: unknown) =>
        fetch(`${harness.emulator.url}/_emulator/config`, { method: "PATCH", body: JSON.stringify(body) });
      const all = await patch({ realism: "all", realismSeed: 4, eventualMs: 10 });
      assert.equal(all.status, 200);
      const config = (await all.json()) as { realism: string[]; realismSeed: number; eventualMs: number };
      assert.deepEqual(config.realism, [...REALISM_BEHAVIOURS]);
      assert.equal(config.realismSeed, 4);
      assert.equal(config.eventualMs, 10);
      const two = (await (await patch({ realism: ["json", "order"] })).json()) as { realism: string[] };
      assert.deepEqual(two.realism, ["order", "json"]);
      const bad = await patch({ realism: ["nope"] });
      assert.equal(bad.status, 400);
      assert.match(((await bad.json()) as { error: string }).error, /unknown realism behaviour nope/);
      assert.equal((await patch({ realismSeed: -1 })).status, 400);
      assert.deepEqual(harness.emulator.control.getConfig().realism, ["order", "json"]);
      assert.equal((await patch({ realism: [] })).status, 200);
      assert.deepEqual(harness.emulator.control.getConfig().realism, []);
    } finally {
      await harness.close();
    }
  });

  test("CLI: --realism alone is every behaviour, --realism a,b those, seeded by --seed; unknown names refused", async () => {
    const configOf = async (url: string) =>
      (await (await fetch(`${url}/_emulator/config`)).json()) as {
        realism: string[];
        realismSeed: number;
        eventualMs: number;
      };
    const all = await startCli(["--port", "0", "--realism", "--seed", "5", "--eventual-ms", "300"]);
    try {
      const config = await configOf(all.url);
      assert.deepEqual(config.realism, [...REALISM_BEHAVIOURS]);
      assert.equal(config.realismSeed, 5);
      assert.equal(config.eventualMs, 300);
    } finally {
      all.child.kill("SIGTERM");
      await all.exited;
    }
    const some = await startCli(["--port", "0", "--realism", "json,order"]);
    try {
      assert.deepEqual((await configOf(some.url)).realism, ["order", "json"]);
    } finally {
      some.child.kill("SIGTERM");
      await some.exited;
    }
    const failed = await startCli(["--port", "0", "--realism", "order,bogus"]).then(
      () => assert.fail("the CLI started with an unknown behaviour"),
      (error: Error) => error.message,
    );
    assert.match(failed, /unknown realism behaviour bogus/);
  });
});

describe("realism: order", () => {
  test("unordered arrays sorted by their JSON text at every depth; ordered arrays kept", async () => {
    const harness = await widgetHarness(["order"], 1);
    try {
      const { final } = await create(harness.client, WIDGET, widget);
      const read = await getProperties(harness.client, WIDGET, final.Identifier!);
      assert.deepEqual(read.Rules, [
        { Port: 22, Cidrs: ["192.168.0.0/16"] },
        { Port: 443, Cidrs: ["0.0.0.0/0", "10.0.0.0/8"] },
      ]);
      assert.deepEqual(read.Steps, ["b", "a"], "insertionOrder true: the caller's order");
      assert.deepEqual(read.Tags, [
        { Key: "env", Value: "dev" },
        { Key: "team", Value: "x" },
      ]);
      const stored = harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
      assert.deepEqual(stored.Rules, widget.Rules, "the stored object keeps the order sent");
    } finally {
      await harness.close();
    }
  });

  test("an update's patch addresses unordered arrays in the order reads answer them, as Cloud Control applies it to the read model", async () => {
    const patch = [{ op: "add", path: "/Rules/0/Note", value: "first as read" }];
    const sorted = await widgetHarness(["order"], 1);
    try {
      const { final } = await create(sorted.client, WIDGET, widget);
      const done = await update(sorted.client, WIDGET, final.Identifier!, patch);
      assert.equal(done.OperationStatus, "SUCCESS");
      const stored = sorted.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
      assert.deepEqual(
        stored.Rules,
        [
          { Port: 22, Cidrs: ["192.168.0.0/16"], Note: "first as read" },
          { Port: 443, Cidrs: ["0.0.0.0/0", "10.0.0.0/8"] },
        ],
        "/Rules/0 is the first element a read shows (port 22), and the update keeps the read order",
      );
      assert.deepEqual(stored.Steps, ["b", "a"], "ordered arrays as sent");
    } finally {
      await sorted.close();
    }
    const plain = await widgetHarness(["json"], 1);
    try {
      const { final } = await create(plain.client, WIDGET, widget);
      await update(plain.client, WIDGET, final.Identifier!, patch);
      const stored = plain.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
      assert.deepEqual(
        (stored.Rules as JsonObject[]).map((rule) => [rule.Port, rule.Note]),
        [
          [443, "first as read"],
          [22, undefined],
        ],
        "without `order` the patch applies to the order sent",
      );
    } finally {
      await plain.close();
    }
  });

  test("create-only members of an unordered array's elements compare in any order", async () => {
    const harness = await widgetHarness(["order"], 1);
    try {
      const groups = [
        { Name: "z", Size: 1 },
        { Name: "a", Size: 1 },
      ];
      const { final } = await create(harness.client, GROUPED, { Groups: groups });
      const id = final.Identifier!;
      // The caller's order, not the service's (a, z): no create-only value changed.
      const resized = [{ Name: "z", Size: 2 }, groups[1]];
      const done = await update(harness.client, GROUPED, id, [
        { op: "replace", path: "/Groups", value: resized },
      ]);
      assert.equal(done.OperationStatus, "SUCCESS", done.StatusMessage);
      const stored = harness.emulator.control.getResource(GROUPED, id)!.properties.Groups;
      assert.deepEqual(stored, resized);
      const renamed = [{ Name: "y", Size: 2 }, groups[1]];
      const refused = await rejection(
        update(harness.client, GROUPED, id, [{ op: "replace", path: "/Groups", value: renamed }]),
      );
      assert.equal(refused.name, "NotUpdatableException");
    } finally {
      await harness.close();
    }
  });

  test("the update's order follows the elements as reads show them (write-only members left out)", () => {
    const stored: JsonObject = { Rules: [{ Note: "secret", Port: 2 }, { Port: 1 }] };
    const shown: JsonObject = { Rules: [{ Port: 2 }, { Port: 1 }] };
    assert.deepEqual(sortUnorderedArraysAsShown(widgetType.schema, stored, shown), {
      Rules: [{ Port: 1 }, { Note: "secret", Port: 2 }],
    });
    // Sorted by its own text the element with Note would come first.
    assert.deepEqual(sortUnorderedArrays(widgetType.schema, stored).Rules, stored.Rules);
  });

  test("elements are compared after their own unordered arrays are sorted", () => {
    const model = { Rules: [{ Cidrs: ["b", "z"] }, { Cidrs: ["y", "a"] }] };
    // Sorted inside first: ["a","y"] < ["b","z"], so the second element comes first.
    assert.deepEqual(sortUnorderedArrays(widgetType.schema, model), {
      Rules: [{ Cidrs: ["a", "y"] }, { Cidrs: ["b", "z"] }],
    });
  });
});

describe("realism: defaults", () => {
  const desired = { Name: "d1", Primary: "p", Config: { Label: "x" }, Rules: [{ Port: 1 }] };
  const filledKeys = (stored: JsonObject): string[] =>
    Object.keys(stored).filter((key) => !(key in desired) && key !== "Arn");

  test("left-out optional properties come back with stored, schema-valid values; never read-only, write-only (or holding such) or oneOf members", async () => {
    let topLevel = 0;
    let nested = 0;
    const seenSets = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const harness = await widgetHarness(["defaults"], seed);
      try {
        const { final } = await create(harness.client, WIDGET, desired);
        assert.equal(final.OperationStatus, "SUCCESS", final.StatusMessage);
        const stored = harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
        const keys = filledKeys(stored);
        seenSets.add(keys.join(","));
        topLevel += keys.length;
        nested += Object.keys(stored.Config as JsonObject).length - 1;
        nested += Object.keys((stored.Rules as JsonObject[])[0]!).length - 1;
        for (const never of ["Secret", "Auth", "Secondary", "Quota"])
          assert.ok(!(never in stored), `${never} filled`);
        assert.deepEqual(harness.emulator.control.validateModel(WIDGET, stored), []);
        const first = await getProperties(harness.client, WIDGET, final.Identifier!);
        const second = await getProperties(harness.client, WIDGET, final.Identifier!);
        assert.deepEqual(first, stored, "reads answer what was stored at create");
        assert.deepEqual(second, first, "every read agrees");
      } finally {
        await harness.close();
      }
    }
    assert.ok(topLevel > 0, "some seed fills a top-level property");
    assert.ok(nested > 0, "some seed fills a nested property");
    assert.ok(seenSets.size > 2, `seeds choose different properties: ${[...seenSets].join(" | ")}`);
  });

  test("nothing is filled in or under a property the read handler never reports (realism unreported)", async () => {
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const hidden = unreportedProperties(widgetType, seed).filter((name) => name !== "Secondary");
      if (hidden.length === 0) continue;
      const harness = await widgetHarness(["defaults", "unreported"], seed);
      try {
        const { final } = await create(harness.client, WIDGET, desired);
        assert.equal(final.OperationStatus, "SUCCESS", final.StatusMessage);
        const stored = harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
        for (const name of hidden) {
          checked++;
          assert.deepEqual(stored[name], (desired as JsonObject)[name], `seed ${seed}: ${name}`);
        }
      } finally {
        await harness.close();
      }
    }
    assert.ok(checked >= 5, `${checked} hidden properties checked`);
  });

  test("nothing is filled inside a write-only object (callers send it whole on each update)", async () => {
    for (let seed = 0; seed < 12; seed++) {
      const harness = await widgetHarness(["defaults"], seed);
      try {
        const { final } = await create(harness.client, WIDGET, { ...desired, Route: { Path: "/r" } });
        assert.equal(final.OperationStatus, "SUCCESS", final.StatusMessage);
        const stored = harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
        assert.deepEqual(stored.Route, { Path: "/r" }, `seed ${seed}`);
      } finally {
        await harness.close();
      }
    }
  });

  test("the same seed fills the same properties with the same values; realism off fills none", async () => {
    const runs: JsonObject[] = [];
    for (const realism of [["defaults"], ["defaults"], []] as RealismBehaviour[][]) {
      const harness = await widgetHarness(realism, 3);
      try {
        const { final } = await create(harness.client, WIDGET, desired);
        runs.push(harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties);
      } finally {
        await harness.close();
      }
    }
    const withoutArn = ({ Arn: _arn, ...rest }: JsonObject): JsonObject => rest;
    assert.deepEqual(withoutArn(runs[0]!), withoutArn(runs[1]!));
    assert.deepEqual(withoutArn(runs[2]!), desired);
  });
});

test("defaults never name an object: two unnamed objects of a type whose ARN is built from its name both create", async () => {
  let labelled = 0;
  for (let seed = 0; seed < 12; seed++) {
    const harness = await startHarness({ schemaSource: source, realism: ["defaults"], seed });
    try {
      const first = await create(harness.client, NAMED, {});
      const second = await create(harness.client, NAMED, {});
      assert.equal(first.final.OperationStatus, "SUCCESS", first.final.StatusMessage);
      assert.equal(second.final.OperationStatus, "SUCCESS", `seed ${seed}: ${second.final.StatusMessage}`);
      assert.notEqual(first.final.Identifier, second.final.Identifier);
      const stored = harness.emulator.control.getResource(NAMED, first.final.Identifier!)!.properties;
      assert.ok(!("Name" in stored), `seed ${seed}: Name filled`);
      if ("Label" in stored) labelled++;
    } finally {
      await harness.close();
    }
  }
  assert.ok(labelled > 0, "other optional properties are still filled");
});

describe("realism: empties", () => {
  // A seed under which Labels (absent) is answered [], Steps (sent empty) absent, Meta (absent) {}.
  const seed = seedWhere(
    (s) =>
      emptyTreatment(widgetType, ["Labels"], s) === "fill" &&
      emptyTreatment(widgetType, ["Steps"], s) === "drop" &&
      emptyTreatment(widgetType, ["Meta"], s) === "fill" &&
      emptyTreatment(widgetType, ["Config", "Items"], s) === "fill",
  );

  test("collections left out come back empty, empty ones sent come back absent; minItems and the stored object respected", async () => {
    const harness = await widgetHarness(["empties"], seed);
    try {
      const { final } = await create(harness.client, WIDGET, {
        Name: "e1",
        Primary: "p",
        Steps: [],
        Config: {},
      });
      const read = await getProperties(harness.client, WIDGET, final.Identifier!);
      assert.deepEqual(read.Labels, []);
      assert.deepEqual(read.Meta, {});
      assert.deepEqual((read.Config as JsonObject).Items, []);
      assert.ok(!("Steps" in read), "an empty list sent comes back absent");
      assert.ok(!("Quota" in read), "minItems 1: never answered empty");
      const stored = harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
      assert.deepEqual(stored.Steps, []);
      assert.ok(!("Labels" in stored));
      assert.deepEqual(harness.emulator.control.validateModel(WIDGET, read as JsonObject), []);
    } finally {
      await harness.close();
    }
  });
});

test("empties never fill an object beyond its maxProperties", () => {
  const both = seedWhere(
    (s) =>
      emptyTreatment(widgetType, ["Limits", "Hard"], s) === "fill" &&
      emptyTreatment(widgetType, ["Limits", "Soft"], s) === "fill",
  );
  const read = applyEmpties(widgetType, { Name: "n", Primary: "p", Limits: {} }, both);
  assert.equal(Object.keys(read.Limits as JsonObject).length, 1);
});

describe("realism: json", () => {
  test("free-form objects and JSON strings re-serialised; IAM policy documents normalised", async () => {
    const harness = await widgetHarness(["json"], 1);
    try {
      const { final } = await create(harness.client, WIDGET, {
        Name: "j1",
        Primary: "p",
        Document: { z: 1, a: { y: true, b: [3, 1] } },
        Definition: '{\n  "StartAt": "B",\n  "Comment": "x"\n}',
        Description: "{not json",
        PolicyDocument: {
          Statement: {
            Effect: "Allow",
            Action: "s3:GetObject",
            Resource: ["arn:aws:s3:::b/*"],
            Principal: { AWS: "123456789012" },
            Condition: { StringEquals: { "aws:SourceAccount": ["123456789012"] } },
          },
        },
      });
      const { ResourceDescription } = await harness.client.send(
        new GetResourceCommand({ TypeName: WIDGET, Identifier: final.Identifier }),
      );
      const read = JSON.parse(ResourceDescription!.Properties!) as JsonObject;
      assert.equal(JSON.stringify(read.Document), '{"a":{"b":[3,1],"y":true},"z":1}');
      assert.equal(read.Definition, '{"Comment":"x","StartAt":"B"}');
      assert.equal(read.Description, "{not json", "a string that is not JSON is left alone");
      assert.equal(
        JSON.stringify(read.PolicyDocument),
        JSON.stringify({
          Statement: [
            {
              Action: ["s3:GetObject"],
              Condition: { StringEquals: { "aws:SourceAccount": "123456789012" } },
              Effect: "Allow",
              Principal: { AWS: ["arn:aws:iam::123456789012:root"] },
              Resource: "arn:aws:s3:::b/*",
            },
          ],
          Version: "2012-10-17",
        }),
      );
      assert.deepEqual(harness.emulator.control.validateModel(WIDGET, read), []);
    } finally {
      await harness.close();
    }
  });

  test("IAM normalisation: Version kept when given, long lists and '*' principals kept", () => {
    assert.deepEqual(flipSingle(["a"]), "a");
    assert.deepEqual(flipSingle("a"), ["a"]);
    assert.deepEqual(flipSingle(["a", "b"]), ["a", "b"]);
    assert.deepEqual(
      normaliseIamPolicy({
        Version: "2008-10-17",
        Statement: [
          { Effect: "Deny", Action: ["a", "b"], Principal: "*" },
          { Effect: "Allow", NotAction: "c", NotResource: ["r"] },
        ],
      }),
      {
        Version: "2008-10-17",
        Statement: [
          { Effect: "Deny", Action: ["a", "b"], Principal: "*" },
          { Effect: "Allow", NotAction: ["c"], NotResource: "r" },
        ],
      },
    );
    assert.deepEqual(normaliseIamPolicy({ NotAPolicy: 1 }), { NotAPolicy: 1 });
  });
});

describe("realism: unreported", () => {
  // Secondary cannot be sent beside Primary (oneOf): a seed that hides something else.
  const seed = seedWhere((s) => unreportedProperties(widgetType, s).some((name) => name !== "Secondary"));

  test("a seeded share of types never read back some settable properties; identifiers, read-only and write-only are never picked", async () => {
    const hidden = unreportedProperties(widgetType, seed);
    for (const name of hidden) assert.ok(!["Name", "Arn", "Secret"].includes(name), name);
    const harness = await widgetHarness(["unreported"], seed);
    try {
      const full: JsonObject = {
        ...widget,
        Mode: "FAST",
        Zone: "us-east-1a",
        Description: "d",
        Labels: ["l"],
        Meta: { k: "v" },
        Document: { a: 1 },
        PolicyDocument: { Statement: [] },
        Definition: "x",
        Quota: ["q"],
      };
      const { final } = await create(harness.client, WIDGET, full);
      const read = await getProperties(harness.client, WIDGET, final.Identifier!);
      const stored = harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties;
      for (const name of hidden.filter((name) => name !== "Secondary")) {
        assert.ok(name in stored, `${name} is stored`);
        assert.ok(!(name in read), `${name} is not read back`);
      }
      const { Secret: _secret, ...visible } = stored;
      assert.deepEqual(
        Object.keys(read).sort(),
        Object.keys(visible)
          .filter((name) => !hidden.includes(name))
          .sort(),
      );
    } finally {
      await harness.close();
    }
    // Types differ: over many seeds the share of seeds that pick this type is near the share of types picked.
    const picked = Array.from({ length: 400 }, (_, s) => unreportedProperties(widgetType, s).length > 0);
    const share = picked.filter(Boolean).length / picked.length;
    assert.ok(share > 0.15 && share < 0.35, `share ${share}`);
  });
});

describe("realism: awstags", () => {
  test("reserved aws: tags added in the type's shape (list and map), never stored", async () => {
    const listSeed = seedWhere((s) => awsTagsOf(widgetType, s, { accountId: "1", region: "r" }).length > 0);
    const harness = await widgetHarness(["awstags"], listSeed);
    try {
      const { final } = await create(harness.client, WIDGET, widget);
      const read = await getProperties(harness.client, WIDGET, final.Identifier!);
      const tags = read.Tags as Array<{ Key: string; Value: string }>;
      assert.deepEqual(tags.slice(0, 2), widget.Tags, "the caller's tags are kept");
      const reserved = tags.slice(2);
      assert.ok(reserved.length >= 1 && reserved.every((tag) => tag.Key.startsWith("aws:")));
      assert.deepEqual(
        harness.emulator.control.getResource(WIDGET, final.Identifier!)!.properties.Tags,
        widget.Tags,
      );
      // An object created without tags is answered with the reserved ones alone.
      const bare = await create(harness.client, WIDGET, { Name: "bare", Primary: "p" });
      const bareTags = (await getProperties(harness.client, WIDGET, bare.final.Identifier!)).Tags;
      assert.deepEqual(bareTags, reserved);
    } finally {
      await harness.close();
    }
    const mapSeed = seedWhere((s) => awsTagsOf(mappedType, s, { accountId: "1", region: "r" }).length > 0);
    const mapped = await widgetHarness(["awstags"], mapSeed);
    try {
      const { final } = await create(mapped.client, MAPPED, { Tags: { team: "x" } });
      const tags = (await getProperties(mapped.client, MAPPED, final.Identifier!)).Tags as Record<
        string,
        string
      >;
      assert.equal(tags.team, "x");
      const reserved = Object.keys(tags).filter((key) => key.startsWith("aws:"));
      assert.ok(reserved.length >= 1, JSON.stringify(tags));
      assert.deepEqual(mapped.emulator.control.getResource(MAPPED, final.Identifier!)!.properties.Tags, {
        team: "x",
      });
    } finally {
      await mapped.close();
    }
  });
});

test("always on: an update never takes away the service's own aws: tags the object holds (list and map)", async () => {
  const harness = await widgetHarness([], 0);
  try {
    const { final } = await create(harness.client, WIDGET, widget);
    const id = final.Identifier!;
    const stored = harness.emulator.control.getResource(WIDGET, id)!.properties;
    const serviceTag = { Key: "aws:cloudformation:stack-name", Value: "stack" };
    harness.emulator.control.driftUpdate(WIDGET, id, {
      properties: { ...stored, Tags: [serviceTag, ...(stored.Tags as JsonObject[])] },
    });
    const done = await update(harness.client, WIDGET, id, [
      { op: "replace", path: "/Tags", value: [{ Key: "team", Value: "y" }] },
    ]);
    assert.equal(done.OperationStatus, "SUCCESS");
    assert.deepEqual(harness.emulator.control.getResource(WIDGET, id)!.properties.Tags, [
      { Key: "team", Value: "y" },
      serviceTag,
    ]);
    await update(harness.client, WIDGET, id, [{ op: "remove", path: "/Tags" }]);
    assert.deepEqual(harness.emulator.control.getResource(WIDGET, id)!.properties.Tags, [serviceTag]);

    const mapped = await create(harness.client, MAPPED, { Tags: { team: "x" } });
    const mappedId = mapped.final.Identifier!;
    harness.emulator.control.driftUpdate(MAPPED, mappedId, {
      properties: { Id: mappedId, Tags: { team: "x", "aws:createdBy": "me" } },
    });
    await update(harness.client, MAPPED, mappedId, [{ op: "replace", path: "/Tags", value: { team: "z" } }]);
    assert.deepEqual(harness.emulator.control.getResource(MAPPED, mappedId)!.properties.Tags, {
      team: "z",
      "aws:createdBy": "me",
    });
  } finally {
    await harness.close();
  }
});

describe("realism: eventual", () => {
  let now = 1_700_000_000_000;
  let harness: Harness;
  before(async () => {
    harness = await widgetHarness(["eventual"], 1, { clock: () => now, eventualMs: 2000 });
  });
  after(() => harness.close());
  beforeEach(() => harness.emulator.control.reset());

  test("GetResource answers ResourceNotFoundException (400) for eventualMs after the create completes", async () => {
    const { final } = await create(harness.client, WIDGET, { Name: "ev", Primary: "p" });
    assert.equal(final.OperationStatus, "SUCCESS");
    const early = await rejection(getProperties(harness.client, WIDGET, "ev"));
    assert.equal(early.name, "ResourceNotFoundException");
    assert.equal(early.$metadata?.httpStatusCode, 400);
    now += 1999;
    assert.equal(
      (await rejection(getProperties(harness.client, WIDGET, "ev"))).name,
      "ResourceNotFoundException",
    );
    now += 1;
    assert.equal((await getProperties(harness.client, WIDGET, "ev")).Name, "ev");
  });

  test("off: found at once", async () => {
    harness.emulator.control.setConfig({ realism: [] });
    await create(harness.client, WIDGET, { Name: "now", Primary: "p" });
    assert.equal((await getProperties(harness.client, WIDGET, "now")).Name, "now");
    harness.emulator.control.setConfig({ realism: ["eventual"] });
  });
});

describe("realism: scalars", () => {
  test("numbers and booleans typed so by the schema come back as strings on a seeded share of types; free-form JSON kept", async () => {
    const seed = seedWhere((s) => answersScalarsAsStrings(widgetType, s));
    const harness = await widgetHarness(["scalars"], seed);
    try {
      const { final } = await create(harness.client, WIDGET, { ...widget, Document: { n: 1, b: false } });
      const read = await getProperties(harness.client, WIDGET, final.Identifier!);
      assert.equal(read.Size, "3");
      assert.equal(read.Enabled, "true");
      assert.deepEqual((read.Config as JsonObject).Level, "2");
      assert.deepEqual(
        (read.Rules as JsonObject[]).map((rule) => rule.Port),
        ["443", "22"],
      );
      assert.deepEqual(read.Document, { n: 1, b: false });
    } finally {
      await harness.close();
    }
    const other = seedWhere((s) => !answersScalarsAsStrings(widgetType, s));
    const plain = await widgetHarness(["scalars"], other);
    try {
      const { final } = await create(plain.client, WIDGET, widget);
      assert.equal((await getProperties(plain.client, WIDGET, final.Identifier!)).Size, 3);
    } finally {
      await plain.close();
    }
  });
});

describe("realism: seeding", () => {
  test("the same seed gives the same answers; other seeds other treatments", async () => {
    const answers: string[] = [];
    for (const seed of [21, 21, 22, 23, 24]) {
      const harness = await widgetHarness("all", seed, { eventualMs: 0 });
      try {
        const { final } = await create(harness.client, WIDGET, widget);
        const { ResourceDescription } = await harness.client.send(
          new GetResourceCommand({ TypeName: WIDGET, Identifier: final.Identifier }),
        );
        answers.push(ResourceDescription!.Properties!.replace(/"Arn":"[^"]*"/, ""));
      } finally {
        await harness.close();
      }
    }
    assert.equal(answers[0], answers[1]);
    assert.ok(new Set(answers.slice(1)).size > 1, "different seeds, different answers");
  });
});
