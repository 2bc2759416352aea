// What the service's answer after an apply says about the values it was sent
// (docs/runtime.md#reading-back-after-apply). The state keeps the planned values either way
// (keep-planned.ts); this decides what the user is told and what the provider remembers:
//  - a configured value the service stores in a form that does not mean the same (another case, a
//    rounded number: anything the equivalence rules of prior-spelling.ts and keep-prior-form.ts do
//    not cover) gets a warning naming the attribute and both values, since the next refresh will
//    read the service's form and the plan will show the difference;
//  - a sent value the service leaves out of its answer is recorded as unreported (unreported.ts).
import { type Diagnostic, warningDiagnostic } from "../../terraform/provider-backend.js";
import type { Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { attributeCtyType } from "../../terraform/values/implied-type.js";
import { formatPath, type PathStep } from "../../terraform/values/path.js";
import { isRecord, type TfValue, valueEquals } from "../../terraform/values/value.js";
import { type JsonDoc, stringifyJsonDoc } from "../convert/json-doc.js";
import { keepPriorForm } from "../read/keep-prior-form.js";
import { unreportedPaths } from "../state/unreported.js";
import { writeOnlyAttributes } from "../state/write-only.js";

export interface AnswerFindings {
  readonly unreported: string[];
  readonly warnings: Diagnostic[];
}

const show = (value: TfValue): string => {
  try {
    return stringifyJsonDoc(value as JsonDoc);
  } catch {
    return String(value);
  }
};

/**
 * `state` is the state the apply returns (values as Cloud Control was sent them, tags merged),
 * `reported` the service's answer read with the same attributes, `config` the configuration.
 */
export function answerFindings(
  definition: ResourceDefinition,
  state: TfValue,
  reported: TfValue,
  config: TfValue,
): AnswerFindings {
  const writeOnly = writeOnlyAttributes(definition);
  const attributes = definition.attributes;
  const unreported = unreportedPaths(attributes, state, reported, writeOnly);
  // The service's answer in the state's form wherever the two mean the same.
  const normalised = keepPriorForm(attributes, reported, state);
  const warnings: Diagnostic[] = [];
  const walk = (
    scope: Attributes,
    planned: TfValue,
    answer: TfValue,
    configured: TfValue,
    path: PathStep[],
  ): void => {
    if (!isRecord(planned) || !isRecord(answer) || !isRecord(configured)) return;
    for (const name of Object.keys(scope)) {
      const attribute = scope[name] as Attributes[string];
      if (attribute.cfnName === undefined || writeOnly.has(attribute)) continue;
      const mine = planned[name] ?? null;
      const theirs = answer[name] ?? null;
      const asConfigured = configured[name] ?? null;
      if (mine === null || theirs === null || asConfigured === null) continue;
      if (valueEquals(attributeCtyType(attribute.type), mine, theirs)) continue;
      const here = [...path, { attribute: name }];
      if (attribute.type.kind === "object") {
        walk(attribute.type.attributes, mine, theirs, asConfigured, here);
        continue;
      }
      warnings.push(
        warningDiagnostic(
          "Value Stored In Another Form",
          `The service stored ${formatPath(here)} as ${show(theirs)}, not as the configured ${show(mine)}, ` +
            "and the two do not mean the same to the provider. The state keeps the configured value for " +
            "now; the next refresh reads the service's value and the plan will show the difference " +
            "until the configuration uses the service's form.",
          here,
        ),
      );
    }
  };
  walk(attributes, state, normalised, config, []);
  return { unreported, warnings };
}
