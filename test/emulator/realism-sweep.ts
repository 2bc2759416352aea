// The realism profile over real types: each type created through the SDK with a minimal model (its
// required properties, sampled from the schema) and then with a rich one (every optional top-level
// property the sampler can fill validly: two-element lists, JSON documents, tags), read back with
// every behaviour on, and counted per behaviour when that behaviour changed what a read answers. Also checked for every type: the
// answer is the read-time behaviours applied to the stored object (nothing else changes it), and
// `defaults`, `empties`, `order` and `json` never turn a valid model invalid.
//
// The emulator compiles each type's validator on first use (about 40 ms a type on a loaded machine),
// so the whole corpus takes about a minute: realism.corpus.ts runs all of it (REALISM_SWEEP_COUNT=all),
// realism-sample.test.ts a seeded sample for npm test; REALISM_SWEEP_SEED=n picks another sample and
// another profile seed.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CreateResourceCommand, GetResourceCommand } from "@aws-sdk/client-cloudcontrol";
import { listSchemaFiles } from "../../cfn/read-schemas.js";
import { defaultSchemasDir, directorySchemaSource } from "../../cfn/schema-source.js";
import { schemaNodeAt } from "../../emulator/generate/schema-nodes.js";
import { visibleModel } from "../../emulator/handlers/resource-handlers.js";
import { type RealismBehaviour, REALISM_BEHAVIOURS } from "../../emulator/realism/behaviours.js";
import { collectionKind, isFreeFormObject } from "../../emulator/realism/schema-kinds.js";
import { realisticReadModel } from "../../emulator/realism/read-view.js";
import { answerInDeclaredForms } from "../../emulator/realism/transforms.js";
import { sampleValue } from "../../emulator/realism/sample-value.js";
import { decisionRandom } from "../../emulator/realism/seeded.js";
import { isJsonObject } from "../../emulator/schema/pointers.js";
import { type ResourceType, TypeRegistry } from "../../emulator/schema/type-registry.js";
import type { JsonObject, JsonValue } from "../../emulator/types.js";
import { type Harness, rejection, startHarness, waitForRequest } from "./helpers.js";

const SEED = Number(process.env.REALISM_SWEEP_SEED ?? 1);
const COUNT =
  process.env.REALISM_SWEEP_COUNT === "all" ? Infinity : Number(process.env.REALISM_SWEEP_COUNT ?? 150);
const EVENTUAL_MS = 1000;
const WHERE = { accountId: "123456789012", region: "us-east-1" };

const schemasDir = defaultSchemasDir();
const registry = new TypeRegistry(directorySchemaSource(schemasDir)); // schema facts only: never validates

function sampleTypes(): ResourceType[] {
  const random = decisionRandom(SEED, ["realism-sweep"]);
  const all = listSchemaFiles(schemasDir)
    .map((file) => registry.find(file.replace(/\.json$/, "").replaceAll("_", "::")))
    .filter(
      (type): type is ResourceType => !!type && type.handlers.has("create") && type.handlers.has("read"),
    );
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j] as ResourceType, all[i] as ResourceType];
  }
  return all.slice(0, COUNT);
}

/** The type's required top-level properties with sampled values (read-only ones left to the service). */
function minimalModel(type: ResourceType): JsonObject {
  const model: JsonObject = {};
  const properties = isJsonObject(type.schema.properties) ? type.schema.properties : {};
  const required = Array.isArray(type.schema.required) ? type.schema.required : [];
  const random = decisionRandom(SEED, ["minimal", type.typeName]);
  const ctx = { ...WHERE, now: Date.UTC(2026, 0, 1), random };
  for (const name of required) {
    if (typeof name !== "string" || type.readOnly.some((path) => path.length === 1 && path[0] === name))
      continue;
    const node = schemaNodeAt(type.schema, [name]);
    const value = node && sampleValue({ type, name, node, ctx, collections: true });
    if (value !== undefined && Object.hasOwn(properties, name)) model[name] = value;
  }
  return model;
}

