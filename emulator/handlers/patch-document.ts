// The UpdateResource PatchDocument: a JSON text holding RFC 6902 operations whose paths are
// relative to the resource's properties object (`/Tags/0/Value`).
import { parseJsonPointer } from "../schema/pointers.js";
import type { JsonValue } from "../types.js";

export const PATCH_OPS = ["add", "remove", "replace", "move", "copy", "test"] as const;
export type PatchOp = (typeof PATCH_OPS)[number];

export interface PatchOperation {
  op: PatchOp;
  path: string;
  value?: JsonValue;
  from?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The operations of a patch document, or the reason it is malformed. */
export function parsePatchDocument(
  text: string,
): { ok: true; ops: PatchOperation[] } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `PatchDocument is not valid JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(parsed))
    return { ok: false, reason: "PatchDocument must be a JSON array of operations" };
  const ops: PatchOperation[] = [];
  for (const [index, entry] of parsed.entries()) {
    const where = `PatchDocument operation ${index}`;
    if (!isRecord(entry)) return { ok: false, reason: `${where} is not an object` };
    if (!PATCH_OPS.includes(entry.op as PatchOp)) {
      return {
        ok: false,
        reason: `${where} has op ${JSON.stringify(entry.op)}; expected one of ${PATCH_OPS.join(", ")}`,
      };
    }
    if (typeof entry.path !== "string" || parseJsonPointer(entry.path) === undefined) {
      return { ok: false, reason: `${where} needs a JSON pointer "path"` };
    }
    const op = entry.op as PatchOp;
    if ((op === "add" || op === "replace" || op === "test") && !("value" in entry)) {
      return { ok: false, reason: `${where} (${op}) needs a "value"` };
    }
    if (
      (op === "move" || op === "copy") &&
      (typeof entry.from !== "string" || parseJsonPointer(entry.from) === undefined)
    ) {
      return { ok: false, reason: `${where} (${op}) needs a JSON pointer "from"` };
    }
    const operation: PatchOperation = { op, path: entry.path };
    if ("value" in entry) operation.value = entry.value as JsonValue;
    if (typeof entry.from === "string") operation.from = entry.from;
    ops.push(operation);
  }
  return { ok: true, ops };
}
