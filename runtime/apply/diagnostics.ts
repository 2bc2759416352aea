// The diagnostics remote operations produce (summaries as awscc words them, docs/runtime.md#diagnostics).
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import { describeError, operationFailed } from "../cloudcontrol/errors.js";
import type { RequestError } from "./request.js";

export function requestErrorDiagnostic(error: RequestError): Diagnostic {
  switch (error.stage) {
    case "call":
      return errorDiagnostic(
        "AWS SDK Go Service Operation Unsuccessful",
        operationFailed(error.apiOperation, error.reason),
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
