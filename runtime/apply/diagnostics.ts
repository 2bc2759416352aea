// The diagnostics remote operations produce (summaries as awscc words them, docs/runtime.md#diagnostics).
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import { describeError, errorName, isAbortError, operationFailed } from "../cloudcontrol/errors.js";
import type { RequestError } from "./request.js";

/** What the user can make of a refused or cut-off call. */
function callHint(error: RequestError): string {
  if (error.waitKind === "timeout")
    return " (the call was cut off: exceeded max wait time for the operation; the service may still carry it out)";
  // (An interrupted create is settled before this is reported: its outcome is known.)
  if (isAbortError(error.reason) && error.apiOperation !== "CreateResource")
    return " (the call was interrupted before it answered; the service may still carry it out)";
  if (errorName(error.reason) === "ConcurrentOperationException")
    return (
      "\n\nAn earlier request on this object is still running (one whose wait ran out of time or was " +
      "interrupted goes on at the service). Apply again once it has ended, or cancel it with " +
      "CancelResourceRequest and its RequestToken."
    );
  return "";
}

export function requestErrorDiagnostic(error: RequestError): Diagnostic {
  switch (error.stage) {
    case "call":
      return errorDiagnostic(
        "AWS SDK Go Service Operation Unsuccessful",
        operationFailed(error.apiOperation, error.reason) + callHint(error),
      );
    case "empty":
      return errorDiagnostic(
        "AWS SDK Go Service Operation Empty Response",
        `Calling Cloud Control API service ${error.apiOperation} operation returned missing contents.`,
      );
    case "wait":
      return errorDiagnostic(
        "AWS SDK Go Service Operation Incomplete",
        `Waiting for Cloud Control API service ${error.apiOperation} operation completion returned: ${describeError(error.reason)}` +
          (error.requestToken ? ` (RequestToken: ${error.requestToken})` : ""),
      );
  }
}

export const desiredStateDiagnostic = (
  source: "Terraform Plan" | "Prior State",
  error: unknown,
): Diagnostic =>
  errorDiagnostic(
    "Creation Of Cloud Control API Desired State Unsuccessful",
    `Unable to create a Cloud Control API desired state from Terraform ${source === "Terraform Plan" ? "Plan" : "Prior State"}: ${describeError(error)}`,
  );

export const stateTranslationDiagnostic = (error: unknown): Diagnostic =>
  errorDiagnostic(
    "Creation Of Terraform State Unsuccessful",
    `Unable to create a Terraform State value from Cloud Control API Properties: ${describeError(error)}`,
  );

export const missingIdDiagnostic = (): Diagnostic =>
  errorDiagnostic(
    "Terraform Resource Identifier Not Found",
    "The resource's `id` attribute is missing or unknown in the state.",
  );
