// Lists of objects inside list elements (S3 lifecycle rule tag filters, WorkSpaces volume tag
// specifications...) must read back in the user's order, or the next plan shows a diff (and a
// replacement when the list is create-only). A type's configurable lists of objects inside the
// elements of a list of objects (through objects) are found from its definition; each is configured
// with two elements in that inner list, created, read back with the emulator answering arrays as
// stored and reversed, and planned again: no change, no replacement. nested-list-order.test.ts runs
// the sweep over the types known to have such lists, nested-list-order.corpus.ts over every type.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { defaultGeneratedDir, resolveSchemasDir } from "../../cfn/paths.js";
import { seededRandom } from "../../emulator/emulator.js";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import { resources } from "../../generated/index.js";
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  definitionImpliedType,
  isRecord,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import { ConfigBuilder } from "./config-builder.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { errorsOf } from "./terraform.js";

const isList = (a: Attribute): boolean => a.type.kind === "listNested" || a.type.kind === "setNested";
const configurable = (a: Attribute): boolean =>
  Boolean((a.optional || a.required) && !a.deprecated && a.cfnName !== undefined);

interface InnerList {
  /** Terraform names from the top (the outer list's first element stands for `*`). */
  readonly tfPath: readonly string[];
  readonly cfnPath: readonly string[];
  readonly attribute: Attribute;
}

/** Configurable lists of objects inside the elements of a list of objects (through objects on either side). */
export function innerLists(attributes: Attributes): InnerList[] {
  const found: InnerList[] = [];
  const walk = (attrs: Attributes, tfPath: string[], cfnPath: string[], insideList: boolean): void => {
    for (const [name, a] of Object.entries(attrs)) {
      if (!configurable(a) || !("attributes" in a.type)) continue;
      const tf = [...tfPath, name];
      const cfn = [...cfnPath, a.cfnName as string];
      if (isList(a)) {
        if (insideList) found.push({ tfPath: tf, cfnPath: cfn, attribute: a });
        else walk(a.type.attributes, [...tf, "*"], [...cfn, "*"], true);
      } else if (a.type.kind === "object") walk(a.type.attributes, tf, cfn, insideList);
    }
  };
  walk(attributes, [], [], false);
  return found;
}

/** Every generated resource type, by Terraform name. */
export function everyResourceType(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(defaultGeneratedDir, "manifest.json"), "utf8")) as {
    types: { generated: { resource?: string } }[];
  };
  return manifest.types
    .map((t) => t.generated.resource)
    .filter((name): name is string => name !== undefined && resources[name] !== undefined)
    .sort();
}

/** `value` with `replacement` at `tfPath` (`*`: the first element); missing objects made by `fill`. */
function setAt(
  value: TfValue,
  tfPath: readonly string[],
  replacement: TfValue,
  fill: (depth: number) => TfValue,
  depth = 0,
): TfValue {
  if (tfPath.length === 0) return replacement;
  const [step, ...rest] = tfPath as [string, ...string[]];
  if (step === "*") {
    const items = Array.isArray(value) && value.length > 0 ? [...(value as TfValue[])] : [fill(depth)];
    items[0] = setAt(items[0] as TfValue, rest, replacement, fill, depth + 1);
    return items;
  }
  const record = isRecord(value) ? value : (fill(depth) as TfRecord);
  return makeRecord(
    Object.keys(record).map((k) => [
      k,
      k === step ? setAt(record[k] ?? null, rest, replacement, fill, depth + 1) : (record[k] ?? null),
    ]),
  );
}

/** The attribute at each step of a Terraform path, for building missing intermediate values. */
function attributesAlong(attributes: Attributes, tfPath: readonly string[]): (Attribute | undefined)[] {
  const out: (Attribute | undefined)[] = [];
  let attrs: Attributes | undefined = attributes;
  let current: Attribute | undefined;
  for (const step of tfPath) {
    if (step === "*") {
      out.push(current && "attributes" in current.type ? current : undefined);
      continue;
    }
    current = attrs?.[step];
    out.push(current);
    attrs = current && "attributes" in current.type ? current.type.attributes : undefined;
  }
  return out;
}

interface Case {
  readonly definition: ResourceDefinition;
  readonly inner: InnerList;
  readonly config: TfValue;
}

