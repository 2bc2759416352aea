// The multiset plan modifier (docs/runtime.md#plan-time-rules) for arrays whose order CloudFormation
// does not keep and whose items may repeat: the same items in another order are no change, so
// the plan keeps the prior value.
import type { CtyType } from "../../terraform/values/cty-type.js";
import { EqualItems, isUnknown, type TfValue } from "../../terraform/values/value.js";

export function multisetPlanValue(type: CtyType, planned: TfValue, prior: TfValue): TfValue {
  if (prior === null || isUnknown(prior) || !Array.isArray(prior) || !Array.isArray(planned)) return planned;
  if (type.kind !== "list" && type.kind !== "set") return planned;
  const priorItems = prior as readonly TfValue[];
  const plannedItems = planned as readonly TfValue[];
  if (priorItems.length !== plannedItems.length) return planned;
  const remaining = new EqualItems(type.element, priorItems);
  for (const item of plannedItems) {
    if (isUnknown(item)) return planned; // unknown elements never match
    if (remaining.take(item) < 0) return planned;
  }
  return prior;
}
