// PlanResourceChange for Cloud Control resources, following the lifecycle contract
// (docs/protocol.md#planning): start from Terraform's proposed new state, keep the prior spelling of
// equivalent values (JSON strings, multiset lists), apply defaults, mark computed values the apply
// will decide as unknown, keep prior values where UseStateForUnknown says so, and list the paths
// whose change needs a new object.
import type { Attribute, Attributes, ResourceDefinition } from "../../terraform/schema/types.js";
import { defaultToValue } from "../convert/default-value.js";
import { keepPriorSpelling, type ServiceFilled } from "../convert/prior-spelling.js";
import { priorHoldsDefault } from "./default-in-prior.js";
import { attributeCtyType, definitionImpliedType } from "../../terraform/values/implied-type.js";
import type { AttributePath, PathStep } from "../../terraform/values/path.js";
import {
  isEmptyCollection,
  isRecord,
  isUnknown,
  mapMembers,
  recordWith,
  type TfRecord,
  type TfValue,
  UNKNOWN,
  valueEquals,
} from "../../terraform/values/value.js";
import { mapNested } from "./nested.js";
import { readOnlyElementMembers, unknownRegeneratedMembers } from "./regenerated-members.js";
import { multisetPlanValue } from "../state/multiset.js";
import { isUnchangedList, pairElements, planPairedList } from "./unordered-list.js";
import { completeProposal } from "./complete-proposal.js";
import { configuredAgreement } from "./configured-agreement.js";
import { type Alignments, alignPrior, pathKey } from "./aligned-prior.js";
import { planRemovals } from "./removed-attributes.js";
import { type Unknowable, unknowableWhenNull, withoutUnknowable } from "./unknowable.js";
import { type DefaultTags, NO_DEFAULT_TAGS, planTagsAll } from "../tags/tags-all-state.js";
import { hasPlanModifier } from "../../terraform/schema/resource-rules.js";

export interface PlanInput {
  readonly definition: ResourceDefinition;
  /** Null on create. */
  readonly prior: TfValue;
  readonly proposed: TfValue;
  readonly config: TfValue;
  /** The prior state was imported: its write-only values were never read (import-marker.ts). */
  readonly writeOnlyUnknown?: boolean;
  /**
   * The attribute paths configured at the last successful apply (configured-record.ts); those
   * now null in the configuration are planned as removed. Absent for objects without a record
   * (created before the record existed, or imported): they plan as if nothing was removed.
   */
  readonly configuredBefore?: ReadonlySet<string> | null;
  /** The provider's default_tags (merged into tags_all). */
  readonly defaultTags?: DefaultTags;
}

export interface PlanResult {
  readonly planned: TfValue;
  readonly requiresReplace: readonly AttributePath[];
}

const recordOrNull = (v: TfValue | undefined): TfRecord | null => (isRecord(v) ? v : null);

/**
 * A static default applies to what the user may configure. A computed-only (read-only) attribute is
 * the service's to decide: planning its schema default would send a read-only value on create,
 * which Cloud Control refuses, and plan it back over the value the service reported on every update.
 */
const takesDefault = (attribute: Attribute): boolean =>
  attribute.default !== undefined && Boolean(attribute.optional || attribute.required);

export function planResource(input: PlanInput): PlanResult {
  const proposed = completeProposal(input.definition.attributes, input.proposed, input.prior, input.config);
  const result = planResourceValues(proposed === input.proposed ? input : { ...input, proposed });
  const { definition, config, prior, defaultTags = NO_DEFAULT_TAGS } = input;
  return { ...result, planned: planTagsAll(definition, result.planned, config, prior, defaultTags) };
}

/**
 * What a create of this configuration would send, for validating the desired state before any plan:
 * the configuration with its defaults and tags_all. It is a create's plan without steps 2 and 3,
 * which (with no prior) only turn nulls into unknowns, and the desired state leaves unknowns out as
 * it does nulls.
 */
export function createValues(definition: ResourceDefinition, config: TfValue): TfValue {
  if (!isRecord(config)) return config;
  const shaped = shapeValues(definition.attributes, config, config, null, [], new Map());
  return planTagsAll(definition, shaped, config, null, NO_DEFAULT_TAGS);
}

/**
 * Without a record of what was configured (an imported object, or one from before the record), the
 * prior is the service's whole answer: members the service filled in inside structured JSON
 * (structured-json.ts) are not the user's, and a plan that changes nothing else keeps them. A plan
 * that changes something anyway writes the configuration's form instead, so that after the apply
 * the state holds the user's text and later plans compare the configuration with it (a member the
 * user removes then plans an update).
 */
