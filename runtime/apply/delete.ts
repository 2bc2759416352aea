// Delete (docs/runtime.md#delete): success, or an object that is already gone, removes the
// resource from the state; any other failure keeps it.
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isNotFoundError } from "../cloudcontrol/errors.js";
import { isRecord, type TfValue } from "../../terraform/values/value.js";
import type { OperationContext } from "./context.js";
import type { ApplyOutcome } from "./create.js";
import { missingIdDiagnostic, requestErrorDiagnostic } from "./diagnostics.js";
import { RequestError, runRequest } from "./request.js";

export async function deleteResource(
  ctx: OperationContext,
  definition: ResourceDefinition,
  prior: TfValue,
): Promise<ApplyOutcome> {
  const id = isRecord(prior) ? prior.id : undefined;
  if (typeof id !== "string" || id === "") return { newState: prior, diagnostics: [missingIdDiagnostic()] };
  const clientToken = ctx.newClientToken();
  try {
    await runRequest(ctx, definition, "delete", id, (signal) =>
      ctx.api.deleteResource(definition.cfnTypeName, id, clientToken, signal),
    );
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    // A synchronous "not found" means the object is already gone, which is what delete wants.
    if (error.stage === "call" && isNotFoundError(error.reason)) return { newState: null, diagnostics: [] };
    return { newState: prior, diagnostics: [requestErrorDiagnostic(error)] };
  }
  return { newState: null, diagnostics: [] };
}
