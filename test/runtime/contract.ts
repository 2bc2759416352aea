// Terraform Core's checks on plan and apply results (docs/protocol.md#terraforms-checks-on-our-answers), restated as a test
// oracle: every plan and apply the runtime tests make goes through these and fails on a violation.
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  type AttributePath,
  attributeCtyType,
  type CtyType,
  definitionImpliedType,
  formatPath,
  isNumber,
  isRecord,
  isUnknown,
  isWhollyKnown,
  type PathStep,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";

export class ContractViolation extends Error {}

/** The value has the shape of the type (unknowns allowed unless `known`). */
export function conformanceErrors(
  type: CtyType,
  value: TfValue,
  path: PathStep[] = [],
  known = false,
): string[] {
  if (value === null) return [];
  if (isUnknown(value)) return known ? [`${formatPath(path)}: unknown value`] : [];
  const here = formatPath(path);
  switch (type.kind) {
    case "string":
      return typeof value === "string" ? [] : [`${here}: string expected`];
    case "bool":
      return typeof value === "boolean" ? [] : [`${here}: bool expected`];
    case "number":
      return isNumber(value) ? [] : [`${here}: number expected`];
    case "list":
    case "set":
      if (!Array.isArray(value)) return [`${here}: ${type.kind} expected`];
      return (value as readonly TfValue[]).flatMap((item, i) =>
        conformanceErrors(type.element, item, [...path, { index: i }], known),
      );
    case "map":
      if (!isRecord(value)) return [`${here}: map expected`];
      return Object.keys(value).flatMap((k) =>
        conformanceErrors(type.element, value[k] ?? null, [...path, { key: k }], known),
      );
    case "object": {
      if (!isRecord(value)) return [`${here}: object expected`];
      const names = Object.keys(type.attributes);
      const extra = Object.keys(value).filter((k) => !names.includes(k));
      const missing = names.filter((n) => !Object.hasOwn(value, n));
      return [
        ...extra.map((k) => `${here}: unsupported attribute ${k}`),
        ...missing.map((k) => `${here}: missing attribute ${k}`),
        ...names.flatMap((n) =>
          conformanceErrors(
            type.attributes[n] as CtyType,
            value[n] ?? null,
            [...path, { attribute: n }],
            known,
          ),
        ),
      ];
    }
    default:
      return [];
  }
}

export interface PlanCheck {
  readonly definition: ResourceDefinition;
  readonly config: TfValue;
  readonly prior: TfValue;
  readonly planned: TfValue;
  readonly requiresReplace: readonly AttributePath[];
}

/** "Provider produced invalid plan" rules. */
export function planViolations(check: PlanCheck): string[] {
  const { definition, config, prior, planned } = check;
  const out = conformanceErrors(definitionImpliedType(definition), planned);
  if ((planned === null) !== (config === null)) out.push("planned null-ness differs from config");
  if (isRecord(planned) && isRecord(config)) {
    checkAttributes(definition.attributes, planned, config, isRecord(prior) ? prior : null, [], out);
  }
  for (const path of check.requiresReplace) {
    if (prior === null) continue;
    if (!pathExists(prior, path) && !pathExists(planned, path))
      out.push(`requires_replace path ${formatPath(path)} exists in neither prior nor planned`);
  }
  return out;
}

function pathExists(value: TfValue, path: AttributePath): boolean {
  let current: TfValue = value;
  for (const step of path) {
    if ("index" in step) {
      if (!Array.isArray(current) || step.index >= current.length) return false;
      current = (current as readonly TfValue[])[step.index] ?? null;
    } else {
      const name = "attribute" in step ? step.attribute : step.key;
      if (!isRecord(current) || !Object.hasOwn(current, name)) return false;
      current = current[name] ?? null;
    }
  }
  return true;
}