function planResourceValues(input: PlanInput): PlanResult {
  const strict = planWithSpelling(input, "none");
  if (input.configuredBefore || !isRecord(input.prior) || strict.planned === input.prior) return strict;
  const settled = planWithSpelling(input, "prior");
  return settled.planned === input.prior ? settled : strict;
}

function planWithSpelling(
  { definition, prior, proposed, config, writeOnlyUnknown, configuredBefore }: PlanInput,
  filled: ServiceFilled,
): PlanResult {
  if (!isRecord(proposed)) return { planned: proposed, requiresReplace: [] };
  const attributes = definition.attributes;
  const priorRecord = recordOrNull(prior);
  const configRecord = recordOrNull(config);
  const alignments: Alignments = new Map();
  let planned = shapeValues(
    attributes,
    keepPriorSpelling(attributes, proposed, priorRecord, filled) as TfRecord,
    configRecord,
    priorRecord,
    [],
    alignments,
  );
  // The steps that take values from the prior walk lists by index: where step 1 paired an unordered
  // list's elements with the prior elements they describe, they see the prior elements in that pairing.
  const elementPrior = priorRecord && alignPrior(attributes, priorRecord, alignments);
  // Removals are planned first, so that they count as a change, and again after the computed steps,
  // which would otherwise turn a removed value into "known after apply" or back into its prior.
  const withRemovals = (value: TfRecord): TfRecord =>
    configuredBefore && elementPrior
      ? planRemovals(attributes, value, configRecord, elementPrior, configuredBefore)
      : value;
  planned = withRemovals(planned);
  const changed =
    priorRecord === null || !valueEquals(definitionImpliedType(definition), planned, priorRecord);
  if (!changed) return { planned: priorRecord, requiresReplace: [] };
  planned = markComputedUnknown(attributes, planned, configRecord, elementPrior, priorRecord !== null, false);
  planned = withRemovals(useStateForUnknown(attributes, planned, configRecord, elementPrior));
  if (priorRecord === null) return { planned, requiresReplace: [] };
  // Regenerated read-only members and create-only changes are about what the update's patch does to
  // the service's elements, and the patch addresses list elements by index in the prior state
  // (patch.ts): these two steps compare by position.
  const regenerated = readOnlyElementMembers(definition);
  planned = unknownRegeneratedMembers(attributes, planned, configRecord, priorRecord, regenerated);
  const requiresReplace: AttributePath[] = [];
  const unknowable = unknowableWhenNull(definition, writeOnlyUnknown === true);
  collectReplacePaths(attributes, planned, configRecord, priorRecord, [], requiresReplace, unknowable);
  if (requiresReplace.length === 0)
    planned = unknownIdWhenIdentifierChanges(definition, planned, priorRecord);
  return { planned, requiresReplace: dedupePaths(requiresReplace) };
}

/**
 * Step 1 (after the prior spelling of values that mean the same was kept, prior-spelling.ts):
 * defaults, and the prior order of multiset lists (no plan diff for either). Where a nested multiset
 * list changes, its elements are planned from the prior elements they describe, recorded in
 * `alignments` under the list's `path` for the later steps.
 */
