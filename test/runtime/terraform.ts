// A small stand-in for Terraform Core driving a ProviderBackend the way the CLI does: it computes
// the proposed new state (docs/protocol.md#proposed-new-state), plans, applies (replace = delete then create),
// refreshes and imports, and runs the contract checks after every plan, apply and read.
import assert from "node:assert/strict";
import type { Diagnostic } from "../../terraform/provider-backend.js";
import { hasErrors } from "../../terraform/provider-backend.js";
import type { CloudControlBackend } from "../../runtime/provider/cloudcontrol-backend.js";
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  type AttributePath,
  attributeCtyType,
  definitionImpliedType,
  isEmptyCollection,
  isRecord,
  isUnknown,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import { applyViolations, assertNoViolations, conformanceErrors, planViolations } from "./contract.js";

const CAPABILITIES = { deferralAllowed: false, writeOnlyAttributesAllowed: true };
const NO_BYTES = new Uint8Array();

/** Terraform's merge of prior state and configuration. */
export function proposedNewState(attributes: Attributes, prior: TfValue, config: TfValue): TfValue {
  if (config === null || isUnknown(config)) return config;
  if (!isRecord(config)) return config;
  const before = isRecord(prior) ? prior : null;
  return makeRecord(
    Object.keys(attributes).map((name) => {
      const attribute = attributes[name] as Attribute;
      return [name, proposeAttribute(attribute, before?.[name] ?? null, config[name] ?? null)];
    }),
  );
}

function proposeAttribute(attribute: Attribute, prior: TfValue, config: TfValue): TfValue {
  if (attribute.computed && !attribute.optional && !attribute.required) return prior;
  // Terraform 1.11 proposes null instead of the prior value where the prior holds a member that is
  // not computed: it takes that for a value the configuration once set.
  if (config === null) return attribute.computed && !heldConfiguredMember(attribute, prior) ? prior : null;
  if (isUnknown(config) || !("attributes" in attribute.type)) return config;
  const nested = attribute.type.attributes;
  switch (attribute.type.kind) {
    case "object":
      return proposedNewState(nested, prior, config);
    case "listNested":
      if (!Array.isArray(config)) return config;
      return config.map((item, i) =>
        proposedNewState(
          nested,
          Array.isArray(prior) && prior.length === config.length ? (prior[i] ?? null) : null,
          item,
        ),
      );
    case "mapNested":
      if (!isRecord(config)) return config;
      return makeRecord(
        Object.keys(config).map((k) => [
          k,
          proposedNewState(nested, isRecord(prior) ? (prior[k] ?? null) : null, config[k] ?? null),
        ]),
      );
    case "setNested": {
      if (!Array.isArray(config)) return config;
      // Terraform pairs each configured element with the first unused prior element it could have
      // come from (validPriorFromConfig); an element without one is proposed as configured.
      const priorItems = Array.isArray(prior) ? [...prior] : [];
      return config.map((item) => {
        const index = priorItems.findIndex((candidate) => validPriorFromConfig(nested, candidate, item));
        const partner = index >= 0 ? priorItems.splice(index, 1)[0] : null;
        return partner ? proposedNewState(nested, partner, item) : item;
      });
    }
    default:
      return config;
  }
}

/**
 * Terraform 1.11's optionalValueNotComputable: an optional nested attribute whose prior value holds,
 * at any depth, a non-null member that is not computed.
 */
function heldConfiguredMember(attribute: Attribute, prior: TfValue): boolean {
  if (!attribute.optional || !("attributes" in attribute.type) || prior === null || isUnknown(prior))
    return false;
  const nested = attribute.type.attributes;
  const elements = Array.isArray(prior)
    ? prior
    : attribute.type.kind === "mapNested" && isRecord(prior)
      ? Object.values(prior)
      : [prior];
  return elements.some(
    (element) =>
      isRecord(element) &&
      Object.keys(nested).some((name) => {
        const member = nested[name] as Attribute;
        const value = element[name] ?? null;
        return (
          value !== null && (!member.computed || heldConfiguredMember({ ...member, optional: true }, value))
        );
      }),
  );
}

