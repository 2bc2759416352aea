// The pure test vectors of the Go provider's runtime tests (1–10, 12–15) as table tests, plus an
// order-aware patch property check: every generated patch, applied by an independent RFC 6902
// implementation, turns the old document into the new one.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import jsonpatch from "fast-json-patch";
import { attributeFromJson, fromModel } from "../../runtime/convert/from-cfn.js";
import {
  canonicalJson,
  type JsonDoc,
  jsonDocEquals,
  jsonDocFromPlain,
  jsonDocToPlain,
  type JsonDocObject,
  parseJsonDoc,
  stringifyJsonDoc,
} from "../../runtime/convert/json-doc.js";
import { normalizeWithoutPrior, reorderWithPrior } from "../../runtime/convert/reorder.js";
import { toDesiredState } from "../../runtime/convert/to-cfn.js";
import {
  buildPatch,
  compareRemovePaths,
  consolidateArrayOps,
  diffDocuments,
  orderPatchOps,
  type PatchOp,
} from "../../runtime/cloudcontrol/patch.js";
import { parsePropertyPointer } from "../../runtime/cloudcontrol/property-pointers.js";
import { fillUnknowns, unknownPaths } from "../../runtime/apply/unknown-fill.js";
import { updatePatchDocument } from "../../runtime/apply/update.js";
import { multisetPlanValue } from "../../runtime/state/multiset.js";
import * as a from "../../terraform/schema/define.js";
import {
  attributeCtyType,
  DecimalNumber,
  formatPath,
  makeRecord,
  type TfValue,
  UNKNOWN,
  valueEquals,
} from "../../terraform/values/index.js";
import { complexAttributes, definitionOf, mapAttributes, objectOf, simpleAttributes } from "./fixtures.js";

const doc = (plain: unknown): JsonDoc => jsonDocFromPlain(plain);
const assertDoc = (actual: JsonDoc, expected: unknown, message?: string): void =>
  assert.ok(
    jsonDocEquals(actual, doc(expected)),
    `${message ?? ""}\n got ${stringifyJsonDoc(actual)}\nwant ${JSON.stringify(expected)}`,
  );

const complexPlan = () =>
  objectOf(complexAttributes, {
    name: "hello, world",
    machine_type: "e2-medium",
    ports: [80, 443],
    tags: ["red", "blue", "green"],
    disks: [
      objectOf(disk, { id: "disk0", delete_with_instance: true }),
      objectOf(disk, { id: "disk1", delete_with_instance: false }),
    ],
    boot_disk: objectOf(disk, { id: "bootdisk", delete_with_instance: true }),
    scratch_disk: makeRecord([["interface", "SCSI"]]),
  });
const disk = (complexAttributes.disks?.type as { attributes: typeof complexAttributes }).attributes;
const videoPort = (complexAttributes.video_ports?.type as { attributes: typeof complexAttributes })
  .attributes;

