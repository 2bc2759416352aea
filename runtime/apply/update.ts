// Update (docs/runtime.md#update): an RFC 6902 patch from the prior to the planned desired
// state. The prior document leaves write-only values out, so every write-only value in the plan
// is sent again (the service cannot tell us whether it still holds it), with any `_wo` secret
// configured inside an object the patch sends whole. readOnly and createOnly properties are never
// part of the patch; unordered arrays are sent whole. A failed update returns the prior state: it
// claims nothing that did not happen, and the next refresh shows whatever did.
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { toDesiredState } from "../convert/to-cfn.js";
import { buildPatch, segmentsOf, serializePatch } from "../cloudcontrol/patch.js";
import { parsePropertyPointer } from "../cloudcontrol/property-pointers.js";
import { unorderedArrayPaths } from "../convert/unordered-arrays.js";
import { nullWriteOnly, writeOnlyAttributes } from "../state/write-only.js";
import { isRecord, isUnknown, type TfValue } from "../../terraform/values/value.js";
import type { OperationContext } from "./context.js";
import { withId } from "../state/id-state.js";
import type { ApplyOutcome } from "./create.js";
import { desiredStateDiagnostic, missingIdDiagnostic, requestErrorDiagnostic } from "./diagnostics.js";
import { fillAfterApply } from "./fill-after-apply.js";
import { RequestError, runRequest } from "./request.js";
import { type SecretToSend, withSecrets, withUnchangedSecretsBelow } from "../state/write-only-arguments.js";

/** The readOnly and createOnly pointers (as segments) an update must not touch. */
export function excludedFromUpdates(definition: ResourceDefinition): string[][] {
  const parse = (pointers: readonly string[]): string[][] =>
    pointers.map(parsePropertyPointer).filter((segments): segments is string[] => segments !== undefined);
  const writeOnly = parse(definition.writeOnlyProperties);
  // A write-only value is sent again whole on every update, so the createOnly values inside it go
  // with it: left out, the update would remove them (e.g. Pipes SourceParameters/…/QueueName).
  const insideWriteOnly = (segments: readonly string[]): boolean =>
    writeOnly.some((parent) => parent.length < segments.length && parent.every((s, i) => s === segments[i]));
  // createOnly members of array elements stay: an element added by the update needs them.
  return [
    ...parse(definition.readOnlyProperties),
    ...parse(definition.createOnlyProperties).filter((s) => !s.includes("*") && !insideWriteOnly(s)),
  ];
}

export function updatePatchDocument(
  definition: ResourceDefinition,
  prior: TfValue,
  planned: TfValue,
  secrets?: readonly SecretToSend[],
): string {
  const before = toDesiredState(
    definition.attributes,
    nullWriteOnly(definition.attributes, prior, writeOnlyAttributes(definition)),
  );
  // Write-only arguments to send are only in the after document: the patch adds them.
  const after = withSecrets(toDesiredState(definition.attributes, planned), secrets);
  const ops = buildPatch(before, after, {
    excluded: excludedFromUpdates(definition),
    unordered: unorderedArrayPaths(definition.attributes),
  });
  return serializePatch(
    ops.map((op) =>
      op.op === "remove"
        ? op
        : { ...op, value: withUnchangedSecretsBelow(segmentsOf(op.path), op.value, secrets) },
    ),
  );
}

export async function updateResource(
  ctx: OperationContext,
  definition: ResourceDefinition,
  prior: TfValue,
  planned: TfValue,
  secrets?: readonly SecretToSend[],
): Promise<ApplyOutcome> {
  const id = isRecord(prior) ? prior.id : undefined;
  if (typeof id !== "string" || id === "") return { newState: prior, diagnostics: [missingIdDiagnostic()] };
  let patch: string;
  try {
    patch = updatePatchDocument(definition, prior, planned, secrets);
  } catch (error) {
    return { newState: prior, diagnostics: [desiredStateDiagnostic("Terraform Plan", error)] };
  }
  let identifier = id;
  // An empty patch changes nothing remotely (the plan differed only in values still unknown).
  if (patch !== "[]") {
    const clientToken = ctx.newClientToken();
    try {
      const outcome = await runRequest(ctx, definition, "update", id, (signal) =>
        ctx.api.updateResource(definition.cfnTypeName, id, patch, clientToken, signal),
      );
      identifier = outcome.identifier ?? id;
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      return { newState: prior, diagnostics: [requestErrorDiagnostic(error)] };
    }
  }
  const plannedId = isRecord(planned) ? planned.id : undefined;
  const state = isUnknown(plannedId) ? withId(definition, planned, identifier) : planned;
  const filled = await fillAfterApply(ctx, definition, identifier, state, "update");
  return { newState: filled.state, diagnostics: filled.diagnostics, reported: filled.reported };
}