function shapeValues(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  prior: TfRecord | null,
  path: readonly PathStep[],
  alignments: Alignments,
): TfRecord {
  return rebuild(attributes, planned, (name, attribute, value) => {
    const configured = config?.[name] ?? null;
    const priorValue = prior?.[name] ?? null;
    // A create-only default is what a new object gets. An existing object keeps what it has (none,
    // when it was made before the schema had the attribute, e.g. before a provider upgrade): an
    // update cannot send a create-only value, so planning the default there would plan a change that
    // never reaches the service, and plan it again after every refresh.
    const defaultApplies = takesDefault(attribute) && (prior === null || !isCreateOnly(attribute));
    if (configured === null && defaultApplies) {
      const fallback = defaultToValue(attribute.type, attribute.default);
      // The service's own form of the default (after an import, say, or with members it filled in)
      // is the default.
      if (priorHoldsDefault(attribute.type, fallback, priorValue)) return priorValue;
      // An empty collection is nothing to Cloud Control (never sent, read back as absent): where the
      // object exists with nothing there (e.g. after an import) it stays null rather than show a diff.
      return prior !== null && priorValue === null && isEmptyCollection(fallback) ? null : fallback;
    }
    if (value === null || isUnknown(value)) return value;
    // A nested value the configuration leaves out (a computed one the service chose) is the
    // service's: defaults inside it would plan a change nobody configured, after every refresh.
    if (configured === null && priorValue !== null) return value;
    const here = [...path, { attribute: name }];
    // What the elements record is kept only if their planned values are (not when the plan keeps
    // the prior list); set elements have no address to record under.
    const inner: Alignments = new Map();
    const next = mapNested(attribute.type, value, configured, priorValue, here, (v) =>
      shapeValues(v.attributes, v.planned, v.config, v.prior, v.path, v.inSet ? new Map() : inner),
    );
    const keepInner = <T>(result: T): T => {
      for (const [key, aligned] of inner) alignments.set(key, aligned);
      return result;
    };
    if (!hasPlanModifier(attribute, "multiset")) return keepInner(next);
    const kept = multisetPlanValue(attributeCtyType(attribute.type), next, priorValue);
    if (kept !== next) return kept;
    if (attribute.type.kind !== "listNested") return keepInner(next);
    // The prior in another order (after an import): Terraform filled each element's unset members
    // from the prior element at the same position; pair the elements by what they describe instead.
    const nested = attribute.type.attributes;
    const pairing = pairElements(nested, value, configured, priorValue, (element, elementConfig, partner) =>
      shapeValues(
        nested,
        keepPriorSpelling(nested, element, partner) as TfRecord,
        elementConfig,
        partner,
        [],
        new Map(),
      ),
    );
    if (pairing === null) return keepInner(next);
    if (isUnchangedList(pairing)) return priorValue;
    const paired = planPairedList(
      nested,
      value as TfRecord[],
      configured as TfRecord[],
      priorValue as TfRecord[],
      pairing,
      (index, element, elementConfig, partner) =>
        shapeValues(
          nested,
          partner ? (keepPriorSpelling(nested, element, partner) as TfRecord) : element,
          elementConfig,
          partner,
          [...here, { index }],
          alignments,
        ),
    );
    alignments.set(pathKey(here), paired.alignedPrior);
    return paired.elements;
  });
}

/**
 * Step 2 (only when something changes): computed values that are null and not configured are
 * decided by the apply. An update cannot change createOnly properties, so on update their values
 * (and everything inside them) stay as they are instead of becoming unknown — otherwise the
 * createOnly parent would look changed and force a needless replacement.
 */
function markComputedUnknown(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  prior: TfRecord | null,
  isUpdate: boolean,
  frozen: boolean,
): TfRecord {
  return rebuild(attributes, planned, (name, attribute, value) => {
    const configured = config?.[name] ?? null;
    const keep = frozen || (isUpdate && isCreateOnly(attribute));
    if (value === null && attribute.computed && configured === null && !takesDefault(attribute) && !keep)
      return UNKNOWN;
    if (value === null || isUnknown(value)) return value;
    const priorValue = prior?.[name] ?? null;
    if (mustStayPrior(attribute, value, configured, priorValue)) return value;
    return mapNested(attribute.type, value, configured, priorValue, [], (v) =>
      markComputedUnknown(v.attributes, v.planned, v.config, v.prior, isUpdate, keep),
    );
  });
}

/**
 * A multiset list planned as the prior value whose elements do not line up with the configured
 * ones (the prior in the service's order, after an import say). Terraform accepts the prior value
 * whole, but once anything in it differs it checks the list element by element against the
 * configuration, where the elements are not the same objects (nested lists of other lengths,
 * members set on one and not the other): unknowns marked by position would make a plan Terraform
 * rejects, and describe the wrong elements anyway. Nothing in the list changes, so the service
 * has no reason to choose its values anew: it stays the prior value.
 */
function mustStayPrior(attribute: Attribute, value: TfValue, configured: TfValue, prior: TfValue): boolean {
  const type = attribute.type;
  if (type.kind !== "listNested" || !hasPlanModifier(attribute, "multiset") || prior === null) return false;
  return valueEquals(attributeCtyType(type), value, prior) && !linesUp(type.attributes, configured, prior);
}

/** Each configured element could plan equal to the prior element at its index. */
function linesUp(attributes: Attributes, config: TfValue, prior: TfValue): boolean {
  if (!Array.isArray(config) || !Array.isArray(prior) || config.length !== prior.length) return false;
  const agrees = configuredAgreement(attributes);
  return config.every((item, i) => {
    const before = prior[i] ?? null;
    return isRecord(item) && isRecord(before) && agrees(item, before);
  });
}