describe("Terraform → desired state", () => {
  test("simple", () => {
    assertDoc(toDesiredState(simpleAttributes, objectOf(simpleAttributes, { name: "testing" })), {
      Name: "testing",
    });
    assertDoc(toDesiredState(simpleAttributes, objectOf(simpleAttributes, { name: "testing", number: 42 })), {
      Name: "testing",
      Number: 42,
    });
  });
  test("unknown and null values are omitted, empty collections too", () => {
    const value = objectOf(simpleAttributes, { name: "n", arn: UNKNOWN, ports: [] });
    assertDoc(toDesiredState(simpleAttributes, value), { Name: "n" });
  });
  test("complex", () => {
    assertDoc(toDesiredState(complexAttributes, complexPlan()), {
      Name: "hello, world",
      MachineType: "e2-medium",
      Ports: [80, 443],
      Tags: ["red", "blue", "green"],
      Disks: [
        { Id: "disk0", DeleteWithInstance: true },
        { Id: "disk1", DeleteWithInstance: false },
      ],
      BootDisk: { Id: "bootdisk", DeleteWithInstance: true },
      ScratchDisk: { Interface: "SCSI" },
    });
  });
  test("maps keep their keys; JSON strings are embedded and read back as text", () => {
    const complexEntry = (id: number, flags: boolean[]) =>
      makeRecord([
        ["id", id],
        ["flags", flags],
      ]);
    const value = objectOf(mapAttributes, {
      simple_map: makeRecord([
        ["one", "eno"],
        ["two", "owt"],
      ]),
      complex_map: makeRecord([
        ["x", complexEntry(1, [true, false])],
        ["y", complexEntry(-1, [false, true, true])],
      ]),
      json_string: '{"Key1":42}',
    });
    const desired = toDesiredState(mapAttributes, value);
    assertDoc(desired, {
      SimpleMap: { one: "eno", two: "owt" },
      ComplexMap: { x: { Id: 1, Flags: [true, false] }, y: { Id: -1, Flags: [false, true, true] } },
      JsonString: { Key1: 42 },
    });
    const back = fromModel(mapAttributes, desired);
    assert.equal(back.json_string, '{"Key1":42}');
    assert.ok(valueEquals(attributeCtyType({ kind: "object", attributes: mapAttributes }), back, value));
  });
  test("numbers keep every digit both ways", () => {
    const big = new DecimalNumber("123456789012345678901234567890.5");
    const desired = toDesiredState(simpleAttributes, objectOf(simpleAttributes, { name: "n", number: big }));
    assert.equal(stringifyJsonDoc(desired), '{"Name":"n","Number":123456789012345678901234567890.5}');
    const back = fromModel(
      simpleAttributes,
      parseJsonDoc('{"Number":9007199254740993,"Ports":[18446744073709551615]}') as JsonDocObject,
    );
    assert.equal(String(back.number), "9007199254740993");
    assert.equal(String((back.ports as TfValue[])[0]), "18446744073709551615");
  });
  test("a JSON attribute that is not JSON is an error naming the attribute", () => {
    assert.throws(
      () => toDesiredState(mapAttributes, objectOf(mapAttributes, { json_string: "{nope" })),
      /json_string/,
    );
  });
});

describe("model → Terraform", () => {
  const simple = (model: unknown) => fromModel(simpleAttributes, doc(model) as JsonDocObject);
  test("edge cases of the simple schema", () => {
    const value = simple({ Arn: "arn:aws:test:::test", Name: "testing", Number: 42 });
    assert.equal(value.identifier, null);
    assert.equal(value.arn, "arn:aws:test:::test");
    assert.equal(value.number, 42);
    assert.equal(simple({ Name: { Value: "testing" } }).name, '{"Value":"testing"}');
    assert.equal(simple({ Name: "x", Height: 1.75 }).name, "x");
    assert.equal(simple({ Name: "x", Ports: [] }).ports, null);
    assert.equal(simple({ Name: "x" }).ports, null);
    assert.deepEqual(simple({ Name: "x", Ports: [8080, 8443] }).ports, [8080, 8443]);
  });
  test("complex: sets of strings and of objects", () => {
    const model = {
      ...(jsonDocToPlain(toDesiredState(complexAttributes, complexPlan())) as object),
      VideoPorts: [
        { Id: 1, Flags: [true, false] },
        { Id: -1, Flags: [false, true, true] },
      ],
    };
    const value = fromModel(complexAttributes, doc(model) as JsonDocObject);
    const expected = objectOf(complexAttributes, {
      ...complexPlan(),
      video_ports: [
        objectOf(videoPort, { id: -1, flags: [false, true, true] }),
        objectOf(videoPort, { id: 1, flags: [true, false] }),
      ],
      tags: ["green", "red", "blue"],
    });
    assert.ok(
      valueEquals(attributeCtyType({ kind: "object", attributes: complexAttributes }), value, expected),
    );
    assert.equal(value.identifier, null);
  });
});

