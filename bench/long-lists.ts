// npm run bench:lists: how the provider's work grows with a list's length. For every resource type
// and each of its list and set attributes, a configuration with SMALL and then LARGE distinct
// elements goes through the lifecycle in process against the emulator, which answers arrays in an
// order of its own: validate, plan and apply the create, read, plan with no change, and plan with
// the configuration's elements reversed. Each step's time at LARGE is a ratio against the same
// step at SMALL, measured in the same run; a step growing much faster than the list (pairing
// elements against each other, say) is flagged, measured twice more, and reported with medians.
// BENCH_TYPES=awscc_a,awscc_b limits the types; BENCH_LIST_SIZES=40,320 sets SMALL and LARGE.
import { directorySchemaSource, effectiveSchemasDir } from "../cfn/schema-source.js";
import { seededRandom } from "../emulator/emulator.js";
import { resources } from "../generated/index.js";
import type { CloudControlBackend } from "../runtime/provider/cloudcontrol-backend.js";
import type { Attribute, ResourceDefinition } from "../terraform/schema/types.js";
import { attributeCtyType } from "../terraform/values/implied-type.js";
import { canonicalKey, makeRecord, type TfRecord, type TfValue } from "../terraform/values/value.js";
import { ConfigBuilder } from "../test/runtime/config-builder.js";
import type { SchemaNode } from "../test/runtime/schema-nodes.js";
import { loadResource, startRuntime } from "../test/runtime/harness.js";
import { proposedNewState } from "../test/runtime/terraform.js";

const [SMALL, LARGE] = (process.env.BENCH_LIST_SIZES ?? "40,320").split(",").map(Number) as [number, number];
/** Flagged: growing more than this many times faster than the list, and slower than FLAG_MS at LARGE. */
const FLAG_FACTOR = 2.5;
const FLAG_MS = 20;
const LIST_KINDS = new Set(["list", "set", "listNested", "setNested"]);
const CAPABILITIES = { deferralAllowed: false, writeOnlyAttributesAllowed: true };
const NO_BYTES = new Uint8Array();

type StepTimes = Record<string, number>;

interface Case {
  readonly definition: ResourceDefinition;
  readonly attribute: string;
  readonly base: TfRecord;
  readonly elements: readonly TfValue[];
}

const hasErrors = (result: { diagnostics?: readonly { severity: string }[] }): boolean =>
  (result.diagnostics ?? []).some((d) => d.severity === "error");

/** LARGE distinct elements for the attribute, from the configuration builder's variants; null if it cannot. */
function elementsFor(builder: ConfigBuilder, attribute: Attribute, name: string): TfValue[] | null {
  const element = (attributeCtyType(attribute.type) as { element?: Parameters<typeof canonicalKey>[0] })
    .element;
  if (!element) return null;
  const seen = new Set<string>();
  const elements: TfValue[] = [];
  for (let variant = 0; variant < LARGE * 3 && elements.length < LARGE; variant++) {
    const value = builder.topLevelValue(name, variant);
    if (!Array.isArray(value)) return null;
    for (const item of value as TfValue[]) {
      const key = canonicalKey(element, item);
      if (seen.has(key)) continue;
      seen.add(key);
      elements.push(item);
    }
  }
  return elements.length >= LARGE ? elements : null;
}

/** The lifecycle at `count` elements: each step's milliseconds, or why it could not run. */
async function lifecycle(backend: CloudControlBackend, c: Case, count: number): Promise<StepTimes | string> {
  const { definition } = c;
  const typeName = definition.tfTypeName;
  const withElements = (elements: readonly TfValue[]): TfRecord =>
    makeRecord(Object.keys(c.base).map((k) => [k, k === c.attribute ? [...elements] : (c.base[k] ?? null)]));
  const config = withElements(c.elements.slice(0, count));
  const times: StepTimes = {};
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    times[step] = performance.now() - started;
    return result;
  };
  const validated = await timed("validate", () =>
    backend.validateResourceConfig({ typeName, definition, config, clientCapabilities: CAPABILITIES }),
  );
  if (hasErrors(validated)) return "invalid";
  const proposed = proposedNewState(definition.attributes, null, config);
  const plan = await timed("plan", async () =>
    backend.planResourceChange({
      typeName,
      definition,
      priorState: null,
      proposedNewState: proposed,
      config,
      priorPrivate: NO_BYTES,
      providerMeta: null,
      clientCapabilities: CAPABILITIES,
    }),
  );
  if (hasErrors(plan)) return "plan failed";
  const applied = await timed("apply", () =>
    backend.applyResourceChange({
      typeName,
      definition,
      priorState: null,
      plannedState: plan.plannedState,
      config,
      plannedPrivate: plan.plannedPrivate ?? NO_BYTES,
      providerMeta: null,
    }),
  );
  if (hasErrors(applied) || applied.newState === null) return "apply failed";
  const read = await timed("read", () =>
    backend.readResource({
      typeName,
      definition,
      currentState: applied.newState,
      private: applied.private ?? NO_BYTES,
      providerMeta: null,
      clientCapabilities: CAPABILITIES,
    }),
  );
  const reversed = withElements(c.elements.slice(0, count).reverse());
  for (const [step, next] of [
    ["no change", config],
    ["reversed", reversed],
  ] as const) {
    // Terraform's proposed new state, as the test harness works it out (not the provider's work).
    const proposedNext = proposedNewState(definition.attributes, read.newState, next);
    await timed(step, async () =>
      backend.planResourceChange({
        typeName,
        definition,
        priorState: read.newState,
        proposedNewState: proposedNext,
        config: next,
        priorPrivate: read.private ?? NO_BYTES,
        providerMeta: null,
        clientCapabilities: CAPABILITIES,
      }),
    );
  }
  await backend.applyResourceChange({
    typeName,
    definition,
    priorState: read.newState,
    plannedState: null,
    config: null,
    plannedPrivate: read.private ?? NO_BYTES,
    providerMeta: null,
  });
  return times;
}

