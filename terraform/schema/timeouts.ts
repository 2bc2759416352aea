// The `timeouts` attribute every resource carries (like terraform-plugin-framework-timeouts'
// Attributes form): per-operation time limits the user sets, kept only in Terraform. It has no
// CloudFormation name, so it is never sent to Cloud Control and never read back from it.
import type { Attribute, Attributes } from "./types.js";

export const TIMEOUTS_ATTRIBUTE = "timeouts";

/**
 * A positive Go duration ("30m", "1h30m", "90s"): what the validator accepts and the runtime
 * parses. Zero ("0s") is refused: no operation can finish in no time.
 */
export const GO_DURATION_SOURCE =
  "^(?!(?:0+(?:\\.0+)?(?:h|m|s|ms|us|µs|ns))+$)(?:[0-9]+(?:\\.[0-9]+)?(?:h|m|s|ms|us|µs|ns))+$";

const durationAttribute = (operation: string): Attribute => ({
  type: { kind: "string", flavor: "plain" },
  description:
    `How long to wait for the ${operation} to finish, as a Go duration such as "30m" or "1h30m". ` +
    "Overrides the resource type's handler timeout.",
  optional: true,
  validators: [{ kind: "regex", source: GO_DURATION_SOURCE, flags: "u" }],
});

export const timeoutsAttribute: Attribute = {
  type: {
    kind: "object",
    attributes: {
      create: durationAttribute("create"),
      delete: durationAttribute("delete"),
      update: durationAttribute("update"),
    },
  },
  description: "Time limits for this resource's create, update and delete operations.",
  optional: true,
};

/** The provider-only `timeouts` attribute (not a CloudFormation property of the same name). */
export function isTimeoutsAttribute(name: string, attribute: Attribute | undefined): boolean {
  return name === TIMEOUTS_ATTRIBUTE && attribute !== undefined && attribute.cfnName === undefined;
}

/**
 * A resource's attributes with `timeouts` added. A type whose own property maps to `timeouts`
 * keeps that property: the user's data wins over the convenience, and the type gets no limits.
 */
export function withTimeoutsAttribute(attributes: Attributes): Attributes {
  if (Object.hasOwn(attributes, TIMEOUTS_ATTRIBUTE)) return attributes;
  return { ...attributes, [TIMEOUTS_ATTRIBUTE]: timeoutsAttribute };
}
