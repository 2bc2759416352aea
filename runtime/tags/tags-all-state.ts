// How `tags` and `tags_all` move through plan, apply and read (default-tags.ts has the rules):
// the plan sets tags_all to the merge, Cloud Control receives tags_all as Tags, and what comes back
// is split again into tags_all (everything the object has) and tags (the user's keys only).
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isRecord, isWhollyKnown, recordWith, type TfValue } from "../../terraform/values/value.js";
import {
  mergeTags,
  ownTagsOf,
  recordOf,
  sameTags,
  tagsFromDefaults,
  TAGS_ALL_ATTRIBUTE,
  TAGS_ATTRIBUTE,
  type TagsShape,
  tagsShape,
} from "../../terraform/tags/default-tags.js";

export type DefaultTags = ReadonlyMap<string, string>;

export const NO_DEFAULT_TAGS: DefaultTags = new Map();

/** The tags shape of a type that carries tags_all, else undefined. */
function tagsAllShape(definition: ResourceDefinition): TagsShape | undefined {
  const tagsAll = definition.attributes[TAGS_ALL_ATTRIBUTE];
  if (tagsAll === undefined || tagsAll.cfnName !== undefined) return undefined;
  return tagsShape(definition.attributes[TAGS_ATTRIBUTE]);
}

const withMembers = (value: TfValue, members: Record<string, TfValue>): TfValue =>
  isRecord(value) ? recordWith(value, members) : value;

/**
 * The planned tags_all: the configured tags merged with the provider's defaults; the prior value
 * when it holds the same tags (no diff for order alone).
 */
export function planTagsAll(
  definition: ResourceDefinition,
  planned: TfValue,
  config: TfValue,
  prior: TfValue,
  defaults: DefaultTags,
): TfValue {
  const shape = tagsAllShape(definition);
  if (shape === undefined || !isRecord(planned)) return planned;
  const configured = recordOf(config)?.[TAGS_ATTRIBUTE] ?? null;
  const priorAll = recordOf(prior)?.[TAGS_ALL_ATTRIBUTE] ?? null;
  const plannedOwn = planned[TAGS_ATTRIBUTE] ?? null;
  // Unset tags while the object still carries tags that came from default_tags since removed from
  // the provider block: those go, the user's own (as planned, else as before) stay.
  const defaultsDropped =
    defaults.size === 0 &&
    configured === null &&
    tagsFromDefaults(shape, priorAll, recordOf(prior)?.[TAGS_ATTRIBUTE] ?? null).size > 0;
  const ownAfterDrop = isWhollyKnown(plannedOwn) ? plannedOwn : (recordOf(prior)?.[TAGS_ATTRIBUTE] ?? null);
  // Otherwise, without defaults the merge is the planned tags themselves (members the apply decides
  // included, and, when unset, the prior tags kept as any Optional+Computed value is: an imported
  // object's tags stay unless a removal was planned from what the last apply recorded as configured).
  const merged =
    defaults.size > 0 ? mergeTags(shape, configured, defaults) : defaultsDropped ? ownAfterDrop : plannedOwn;
  const value = prior !== null && sameTags(shape, merged, priorAll) ? priorAll : merged;
  // With default_tags, unset tags are the user's statement that the object has only the default
  // tags: no tags of the user's own, rather than the prior ones kept (which would keep default tags
  // since removed).
  const own: Record<string, TfValue> =
    configured === null && defaults.size > 0
      ? { [TAGS_ATTRIBUTE]: null }
      : defaultsDropped
        ? { [TAGS_ATTRIBUTE]: ownAfterDrop }
        : {};
  return withMembers(planned, { ...own, [TAGS_ALL_ATTRIBUTE]: value });
}

/** The value as Cloud Control sees it: tags_all in place of tags (a state older than tags_all keeps tags). */
export function tagsForCloudControl(definition: ResourceDefinition, value: TfValue): TfValue {
  const record = recordOf(value);
  if (tagsAllShape(definition) === undefined || record === null) return value;
  const all = record[TAGS_ALL_ATTRIBUTE] ?? null;
  return withMembers(value, { [TAGS_ATTRIBUTE]: all ?? record[TAGS_ATTRIBUTE] ?? null });
}

function split(
  definition: ResourceDefinition,
  state: TfValue,
  own: (shape: TagsShape, all: TfValue) => TfValue,
): TfValue {
  const shape = tagsAllShape(definition);
  const record = recordOf(state);
  if (shape === undefined || record === null) return state;
  const all = record[TAGS_ATTRIBUTE] ?? null;
  return withMembers(state, { [TAGS_ALL_ATTRIBUTE]: all, [TAGS_ATTRIBUTE]: own(shape, all) });
}

/**
 * The state after an apply: tags_all is what the object has, tags what the plan said (what came
 * back where the plan left members to the apply).
 */
export function splitTagsAfterApply(
  definition: ResourceDefinition,
  state: TfValue,
  plannedOrPrior: TfValue,
): TfValue {
  const own = recordOf(plannedOrPrior)?.[TAGS_ATTRIBUTE] ?? null;
  return split(definition, state, (_shape, all) => (isWhollyKnown(own) ? own : all));
}

/** The state after a read: tags_all is what the object has, tags the user's part (ownTagsOf). */
export function splitTagsAfterRead(
  definition: ResourceDefinition,
  state: TfValue,
  prior: TfValue,
  defaults: DefaultTags,
): TfValue {
  const priorOwn = recordOf(prior)?.[TAGS_ATTRIBUTE] ?? null;
  const priorAll = recordOf(prior)?.[TAGS_ALL_ATTRIBUTE] ?? null;
  return split(definition, state, (shape, all) =>
    ownTagsOf(shape, all, priorOwn, defaults, tagsFromDefaults(shape, priorAll, priorOwn)),
  );
}
