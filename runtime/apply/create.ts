// Create (docs/runtime.md#create). The object's identifier is taken from the very first
// response that names it (CreateResource's own ProgressEvent included), so whenever a remote
// object may exist the failed create still returns a state holding its `id`: Terraform stores it
// tainted and replaces it on the next apply instead of orphaning it. The one exception is
// AlreadyExists: the object named then existed before and is not ours to replace.
import type { Diagnostic } from "../../terraform/provider-backend.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { stringifyJsonDoc } from "../convert/json-doc.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { idOnlyState, withId } from "../state/id-state.js";
import type { TfValue } from "../../terraform/values/value.js";
import type { OperationContext } from "./context.js";
import { desiredStateDiagnostic, requestErrorDiagnostic } from "./diagnostics.js";
import { fillAfterApply } from "./fill-after-apply.js";
import { RequestError, runRequest } from "./request.js";
import { type SecretToSend, withSecrets } from "../state/write-only-arguments.js";
import { createMayHaveStarted, SETTLE_TIMEOUT_MS, settleCreate } from "./settle-create.js";

export interface ApplyOutcome {
  readonly newState: TfValue;
  readonly diagnostics: Diagnostic[];
  /** After a successful create or update: the object as the service reported it (fill-after-apply.ts). */
  readonly reported?: TfValue;
}

/**
 * The identifier of the object a failed create may have left behind. A create that failed with
 * AlreadyExists names the object that was there before (from the desired state or the FAILED
 * event): it is somebody else's, and a tainted state for it would have the next apply delete it.
 */
function leftoverIdentifier(
  errorCode: string | undefined,
  identifier: string | undefined,
): string | undefined {
  return errorCode === "AlreadyExists" ? undefined : identifier;
}

export async function createResource(
  ctx: OperationContext,
  definition: ResourceDefinition,
  planned: TfValue,
  /** CloudFormation properties from write-only arguments, which the plan does not hold. */
  secrets?: readonly SecretToSend[],
): Promise<ApplyOutcome> {
  let desired: string;
  try {
    desired = stringifyJsonDoc(withSecrets(toDesiredState(definition.attributes, planned), secrets));
  } catch (error) {
    return { newState: null, diagnostics: [desiredStateDiagnostic("Terraform Plan", error)] };
  }
  const clientToken = ctx.newClientToken();
  const deadline = ctx.now() + ctx.operationTimeoutMs(definition, "create");
  let identifier: string | undefined;
  try {
    const outcome = await runRequest(ctx, definition, "create", undefined, (signal) =>
      ctx.api.createResource(definition.cfnTypeName, desired, clientToken, signal),
    );
    identifier = outcome.identifier;
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    let known = leftoverIdentifier(error.errorCode, error.identifier);
    const abandoned = error.stage === "wait" && error.requestToken && error.waitKind !== "failed";
    const interrupted = error.stage === "call" && createMayHaveStarted(error.reason);
    if (abandoned || interrupted) {
      const settled = await settleCreate({
        api: ctx.api,
        requestToken: error.requestToken,
        // Stopping, Terraform waits for us: be brief. Otherwise (the service went away, the wait
        // ran out) keep trying within the create's own limit, so an outage leaves no orphan.
        timeoutMs: ctx.signal.aborted ? SETTLE_TIMEOUT_MS : Math.max(SETTLE_TIMEOUT_MS, deadline - ctx.now()),
        stop: ctx.signal,
        repeatCreate: (signal) =>
          ctx.api.createResource(definition.cfnTypeName, desired, clientToken, signal),
      });
      if (settled) known = leftoverIdentifier(settled.errorCode, settled.identifier ?? known);
    }
    const diagnostic = requestErrorDiagnostic(error);
    return {
      newState: known ? idOnlyState(definition, known) : null,
      diagnostics: [
        known
          ? {
              ...diagnostic,
              detail: `${diagnostic.detail ?? ""}\n\nThe object may exist (identifier ${JSON.stringify(known)}): it is kept in the state, tainted, and the next apply replaces it.`,
            }
          : diagnostic,
      ],
    };
  }
  if (!identifier) {
    return {
      newState: null,
      diagnostics: [
        requestErrorDiagnostic(
          new RequestError(
            "wait",
            "CreateResource",
            new Error("the request succeeded without an Identifier"),
            undefined,
            undefined,
          ),
        ),
      ],
    };
  }
  const filled = await fillAfterApply(
    ctx,
    definition,
    identifier,
    withId(definition, planned, identifier),
    "create",
  );
  return { newState: filled.state, diagnostics: filled.diagnostics, reported: filled.reported };
}