/**
 * Terraform 1.11's validPriorFromConfig: the prior set element could have come from the configured
 * one, every value the configuration does not hold being a computed leaf the configuration leaves
 * null. Terraform walks the prior value, so a nested object or non-empty collection the
 * configuration leaves null (a path into null) or any set that differs rules the element out.
 */
function validPriorFromConfig(attributes: Attributes, prior: TfValue, config: TfValue): boolean {
  if (!isRecord(prior) || !isRecord(config)) return false;
  return Object.keys(attributes).every((name) =>
    validPriorMember(attributes[name] as Attribute, prior[name] ?? null, config[name] ?? null),
  );
}

function validPriorMember(attribute: Attribute, prior: TfValue, config: TfValue): boolean {
  const type = attribute.type;
  if (valueEquals(attributeCtyType(type), prior, config)) return true;
  if (type.kind === "set" || type.kind === "setNested") return false;
  if (!("attributes" in type)) return attribute.computed === true && config === null;
  if (prior === null) return true;
  // Walking into a null configuration fails at the prior's first member or element.
  if (config === null) return type.kind !== "object" && isEmptyCollection(prior);
  if (isUnknown(config) || isUnknown(prior)) return false;
  const nested = type.attributes;
  if (type.kind === "object") return validPriorFromConfig(nested, prior, config);
  if (type.kind === "listNested") {
    if (!Array.isArray(prior) || !Array.isArray(config)) return false;
    return prior.every(
      (item, i) => i < config.length && validPriorFromConfig(nested, item, config[i] ?? null),
    );
  }
  if (!isRecord(prior) || !isRecord(config)) return false;
  return Object.keys(prior).every(
    (key) =>
      Object.hasOwn(config, key) && validPriorFromConfig(nested, prior[key] ?? null, config[key] ?? null),
  );
}

export interface PlanOutcome {
  readonly planned: TfValue;
  readonly requiresReplace: readonly AttributePath[];
  readonly diagnostics: readonly Diagnostic[];
  readonly action: "create" | "update" | "replace" | "noop" | "delete";
}

export interface ApplyOutcome {
  readonly state: TfValue;
  readonly diagnostics: readonly Diagnostic[];
}

export const errorsOf = (diagnostics: readonly Diagnostic[] | undefined): string =>
  (diagnostics ?? [])
    .filter((d) => d.severity === "error")
    .map((d) => `${d.summary}: ${d.detail ?? ""}`)
    .join("\n");

export class TerraformSim {
  /** The private bytes Terraform stores beside each state (by state object), passed back as it does. */
  private readonly privates = new WeakMap<object, Uint8Array>();

  constructor(
    readonly backend: CloudControlBackend,
    readonly definition: ResourceDefinition,
  ) {}

  /** The private bytes stored with a state this sim returned (empty for any other). */
  privateOf(state: TfValue): Uint8Array {
    return isRecord(state) ? (this.privates.get(state) ?? NO_BYTES) : NO_BYTES;
  }

  private remember(state: TfValue, bytes: Uint8Array | undefined): void {
    if (isRecord(state) && bytes !== undefined) this.privates.set(state, bytes);
  }

  /** A full config object: the given attributes, null elsewhere. */
  config(values: Record<string, TfValue>): TfRecord {
    return makeRecord(Object.keys(this.definition.attributes).map((name) => [name, values[name] ?? null]));
  }

  async validate(config: TfValue): Promise<readonly Diagnostic[]> {
    const result = await this.backend.validateResourceConfig({
      typeName: this.definition.tfTypeName,
      definition: this.definition,
      config,
      clientCapabilities: CAPABILITIES,
    });
    return result.diagnostics ?? [];
  }

