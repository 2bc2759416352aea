// Import by id: the import string (a Cloud Control identifier; compound identifiers join their
// parts with "|") becomes the stub's `id`; Terraform reads the object next, which fails cleanly
// when nothing has that identifier. The stub's private bytes say that its write-only values are not
// known (import-marker.ts); they stay with the object until an apply sends them.
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { idOnlyState } from "../state/id-state.js";
import { IMPORTED_PRIVATE } from "../state/import-marker.js";
import type { TfValue } from "../../terraform/values/value.js";

export function importStub(
  definition: ResourceDefinition,
  importId: string,
): { state: TfValue; private?: Uint8Array; diagnostics: Diagnostic[] } {
  if (importId.trim() === "") {
    const parts = definition.primaryIdentifier.map((p) => p.replace(/^\/properties\//, "")).join("|");
    return {
      state: null,
      diagnostics: [
        errorDiagnostic(
          "Invalid Import ID",
          `An import ID is required: the Cloud Control identifier (${parts}).`,
        ),
      ],
    };
  }
  return { state: idOnlyState(definition, importId), private: IMPORTED_PRIVATE, diagnostics: [] };
}