describe("list reordering", () => {
  const tag = (Key: string, Value: string) => ({ Key, Value });
  const cases: { name: string; current: unknown; prior: unknown; expected: unknown }[] = [
    {
      name: "key-value, all known",
      current: { Tags: [tag("Zebra", "last"), tag("Apple", "first"), tag("Mango", "middle")] },
      prior: { Tags: [tag("Apple", "x"), tag("Mango", "y"), tag("Zebra", "z")] },
      expected: { Tags: [tag("Apple", "first"), tag("Mango", "middle"), tag("Zebra", "last")] },
    },
    {
      name: "key-value, new key last",
      current: { Tags: [tag("Zebra", "z"), tag("Apple", "a"), tag("New", "n")] },
      prior: { Tags: [tag("Apple", "a"), tag("Zebra", "z")] },
      expected: { Tags: [tag("Apple", "a"), tag("Zebra", "z"), tag("New", "n")] },
    },
    {
      name: "key-value, extras sorted",
      current: { Tags: [tag("Mango", "m"), tag("Apple", "a"), tag("Cherry", "c"), tag("Banana", "b")] },
      prior: { Tags: [tag("Apple", "a"), tag("Mango", "m")] },
      expected: { Tags: [tag("Apple", "a"), tag("Mango", "m"), tag("Banana", "b"), tag("Cherry", "c")] },
    },
    {
      name: "lowercase key",
      current: {
        Tags: [
          { key: "b", value: "2" },
          { key: "a", value: "1" },
        ],
      },
      prior: {
        Tags: [
          { key: "a", value: "1" },
          { key: "b", value: "2" },
        ],
      },
      expected: {
        Tags: [
          { key: "a", value: "1" },
          { key: "b", value: "2" },
        ],
      },
    },
    {
      name: "not key-value",
      current: { X: [{ NotKey: "b" }, { NotKey: "a" }] },
      prior: { X: [{ NotKey: "a" }, { NotKey: "b" }] },
      expected: { X: [{ NotKey: "b" }, { NotKey: "a" }] },
    },
    {
      name: "strings in prior order",
      current: { S: ["subnet-03", "subnet-01", "subnet-02"] },
      prior: { S: ["subnet-01", "subnet-02", "subnet-03"] },
      expected: { S: ["subnet-01", "subnet-02", "subnet-03"] },
    },
    {
      name: "strings, extras after",
      current: { S: ["subnet-03", "subnet-01", "subnet-04"] },
      prior: { S: ["subnet-01", "subnet-03"] },
      expected: { S: ["subnet-01", "subnet-03", "subnet-04"] },
    },
    {
      name: "numbers",
      current: { P: [443, 80, 8080] },
      prior: { P: [80, 443, 8080] },
      expected: { P: [80, 443, 8080] },
    },
    {
      name: "mixed kinds unchanged",
      current: { M: ["string", 42] },
      prior: { M: [42, "string"] },
      expected: { M: ["string", 42] },
    },
    {
      name: "duplicates are kept (awscc drops them)",
      current: { S: ["a", "b", "a"] },
      prior: { S: ["a", "a", "b"] },
      expected: { S: ["a", "a", "b"] },
    },
    {
      name: "nested object",
      current: { VpcConfig: { SubnetIds: ["02", "01"], Tags: [tag("z", "1"), tag("a", "2")] } },
      prior: { VpcConfig: { SubnetIds: ["01", "02"], Tags: [tag("a", "2"), tag("z", "1")] } },
      expected: { VpcConfig: { SubnetIds: ["01", "02"], Tags: [tag("a", "2"), tag("z", "1")] } },
    },
    {
      name: "inside key-value list elements",
      current: { Listeners: [{ Key: "l", Tags: [tag("Env", "e"), tag("App", "a")] }] },
      prior: { Listeners: [{ Key: "l", Tags: [tag("App", "a"), tag("Env", "e")] }] },
      expected: { Listeners: [{ Key: "l", Tags: [tag("App", "a"), tag("Env", "e")] }] },
    },
    {
      name: "prior {}",
      current: { Tags: [tag("b", "2"), tag("a", "1")] },
      prior: {},
      expected: { Tags: [tag("a", "1"), tag("b", "2")] },
    },
  ];
  for (const c of cases) {
    test(c.name, () => assertDoc(reorderWithPrior(doc(c.current), doc(c.prior)), c.expected));
  }
  test("without prior only key-value lists are sorted", () => {
    assertDoc(
      normalizeWithoutPrior(
        doc({
          Tags: [tag("Zebra", "z"), tag("Apple", "a")],
          VpcConfig: { Tags: [tag("b", "1"), tag("a", "2")] },
          Ports: [443, 80],
        }),
      ),
      {
        Tags: [tag("Apple", "a"), tag("Zebra", "z")],
        VpcConfig: { Tags: [tag("a", "2"), tag("b", "1")] },
        Ports: [443, 80],
      },
    );
  });
});

