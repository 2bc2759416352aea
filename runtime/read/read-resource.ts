// Read (docs/runtime.md#read and the lifecycle contract): the object as it is now, lists
// in the user's order, the prior spelling kept for mere re-serialisations, write-only values and
// values the service never reports carried over; null (with a warning) when the object is gone, so Terraform plans to create it again.
import { type Diagnostic, errorDiagnostic, warningDiagnostic } from "../../terraform/provider-backend.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { describeError, isNotFoundError, operationFailed } from "../cloudcontrol/errors.js";
import type { OperationContext } from "../apply/context.js";
import { withId } from "../state/id-state.js";
import { missingIdDiagnostic, stateTranslationDiagnostic } from "../apply/diagnostics.js";
import { modelToValue } from "../state/read-back.js";
import { inInputForms } from "../convert/input-forms.js";
import { isRecord, type TfValue } from "../../terraform/values/value.js";
import { keepPriorForm } from "./keep-prior-form.js";
import { carryWriteOnly, writeOnlyAttributes } from "../state/write-only.js";
import { keepUnreported } from "../state/unreported.js";

export interface ReadOutcome {
  readonly newState: TfValue;
  readonly diagnostics: Diagnostic[];
}

const notFoundWarning = (error: unknown): Diagnostic =>
  warningDiagnostic(
    "AWS Resource Not Found During Refresh",
    "Automatically removing from Terraform State instead of returning the error, which may trigger resource recreation. " +
      `Original Error: ${describeError(error)}`,
  );

export async function readResource(
  ctx: OperationContext,
  definition: ResourceDefinition,
  current: TfValue,
  /** Properties the service does not report back (unreported.ts), from the private state. */
  unreported: ReadonlySet<string> = new Set(),
): Promise<ReadOutcome> {
  const id = isRecord(current) ? current.id : undefined;
  if (typeof id !== "string" || id === "") return { newState: current, diagnostics: [missingIdDiagnostic()] };
  let description;
  try {
    description = await ctx.api.getResource(definition.cfnTypeName, id, ctx.signal);
  } catch (error) {
    if (isNotFoundError(error)) return { newState: null, diagnostics: [notFoundWarning(error)] };
    return {
      newState: current,
      diagnostics: [
        errorDiagnostic("AWS SDK Go Service Operation Unsuccessful", operationFailed("GetResource", error)),
      ],
    };
  }
  if (!description)
    return {
      newState: null,
      diagnostics: [notFoundWarning(new Error("GetResource returned no resource description"))],
    };
  const attributes = definition.attributes;
  try {
    const prior = toDesiredState(attributes, current);
    // The service's own forms of the values the state holds are read as the state's (input-forms.ts).
    const answer = await inInputForms(definition.propertyTransforms, description.properties, prior);
    let state: TfValue = modelToValue(attributes, answer, prior, definition.tagProperty);
    state = carryWriteOnly(attributes, state, current, writeOnlyAttributes(definition));
    state = keepUnreported(attributes, state, current, unreported);
    state = keepPriorForm(attributes, state, current);
    // The identifier used for the call, not one recomputed from the properties.
    return { newState: withId(definition, state, id), diagnostics: [] };
  } catch (error) {
    return { newState: current, diagnostics: [stateTranslationDiagnostic(error)] };
  }
}