const isCreateOnly = (attribute: Attribute): boolean =>
  hasPlanModifier(attribute, "requiresReplace") || hasPlanModifier(attribute, "requiresReplaceIfConfigured");

/** Step 3: UseStateForUnknown keeps the prior value of a computed attribute the user does not set. */
function useStateForUnknown(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  prior: TfRecord | null,
): TfRecord {
  return rebuild(attributes, planned, (name, attribute, value) => {
    const configured = config?.[name] ?? null;
    const priorValue = prior?.[name] ?? null;
    if (isUnknown(value)) {
      const keep =
        hasPlanModifier(attribute, "useStateForUnknown") && !isUnknown(configured) && priorValue !== null;
      return keep ? priorValue : value;
    }
    if (value === null) return value;
    return mapNested(attribute.type, value, configured, priorValue, [], (v) =>
      useStateForUnknown(v.attributes, v.planned, v.config, v.prior),
    );
  });
}

/** Step 4: RequiresReplace / RequiresReplaceIfConfigured (createOnly properties), nested ones too. */
function collectReplacePaths(
  attributes: Attributes,
  planned: TfRecord,
  config: TfRecord | null,
  prior: TfRecord | null,
  path: readonly PathStep[],
  out: AttributePath[],
  unknowable: Unknowable,
  /** Inside a set element: report the set's path instead (set elements have no address). */
  collapseTo?: AttributePath,
): void {
  for (const name of Object.keys(attributes)) {
    const attribute = attributes[name] as Attribute;
    const value = planned[name] ?? null;
    const configured = config?.[name] ?? null;
    const priorValue = prior?.[name] ?? null;
    const here = collapseTo ?? [...path, { attribute: name }];
    // A createOnly value the user removed is planned unknown (removed-attributes.ts): a new object.
    const removedCreateOnly = configured === null && isUnknown(value) && priorValue !== null;
    const replace =
      hasPlanModifier(attribute, "requiresReplace") ||
      (hasPlanModifier(attribute, "requiresReplaceIfConfigured") &&
        (configured !== null || removedCreateOnly));
    // A value the prior cannot know (write-only, after an import) is no change, nor anything in it.
    if (prior !== null && priorValue === null && unknowable(attribute)) continue;
    // Members the prior cannot know are compared as the prior has them.
    const comparable = withoutUnknowable(attribute.type, value, priorValue, unknowable);
    if (
      replace &&
      !valueEquals(attributeCtyType(attribute.type), comparable, priorValue, { ignoreRefinements: true })
    ) {
      out.push(here);
    }
    if (value === null || isUnknown(value)) continue;
    mapNested(attribute.type, value, configured, priorValue, here, (v) => {
      collectReplacePaths(
        v.attributes,
        v.planned,
        v.config,
        v.prior,
        v.path,
        out,
        unknowable,
        collapseTo ?? (v.inSet ? v.path : undefined),
      );
      return v.planned;
    });
  }
}

/**
 * When an update changes a primary identifier property in place, Cloud Control may give the
 * object a new identifier: `id` then becomes known only after the apply.
 */
function unknownIdWhenIdentifierChanges(
  definition: ResourceDefinition,
  planned: TfRecord,
  prior: TfRecord,
): TfRecord {
  if (!Object.hasOwn(definition.attributes, "id") || definition.attributes.id?.cfnName !== undefined)
    return planned;
  const identifierNames = new Set(
    definition.primaryIdentifier
      .map((pointer) => /^\/properties\/([^/]+)$/.exec(pointer)?.[1])
      .filter((name): name is string => name !== undefined),
  );
  const changes = Object.keys(definition.attributes).some((name) => {
    const attribute = definition.attributes[name] as Attribute;
    if (attribute.cfnName === undefined || !identifierNames.has(attribute.cfnName)) return false;
    return !valueEquals(attributeCtyType(attribute.type), planned[name], prior[name], {
      ignoreRefinements: true,
    });
  });
  return changes ? recordWith(planned, { id: UNKNOWN }) : planned;
}

/** A copy of the object with each attribute passed through `convert` (the same object when nothing changed). */
function rebuild(
  attributes: Attributes,
  record: TfRecord,
  convert: (name: string, attribute: Attribute, value: TfValue) => TfValue,
): TfRecord {
  // A copy is only made once an attribute changes: most calls change nothing.
  return mapMembers(record, (value, name) => {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    return attribute ? convert(name, attribute, value ?? null) : value;
  });
}

function dedupePaths(paths: readonly AttributePath[]): AttributePath[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