describe("patch ordering and consolidation", () => {
  test("removes sort descending, numerically for indexes", () => {
    const ops: PatchOp[] = ["/QueueConfigs/6", "/QueueConfigs/4", "/QueueConfigs/11", "/QueueConfigs/10"].map(
      (path) => ({ op: "remove", path }),
    );
    const ordered = orderPatchOps([...ops, { op: "add", path: "/QueueConfigs/3", value: "x" }]);
    assert.deepEqual(
      ordered.map((op) => op.path),
      ["/QueueConfigs/11", "/QueueConfigs/10", "/QueueConfigs/6", "/QueueConfigs/4", "/QueueConfigs/3"],
    );
    const mixed = [
      "/QueueConfigs/11",
      "/QueueConfigs/10",
      "/QueueConfigs/12",
      "/OtherQueueConfigs/1",
      "/OtherQueueConfigs/3",
      "/ThirdQueueConfigs/2",
      "/A",
      "/B",
    ];
    assert.deepEqual(
      orderPatchOps(mixed.map((path) => ({ op: "remove", path }))).map((op) => op.path),
      [
        "/ThirdQueueConfigs/2",
        "/QueueConfigs/12",
        "/QueueConfigs/11",
        "/QueueConfigs/10",
        "/OtherQueueConfigs/3",
        "/OtherQueueConfigs/1",
        "/B",
        "/A",
      ],
    );
    assert.ok(compareRemovePaths("/QueueConfigs/100", "/QueueConfigs/99") < 0);
    assert.ok(compareRemovePaths("/A/1", "/B/2") > 0);
    assert.ok(compareRemovePaths("/QueueConfigs/1", "/OtherConfigs/2") < 0);
  });
  test("key-value arrays become one whole-array op", () => {
    const after = {
      Name: "test",
      Tags: [
        { Key: "Apple", Value: "a" },
        { Key: "Zebra", Value: "z" },
      ],
    };
    const ops: PatchOp[] = [
      { op: "replace", path: "/Tags/0", value: doc({ Key: "Apple", Value: "a" }) },
      { op: "replace", path: "/Tags/1", value: doc({ Key: "Zebra", Value: "z" }) },
      { op: "replace", path: "/Name", value: "test" },
    ];
    const result = consolidateArrayOps(ops, doc(after));
    assert.equal(result.length, 2);
    assert.deepEqual(result[0], { op: "replace", path: "/Name", value: "test" });
    assert.equal(result[1]?.path, "/Tags");
    assertDoc((result[1] as { value: JsonDoc }).value, after.Tags);
    const removed = consolidateArrayOps(
      [
        { op: "remove", path: "/Tags/0" },
        { op: "remove", path: "/Tags/1" },
      ],
      doc({ Name: "x" }),
    );
    assert.deepEqual(removed, [{ op: "remove", path: "/Tags" }]);
    const ports: PatchOp[] = [
      { op: "replace", path: "/Ports/0", value: 1 },
      { op: "replace", path: "/Ports/1", value: 2 },
    ];
    assert.deepEqual(consolidateArrayOps(ports, doc({ Ports: [1, 2] })), ports);
    const two = consolidateArrayOps(
      [
        { op: "replace", path: "/Tags/0", value: "t" },
        { op: "replace", path: "/Attributes/0", value: "a" },
      ],
      doc({ Tags: [{ Key: "k" }], Attributes: [{ Key: "a" }] }),
    );
    assert.deepEqual(
      two.map((op) => op.path),
      ["/Attributes", "/Tags"],
    );
    assert.deepEqual(consolidateArrayOps(ports, "{not json"), ports);
  });
  test("shape: value change inside a tag, shrinking a primitive list", () => {
    const ops = buildPatch(
      doc({ Name: "a", Tags: [{ Key: "k1", Value: "v1" }], Ports: [80, 443, 8080] }),
      doc({ Name: "b", Tags: [{ Key: "k1", Value: "v2" }], Ports: [80] }),
    );
    const shown = ops
      .map((op) => `${op.op} ${op.path} ${"value" in op ? canonicalJson(op.value) : ""}`)
      .sort();
    assert.deepEqual(shown, ['replace /Name "b"', "replace /Ports [80]", 'replace /Tags/0/Value "v2"']);
  });
});

