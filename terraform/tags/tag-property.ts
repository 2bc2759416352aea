// Which top-level CloudFormation properties hold an object's tags. `Tags`, and the `<Kind>Tags`
// many types use (ResourceTags, UserPoolTags, BackupVaultTags...), are recognised by name; a type
// whose schema names another property (`tagging.tagProperty`, Cognito UserPoolReplica's
// `UserPoolTagsAtCreate`) carries that name in its definition.

/** A property whose name says it holds tags. */
export const isTagPropertyName = (name: string): boolean => name.endsWith("Tags");

/**
 * The schema's `tagging.tagProperty` as a top-level property name, when the type is taggable and the
 * name does not already say it holds tags; undefined otherwise.
 */
export function unconventionalTagProperty(tagging: unknown): string | undefined {
  if (typeof tagging !== "object" || tagging === null) return undefined;
  const { taggable, tagProperty } = tagging as { taggable?: unknown; tagProperty?: unknown };
  if (taggable === false || typeof tagProperty !== "string") return undefined;
  const match = /^\/properties\/([^/]+)$/.exec(tagProperty);
  const name = match?.[1];
  return name === undefined || isTagPropertyName(name) ? undefined : name;
}
