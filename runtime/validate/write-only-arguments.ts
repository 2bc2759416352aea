// Checks of the generated write-only arguments at validate (docs/runtime.md#write-only-arguments):
// a secret is given either as `<name>` or as `<name>_wo`, never both, and `<name>_wo` needs a
// Terraform that keeps write-only values out of plan and state (1.11 or later).
import type { Attributes } from "../../terraform/schema/types.js";
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import type { TfValue } from "../../terraform/values/value.js";
import { holderOf, WRITE_ONLY_SUFFIX, writeOnlyArguments } from "../state/write-only-arguments.js";

export function writeOnlyArgumentDiagnostics(
  attributes: Attributes,
  config: TfValue,
  writeOnlyAllowed: boolean,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const arg of writeOnlyArguments(attributes)) {
    const holder = holderOf(config, arg);
    // Unknown counts as set: it will be a value by apply.
    if (!holder || (holder[arg.secret] ?? null) === null) continue;
    const parents = arg.parents.map((p) => p.name);
    const path = [...parents, arg.secret].map((attribute) => ({ attribute }));
    const dotted = (name: string): string => [...parents, name].join(".");
    const original = arg.original ?? arg.secret.slice(0, -WRITE_ONLY_SUFFIX.length);
    if (arg.original !== undefined && (holder[arg.original] ?? null) !== null) {
      diagnostics.push(
        errorDiagnostic(
          "Invalid Attribute Combination",
          `Attribute "${dotted(arg.secret)}" cannot be specified when "${dotted(arg.original)}" is specified: set the secret in one of them.`,
          path,
        ),
      );
    }
    if (!writeOnlyAllowed) {
      diagnostics.push(
        errorDiagnostic(
          "Write-only Attribute Not Allowed",
          `Attribute "${dotted(arg.secret)}" is write-only, and this Terraform does not support write-only attributes (Terraform 1.11 or later does). Use "${dotted(original)}" instead.`,
          path,
        ),
      );
    }
  }
  return diagnostics;
}
