// Reading back after a successful create or update (docs/runtime.md#reading-back-after-apply): one
// GetResource (retried for a while when a create's object is not readable yet, read-after-apply.ts).
// Values the plan left unknown are filled from it; known planned values are never touched, since
// Terraform requires them back exactly as planned, whatever form the service gave them. What the
// service reported is returned too, for the checks on its answer (service-answer.ts).
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { carryWriteOnly, writeOnlyAttributes } from "../state/write-only.js";
import { isNotFoundError, operationFailed } from "../cloudcontrol/errors.js";
import type { TfValue } from "../../terraform/values/value.js";
import type { OperationContext } from "./context.js";
import { alignToPlanned } from "./align-fetched.js";
import { stateTranslationDiagnostic } from "./diagnostics.js";
import { inInputForms } from "../convert/input-forms.js";
import { modelToValue } from "../state/read-back.js";
import { fillUnknowns, nullUnknowns, unknownPaths } from "./unknown-fill.js";
import { keepPlannedKnowns } from "./keep-planned.js";
import { readAfterApply } from "./read-after-apply.js";

export interface FillOutcome {
  readonly state: TfValue;
  readonly diagnostics: Diagnostic[];
  /** The object as the service reported it (lists lined up with the plan); absent when not read. */
  readonly reported?: TfValue;
}

export async function fillAfterApply(
  ctx: OperationContext,
  definition: ResourceDefinition,
  identifier: string,
  state: TfValue,
  operation: "create" | "update",
): Promise<FillOutcome> {
  const paths = unknownPaths(definition.attributes, state);
  // Without unknowns the read only informs the checks on the service's answer: its failure is no
  // failure of the apply.
  const mustFill = paths.length > 0;
  let description;
  try {
    description = await readAfterApply(ctx, definition, identifier, operation);
  } catch (error) {
    if (!mustFill) return { state, diagnostics: [] };
    const diagnostic = isNotFoundError(error)
      ? errorDiagnostic(
          "AWS Resource Not Found After Creation or Update",
          `The ${definition.cfnTypeName} with identifier ${identifier} was not found right after it was applied: ${operationFailed("GetResource", error)}`,
        )
      : errorDiagnostic("AWS SDK Go Service Operation Unsuccessful", operationFailed("GetResource", error));
    return { state: nullUnknowns(state), diagnostics: [diagnostic] };
  }
  try {
    // The plan's known parts order the fetched key-value and primitive lists; the elements of other
    // lists of objects are paired with the planned elements they agree with, so that filled values
    // land in the element they belong to even when the service reorders a list.
    const sent = toDesiredState(definition.attributes, state);
    // A value the service keeps in a form of its own that its schema declares reads as the value sent.
    const fetched = modelToValue(
      definition.attributes,
      await inInputForms(definition.propertyTransforms, description.properties, sent),
      sent,
      definition.tagProperty,
    );
    // Write-only values are never read back: what the plan sent stands in for them, so that an
    // unknown inside a write-only value (e.g. an unset member of a write-only set element) does not
    // take the whole value away.
    const source = carryWriteOnly(
      definition.attributes,
      alignToPlanned(definition.attributes, fetched, state),
      state,
      writeOnlyAttributes(definition),
    );
    const filled = mustFill ? nullUnknowns(fillUnknowns(state, source, paths)) : state;
    return {
      state: keepPlannedKnowns(definition.attributes, state, filled),
      diagnostics: [],
      reported: fetched,
    };
  } catch (error) {
    if (!mustFill) return { state, diagnostics: [] };
    return { state: nullUnknowns(state), diagnostics: [stateTranslationDiagnostic(error)] };
  }
}
