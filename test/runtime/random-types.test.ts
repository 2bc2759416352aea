// A randomized lifecycle sweep over real types: with a fixed seed, pick generated resources whose
// schema has create, read and delete handlers, build a minimal valid configuration for each from the
// definition and the CloudFormation schema (config-builder.ts), and run create → no-op plan → update
// → no-op plan → import (+ plan) → refresh → drift and its repair → replacement → destroy or deletion
// behind Terraform's back, against the emulator, with the lifecycle contract checked after every
// plan, apply and read (random-lifecycle.ts). Types the builder cannot configure are skipped,
// counted and printed with the reason; they must stay a small minority.
//
// The sweep: RANDOM_TYPES_COUNT=400 (or "all"), RANDOM_TYPES_SEED=n, RANDOM_TYPES_ONLY=awscc_a,awscc_b,
// RANDOM_TYPES_OPTIONAL=n (optional attributes per configuration), RANDOM_TYPES_REORDER=1 (reads
// answer arrays of objects reversed), RANDOM_TYPES_REALISM=all|a,b (the emulator's realism profile,
// seeded by RANDOM_TYPES_REALISM_SEED, default 7; RANDOM_TYPES_EVENTUAL_MS shortens `eventual`), RANDOM_TYPES_EXTENDED=0 (no drift, replacement or deletion
// behind Terraform's back), RANDOM_TYPES_REPORT=file.json (every outcome, for triage).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { defaultGeneratedDir, resolveSchemasDir } from "../../cfn/paths.js";
import { seededRandom } from "../../emulator/emulator.js";
import { realismBehaviours } from "../../emulator/realism/behaviours.js";
import { CloudControlClient, GetResourceCommand } from "@aws-sdk/client-cloudcontrol";
import { type Touch, touchesOf } from "./realism-touches.js";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import { resources } from "../../generated/index.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { type LifecycleOutcome, LifecycleRun } from "./random-lifecycle.js";
import { isSchemaNode, type SchemaNode } from "./schema-nodes.js";

const SEED = Number(process.env.RANDOM_TYPES_SEED ?? 20240501);
const COUNT =
  process.env.RANDOM_TYPES_COUNT === "all" ? Infinity : Number(process.env.RANDOM_TYPES_COUNT ?? 60);
const ONLY = process.env.RANDOM_TYPES_ONLY?.split(",").filter(Boolean);
const REPORT = process.env.RANDOM_TYPES_REPORT;
/** Optional attributes added to half of the configurations (to all of them when above 2). */
const OPTIONAL = Number(process.env.RANDOM_TYPES_OPTIONAL ?? 2);
/** The emulator answers arrays of objects in reverse order, like a service with an order of its own. */
const REORDER = process.env.RANDOM_TYPES_REORDER === "1";
/** The emulator's realism profile (emulator/README.md): "all" or a comma-separated list. */
const REALISM = process.env.RANDOM_TYPES_REALISM;
const REALISM_SEED = Number(process.env.RANDOM_TYPES_REALISM_SEED ?? 7);
/** How long `eventual` keeps a new object unreadable (the emulator's default: 1 s, slow for a sweep). */
const EVENTUAL_MS = process.env.RANDOM_TYPES_EVENTUAL_MS
  ? Number(process.env.RANDOM_TYPES_EVENTUAL_MS)
  : undefined;
/** Also drift, replacement and deletion behind Terraform's back. */
const EXTENDED = process.env.RANDOM_TYPES_EXTENDED !== "0";
/** Skips may not exceed this share of the types tried. */
const MAX_SKIP_SHARE = 0.05;
const NEEDED_HANDLERS = ["create", "read", "delete"] as const;

interface Candidate {
  readonly tfTypeName: string;
  readonly cfnTypeName: string;
  readonly schema: SchemaNode;
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Generated resources (from the manifest) in a seeded order, keeping those whose schema has the handlers. */
function pickTypes(): Candidate[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(defaultGeneratedDir, "manifest.json"), "utf8")) as {
    types: { cfnTypeName: string; generated: { resource?: string } }[];
  };
  const pairs = manifest.types
    .filter((t) => t.generated.resource !== undefined && resources[t.generated.resource] !== undefined)
    .map((t) => ({ tfTypeName: t.generated.resource as string, cfnTypeName: t.cfnTypeName }))
    .sort((a, b) => a.tfTypeName.localeCompare(b.tfTypeName));
  const ordered = ONLY
    ? pairs.filter((p) => ONLY.includes(p.tfTypeName))
    : shuffle(pairs, seededRandom(SEED));
  const source = directorySchemaSource(resolveSchemasDir());
  const picked: Candidate[] = [];
  for (const pair of ordered) {
    if (picked.length >= COUNT) break;
    const schema = source.get(pair.cfnTypeName);
    const handlers = isSchemaNode(schema?.handlers) ? schema.handlers : {};
    if (schema && NEEDED_HANDLERS.every((h) => isSchemaNode(handlers[h]))) picked.push({ ...pair, schema });
  }
  return picked;
}