/** Steps whose time grew more than FLAG_FACTOR times faster than the list, with their growth. */
function steep(small: StepTimes, large: StepTimes): [string, number, number][] {
  return Object.keys(large)
    .map((step): [string, number, number] => {
      const ms = large[step] as number;
      return [step, ms / Math.max(small[step] ?? 0, 0.05), ms];
    })
    .filter(([, growth, ms]) => growth > (LARGE / SMALL) * FLAG_FACTOR && ms > FLAG_MS);
}

const median = (xs: readonly number[]): number =>
  [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;

const h = await startRuntime({ realism: ["order"], seed: 3 }, { schemaSource: null });
const schemas = directorySchemaSource(effectiveSchemasDir());
const wanted = process.env.BENCH_TYPES?.split(",") ?? Object.keys(resources);
let measured = 0;
const flagged: string[] = [];
/** Every step over FLAG_MS at LARGE, for the steepest few at the end. */
const slowSteps: { where: string; step: string; growth: number; ms: number }[] = [];
try {
  for (const typeName of wanted) {
    const definition = await loadResource(typeName);
    const schema = schemas.get(definition.cfnTypeName);
    if (!schema) continue;
    for (const [name, attribute] of Object.entries(definition.attributes)) {
      if (!LIST_KINDS.has(attribute.type.kind) || (attribute.computed && !attribute.optional)) continue;
      const builder = new ConfigBuilder(definition, schema as SchemaNode, seededRandom(7));
      let c: Case;
      try {
        const elements = elementsFor(builder, attribute, name);
        if (!elements) continue;
        c = { definition, attribute: name, base: builder.config([name]), elements };
      } catch {
        continue; // no configuration the builder can satisfy
      }
      const small = await lifecycle(h.backend, c, SMALL);
      const large = typeof small === "string" ? small : await lifecycle(h.backend, c, LARGE);
      if (typeof small === "string" || typeof large === "string") continue;
      measured++;
      for (const [step, ms] of Object.entries(large)) {
        if (ms > FLAG_MS)
          slowSteps.push({
            where: `${typeName}.${name}`,
            step,
            growth: ms / Math.max(small[step] ?? 0, 0.05),
            ms,
          });
      }
      if (steep(small, large).length === 0) continue;
      // One sample can catch a collection: measure twice more and judge the medians.
      const runs = [[small, large]];
      for (let i = 0; i < 2; i++) {
        const s = await lifecycle(h.backend, c, SMALL);
        const l = await lifecycle(h.backend, c, LARGE);
        if (typeof s !== "string" && typeof l !== "string") runs.push([s, l]);
      }
      const medianOf = (which: 0 | 1): StepTimes =>
        Object.fromEntries(
          Object.keys(large).map((step) => [step, median(runs.map((r) => r[which]![step]!))]),
        );
      const found = steep(medianOf(0), medianOf(1));
      if (found.length === 0) continue;
      const line = `${typeName}.${name}: ${found.map(([step, growth, ms]) => `${step} ${ms.toFixed(1)} ms (x${growth.toFixed(0)})`).join(", ")}`;
      flagged.push(line);
      console.log(`  steep: ${line}`);
    }
  }
} finally {
  await h.close();
}
console.log(
  `${measured} list attributes at ${SMALL} and ${LARGE} elements; ${flagged.length} with a step growing more than ` +
    `${FLAG_FACTOR * (LARGE / SMALL)}x (the list grew ${LARGE / SMALL}x) and over ${FLAG_MS} ms (medians of 3)`,
);
const steepest = slowSteps.sort((x, y) => y.growth - x.growth).slice(0, 5);
if (steepest.length > 0)
  console.log(
    `steepest steps over ${FLAG_MS} ms (one sample each): ${steepest
      .map((s) => `${s.where} ${s.step} ${s.ms.toFixed(1)} ms (x${s.growth.toFixed(0)})`)
      .join("; ")}`,
  );
