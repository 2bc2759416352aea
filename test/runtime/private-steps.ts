// Import, read and plan through the backend with the resource's private bytes passed along, as
// Terraform does (ImportedResource.private → ReadResource → PlanResourceChange.prior_private);
// TerraformSim leaves them empty. The contract checks of terraform.ts run here too.
import assert from "node:assert/strict";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { definitionImpliedType, type TfValue } from "../../terraform/values/index.js";
import { assertNoViolations, conformanceErrors, planViolations } from "./contract.js";
import type { RuntimeHarness } from "./harness.js";
import { errorsOf, proposedNewState } from "./terraform.js";

const CAPABILITIES = { deferralAllowed: false, writeOnlyAttributesAllowed: true };

export interface PrivateState {
  readonly state: TfValue;
  readonly private: Uint8Array;
  readonly errors: string;
}

/** `terraform import`: the stub, then a read of it, private bytes carried from one to the other. */
export async function importWithPrivate(
  h: RuntimeHarness,
  definition: ResourceDefinition,
  id: string,
): Promise<PrivateState> {
  const imported = h.backend.importResourceState({
    typeName: definition.tfTypeName,
    definition,
    id,
    clientCapabilities: CAPABILITIES,
  });
  assert.equal(imported.importedResources.length, 1, errorsOf(imported.diagnostics));
  const stub = imported.importedResources[0];
  const stubPrivate = stub?.private ?? new Uint8Array();
  const read = await h.backend.readResource({
    typeName: definition.tfTypeName,
    definition,
    currentState: stub?.state ?? null,
    private: stubPrivate,
    providerMeta: null,
    clientCapabilities: CAPABILITIES,
  });
  assertNoViolations("read", conformanceErrors(definitionImpliedType(definition), read.newState, [], true));
  return { state: read.newState, private: read.private ?? stubPrivate, errors: errorsOf(read.diagnostics) };
}

/** PlanResourceChange with the prior private bytes, checked against the plan contract. */
export async function planWithPrivate(
  h: RuntimeHarness,
  definition: ResourceDefinition,
  config: TfValue,
  prior: TfValue,
  priorPrivate: Uint8Array,
) {
  const result = await h.backend.planResourceChange({
    typeName: definition.tfTypeName,
    definition,
    priorState: prior,
    proposedNewState: proposedNewState(definition.attributes, prior, config),
    config,
    priorPrivate,
    providerMeta: null,
    clientCapabilities: CAPABILITIES,
  });
  const requiresReplace = result.requiresReplace ?? [];
  assertNoViolations(
    "plan",
    planViolations({ definition, config, prior, planned: result.plannedState, requiresReplace }),
  );
  return {
    planned: result.plannedState,
    requiresReplace,
    errors: errorsOf(result.diagnostics),
    plannedPrivate: result.plannedPrivate ?? priorPrivate,
  };
}
