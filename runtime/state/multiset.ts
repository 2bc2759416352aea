// The multiset plan modifier (docs/runtime.md#plan-time-rules) for arrays whose order CloudFormation
// does not keep and whose items may repeat: the same items in another order are no change, so
// the plan keeps the prior value.
import type { CtyType } from "../../terraform/values/cty-type.js";
import { isUnknown, type TfValue, valueEquals } from "../../terraform/values/value.js";

export function multisetPlanValue(type: CtyType, planned: TfValue, prior: TfValue): TfValue {
  if (prior === null || isUnknown(prior) || !Array.isArray(prior) || !Array.isArray(planned)) return planned;
  if (type.kind !== "list" && type.kind !== "set") return planned;
  const priorItems = prior as readonly TfValue[];
  const plannedItems = planned as readonly TfValue[];
  if (priorItems.length !== plannedItems.length) return planned;
  const remaining = [...priorItems];
  for (const item of plannedItems) {
    if (isUnknown(item)) return planned; // unknown elements never match
    const index = remaining.findIndex((candidate) => valueEquals(type.element, candidate, item));
    if (index < 0) return planned;
    remaining.splice(index, 1);
  }
  return prior;
}