describe("order-aware patches", () => {
  const cases: [string, unknown, unknown][] = [
    ["insert in the middle", { L: [{ A: 1 }, { A: 3 }] }, { L: [{ A: 1 }, { A: 2 }, { A: 3 }] }],
    ["remove from the middle", { L: [{ A: 1 }, { A: 2 }, { A: 3 }] }, { L: [{ A: 1 }, { A: 3 }] }],
    ["duplicates collapse (awscc sends nothing)", { L: ["a", "a", "b"] }, { L: ["a", "b"] }],
    ["duplicates added", { L: ["a", "b"] }, { L: ["a", "a", "b"] }],
    ["reorder and grow", { L: [1, 2, 3] }, { L: [3, 1, 2, 4] }],
    [
      "nested arrays",
      { O: { L: [{ X: [1] }, { X: [2] }] } },
      { O: { L: [{ X: [2] }, { X: [1, 5] }, { X: [9] }] } },
    ],
    ["keys with / and ~", { M: { "a/b": 1, "c~d": 2 } }, { M: { "a/b": 3 } }],
    ["type change", { A: [1] }, { A: { B: 1 } }],
  ];
  for (const [name, before, after] of cases) {
    test(name, () => {
      const ops = buildPatch(doc(before), doc(after));
      const patched = jsonpatch.applyPatch(
        structuredClone(before),
        ops.map((op) => ({
          ...op,
          ...("value" in op ? { value: jsonDocToPlain(op.value) } : {}),
        })) as jsonpatch.Operation[],
        true,
        false,
      ).newDocument;
      assert.deepEqual(patched, after);
      assert.ok(ops.length > 0);
    });
  }
  test("random arrays round-trip through their patch", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const list = () =>
      Array.from({ length: Math.floor(random() * 7) }, () => ({
        Key: `k${Math.floor(random() * 4)}`,
        N: Math.floor(random() * 3),
      }));
    for (let i = 0; i < 300; i++) {
      const before = { Items: list(), Plain: list().map((x) => x.N) };
      const after = { Items: list(), Plain: list().map((x) => x.N) };
      const ops = buildPatch(doc(before), doc(after));
      const patched = jsonpatch.applyPatch(
        structuredClone(before),
        ops.map((op) => ({
          ...op,
          ...("value" in op ? { value: jsonDocToPlain(op.value) } : {}),
        })) as jsonpatch.Operation[],
        true,
        false,
      ).newDocument;
      const expected = Object.fromEntries(Object.entries(after).filter(([, v]) => v.length > 0));
      const got = Object.fromEntries(
        Object.entries(patched as Record<string, unknown[]>).filter(([, v]) => v.length > 0),
      );
      assert.deepEqual(got, expected, JSON.stringify({ before, after, ops }));
    }
  });
  test("readOnly and createOnly values are never in a patch", () => {
    const ops = buildPatch(doc({ Arn: "x", Name: "a", Size: 1 }), doc({ Name: "a", Size: 2 }), {
      excluded: [["Arn"], ["Name"]],
    });
    assert.deepEqual(
      ops.map((op) => op.path),
      ["/Size"],
    );
    const diff = diffDocuments(doc({ Name: "a" }), doc({ Name: "b" }));
    assert.equal(diff.length, 1);
  });
});