function buildCase(definition: ResourceDefinition, builder: ConfigBuilder, inner: InnerList): Case | string {
  const top = inner.tfPath[0] as string;
  const config = builder.config([top]);
  const twoElements = builder.valueAt(inner.attribute, inner.cfnPath, 1);
  if (!Array.isArray(twoElements) || twoElements.length < 2) return "the inner list allows one element";
  const elementType = definitionImpliedType({
    ...definition,
    attributes: {
      e: {
        type: { kind: "object", attributes: (inner.attribute.type as { attributes: Attributes }).attributes },
      },
    },
  });
  const [first, second] = twoElements as TfValue[];
  const wrap = (v: TfValue) => makeRecord([["e", v ?? null]]);
  if (valueEquals(elementType, wrap(first ?? null), wrap(second ?? null)))
    return "the two elements built are equal";
  const along = attributesAlong(definition.attributes, inner.tfPath);
  // A missing intermediate (an optional object, an empty outer list) gets its required members.
  const fill = (depth: number): TfValue => {
    const a = along[depth - 1] ?? along[depth];
    const cfn = inner.cfnPath.slice(0, depth);
    if (inner.tfPath[depth] === "*") {
      const list = builder.valueAt(along[depth - 1] as Attribute, cfn, 0);
      return Array.isArray(list) ? (list[0] ?? null) : null;
    }
    return a ? builder.valueAt(a, cfn, 0) : null;
  };
  // The builder's elements come in ascending order (key0, key1...): the user writes them the other
  // way round, so that a read that sorts them (or a service that reverses them) shows.
  const userOrder = [...(twoElements as TfValue[])].reverse();
  return { definition, inner, config: setAt(config, inner.tfPath, userOrder, fill) };
}

/** Types with such lists, named in the corpus-wide scan's check. */
export const KNOWN_TYPES = [
  "awscc_s3_bucket",
  "awscc_ec2_spot_fleet",
  "awscc_ecs_service",
  "awscc_eks_fargate_profile",
  "awscc_events_rule",
  "awscc_iot_topic_rule",
  "awscc_codedeploy_deployment_group",
  "awscc_ssm_patch_baseline",
  "awscc_workspacesinstances_volume",
];

/** The definitions of those of `names` that have a list of objects inside list elements. */
export async function typesWithInnerLists(names: readonly string[]): Promise<ResourceDefinition[]> {
  const found: ResourceDefinition[] = [];
  for (const name of names) {
    const definition = await loadResource(name);
    if (innerLists(definition.attributes).length > 0) found.push(definition);
  }
  return found;
}

/** The sweep over `found`, after a check that it includes every known type. */
export function describeNestedListSweep(title: string, found: readonly ResourceDefinition[]): void {
  describe(title, () => {
    let h: RuntimeHarness;
    const outcomes = new Map<string, string>();
    before(async () => {
      h = await startRuntime();
    });
    after(async () => {
      await h.close();
      const lines = [...outcomes].map(([k, v]) => `${k}: ${v}`);
      console.log(`nested-list order sweep:\n  ${lines.join("\n  ")}`);
    });

    test("the scan finds the known types", () => {
      const names = found.map((d) => d.tfTypeName);
      for (const known of KNOWN_TYPES)
        assert.ok(names.includes(known), `${known} found (found: ${names.join(", ")})`);
    });

    const source = directorySchemaSource(resolveSchemasDir());
    for (const definition of found) {
      const name = definition.tfTypeName;
      test(name, async (t) => {
        const lists = innerLists(definition.attributes);
        const schema = source.get(definition.cfnTypeName);
        if (!schema) return t.skip("no schema");
        const builder = new ConfigBuilder(definition, schema, seededRandom(7));
        let tried = 0;
        for (const inner of lists) {
          let built: Case | string;
          try {
            built = buildCase(definition, builder, inner);
          } catch (error) {
            built = (error as Error).message;
          }
          const where = inner.tfPath.join(".");
          if (typeof built === "string") {
            outcomes.set(`${name} ${where}`, `not built (${built})`);
            continue;
          }
          tried++;
          for (const reorder of [false, true]) {
            h.emulator.control.setConfig({ reorderArrays: reorder });
            const sim = h.sim(definition);
            let created;
            try {
              created = await sim.applyConfig(built.config, null);
            } catch (error) {
              created = { state: null, diagnostics: [], refused: (error as Error).message };
            }
            const createErrors = "refused" in created ? created.refused : errorsOf(created.diagnostics);
            if (createErrors) {
              // The builder's value does not satisfy this type (oneOf branches...): not this test's subject.
              outcomes.set(`${name} ${where}`, `create refused: ${createErrors.slice(0, 160)}`);
              break;
            }
            const refreshed = await sim.read(created.state);
            assert.equal(errorsOf(refreshed.diagnostics), "", `${where}: read`);
            const label = `${where} (service ${reorder ? "reverses arrays" : "keeps order"})`;
            assert.ok(
              valueEquals(definitionImpliedType(definition), refreshed.state, created.state),
              `${label}: refresh changed the state\n${JSON.stringify(refreshed.state)}\n${JSON.stringify(created.state)}`,
            );
            const plan = await sim.plan(built.config, refreshed.state);
            assert.equal(errorsOf(plan.diagnostics), "", `${label}: plan`);
            assert.equal(plan.action, "noop", `${label}: plan after refresh`);
            assert.deepEqual(plan.requiresReplace, [], `${label}: replacement`);
            outcomes.set(`${name} ${where}`, "ok");
            await sim.apply(refreshed.state, null, null);
          }
        }
        if (tried === 0) t.diagnostic("no inner list could be configured");
      });
    }
  });
}
