// The prior state with each value the service keeps in a form its schema declares (a Route 53
// zone name with a trailing dot, after an import) in the configuration's form, when the
// configuration's value gives it under the property's transform (runtime/convert/input-forms.ts).
// The plan compares against this prior: such a value is then no change and no replacement, and
// the plan shows the configuration's form, which the apply writes to the state without sending it
// (a create-only value) or sends once.
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isRecord, recordWith, type TfValue } from "../../terraform/values/value.js";
import { attributeFromJson } from "../convert/from-cfn.js";
import { inInputForms } from "../convert/input-forms.js";
import { isJsonDocObject } from "../convert/json-doc.js";
import { DesiredStateError, toDesiredState } from "../convert/to-cfn.js";

export async function priorInConfiguredForms(
  definition: ResourceDefinition,
  prior: TfValue,
  config: TfValue,
  imported: boolean,
): Promise<TfValue> {
  const { attributes, propertyTransforms } = definition;
  if (propertyTransforms === undefined || !isRecord(prior) || !isRecord(config)) return prior;
  let priorDoc;
  let configDoc;
  try {
    priorDoc = toDesiredState(attributes, prior);
    configDoc = toDesiredState(attributes, config);
  } catch (error) {
    // A value that is no desired state (a JSON attribute holding no JSON): the plan reports it.
    if (error instanceof DesiredStateError) return prior;
    throw error;
  }
  // Patterns only for what an import read (the service's forms), and only where the configured value
  // shapes them (a role name in an ARN): one every value gives (DirectConnect's `^[a-zA-Z0-9-]+$`
  // for a location) would take a new location for the old. A value an apply wrote is the
  // configuration's own form, which a pattern would only relate to a new configuration loosely
  // (DMS connection attributes `a=1` as `.*a=1.*` of the held `a=1;b=2`).
  const patterns = imported ? "shaped" : "none";
  const rewritten = await inInputForms(propertyTransforms, priorDoc, configDoc, patterns);
  if (rewritten === priorDoc || !isJsonDocObject(rewritten)) return prior;
  // Only the top-level values that hold a rewritten one are converted and taken.
  const changed: Record<string, TfValue> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const cfnName = attribute.cfnName;
    const value = cfnName === undefined ? undefined : rewritten[cfnName];
    if (value !== undefined && value !== priorDoc[cfnName as string])
      changed[name] = attributeFromJson(attribute.type, value);
  }
  return recordWith(prior, changed);
}