type Recorded = LifecycleOutcome | { readonly status: "failed"; readonly error: string };

describe(`randomized lifecycle over real types (seed ${SEED}${REALISM ? `, realism ${REALISM} seed ${REALISM_SEED}` : ""})`, () => {
  const picked = pickTypes();
  const outcomes = new Map<string, Recorded>();
  /** Under the realism profile: types each behaviour visibly touched, and clean replans. */
  const touched = new Map<Touch, number>();
  let cleanReplans = 0;
  let client: CloudControlClient | undefined;
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime({
      reorderArrays: REORDER,
      ...(REALISM ? { realism: realismBehaviours(REALISM), seed: REALISM_SEED } : {}),
      ...(EVENTUAL_MS !== undefined ? { eventualMs: EVENTUAL_MS } : {}),
    });
  });
  after(async () => {
    client?.destroy();
    await h.close();
    const summary = summarize(outcomes);
    console.log(summary.text);
    console.log(`clean replans: ${cleanReplans}`);
    if (REALISM)
      console.log(
        `types touched per realism behaviour: ${[...touched.entries()]
          .sort()
          .map(([name, n]) => `${name} ${n}`)
          .join(", ")}`,
      );
    if (REPORT) fs.writeFileSync(REPORT, JSON.stringify(Object.fromEntries(outcomes), null, 2));
  });

  for (const candidate of picked) {
    test(`${candidate.tfTypeName} (${candidate.cfnTypeName})`, async (t) => {
      h.emulator.control.reset();
      const random = seededRandom(SEED ^ hashOf(candidate.tfTypeName));
      try {
        const definition = await loadResource(candidate.tfTypeName);
        const run = new LifecycleRun(h, definition, candidate.schema, random, REORDER, EXTENDED);
        if (REALISM) {
          client ??= new CloudControlClient({
            endpoint: h.emulator.url,
            region: "us-east-1",
            credentials: { accessKeyId: "any", secretAccessKey: "any" },
          });
          const api = client;
          run.onCreated = async (state) => {
            const found = await api.send(
              new GetResourceCommand({ TypeName: candidate.cfnTypeName, Identifier: String(state.id) }),
            );
            const sent = h.emulator.control.calls({ operation: "CreateResource" }).at(-1)?.input.DesiredState;
            const stored = {
              ...h.emulator.control.getResource(candidate.cfnTypeName, String(state.id))?.properties,
            };
            for (const pointer of definition.writeOnlyProperties)
              delete stored[pointer.replace(/^\/properties\//, "")];
            const touches = touchesOf({
              sent: JSON.parse(String(sent)),
              stored,
              answer: JSON.parse(found.ResourceDescription?.Properties ?? "{}"),
              readOnly: definition.readOnlyProperties,
              notFoundReads: h.emulator.control
                .calls({ operation: "GetResource", typeName: candidate.cfnTypeName })
                .filter((call) => call.errorCode?.startsWith("ResourceNotFound")).length,
            });
            for (const touch of touches) touched.set(touch, (touched.get(touch) ?? 0) + 1);
            if (touches.size > 0) t.diagnostic(`realism touched: ${[...touches].sort().join(", ")}`);
          };
        }
        const outcome = await run.run(OPTIONAL > 2 || random() < 0.5 ? OPTIONAL : 0);
        cleanReplans += run.cleanReplans;
        outcomes.set(candidate.tfTypeName, outcome);
        if (outcome.status === "skipped") t.diagnostic(`skipped (${outcome.reason}): ${outcome.detail}`);
        else for (const note of outcome.notes) t.diagnostic(note);
      } catch (error) {
        outcomes.set(candidate.tfTypeName, {
          status: "failed",
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    });
  }

  test("skipped types stay a small minority", () => {
    const { tried, skipped, passed } = summarize(outcomes);
    assert.ok(picked.length > 0, "no type picked");
    assert.equal(tried, picked.length, "every picked type was tried");
    assert.ok(passed > 0, "at least one type passed");
    assert.ok(
      skipped <= Math.max(2, Math.floor(tried * MAX_SKIP_SHARE)),
      `${skipped} of ${tried} types skipped`,
    );
  });
});

function summarize(outcomes: ReadonlyMap<string, Recorded>) {
  const all = [...outcomes.entries()];
  const passed = all.filter(([, o]) => o.status === "passed").length;
  const skippedOnes = all.filter(([, o]) => o.status === "skipped");
  const failed = all.filter(([, o]) => o.status === "failed");
  const lines = [
    `random types: ${all.length} tried, ${passed} passed, ${skippedOnes.length} skipped, ${failed.length} failed`,
    ...skippedOnes.map(([name, o]) =>
      o.status === "skipped" ? `  skipped ${name} (${o.reason}): ${o.detail.split("\n")[0]}` : "",
    ),
    ...failed.map(([name, o]) =>
      o.status === "failed" ? `  failed ${name}: ${o.error.split("\n")[0]}` : "",
    ),
  ];
  return { tried: all.length, passed, skipped: skippedOnes.length, text: lines.join("\n") };
}
