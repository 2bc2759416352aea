// One randomized lifecycle of a real type against the emulator: create → no-op plan → in-place
// update of one updatable attribute → no-op plan → import by id and its plan → refresh → (extended:
// drift and its repair → replacement through a createOnly attribute → deletion behind Terraform's
// back, or) destroy, with the contract checker after every plan, apply and read (terraform.ts) and
// nothing left behind.
import assert from "node:assert/strict";
import {
  isJsonDocObject,
  jsonDocEquals,
  jsonDocFromPlain,
  jsonDocToPlain,
} from "../../runtime/convert/json-doc.js";
import { answerInDeclaredForms } from "../../emulator/realism/transforms.js";
import { keepPriorSpelling, sameMeaning } from "../../runtime/convert/prior-spelling.js";
import { toDesiredState } from "../../runtime/convert/to-cfn.js";
import { nullWriteOnly, writeOnlyAttributes } from "../../runtime/state/write-only.js";
import type { Attribute, ResourceDefinition } from "../../terraform/schema/types.js";
import {
  attributeCtyType,
  definitionImpliedType,
  formatPath,
  isRecord,
  makeRecord,
  type TfRecord,
  type TfValue,
  valueEquals,
} from "../../terraform/values/index.js";
import { importWithPrivate, planWithPrivate } from "./private-steps.js";
import { priorInConfiguredForms } from "../../runtime/plan/prior-in-configured-forms.js";
import { inInputForms } from "../../runtime/convert/input-forms.js";
import { decodePrivateRecord } from "../../runtime/state/configured-record.js";
import { ConfigBuilder, replacesBelow, replacesOnChange, Unsatisfiable } from "./config-builder.js";
import type { JsonObject } from "../../emulator/types.js";
import type { RuntimeHarness } from "./harness.js";
import { isSchemaNode, type SchemaNode } from "./schema-nodes.js";
import {
  assertSameState,
  configuredHeldBy,
  importComparison,
  sameUpToOrder,
  show,
  sortOrderedLists,
  withUnknownsFrom,
} from "./state-compare.js";
import { errorsOf, type TerraformSim } from "./terraform.js";

export type LifecycleOutcome =
  | { readonly status: "passed"; readonly notes: readonly string[] }
  | { readonly status: "skipped"; readonly reason: string; readonly detail: string };

const MAX_UPDATE_CANDIDATES = 8;
const BRANCH_CHOICES = 4;
/**
 * Rules across properties (oneOf/anyOf as runtime/validate/choice-message.ts words them, ajv's words
 * for not/dependencies/if and for choices nested inside a choice): the builder's limit.
 */
const CROSS_PROPERTY =
  /of these must hold|must match (exactly one schema in oneOf|a schema in anyOf|"(then|else)" schema)|must NOT be valid|when property .+ is present/;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const with_ = (config: TfRecord, name: string, value: TfValue): TfRecord =>
  makeRecord([...Object.entries(config), [name, value]]);

/** The value with the named top-level attributes null. */
const recordMember = (value: TfValue, name: string): TfValue =>
  isRecord(value) ? (value[name] ?? null) : null;

const withNull = (value: TfValue, names: readonly string[]): TfValue =>
  names.length === 0 || !isRecord(value)
    ? value
    : makeRecord(Object.entries(value).map(([k, v]) => [k, names.includes(k) ? null : v]));

export class LifecycleRun {
  readonly notes: string[] = [];
  /** Plans that found nothing to do where nothing was to be done. */
  cleanReplans = 0;
  /** The configurations applied: the create's, and the in-place update's when one was found. */
  readonly configs: { create?: TfRecord; update?: TfRecord } = {};
  /** Called right after the create (before its replan): measurements of the created object. */
  onCreated?: (state: TfRecord) => Promise<void>;
  private readonly builder: ConfigBuilder;
  private readonly sim: TerraformSim;
  private readonly updatable: boolean;

