// Unknown-fill after a successful create or update (docs/runtime.md#filling-in-unknown-values-after-apply): one GetResource
// only when the plan left something unknown; known planned values are kept as planned.
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { carryWriteOnly, writeOnlyAttributes } from "../state/write-only.js";
import { isNotFoundError, operationFailed } from "../cloudcontrol/errors.js";
import type { TfValue } from "../../terraform/values/value.js";
import type { OperationContext } from "./context.js";
import { alignToPlanned } from "./align-fetched.js";
import { stateTranslationDiagnostic } from "./diagnostics.js";
import { modelToValue } from "../state/read-back.js";
import { fillUnknowns, nullUnknowns, unknownPaths } from "./unknown-fill.js";

export interface FillOutcome {
  readonly state: TfValue;
  readonly diagnostics: Diagnostic[];
}

export async function fillAfterApply(
  ctx: OperationContext,
  definition: ResourceDefinition,
  identifier: string,
  state: TfValue,
): Promise<FillOutcome> {
  const paths = unknownPaths(definition.attributes, state);
  if (paths.length === 0) return { state, diagnostics: [] };
  let description;
  try {
    description = await ctx.api.getResource(definition.cfnTypeName, identifier, ctx.signal);
  } catch (error) {
    const diagnostic = isNotFoundError(error)
      ? errorDiagnostic(
          "AWS Resource Not Found After Creation or Update",
          `The ${definition.cfnTypeName} with identifier ${identifier} was not found right after it was applied: ${operationFailed("GetResource", error)}`,
        )
      : errorDiagnostic("AWS SDK Go Service Operation Unsuccessful", operationFailed("GetResource", error));
    return { state: nullUnknowns(state), diagnostics: [diagnostic] };
  }
  if (!description) {
    return {
      state: nullUnknowns(state),
      diagnostics: [
        errorDiagnostic(
          "AWS Resource Not Found After Creation or Update",
          `GetResource returned nothing for ${identifier}.`,
        ),
      ],
    };
  }
  try {
    // The plan's known parts order the fetched key-value and primitive lists; the elements of other
    // lists of objects are paired with the planned elements they agree with, so that filled values
    // land in the element they belong to even when the service reorders a list.
    const fetched = modelToValue(
      definition.attributes,
      description.properties,
      toDesiredState(definition.attributes, state),
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
    return { state: nullUnknowns(fillUnknowns(state, source, paths)), diagnostics: [] };
  } catch (error) {
    return { state: nullUnknowns(state), diagnostics: [stateTranslationDiagnostic(error)] };
  }
}
