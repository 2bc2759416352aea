// Checks of the generated write-only arguments at validate (docs/runtime.md#write-only-arguments):
// a secret is given either as `<name>` or as `<name>_wo`, never both, and `<name>_wo` needs a
// Terraform that keeps write-only values out of plan and state (1.11 or later).
import type { Attributes } from "../../terraform/schema/types.js";
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import { isRecord, type TfValue } from "../../terraform/values/value.js";
import { WRITE_ONLY_SUFFIX, writeOnlyArguments } from "../state/write-only-arguments.js";

export function writeOnlyArgumentDiagnostics(
  attributes: Attributes,
  config: TfValue,
  writeOnlyAllowed: boolean,
): Diagnostic[] {
  if (!isRecord(config)) return [];
  const diagnostics: Diagnostic[] = [];
  for (const arg of writeOnlyArguments(attributes)) {
    // Unknown counts as set: it will be a value by apply.
    if ((config[arg.secret] ?? null) === null) continue;
    const path = [{ attribute: arg.secret }];
    const original = arg.secret.slice(0, -WRITE_ONLY_SUFFIX.length);
    if (Object.hasOwn(attributes, original) && (config[original] ?? null) !== null) {
      diagnostics.push(
        errorDiagnostic(
          "Invalid Attribute Combination",
          `Attribute "${arg.secret}" cannot be specified when "${original}" is specified: set the secret in one of them.`,
          path,
        ),
      );
    }
    if (!writeOnlyAllowed) {
      diagnostics.push(
        errorDiagnostic(
          "Write-only Attribute Not Allowed",
          `Attribute "${arg.secret}" is write-only, and this Terraform does not support write-only attributes (Terraform 1.11 or later does). Use "${original}" instead.`,
          path,
        ),
      );
    }
  }
  return diagnostics;
}