/** Concrete paths in `after` that `before` lacks, skipping generated (read-only) ones and schema defaults. */
function addedPaths(
  type: ResourceType,
  before: JsonValue | undefined,
  after: JsonValue,
  pattern: string[],
): number {
  if (!isJsonObject(after)) {
    if (!Array.isArray(after)) return 0;
    return after.reduce<number>(
      (sum, item, i) =>
        sum + addedPaths(type, Array.isArray(before) ? before[i] : undefined, item, [...pattern, "*"]),
      0,
    );
  }
  let count = 0;
  for (const [name, value] of Object.entries(after)) {
    const path = [...pattern, name];
    const generated = type.generated.some(
      (ro) => ro.length === path.length && ro.every((segment, i) => segment === path[i]),
    );
    const inBefore = isJsonObject(before) && Object.hasOwn(before, name);
    if (inBefore) count += addedPaths(type, before[name], value, path);
    else if (!generated && schemaNodeAt(type.schema, path)?.default === undefined) count++;
  }
  return count;
}

const text = (value: JsonValue): string => JSON.stringify(value);

/** A small JSON document with keys out of order; an IAM-style policy for policy-named properties. */
function documentSample(name: string): JsonObject {
  if (/(PolicyDocument|Policy)$/.test(name))
    return { Statement: { Effect: "Allow", Action: "s3:GetObject", Resource: ["*"] } };
  return { b: 1, a: { d: "x", c: true } };
}

/**
 * The minimal model plus every optional top-level property the sampler can fill and the emulator's
 * validator accepts: lists of two elements, JSON documents, tags.
 */
function richModel(
  type: ResourceType,
  minimal: JsonObject,
  validate: (model: JsonObject) => string[],
): JsonObject {
  const model: JsonObject = { ...minimal };
  const properties = isJsonObject(type.schema.properties) ? type.schema.properties : {};
  const random = decisionRandom(SEED, ["rich", type.typeName]);
  const ctx = { ...WHERE, now: Date.UTC(2026, 0, 1), random };
  const isPath = (lists: readonly (readonly string[])[], name: string) =>
    lists.some((path) => path.length === 1 && path[0] === name);
  for (const name of Object.keys(properties)) {
    if (Object.hasOwn(model, name) || isPath(type.readOnly, name)) continue;
    const node = schemaNodeAt(type.schema, [name]);
    if (!node) continue;
    let value: JsonValue | undefined;
    if (isFreeFormObject(node)) value = documentSample(name);
    else if (collectionKind(node) === "array") {
      const items = schemaNodeAt(type.schema, [name, "*"]);
      const first = items && sampleValue({ type, name, node: items, ctx, collections: true });
      const second = items && sampleValue({ type, name, node: items, ctx, collections: true });
      if (first !== undefined && second !== undefined)
        value = text(first) === text(second) ? [first] : [second, first];
    } else value = sampleValue({ type, name, node, ctx, collections: true });
    if (value === undefined) continue;
    model[name] = value;
    if (validate(model).length > 0) delete model[name];
  }
  return model;
}