describe("write-only values on update", () => {
  const definition = definitionOf({
    name: a.string("Name", { required: true }),
    password: a.string("Password", { optional: true, computed: true, writeOnly: true }),
    basic_auth_parameters: a.object(
      "BasicAuthParameters",
      { optional: true },
      {
        username: a.string("Username", { optional: true }),
        password: a.string("Password", { optional: true, writeOnly: true }),
      },
    ),
  });
  test("the plan's write-only values are sent again", () => {
    const prior = objectOf(definition.attributes, { name: "a", password: "p", id: "a" });
    const planned = objectOf(definition.attributes, { name: "b", password: "p", id: "a" });
    const patch = JSON.parse(updatePatchDocument(definition, prior, planned)) as unknown[];
    assert.deepEqual(patch, [
      { op: "replace", path: "/Name", value: "b" },
      { op: "add", path: "/Password", value: "p" },
    ]);
    const nestedPrior = objectOf(definition.attributes, {
      name: "a",
      basic_auth_parameters: makeRecord([
        ["username", "u"],
        ["password", "s"],
      ]),
    });
    const nestedPatch = JSON.parse(updatePatchDocument(definition, nestedPrior, nestedPrior)) as unknown[];
    assert.deepEqual(nestedPatch, [{ op: "add", path: "/BasicAuthParameters/Password", value: "s" }]);
  });
  test("createOnly values inside a write-only value are sent with it, not removed", () => {
    // AWS::Pipes::Pipe: SourceParameters is write-only, SourceParameters/.../QueueName createOnly.
    const source = {
      queue_name: a.string("QueueName", { required: true, planModifiers: [a.requiresReplace()] }),
      batch_size: a.int64("BatchSize", { optional: true }),
    };
    const pipe = definitionOf(
      {
        name: a.string("Name", { required: true, planModifiers: [a.requiresReplace()] }),
        role: a.string("Role", { required: true }),
        source_parameters: a.object("SourceParameters", { optional: true, writeOnly: true }, source),
      },
      {
        writeOnlyProperties: ["/properties/SourceParameters"],
        createOnlyProperties: ["/properties/Name", "/properties/SourceParameters/QueueName"],
      },
    );
    const state = (role: string) =>
      objectOf(pipe.attributes, {
        name: "p",
        role,
        source_parameters: objectOf(source, { queue_name: "q", batch_size: 5 }),
        id: "p",
      });
    assert.deepEqual(JSON.parse(updatePatchDocument(pipe, state("r1"), state("r2"))), [
      { op: "replace", path: "/Role", value: "r2" },
      { op: "add", path: "/SourceParameters", value: { QueueName: "q", BatchSize: 5 } },
    ]);
  });
  test("pointer parsing rejects malformed pointers", () => {
    assert.deepEqual(parsePropertyPointer("/properties/BasicAuthParameters/Password"), [
      "BasicAuthParameters",
      "Password",
    ]);
    for (const bad of ["", "test", "/properties", "/definitions/X/Y", "/properties//Password"]) {
      assert.equal(parsePropertyPointer(bad), undefined, bad);
    }
  });
});