function checkAttributes(
  attributes: Attributes,
  planned: Readonly<Record<string, TfValue>>,
  config: Readonly<Record<string, TfValue>>,
  prior: Readonly<Record<string, TfValue>> | null,
  path: PathStep[],
  out: string[],
): void {
  for (const name of Object.keys(attributes)) {
    const attribute = attributes[name] as Attribute;
    const here = [...path, { attribute: name }];
    const p = planned[name] ?? null;
    const c = config[name] ?? null;
    const before = prior?.[name] ?? null;
    const type = attributeCtyType(attribute.type);
    const where = formatPath(here);
    if (attribute.writeOnlyArgument) {
      // Terraform's write_only: planned null whatever the configuration says.
      if (p !== null) out.push(`${where}: planned value for a write-only attribute is not null`);
      continue;
    }
    if (valueEquals(type, p, c, { ignoreRefinements: true })) {
      // the configured value
    } else if (c !== null && before !== null && valueEquals(type, p, before, { ignoreRefinements: true })) {
      // The prior spelling of an equivalent value: Terraform accepts it whole and looks no deeper
      // (plans/objchange/plan_valid.go), e.g. a multiset list kept in the prior order.
      continue;
    } else if (attribute.computed && !attribute.optional && !attribute.required) {
      // computed-only: anything
    } else if (c === null && attribute.computed) {
      // optional+computed left unset: anything
    } else if (c === null) {
      out.push(`${where}: planned value for a non-computed attribute that is not configured`);
      continue;
    } else if (!("attributes" in attribute.type) || isUnknown(c) || (!isRecord(p) && !Array.isArray(p))) {
      out.push(`${where}: planned value does not match config value nor prior value`);
      continue;
    }
    if (c !== null && !isUnknown(c) && isUnknown(p))
      out.push(`${where}: a configured value is planned unknown`);
    if (!("attributes" in attribute.type) || p === null || isUnknown(p) || c === null || isUnknown(c))
      continue;
    const nested = attribute.type.attributes;
    switch (attribute.type.kind) {
      case "object":
        if (isRecord(p) && isRecord(c))
          checkAttributes(nested, p, c, isRecord(before) ? before : null, here, out);
        break;
      case "listNested":
        if (Array.isArray(p) && Array.isArray(c)) {
          if (p.length !== c.length)
            out.push(`${where}: planned list length ${p.length} differs from config length ${c.length}`);
          p.forEach((item, i) => {
            const ci = c[i];
            const bi = Array.isArray(before) ? before[i] : null;
            if (isRecord(item) && isRecord(ci))
              checkAttributes(nested, item, ci, isRecord(bi) ? bi : null, [...here, { index: i }], out);
          });
        }
        break;
      case "mapNested":
        if (isRecord(p) && isRecord(c)) {
          if (Object.keys(p).sort().join() !== Object.keys(c).sort().join())
            out.push(`${where}: planned map keys differ from config`);
        }
        break;
      default:
        break;
    }
  }
}

export interface ApplyCheck {
  readonly definition: ResourceDefinition;
  readonly planned: TfValue;
  readonly newState: TfValue;
  readonly hasErrors: boolean;
}

/** "Provider produced inconsistent result after apply" rules. */
export function applyViolations(check: ApplyCheck): string[] {
  const { definition, planned, newState } = check;
  const type = definitionImpliedType(definition);
  const out = conformanceErrors(type, newState, [], true);
  if (check.hasErrors) return out;
  if (planned === null) {
    if (newState !== null) out.push("destroy returned a non-null state");
    return out;
  }
  if (newState === null) {
    out.push("apply returned a null state without errors");
    return out;
  }
  compareKnown(type, planned, newState, [], out);
  return out;
}

/** Every known planned value must be identical in the new state. */
function compareKnown(
  type: CtyType,
  planned: TfValue,
  actual: TfValue,
  path: PathStep[],
  out: string[],
): void {
  if (isUnknown(planned)) return;
  const where = formatPath(path) || "(root)";
  if (planned === null || actual === null) {
    if (planned !== actual)
      out.push(
        `${where}: was ${planned === null ? "null" : "set"}, but now ${actual === null ? "null" : "set"}`,
      );
    return;
  }
  switch (type.kind) {
    case "object":
      if (isRecord(planned) && isRecord(actual)) {
        for (const name of Object.keys(type.attributes)) {
          compareKnown(
            type.attributes[name] as CtyType,
            planned[name] ?? null,
            actual[name] ?? null,
            [...path, { attribute: name }],
            out,
          );
        }
      }
      return;
    case "list":
      if (Array.isArray(planned) && Array.isArray(actual)) {
        if (planned.length !== actual.length)
          out.push(`${where}: list length was ${planned.length}, now ${actual.length}`);
        else
          planned.forEach((item, i) =>
            compareKnown(type.element, item, actual[i] ?? null, [...path, { index: i }], out),
          );
      }
      return;
    case "map":
      if (isRecord(planned) && isRecord(actual)) {
        if (Object.keys(planned).sort().join() !== Object.keys(actual).sort().join())
          out.push(`${where}: map keys changed`);
        else
          for (const k of Object.keys(planned))
            compareKnown(type.element, planned[k] ?? null, actual[k] ?? null, [...path, { key: k }], out);
      }
      return;
    case "set":
      // A set planned with unknown elements may take any correlated value; a known one must stay.
      if (isWhollyKnown(planned) && !valueEquals(type, planned, actual)) out.push(`${where}: set changed`);
      return;
    default:
      if (!valueEquals(type, planned, actual))
        out.push(
          `${where}: was ${JSON.stringify(String(planned))}, but now ${JSON.stringify(String(actual))}`,
        );
  }
}

export function assertNoViolations(kind: string, violations: readonly string[]): void {
  if (violations.length > 0)
    throw new ContractViolation(`${kind} contract violated:\n  ${violations.join("\n  ")}`);
}
