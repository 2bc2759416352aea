// The "simple" and "complex" schemas of the Go runtime tests, declared
// with the same constructors as the generated modules, plus value builders.
import * as a from "../../terraform/schema/define.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { makeRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";

const oc = { optional: true, computed: true } as const;
const computed = { computed: true, planModifiers: [a.useStateForUnknown()] } as const;

export const simpleAttributes: Attributes = {
  arn: a.string("Arn", computed),
  identifier: a.string("Identifier", computed),
  name: a.string("Name", { required: true }),
  number: a.float64("Number", { optional: true }),
  ports: a.list("Ports", a.elem.int64, oc),
};

const disk: Attributes = {
  id: a.string("Id", { required: true }),
  delete_with_instance: a.bool("DeleteWithInstance", oc),
};

export const complexAttributes: Attributes = {
  name: a.string("Name", { required: true }),
  machine_type: a.string("MachineType", { optional: true }),
  ports: a.list("Ports", a.elem.int64, { optional: true }),
  tags: a.set("Tags", a.elem.string, { optional: true }),
  disks: a.listNested("Disks", { optional: true }, disk),
  boot_disk: a.object("BootDisk", { optional: true }, disk),
  scratch_disk: a.object("ScratchDisk", { optional: true }, { interface: a.string("Interface", oc) }),
  video_ports: a.setNested(
    "VideoPorts",
    { optional: true },
    {
      id: a.float64("Id", { optional: true }),
      flags: a.list("Flags", a.elem.bool, { optional: true }),
    },
  ),
  identifier: a.string("Identifier", computed),
};

export const mapAttributes: Attributes = {
  simple_map: a.map("SimpleMap", a.elem.string, { optional: true }),
  complex_map: a.mapNested(
    "ComplexMap",
    { optional: true },
    {
      id: a.float64("Id", { optional: true }),
      flags: a.list("Flags", a.elem.bool, { optional: true }),
    },
  ),
  json_string: a.json("JsonString", { optional: true }),
};

/** An object with every attribute present: the given values, null elsewhere. */
export function objectOf(attributes: Attributes, values: Record<string, TfValue>): TfRecord {
  return makeRecord(Object.keys(attributes).map((name) => [name, values[name] ?? null]));
}

export function definitionOf(
  attributes: Attributes,
  overrides: Partial<ResourceDefinition> = {},
): ResourceDefinition {
  return a.resource({
    cfnTypeName: "Test::Fixture::Thing",
    tfTypeName: "awscc_fixture_thing",
    description: "fixture",
    schemaVersion: 1,
    attributes: { ...attributes, id: a.string(undefined, computed) },
    primaryIdentifier: ["/properties/Name"],
    identity: [],
    readOnlyProperties: [],
    createOnlyProperties: [],
    writeOnlyProperties: [],
    isGlobal: false,
    isImmutable: false,
    timeouts: { create: 0, update: 0, delete: 0 },
    listable: true,
    ...overrides,
  });
}