describe("unknown paths and fill", () => {
  test("simple", () => {
    const plan = objectOf(simpleAttributes, {
      arn: UNKNOWN,
      name: "testing",
      number: 42,
      identifier: UNKNOWN,
      ports: UNKNOWN,
    });
    assert.deepEqual(unknownPaths(simpleAttributes, plan).map(formatPath), ["arn", "identifier", "ports"]);
    const model = fromModel(
      simpleAttributes,
      doc({ Arn: "arn:aws:test:::test", Ports: [8080, 8081] }) as JsonDocObject,
    );
    const filled = fillUnknowns(plan, model, unknownPaths(simpleAttributes, plan));
    assert.deepEqual(
      { ...(filled as object) },
      { arn: "arn:aws:test:::test", identifier: null, name: "testing", number: 42, ports: [8080, 8081] },
    );
  });
  test("complex", () => {
    const base = complexPlan();
    const plan = objectOf(complexAttributes, {
      ...base,
      boot_disk: objectOf(disk, { id: "bootdisk", delete_with_instance: UNKNOWN }),
      disks: [
        objectOf(disk, { id: "disk0", delete_with_instance: true }),
        objectOf(disk, { id: "disk1", delete_with_instance: UNKNOWN }),
      ],
      scratch_disk: makeRecord([["interface", UNKNOWN]]),
      video_ports: [
        objectOf(videoPort, { id: 1, flags: UNKNOWN }),
        objectOf(videoPort, { id: 2, flags: [true] }),
      ],
      identifier: UNKNOWN,
    });
    const paths = unknownPaths(complexAttributes, plan);
    assert.deepEqual(paths.map(formatPath).sort(), [
      "boot_disk.delete_with_instance",
      "disks[1].delete_with_instance",
      "identifier",
      "scratch_disk.interface",
      "video_ports",
    ]);
    const model = fromModel(
      complexAttributes,
      doc({
        Identifier: "testing",
        BootDisk: { DeleteWithInstance: true },
        ScratchDisk: { Interface: "SCSI" },
        Disks: [
          { Id: "disk0", DeleteWithInstance: true },
          { Id: "disk1", DeleteWithInstance: false },
        ],
        VideoPorts: [
          { Id: -1, Flags: [false, true, true] },
          { Id: 1, Flags: [true, false] },
        ],
      }) as JsonDocObject,
    );
    const filled = fillUnknowns(plan, model, paths) as Record<string, TfValue>;
    assert.deepEqual({ ...(filled.boot_disk as object) }, { id: "bootdisk", delete_with_instance: true });
    assert.equal((filled.disks as Record<string, TfValue>[])[1]?.delete_with_instance, false);
    assert.equal((filled.scratch_disk as Record<string, TfValue>).interface, "SCSI");
    assert.equal(filled.identifier, "testing");
    assert.deepEqual(filled.tags, base.tags);
    assert.deepEqual(filled.ports, base.ports);
    assert.ok(
      valueEquals(
        attributeCtyType(complexAttributes.video_ports!.type),
        filled.video_ports,
        model.video_ports,
      ),
    );
  });
});

describe("multiset", () => {
  const strings = attributeCtyType({ kind: "list", element: { kind: "string", flavor: "plain" } });
  const cases: [string, TfValue, TfValue, "plan" | "state"][] = [
    ["both null", null, null, "plan"],
    ["different", ["gamma"], ["beta"], "plan"],
    ["different length", ["gamma", "gamma"], ["gamma"], "plan"],
    ["same multiset", ["gamma", "gamma", "beta"], ["gamma", "beta", "gamma"], "state"],
    ["different counts", ["gamma", "beta", "beta"], ["gamma", "beta", "gamma"], "plan"],
    ["unknown never matches", [UNKNOWN], ["x"], "plan"],
  ];
  for (const [name, plan, state, expected] of cases) {
    test(name, () =>
      assert.equal(multisetPlanValue(strings, plan, state), expected === "plan" ? plan : state),
    );
  }
  test("objects", () => {
    const attributes = { k: a.string("K", { optional: true }), v: a.string("V", { optional: true }) };
    const type = attributeCtyType({ kind: "listNested", attributes });
    const kv = (k: string, v: string) =>
      makeRecord([
        ["k", k],
        ["v", v],
      ]);
    const state = [kv("k1", "v1"), kv("k2", "v2")];
    assert.equal(multisetPlanValue(type, [kv("k2", "v2"), kv("k1", "v1")], state), state);
  });
});

describe("JSON documents", () => {
  test("attributeFromJson reads JSON-string attributes as canonical text", () => {
    assert.equal(
      attributeFromJson({ kind: "string", flavor: "json" }, doc({ b: 1, a: [true] })),
      '{"a":[true],"b":1}',
    );
  });
});