describe(`realism over real types (seed ${SEED})`, () => {
  let harness: Harness;
  let now = Date.UTC(2026, 0, 1);
  before(async () => {
    harness = await startHarness({ realism: "all", seed: SEED, eventualMs: EVENTUAL_MS, clock: () => now });
  });
  after(() => harness.close());

  test("every type: the answer is the profile applied to the stored object; counts per behaviour", async () => {
    const types = sampleTypes();
    const touched = Object.fromEntries(REALISM_BEHAVIOURS.map((name) => [name, 0])) as Record<
      RealismBehaviour,
      number
    >;
    const notCreated = new Map<string, number>();
    const mismatches: string[] = [];
    const madeInvalid: string[] = [];
    const control = harness.emulator.control;
    const settings = (behaviours: RealismBehaviour[]) => ({
      behaviours,
      seed: SEED,
      eventualMs: EVENTUAL_MS,
    });

    /** Creates the model, reads it back, and says which behaviours changed the answer (undefined: not created). */
    const probe = async (
      type: ResourceType,
      desired: JsonObject,
    ): Promise<Set<RealismBehaviour> | undefined> => {
      let token: string | undefined;
      try {
        const accepted = await harness.client.send(
          new CreateResourceCommand({ TypeName: type.typeName, DesiredState: JSON.stringify(desired) }),
        );
        token = accepted.ProgressEvent?.RequestToken;
      } catch (error) {
        const reason = (error as Error).name;
        notCreated.set(reason, (notCreated.get(reason) ?? 0) + 1);
        return undefined;
      }
      const final = await waitForRequest(harness.client, token ?? "");
      const identifier = final.Identifier;
      if (final.OperationStatus !== "SUCCESS" || !identifier) {
        const reason = `FAILED ${final.ErrorCode}`;
        notCreated.set(reason, (notCreated.get(reason) ?? 0) + 1);
        return undefined;
      }
      const out = new Set<RealismBehaviour>();
      const read = () =>
        harness.client.send(new GetResourceCommand({ TypeName: type.typeName, Identifier: identifier }));
      const early = await rejection(read());
      assert.equal(early.name, "ResourceNotFoundException", type.typeName);
      out.add("eventual");
      now += EVENTUAL_MS;
      const answer = JSON.parse((await read()).ResourceDescription?.Properties ?? "null") as JsonObject;
      const stored = control.getResource(type.typeName, identifier)!.properties;
      control.driftDelete(type.typeName, identifier); // the next model may use the same identifier
      const visible = visibleModel(type, stored);
      // The declared forms (JSONata, asynchronous) are applied to the read view on its way out.
      const expected = await answerInDeclaredForms(
        type.schema,
        realisticReadModel(type, visible, settings([...REALISM_BEHAVIOURS]), WHERE),
      );
      if (text(expected) !== text(answer)) mismatches.push(type.typeName);
      if (text(await answerInDeclaredForms(type.schema, visible)) !== text(visible)) out.add("transforms");
      if (addedPaths(type, desired, visible, []) > 0) out.add("defaults");
      for (const behaviour of ["empties", "order", "json", "unreported", "awstags", "scalars"] as const) {
        if (text(realisticReadModel(type, visible, settings([behaviour]), WHERE)) !== text(visible))
          out.add(behaviour);
      }
      if (control.validateModel(type.typeName, visible).length === 0) {
        const shaped = realisticReadModel(type, visible, settings(["empties", "order", "json"]), WHERE);
        const violations = control.validateModel(type.typeName, shaped);
        if (violations.length > 0) madeInvalid.push(`${type.typeName}: ${violations.join("; ")}`);
      }
      return out;
    };

    let created = 0;
    const started = Date.now();
    for (const type of types) {
      const minimal = minimalModel(type);
      const first = await probe(type, minimal);
      const rich = richModel(type, minimal, (model) => control.validateModel(type.typeName, model));
      const second = text(rich) === text(minimal) ? undefined : await probe(type, rich);
      if (first || second) created++;
      for (const behaviour of new Set([...(first ?? []), ...(second ?? [])])) touched[behaviour]++;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `realism sweep, seed ${SEED}: ${types.length} types tried, ${created} created in ${seconds} s; ` +
        `models not created: ${JSON.stringify(Object.fromEntries(notCreated))}`,
    );
    console.log(`types touched per behaviour: ${JSON.stringify(touched)}`);
    assert.deepEqual(mismatches, [], "answers that are not the profile applied to the stored object");
    assert.deepEqual(madeInvalid, [], "valid stored models the shaping behaviours made invalid");
    assert.ok(created >= types.length * 0.7, `only ${created} of ${types.length} types were created`);
    for (const behaviour of REALISM_BEHAVIOURS)
      assert.ok(touched[behaviour] > 0, `${behaviour} touched no type`);
  });
});
