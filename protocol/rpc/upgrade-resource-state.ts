// UpgradeResourceState: stored state (JSON) read under the current schema before any other use.
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import {
  decodeJson,
  definitionImpliedType,
  type ObjectType,
  ValueError,
} from "../../terraform/values/index.js";
import { errorDiagnostic, type UpgradeResourceStateResponse } from "../../terraform/provider-backend.js";
import { toProtoDiagnostics } from "../wire.js";
import type { RpcContext, UnaryHandler } from "./context.js";

export function upgradeResourceState(ctx: RpcContext): UnaryHandler {
  const { backend } = ctx;
  return async (request) => {
    const typeName = String(request.type_name);
    const definition = await ctx.resourceDefinition(typeName);
    const type = definitionImpliedType(definition);
    const raw = (request.raw_state ?? {}) as { json?: Uint8Array; flatmap?: Record<string, string> };
    const rawState = {
      ...(raw.json && raw.json.length > 0 ? { json: Buffer.from(raw.json).toString("utf8") } : {}),
      ...(raw.flatmap && Object.keys(raw.flatmap).length > 0 ? { flatmap: raw.flatmap } : {}),
    };
    const version = Number(request.version ?? 0);
    const result = backend.upgradeResourceState
      ? await backend.upgradeResourceState({ typeName, definition, version, rawState })
      : defaultUpgrade(definition, type, version, rawState);
    return {
      upgraded_state: ctx.encode(type, result.upgradedState, "upgraded state"),
      diagnostics: toProtoDiagnostics(result.diagnostics),
    };
  };
}

/** Without a backend upgrader: same-version state is re-read under the current schema. */
function defaultUpgrade(
  definition: ResourceDefinition,
  type: ObjectType,
  version: number,
  rawState: { json?: string; flatmap?: Readonly<Record<string, string>> },
): UpgradeResourceStateResponse {
  if (version !== definition.schemaVersion) {
    return {
      upgradedState: null,
      diagnostics: [
        errorDiagnostic(
          "Unable to Upgrade Resource State",
          `State for "${definition.tfTypeName}" was written with schema version ${version}; this provider only reads version ${definition.schemaVersion}.`,
        ),
      ],
    };
  }
  if (rawState.json === undefined) {
    return {
      upgradedState: null,
      diagnostics: [
        errorDiagnostic(
          "Unable to Read Previously Saved State",
          "The stored state is not in JSON form (legacy flatmap state).",
        ),
      ],
    };
  }
  try {
    return { upgradedState: decodeJson(type, rawState.json, { dropUnknownAttributes: true }) };
  } catch (error) {
    if (!(error instanceof ValueError)) throw error;
    return {
      upgradedState: null,
      diagnostics: [errorDiagnostic("Unable to Read Previously Saved State", error.message, error.path)],
    };
  }
}
