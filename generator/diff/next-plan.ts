// What a user sees in the first plan after upgrading to a provider generated from the newer schema,
// per change kind. Each rule follows what the runtime and Terraform do with an existing object:
// - UpgradeResourceState (runtime/read/upgrade-state.ts) keeps the attributes the new schema has,
//   drops the others without a word, converts values where nothing is lost and sets the rest to
//   null with the warning "Resource State Values Dropped During Upgrade";
// - the refresh (runtime/read/read-resource.ts) reads the object by the identifier in the state and
//   carries write-only values over from the state, since the service no longer returns them;
// - planning (runtime/plan/plan-resource.ts) plans a schema default wherever the configuration
//   omits the attribute, and a replacement only when a create-only value changes;
// - Terraform itself rejects unknown arguments, missing required ones, values of the wrong type
//   and values set on read-only attributes; the provider's validators reject values outside an
//   enum, pattern or bound.
import type { Change } from "./change.js";

export type PlanOutcome = "noChange" | "update" | "replace" | "error";

/** How one existing object and its configuration meet a change. */
export interface Usage {
  /** The configuration sets the attribute (or, for a module, uses the resource or data source). */
  readonly configured: boolean;
  /** The configured value is outside what the new schema accepts (enum, pattern, bound). */
  readonly rejected?: boolean;
  /** The value the object had before the upgrade equals the new default. */
  readonly priorIsDefault?: boolean;
}

export interface PlanEffect {
  readonly outcome: PlanOutcome;
  /** Terraform's summary line of the error the plan shows. */
  readonly diagnostic?: string;
}

const NO_CHANGE: PlanEffect = { outcome: "noChange" };

const BOUND_DIAGNOSTIC: Readonly<Record<string, string>> = {
  minLength: "Invalid Attribute Value Length",
  maxLength: "Invalid Attribute Value Length",
  minimum: "Invalid Attribute Value",
  maximum: "Invalid Attribute Value",
  minItems: "Invalid Attribute Value",
  maxItems: "Invalid Attribute Value",
};

/**
 * A new default: planned where the configuration omits the attribute, an update unless the object
 * has it. A create-only default applies only when objects are created.
 */
function defaultEffect(change: Change, usage: Usage): PlanEffect {
  if (change.createOnly) return NO_CHANGE;
  return !usage.configured && usage.priorIsDefault === false ? { outcome: "update" } : NO_CHANGE;
}

/** The effect of one change on one existing object, given how its configuration uses the attribute. */
export function planEffect(change: Change, usage: Usage): PlanEffect {
  switch (change.kind) {
    case "propertyRemoved":
      return usage.configured ? { outcome: "error", diagnostic: "Unsupported argument" } : NO_CHANGE;
    case "propertyAdded":
      // Breaking only when users must set it (propertyAdded in property-changes.ts).
      if (change.breaking) return { outcome: "error", diagnostic: "Missing required argument" };
      return change.after !== undefined ? defaultEffect(change, usage) : NO_CHANGE;
    case "typeChanged":
      // Not configured: the stored value is converted, or nulled with a warning and read again.
      return usage.configured
        ? { outcome: "error", diagnostic: "Incorrect attribute value type" }
        : NO_CHANGE;
    case "requiredAdded":
      return change.breaking && !usage.configured
        ? { outcome: "error", diagnostic: "Missing required argument" }
        : NO_CHANGE;
    case "readOnlyAdded":
      return usage.configured
        ? { outcome: "error", diagnostic: "Invalid Configuration for Read-Only Attribute" }
        : NO_CHANGE;
    case "defaultAdded":
    case "defaultChanged":
      return defaultEffect(change, usage);
    case "enumChanged":
      return change.breaking && usage.configured && usage.rejected
        ? { outcome: "error", diagnostic: "Invalid Attribute Value Match" }
        : NO_CHANGE;
    case "patternChanged":
      return change.breaking && usage.configured && usage.rejected
        ? { outcome: "error", diagnostic: "Invalid Attribute Value Match" }
        : NO_CHANGE;
    case "boundChanged":
      return change.breaking && usage.configured && usage.rejected
        ? {
            outcome: "error",
            diagnostic: BOUND_DIAGNOSTIC[change.keyword ?? ""] ?? "Invalid Attribute Value",
          }
        : NO_CHANGE;
    case "moduleRemoved":
      if (!usage.configured) return NO_CHANGE;
      return {
        outcome: "error",
        diagnostic: change.keyword === "resource" ? "Invalid resource type" : "Invalid data source",
      };
    case "handlerRemoved":
      if (change.moduleEffect?.effect === "disappears" && usage.configured)
        return { outcome: "error", diagnostic: "Invalid data source" };
      return NO_CHANGE;
    // No effect on a plan: the object and its state stay as they are.
    case "deprecatedAdded": // marked in the schema; Terraform 1.11 shows no warning for it
    case "createOnlyAdded": // the next change of the value replaces the object, not this plan
    case "writeOnlyAdded": // the refresh carries the value in the state over
    case "primaryIdentifierChanged": // the state keeps the identifier the object was created with
    case "requiredRemoved":
    case "createOnlyRemoved":
    case "readOnlyRemoved":
    case "writeOnlyRemoved":
    case "deprecatedRemoved":
    case "defaultRemoved":
    case "handlerAdded":
    case "handlerPermissionsChanged":
    case "moduleAdded":
      return NO_CHANGE;
  }
}

