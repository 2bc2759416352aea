// A small hand-written provider schema for the protocol tests, declared with the same
// constructors the generated modules use (terraform/schema/define.ts).
import * as d from "../../terraform/schema/define.js";
import type { Definition } from "../../terraform/schema/types.js";
import { describeProvider, type ProviderDescription } from "../../protocol/provider-description.js";

const noTimeouts = { create: 0, update: 0, delete: 0 };

export const thingResource = d.resource({
  cfnTypeName: "Test::Protocol::Thing",
  tfTypeName: "awscc_test_thing",
  description: "A thing that exists only for protocol tests.",
  schemaVersion: 1,
  attributes: {
    id: d.string(undefined, {
      computed: true,
      description: "Uniquely identifies the resource.",
      planModifiers: [d.useStateForUnknown()],
    }),
    name: d.string("Name", {
      required: true,
      description: "The thing's name.",
      planModifiers: [d.requiresReplace()],
    }),
    description: d.string("Description", { optional: true, computed: true }),
    size: d.int64("Size", { optional: true, validators: [d.atLeast(0)] }),
    big: d.int64("Big", { optional: true }),
    ratio: d.float64("Ratio", { optional: true }),
    precise: d.float64("Precise", { optional: true }),
    enabled: d.bool("Enabled", { optional: true, computed: true }),
    tags: d.map("Tags", d.elem.string, { optional: true }),
    labels: d.set("Labels", d.elem.string, { optional: true }),
    matrix: d.list("Matrix", d.elem.list(d.elem.int64), { optional: true }),
    policy: d.json("Policy", { optional: true }),
    settings: d.object(
      "Settings",
      { optional: true, computed: true },
      {
        mode: d.string("Mode", { optional: true }),
        retries: d.int64("Retries", { optional: true, computed: true }),
      },
    ),
    rules: d.listNested(
      "Rules",
      { optional: true },
      {
        priority: d.int64("Priority", { required: true }),
        action: d.string("Action", { optional: true }),
        rule_id: d.string("RuleId", { computed: true }),
      },
    ),
    arn: d.string("Arn", { computed: true }),
    created_at: d.rfc3339("CreatedAt", { computed: true }),
  },
  primaryIdentifier: ["/properties/Id"],
  identity: [{ name: "id", description: "The identifier." }],
  readOnlyProperties: ["/properties/Id", "/properties/Arn", "/properties/CreatedAt"],
  createOnlyProperties: ["/properties/Name"],
  writeOnlyProperties: [],
  isGlobal: false,
  isImmutable: false,
  timeouts: noTimeouts,
  listable: true,
});

export const widgetResource = d.resource({
  cfnTypeName: "Test::Protocol::Widget",
  tfTypeName: "awscc_test_widget",
  description: "A widget attached to a thing.",
  schemaVersion: 0,
  attributes: {
    id: d.string(undefined, { computed: true, planModifiers: [d.useStateForUnknown()] }),
    thing_id: d.string("ThingId", { required: true, planModifiers: [d.requiresReplace()] }),
    name: d.string("Name", { required: true }),
    weight: d.float64("Weight", { optional: true }),
    owners: d.list("Owners", d.elem.string, { optional: true }),
    limits: d.mapNested(
      "Limits",
      { optional: true },
      { max: d.int64("Max", { optional: true }), burst: d.bool("Burst", { optional: true }) },
    ),
    filters: d.setNested(
      "Filters",
      { optional: true },
      {
        key: d.string("Key", { required: true }),
        values: d.list("Values", d.elem.string, { optional: true }),
      },
    ),
  },
  primaryIdentifier: ["/properties/Id"],
  identity: [{ name: "id", description: "The identifier." }],
  readOnlyProperties: ["/properties/Id"],
  createOnlyProperties: ["/properties/ThingId"],
  writeOnlyProperties: [],
  isGlobal: false,
  isImmutable: false,
  timeouts: noTimeouts,
  listable: false,
});

export const lookupDataSource = d.singularDataSource({
  cfnTypeName: "Test::Protocol::Thing",
  tfTypeName: "awscc_test_lookup",
  description: "Looks a thing up by id.",
  attributes: {
    id: d.string(undefined, { required: true }),
    name: d.string("Name", { computed: true }),
    size: d.int64("Size", { computed: true }),
    tags: d.map("Tags", d.elem.string, { computed: true }),
  },
});

export const thingsDataSource = d.pluralDataSource({
  cfnTypeName: "Test::Protocol::Thing",
  tfTypeName: "awscc_test_things",
  description: "Plural Data Source schema for Test::Protocol::Thing",
});

export const testDefinitions: readonly Definition[] = [
  thingResource,
  widgetResource,
  lookupDataSource,
  thingsDataSource,
];

export const testProviderDescription: ProviderDescription = describeProvider({
  providerConfig: {
    description: "Protocol test provider.",
    attributes: {
      region: d.string(undefined, { optional: true, description: "The region." }),
      max_retries: d.int64(undefined, { optional: true }),
      assume_role: d.object(
        undefined,
        { optional: true },
        {
          role_arn: d.string(undefined, { required: true }),
          tags: d.map(undefined, d.elem.string, { optional: true }),
        },
      ),
    },
  },
  definitions: testDefinitions,
});
