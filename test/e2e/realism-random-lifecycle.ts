// A randomized lifecycle through the real Terraform CLI with the emulator's realism profile on
// (all behaviours), one describe per seed (terraform-realism-random.test.ts runs one seed,
// terraform-realism-random.corpus.ts two more; TERRAFORM_REALISM_SEEDS and TERRAFORM_REALISM_TYPES
// sweep others): real types picked in a seeded order, each configured by the runtime sweep's builder
// (test/runtime/random-lifecycle.ts, which first runs the type's lifecycle in process against an
// emulator with the same profile and seed, to find a valid configuration and an in-place update),
// then all of them in one Terraform configuration: apply, empty plan, update, empty plan, every
// object imported again (import blocks), apply, empty plan, destroy, nothing left. No error the
// configuration did not cause, no contract violation, an empty plan after every apply. Skipped,
// with the reason, only without terraform on PATH.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { defaultGeneratedDir, resolveSchemasDir } from "../../cfn/paths.js";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import { seededRandom } from "../../emulator/emulator.js";
import { resources } from "../../generated/index.js";
import { stringifyJsonDoc, type JsonDoc } from "../../runtime/convert/json-doc.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { literalTemplateText } from "../../terraform/template-text.js";
import { isRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";
import { loadResource, startRuntime } from "../runtime/harness.js";
import { LifecycleRun } from "../runtime/random-lifecycle.js";
import { isSchemaNode } from "../runtime/schema-nodes.js";
import {
  assertNoChanges,
  ok,
  skipWithoutTerraform,
  type TerraformWorkspace,
  useWorkspace,
} from "./harness.js";

const skip = skipWithoutTerraform;
/** Types per seed: enough to mix behaviours, few enough to keep the run short (a sweep sets more). */
const TYPES_PER_SEED = Number(process.env.TERRAFORM_REALISM_TYPES ?? 3);

/** The seeds TERRAFORM_REALISM_SEEDS names (1,2,3), else `seeds`. */
export const seedsOr = (seeds: string): number[] =>
  (process.env.TERRAFORM_REALISM_SEEDS ?? seeds).split(",").map(Number);
const HANDLERS = ["create", "read", "update", "delete"] as const;

interface Picked {
  readonly definition: ResourceDefinition;
  readonly create: TfRecord;
  readonly update: TfRecord | undefined;
}

/** Real types in the seed's order whose in-process lifecycle under the same profile passes. */
async function pickTypes(seed: number): Promise<Picked[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(defaultGeneratedDir, "manifest.json"), "utf8")) as {
    types: { cfnTypeName: string; generated: { resource?: string } }[];
  };
  const names = manifest.types
    .map((t) => ({ tf: t.generated.resource, cfn: t.cfnTypeName }))
    .filter((t): t is { tf: string; cfn: string } => t.tf !== undefined && resources[t.tf] !== undefined)
    .sort((a, b) => a.tf.localeCompare(b.tf));
  const random = seededRandom(seed);
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  const source = directorySchemaSource(resolveSchemasDir());
  const h = await startRuntime({ realism: "all", seed, eventualMs: 200 });
  const picked: Picked[] = [];
  try {
    for (const name of names) {
      if (picked.length === TYPES_PER_SEED) break;
      const schema = source.get(name.cfn);
      const handlers = isSchemaNode(schema?.handlers) ? schema.handlers : {};
      if (!schema || !HANDLERS.every((k) => isSchemaNode(handlers[k]))) continue;
      h.emulator.control.reset();
      const definition = await loadResource(name.tf);
      const run = new LifecycleRun(h, definition, schema, seededRandom(seed ^ picked.length), false, false);
      try {
        const outcome = await run.run(1);
        if (outcome.status !== "passed" || !run.configs.create) continue;
      } catch {
        continue; // the sweep reports such types; here only a type that runs cleanly is taken
      }
      picked.push({ definition, create: run.configs.create, update: run.configs.update });
    }
  } finally {
    await h.close();
  }
  return picked;
}

/** A configuration value in Terraform's JSON syntax (strings are templates there: `${` escaped). */
function toJsonSyntax(value: TfValue): unknown {
  if (typeof value === "string") return literalTemplateText(value);
  if (Array.isArray(value)) return (value as readonly TfValue[]).map(toJsonSyntax);
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [literalTemplateText(k), toJsonSyntax(v)]),
    );
  return value;
}

function writeResources(
  ws: TerraformWorkspace,
  picked: readonly Picked[],
  which: "create" | "update",
  imports?: Record<string, string>,
): void {
  const resource: Record<string, Record<string, unknown>> = {};
  picked.forEach((p, i) => {
    const config = which === "update" ? (p.update ?? p.create) : p.create;
    const body = toJsonSyntax(config) as Record<string, unknown>;
    delete body.id;
    (resource[p.definition.tfTypeName] ??= {})[`r${i}`] = body;
  });
  const doc: Record<string, unknown> = { resource };
  if (imports) doc.import = Object.entries(imports).map(([to, id]) => ({ to, id }));
  // Numbers keep their exact spelling: the document is written through the JSON-doc writer.
  fs.writeFileSync(path.join(ws.dir, "resources.tf.json"), stringifyJsonDoc(doc as unknown as JsonDoc));
}

/** One describe per seed: apply, empty plan, update, empty plan, import, apply, empty plan, destroy. */
export function realismLifecycleSuite(seeds: readonly number[]): void {
  for (const seed of seeds) {
    describe(`randomized terraform lifecycle under the realism profile (seed ${seed})`, { skip }, () => {
      const workspace = useWorkspace(`realism-random-${seed}`, { realism: "all", seed, eventualMs: 200 });

      test("apply, empty plan, update, empty plan, import, apply, empty plan, destroy", async (t) => {
        const ws = workspace();
        const picked = await pickTypes(seed);
        assert.ok(picked.length > 0, "no type picked");
        t.diagnostic(picked.map((p) => p.definition.tfTypeName).join(", "));
        ws.configure("");
        writeResources(ws, picked, "create");
        ok(await ws.run("apply", "-auto-approve"), "create");
        await assertNoChanges(ws);
        writeResources(ws, picked, "update");
        ok(await ws.run("apply", "-auto-approve"), "update");
        await assertNoChanges(ws);
        const state = await ws.state();
        const addresses = Object.keys(state);
        ok(await ws.run("state", "rm", ...addresses), "state rm");
        writeResources(
          ws,
          picked,
          "update",
          Object.fromEntries(addresses.map((a) => [a, String(state[a]?.values.id)])),
        );
        ok(await ws.run("apply", "-auto-approve"), "import and apply");
        await assertNoChanges(ws);
        ok(await ws.run("destroy", "-auto-approve"), "destroy");
        assert.deepEqual(
          ws.emulator.control.listResources().map((r) => `${r.typeName} ${r.identifier}`),
          [],
        );
      });
    });
  }
}