  constructor(
    private readonly h: RuntimeHarness,
    private readonly definition: ResourceDefinition,
    private readonly schema: SchemaNode,
    private readonly random: () => number,
    /** The emulator answers arrays of objects in an order of its own (reorderArrays). */
    private readonly serviceReorders = false,
    /** Also drift, replacement and deletion behind Terraform's back. */
    private readonly extended = false,
  ) {
    this.builder = new ConfigBuilder(definition, schema, random);
    // Types without an update handler answer UnsupportedAction to any update (as Cloud Control does).
    this.updatable = isSchemaNode(schema.handlers) && isSchemaNode(schema.handlers.update);
    this.sim = h.sim(definition);
  }

  private stored() {
    return this.h.emulator.control.listResources(this.definition.cfnTypeName);
  }

  private async validationErrors(config: TfValue): Promise<string> {
    return errorsOf(await this.sim.validate(config));
  }

  /**
   * Validation names top-level attributes the minimal configuration must set after all (a schema
   * `required` list the definition cannot express, a default the schema itself forbids): set them.
   */
  private async repaired(config: TfRecord): Promise<TfRecord> {
    for (let round = 0; round < 3; round++) {
      const missing = (await this.sim.validate(config))
        .filter((d) => d.severity === "error")
        .map((d) => d.path?.[0])
        .map((step) => (step && "attribute" in step ? step.attribute : undefined))
        .filter((name): name is string => name !== undefined && config[name] === null);
      if (missing.length === 0) return config;
      for (const name of new Set(missing)) {
        config = with_(config, name, this.builder.topLevelValue(name, 0));
        this.notes.push(`set ${name} for validation`);
      }
    }
    return config;
  }

  /** `optionalCount`: how many Optional top-level attributes to add to the minimal configuration. */
  async run(optionalCount: number): Promise<LifecycleOutcome> {
    let config: TfRecord = this.emptyConfig();
    let invalid = "";
    // A cross-property rule the first choice of oneOf/anyOf branches breaks may accept another.
    for (let choice = 0; choice < BRANCH_CHOICES; choice++) {
      this.builder.branchChoice = choice;
      try {
        config = await this.repaired(this.builder.config());
      } catch (error) {
        if (!(error instanceof Unsatisfiable)) throw error;
        if (choice === 0) return { status: "skipped", reason: "builder", detail: error.message };
        continue;
      }
      invalid = await this.validationErrors(config);
      if (invalid === "" || !CROSS_PROPERTY.test(invalid)) break;
    }
    this.builder.branchChoice = 0;
    if (invalid !== "") {
      if (CROSS_PROPERTY.test(invalid))
        return { status: "skipped", reason: "cross-property rule", detail: invalid };
      assert.fail(`the minimal configuration does not validate:\n${invalid}\n${show(config)}`);
    }
    if (optionalCount > 0) config = await this.addOptional(config, optionalCount);
    this.notes.push(...this.builder.observations.map((o) => `observation: ${o}`));

    // create, then an empty plan
    this.configs.create = config;
    const created = await this.sim.applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "", "create errors");
    for (const d of created.diagnostics.filter((d) => d.severity === "warning"))
      this.notes.push(`create warning: ${d.summary}: ${d.detail?.split(",")[0] ?? ""}`);
    assert.equal(created.action, "create");
    let state = created.state as TfRecord;
    assert.ok(typeof state.id === "string" && state.id !== "", "create gives an id");
    assert.equal(this.stored().length, 1, "one object after create");
    await this.onCreated?.(state);
    await this.expectNoop(config, state, "after create");

    // update one updatable attribute in place, then an empty plan
    const update = this.updatable ? await this.findUpdate(config, state) : undefined;
    if (!this.updatable) this.notes.push("no update handler");
    if (update) {
      const updated = await this.sim.applyConfig(update.config, state);
      assert.equal(errorsOf(updated.diagnostics), "", `update errors (${update.name})`);
      assert.equal(updated.action, "update", `updating ${update.name} is an in-place update`);
      // (the contract checks already hold the new state to the configured values)
      state = updated.state as TfRecord;
      config = update.config;
      this.configs.update = config;
      await this.expectNoop(config, state, `after updating ${update.name}`);
      this.notes.push(`updated ${update.name}`);
    } else if (this.updatable) this.notes.push("no in-place update found");