  async plan(config: TfValue, prior: TfValue): Promise<PlanOutcome> {
    if (config === null)
      return {
        planned: null,
        requiresReplace: [],
        diagnostics: [],
        action: prior === null ? "noop" : "delete",
      };
    const proposed = proposedNewState(this.definition.attributes, prior, config);
    const result = await this.backend.planResourceChange({
      typeName: this.definition.tfTypeName,
      definition: this.definition,
      priorState: prior,
      proposedNewState: proposed,
      config,
      priorPrivate: this.privateOf(prior),
      providerMeta: null,
      clientCapabilities: CAPABILITIES,
    });
    this.remember(result.plannedState, result.plannedPrivate ?? this.privateOf(prior));
    const requiresReplace = result.requiresReplace ?? [];
    assertNoViolations(
      "plan",
      planViolations({
        definition: this.definition,
        config,
        prior,
        planned: result.plannedState,
        requiresReplace,
      }),
    );
    const type = definitionImpliedType(this.definition);
    const action =
      prior === null
        ? "create"
        : requiresReplace.length > 0
          ? "replace"
          : valueEquals(type, result.plannedState, prior)
            ? "noop"
            : "update";
    return { planned: result.plannedState, requiresReplace, diagnostics: result.diagnostics ?? [], action };
  }

  async apply(prior: TfValue, planned: TfValue, config: TfValue): Promise<ApplyOutcome> {
    const result = await this.backend.applyResourceChange({
      typeName: this.definition.tfTypeName,
      definition: this.definition,
      priorState: prior,
      plannedState: planned,
      config,
      plannedPrivate: this.privateOf(planned),
      providerMeta: null,
    });
    this.remember(result.newState, result.private ?? this.privateOf(planned));
    const diagnostics = result.diagnostics ?? [];
    assertNoViolations(
      "apply",
      applyViolations({
        definition: this.definition,
        planned,
        newState: result.newState,
        hasErrors: hasErrors(diagnostics),
      }),
    );
    return { state: result.newState, diagnostics };
  }

  async read(state: TfValue): Promise<ApplyOutcome> {
    const result = await this.backend.readResource({
      typeName: this.definition.tfTypeName,
      definition: this.definition,
      currentState: state,
      private: this.privateOf(state),
      providerMeta: null,
      clientCapabilities: CAPABILITIES,
    });
    this.remember(result.newState, result.private ?? this.privateOf(state));
    assertNoViolations(
      "read",
      conformanceErrors(definitionImpliedType(this.definition), result.newState, [], true),
    );
    return { state: result.newState, diagnostics: result.diagnostics ?? [] };
  }

  /** `terraform apply`: validate, plan, then create/update, or delete-then-create for a replacement. */
  async applyConfig(
    config: TfValue,
    prior: TfValue,
  ): Promise<ApplyOutcome & { action: PlanOutcome["action"]; planned: TfValue }> {
    const validation = await this.validate(config);
    assert.equal(errorsOf(validation), "", "validation errors");
    const plan = await this.plan(config, prior);
    assert.equal(errorsOf(plan.diagnostics), "", "plan errors");
    if (plan.action === "noop")
      return { state: prior, diagnostics: [], action: "noop", planned: plan.planned };
    if (plan.action === "replace") {
      const destroyed = await this.apply(prior, null, null);
      if (hasErrors(destroyed.diagnostics)) return { ...destroyed, action: "replace", planned: plan.planned };
      const second = await this.plan(config, null);
      const created = await this.apply(null, second.planned, config);
      return { ...created, action: "replace", planned: second.planned };
    }
    const applied = await this.apply(prior, plan.planned, config);
    return { ...applied, action: plan.action, planned: plan.planned };
  }

  async importId(id: string): Promise<ApplyOutcome> {
    const result = await this.backend.importResourceState({
      typeName: this.definition.tfTypeName,
      definition: this.definition,
      id,
      clientCapabilities: CAPABILITIES,
    });
    assert.equal(result.importedResources.length, 1, errorsOf(result.diagnostics));
    return this.read(result.importedResources[0]?.state ?? null);
  }
}
