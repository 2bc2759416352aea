// Pins and patches (schemas/generation.json, schemas/patches.ts), applied to loaded schemas before
// validation: what a maintainer decided about a schema, recorded with its reason.
import fs from "node:fs";
import path from "node:path";
import type { GenerationConfig } from "../config/generation-config.js";
import { type Finding, makeFinding } from "../../cfn/findings.js";
import type { SchemaPatch } from "../../cfn/schema-patch.js";
import { type LoadedSchema, readSchemaFileSync } from "../../cfn/read-schemas.js";

export type { SchemaPatch };

export interface Adjustment {
  readonly type: string;
  readonly kind: "pin" | "patch";
  readonly reason: string;
}

export interface AdjustedSchemas {
  readonly schemas: LoadedSchema[];
  readonly applied: Adjustment[];
  readonly findings: Finding[];
}

export function applyPinsAndPatches(
  schemas: readonly LoadedSchema[],
  config: GenerationConfig,
  patches: readonly SchemaPatch[],
): AdjustedSchemas {
  const applied: Adjustment[] = [];
  const findings: Finding[] = [];
  const byType = new Map(patches.map((p) => [p.type, p]));
  const out = schemas.map((loaded) => {
    let current = loaded;
    const pin = config.pins.get(loaded.typeName);
    if (pin) {
      const file = path.resolve(path.dirname(config.file), pin.file);
      const read = fs.existsSync(file)
        ? readSchemaFileSync(file)
        : {
            ok: false as const,
            finding: makeFinding("error", loaded.file, "", `pinned schema ${file} is missing`, "pin"),
          };
      if (!read.ok) findings.push({ ...read.finding, file: loaded.file });
      else if (read.loaded.typeName !== loaded.typeName) {
        findings.push(
          makeFinding(
            "error",
            loaded.file,
            "/typeName",
            `pinned schema ${file} is for ${read.loaded.typeName}`,
            "pin",
          ),
        );
      } else {
        current = { ...loaded, schema: read.loaded.schema };
        applied.push({ type: loaded.typeName, kind: "pin", reason: pin.reason });
      }
    }
    const patch = byType.get(loaded.typeName);
    const patched = patch?.apply(current.schema);
    if (patch && patched) {
      current = { ...current, schema: patched };
      applied.push({ type: loaded.typeName, kind: "patch", reason: patch.reason });
    }
    return current;
  });
  return { schemas: out, applied, findings };
}