    // import by id: the stub plus a read gives the same state (write-only values aside)
    const imported = await importWithPrivate(this.h, this.definition, String(state.id));
    assert.equal(imported.errors, "", "import errors");
    // Properties the service never reports (recorded in the private state after the apply) cannot
    // be imported: the import has them null, and its plan sets them again.
    const unreported = this.unreportedOf(state);
    if (unreported.length > 0) this.notes.push(`unreported by the service: ${unreported.join(", ")}`);
    const comparison = await importComparison(
      this.definition,
      withNull(imported.state, unreported),
      withNull(state, unreported),
    );
    // Without a prior the read keeps the service's list order (the lists the emulator reorders).
    if (!sameUpToOrder(this.definition, imported.state, state))
      assertSameState(
        this.definition,
        comparison.actual,
        comparison.expected,
        "import (up to list order and JSON spelling)",
      );
    await this.expectImportPlan(config, imported.state, imported.private, unreported);

    // refresh: same state, empty plan
    const refreshed = await this.sim.read(state);
    assert.equal(errorsOf(refreshed.diagnostics), "", "refresh errors");
    if (this.orderDriftOnly(refreshed.state, state)) {
      // The service reversed a list whose order means something: drift, shown and planned back.
      this.notes.push("refresh shows the service's order of an ordered list");
    } else {
      assertSameState(this.definition, refreshed.state, state, "refresh changed the state");
      await this.expectNoop(config, refreshed.state, "after refresh");
    }

    if (this.extended) {
      if (update) state = await this.driftAndRepair(config, state, update.name);
      state = await this.replaceOnce(config, state);
      if (this.random() < 0.5) {
        await this.deletedOutOfBand(state);
        return { status: "passed", notes: this.notes };
      }
    }