/** The strongest of several effects on one object: an error, else a replacement, else an update. */
export function combinedOutcome(effects: readonly PlanEffect[]): PlanOutcome {
  const order: readonly PlanOutcome[] = ["error", "replace", "update", "noChange"];
  return order.find((o) => effects.some((e) => e.outcome === o)) ?? "noChange";
}

const CREATE_ONLY_DEFAULT =
  "no change: the attribute is create-only, so its default applies to objects created from now on; existing objects keep what they have";

/** The report's sentence: what the next plan after upgrading shows, in each case that differs. */
export function nextPlanText(change: Change): string {
  switch (change.kind) {
    case "propertyRemoved":
      return 'if configured: error "Unsupported argument" (references to it: "Unsupported attribute"); otherwise the value is dropped from the state without a word and the plan shows no change';
    case "propertyAdded":
      if (change.breaking) return 'error "Missing required argument" until the configuration sets it';
      if (change.after !== undefined && change.createOnly) return CREATE_ONLY_DEFAULT;
      if (change.after !== undefined)
        return `if not configured: an update in place setting the default ${JSON.stringify(change.after)}, unless the object already has that value; otherwise no change`;
      return "no change (the attribute reads as the service reports it)";
    case "typeChanged":
      return 'if configured: error "Incorrect attribute value type" until the configuration uses the new type; otherwise no change: the stored value is converted where nothing is lost, else set to null with the warning "Resource State Values Dropped During Upgrade" and read again';
    case "requiredAdded":
      return change.breaking
        ? 'if not configured: error "Missing required argument"; otherwise no change'
        : "no change";
    case "readOnlyAdded":
      return 'if configured: error "Invalid Configuration for Read-Only Attribute"; otherwise no change';
    case "deprecatedAdded":
      // The schema marks it deprecated; Terraform 1.11 shows no warning for a configured one (checked
      // by test/release/slow/terraform-upgrade.test.ts), so only the documentation says so.
      return "no change (the attribute is marked deprecated in the schema and its documentation; Terraform shows no warning)";
    case "defaultAdded":
    case "defaultChanged":
      if (change.createOnly) return CREATE_ONLY_DEFAULT;
      return `if not configured: an update in place setting the default ${JSON.stringify(change.after)}, unless the object already has that value; otherwise no change`;
    case "enumChanged":
    case "patternChanged":
    case "boundChanged": {
      const effect = planEffect(change, { configured: true, rejected: true });
      return effect.outcome === "error"
        ? `if a configured value is no longer accepted: error "${effect.diagnostic}"; otherwise no change`
        : "no change";
    }
    case "createOnlyAdded":
      return "no change; the next change of the value replaces the object instead of updating it";
    case "writeOnlyAdded":
      return "no change: the value in the state is kept, and drift of it is no longer detected";
    case "primaryIdentifierChanged":
      return "no change from the provider: the refresh reads existing objects by the identifier stored in the state; if the service no longer accepts that form it reports the object gone and the plan creates it again (re-import it with the new form)";
    case "moduleRemoved":
      return change.keyword === "resource"
        ? 'if used: error "Invalid resource type"'
        : 'if used: error "Invalid data source"';
    case "handlerRemoved":
      if (change.moduleEffect?.effect === "disappears") return 'if used: error "Invalid data source"';
      return change.breaking
        ? `no change in the plan; the ${change.keyword} operation fails at apply`
        : "no change";
    default:
      return "no change";
  }
}