    // destroy: nothing left
    const destroyed = await this.sim.apply(state, null, null);
    assert.equal(errorsOf(destroyed.diagnostics), "", "destroy errors");
    assert.equal(destroyed.state, null);
    assert.equal(this.stored().length, 0, "nothing left behind");
    return { status: "passed", notes: this.notes };
  }

  /** Changes an updatable attribute behind Terraform's back: refresh shows it, the plan puts it back. */
  private async driftAndRepair(config: TfRecord, state: TfRecord, name: string): Promise<TfRecord> {
    const attribute = this.definition.attributes[name] as Attribute;
    const writeOnly = writeOnlyAttributes(this.definition);
    const touchesWriteOnly = (a: Attribute): boolean =>
      writeOnly.has(a) || ("attributes" in a.type && Object.values(a.type.attributes).some(touchesWriteOnly));
    // Drift of a value the service never returns cannot show.
    if (attribute.cfnName === undefined || touchesWriteOnly(attribute)) return state;
    if (this.unreportedOf(state).includes(name)) return state;
    const type = attributeCtyType(attribute.type);
    let drifted: TfValue = null;
    for (let variant = 4; variant < 8 && drifted === null; variant++) {
      let value: TfValue;
      try {
        value = this.builder.topLevelValue(name, variant);
      } catch (error) {
        if (error instanceof Unsatisfiable) return state;
        throw error;
      }
      // Another value, not another spelling of the same (JSON with other whitespace reads as the prior),
      // nor a form the schema declares for the held value (input-forms.ts).
      const sameAsKnown = [config[name], state[name]].some((known) =>
        sameMeaning(attribute.type, value, known ?? null),
      );
      if (!sameAsKnown && !(await this.answeredAsHeld(state, name, value))) drifted = value;
    }
    if (drifted === null) return state;
    const doc = jsonDocToPlain(
      toDesiredState(this.definition.attributes, with_(this.emptyConfig(), name, drifted)),
    );
    const stored = this.stored()[0];
    assert.ok(stored, "the object exists before the drift");
    this.h.emulator.control.driftUpdate(this.definition.cfnTypeName, stored.identifier, {
      properties: { ...stored.properties, ...(doc as JsonObject) },
    });
    const read = await this.sim.read(state);
    assert.equal(errorsOf(read.diagnostics), "", "refresh after drift errors");
    assert.ok(!valueEquals(type, (read.state as TfRecord)[name] ?? null, state[name] ?? null), "drift shows");
    const repaired = await this.sim.applyConfig(config, read.state);
    assert.equal(errorsOf(repaired.diagnostics), "", "drift repair errors");
    // (A service reversing an ordered list inside a createOnly value shows that as drift too.)
    if (!(this.serviceReorders && repaired.action === "replace"))
      assert.equal(repaired.action, "update", `the plan puts ${name} back in place`);
    await this.expectNoop(config, repaired.state, "after the drift repair");
    this.notes.push(`drift of ${name} repaired`);
    return repaired.state as TfRecord;
  }

  /**
   * Whether `value` stored for `name` reads as the value `state` holds: the service answers it in a
   * form its schema declares (the emulator's `transforms`: an RDS cluster's EnableHttpEndpoint is
   * answered false for engines that have none) that the provider reads as the held value.
   */
  private async answeredAsHeld(state: TfRecord, name: string, value: TfValue): Promise<boolean> {
    const attributes = this.definition.attributes;
    const cfnName = attributes[name]?.cfnName;
    if (this.definition.propertyTransforms === undefined || cfnName === undefined) return false;
    const held = toDesiredState(attributes, state);
    const stored = jsonDocToPlain(toDesiredState(attributes, with_(state, name, value))) as JsonObject;
    const answered = jsonDocFromPlain(await answerInDeclaredForms(this.schema as JsonObject, stored));
    if (!isJsonDocObject(answered)) return false;
    const read = await inInputForms(this.definition.propertyTransforms, answered, held);
    return typeof read !== "string" && jsonDocEquals(read[cfnName], held[cfnName]);
  }

  /** A new value for one createOnly attribute: the plan replaces, one object remains (its state is returned). */
  private async replaceOnce(config: TfRecord, state: TfRecord): Promise<TfRecord> {
    const candidates = shuffled(
      this.builder
        .optionalAttributes()
        .concat(
          Object.keys(this.definition.attributes).filter((n) => this.definition.attributes[n]?.required),
        ),
      this.random,
    ).filter((n) => replacesOnChange(this.definition.attributes[n] as Attribute));
    for (const name of candidates.slice(0, MAX_UPDATE_CANDIDATES)) {
      const type = attributeCtyType((this.definition.attributes[name] as Attribute).type);
      let value: TfValue;
      try {
        value = this.builder.topLevelValue(name, 5);
      } catch (error) {
        if (error instanceof Unsatisfiable) continue;
        throw error;
      }
      if (valueEquals(type, value, config[name] ?? null) || valueEquals(type, value, state[name] ?? null))
        continue;
      const next = with_(config, name, value);
      if ((await this.validationErrors(next)) !== "") continue;
      const oldIdentifier = String(state.id);
      const replaced = await this.sim.applyConfig(next, state);
      assert.equal(errorsOf(replaced.diagnostics), "", `replace errors (${name})`);
      assert.equal(replaced.action, "replace", `changing ${name} replaces`);
      assert.equal(this.stored().length, 1, "one object after the replacement");
      const deletes = this.h.emulator.control.calls({ operation: "DeleteResource" });
      assert.equal(deletes.at(-1)?.input.Identifier, oldIdentifier, "the replaced object was deleted");
      await this.expectNoop(next, replaced.state, `after replacing for ${name}`);
      this.notes.push(`replaced for ${name}`);
      return replaced.state as TfRecord;
    }
    return state;
  }

  /** The object disappears behind Terraform's back: refresh drops it with a warning. */
  private async deletedOutOfBand(state: TfRecord): Promise<void> {
    const stored = this.stored()[0];
    assert.ok(stored);
    this.h.emulator.control.driftDelete(this.definition.cfnTypeName, stored.identifier);
    const read = await this.sim.read(state);
    assert.equal(errorsOf(read.diagnostics), "", "refresh of a deleted object errors");
    assert.equal(read.state, null, "a deleted object reads as gone");
    assert.ok(
      read.diagnostics.some((d) => d.severity === "warning"),
      "a warning says the object is gone",
    );
    this.notes.push("deleted out of band");
  }

  private emptyConfig(): TfRecord {
    return makeRecord(Object.keys(this.definition.attributes).map((n) => [n, null]));
  }

  private async expectNoop(config: TfValue, state: TfValue, when: string): Promise<void> {
    const plan = await this.sim.plan(config, state);
    assert.equal(errorsOf(plan.diagnostics), "", `${when}: plan errors`);
    if (plan.action !== "noop") {
      assertSameState(
        this.definition,
        plan.planned,
        state,
        `${when}: the plan is not empty (${plan.action})`,
      );
      assert.fail(`${when}: the plan is not empty (${plan.action})`);
    }
    this.cleanReplans++;
  }

  /**
   * With a reordering service: the states differ only in the order of lists that are not multisets
   * (or of multisets whose elements hold such lists, which then no longer match their prior).
   */
  private orderDriftOnly(actual: TfValue, expected: TfValue): boolean {
    if (!this.serviceReorders) return false;
    const type = definitionImpliedType(this.definition);
    if (valueEquals(type, actual, expected)) return false;
    const sorted = (v: TfValue) => sortOrderedLists(this.definition.attributes, v);
    const ordered = valueEquals(type, sorted(actual), sorted(expected));
    return (
      ordered ||
      (!valueEquals(type, sorted(actual), actual) && sameUpToOrder(this.definition, actual, expected))
    );
  }

  /**
   * After an import the plan is empty, except that write-only values (configured or defaulted) are
   * not known to the import and are planned again; what the plan then leaves unknown is the
   * update's to decide.
   */
  private async expectImportPlan(
    config: TfValue,
    importedState: TfValue,
    privateBytes: Uint8Array,
    unreported: readonly string[],
  ): Promise<void> {
    const plan = await planWithPrivate(this.h, this.definition, config, importedState, privateBytes);
    assert.equal(plan.errors, "", "after import: plan errors");
    // Values the service holds in a form its schema declares for the configured ones are planned
    // in the configured form (prior-in-configured-forms.ts): the plan is held to that prior.
    const imported = await priorInConfiguredForms(this.definition, importedState, config, true);
    if (imported !== importedState) this.notes.push("plan after import writes declared forms as configured");
    if (valueEquals(definitionImpliedType(this.definition), plan.planned, imported)) return;
    const writeOnly = writeOnlyAttributes(this.definition);
    const known = nullWriteOnly(
      this.definition.attributes,
      withNull(withUnknownsFrom(plan.planned, imported), unreported),
      writeOnly,
    );
    // A service that keeps lists in an order of its own: the import has its order, the plan the
    // configuration's (a replacement where that order belongs to a createOnly value), and elements
    // paired by position no longer line up; the contract checks above are what holds.
    if (this.serviceReorders) {
      this.notes.push("plan after import restores list order");
      return;
    }
    // A createOnly value the service never reports is null after an import: the plan cannot tell it
    // from a value that is really absent, and replaces the object to set it.
    const replaced = plan.requiresReplace
      .map(formatPath)
      .filter((p) => !unreported.includes(p.split(/[.[]/)[0] ?? ""));
    assert.deepEqual(replaced, [], "after import: no replacement");
    if (plan.requiresReplace.length > 0) {
      this.notes.push("plan after import replaces to set an unreported createOnly value");
      return;
    }
    // Without a prior the read sorts key-value lists (Tags) by key (docs/runtime.md#list-order-on-read):
    // a configuration in another order is planned back in place.
    if (sameUpToOrder(this.definition, known, imported)) {
      this.notes.push("plan after import restores the configured order of a key-value list");
      return;
    }
    // A plan that updates anyway (it sets properties the service did not report) writes structured
    // JSON in the configuration's form, not in the service's fuller answer (plan-resource.ts): the
    // state then holds the user's text after the apply.
    const updates = unreported.some((name) => {
      const type = definitionImpliedType(this.definition).attributes[name];
      return (
        type !== undefined &&
        !valueEquals(type, recordMember(plan.planned, name), recordMember(imported, name))
      );
    });
    const respelled = updates
      ? keepPriorSpelling(this.definition.attributes, known, imported, "prior")
      : known;
    if (respelled !== known) this.notes.push("plan after import updates, structured JSON as configured");
    assertSameState(
      this.definition,
      respelled,
      nullWriteOnly(this.definition.attributes, imported, writeOnly),
      "after import: the plan changes more than write-only values",
    );
    this.notes.push("plan after import sets write-only values");
  }

  /** Top-level attributes the service left out of its answer to the last apply (unreported.ts). */
  private unreportedOf(state: TfValue): string[] {
    return [...decodePrivateRecord(this.sim.privateOf(state)).unreported]
      .map((path) => path.split("/")[1] ?? "")
      .filter((name, i, all) => name !== "" && all.indexOf(name) === i);
  }

  /** Up to `count` optional top-level attributes, each kept only when the configuration still validates. */
  private async addOptional(config: TfRecord, count: number): Promise<TfRecord> {
    const candidates = shuffled(this.builder.optionalAttributes(), this.random).filter(
      (n) => config[n] === null,
    );
    let added = 0;
    for (const name of candidates) {
      if (added === count) break;
      let value: TfValue;
      try {
        value = this.builder.topLevelValue(name, 0);
      } catch (error) {
        if (!(error instanceof Unsatisfiable)) throw error;
        this.notes.push(`optional ${name} unsatisfiable: ${error.message}`);
        continue;
      }
      const next = with_(config, name, value);
      const invalid = await this.validationErrors(next);
      if (invalid !== "") {
        this.notes.push(`optional ${name} refused: ${invalid.split("\n")[0]}`);
        continue;
      }
      config = next;
      added++;
      this.notes.push(`optional ${name}`);
    }
    return config;
  }

  /** A configuration that changes one attribute that can change in place, or undefined. */
  private async findUpdate(
    config: TfRecord,
    state: TfRecord,
  ): Promise<{ name: string; config: TfRecord } | undefined> {
    if (this.definition.isImmutable) return undefined;
    const identifierNames = new Set(
      this.definition.primaryIdentifier.map((p) => p.replace(/^\/properties\//, "").split("/")[0]),
    );
    const updatable = Object.keys(this.definition.attributes).filter((name) => {
      const a = this.definition.attributes[name] as Attribute;
      return (
        (a.optional || a.required) &&
        a.cfnName !== undefined &&
        !a.deprecated &&
        !identifierNames.has(a.cfnName) &&
        !replacesBelow(a)
      );
    });
    const configured = shuffled(
      updatable.filter((n) => config[n] !== null),
      this.random,
    );
    const others = shuffled(
      updatable.filter((n) => config[n] === null),
      this.random,
    );
    for (const name of [...configured, ...others].slice(0, MAX_UPDATE_CANDIDATES)) {
      const attribute = this.definition.attributes[name] as Attribute;
      for (let variant = 1; variant <= 3; variant++) {
        let value: TfValue;
        try {
          value = this.builder.topLevelValue(name, variant);
        } catch (error) {
          if (!(error instanceof Unsatisfiable)) throw error;
          break;
        }
        // A value the state already holds (nulls taking defaults or the service's values), or another
        // spelling of the configured one (JSON text with other whitespace), plans no change.
        if (
          sameMeaning(attribute.type, value, config[name] ?? null) ||
          configuredHeldBy(attribute, value, state[name] ?? null)
        )
          continue;
        const next = with_(config, name, value);
        if ((await this.validationErrors(next)) !== "") break;
        // A value whose declared form is what the object holds plans no change (prior-in-configured-forms.ts).
        if ((await priorInConfiguredForms(this.definition, state, next, false)) !== state) continue;
        return { name, config: next };
      }
    }
    return undefined;
  }
}
