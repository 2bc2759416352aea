// Coded corrections of known defects in the CloudFormation schemas, each with its reason. They are
// applied at load (after pins), listed in the generate summary, and must leave a fixed schema alone.
import type { SchemaPatch } from "../cfn/schema-patch.js";

export const schemaPatches: readonly SchemaPatch[] = [
  {
    type: "AWS::CloudFront::ContinuousDeploymentPolicy",
    reason:
      "deprecatedProperties point into /definitions/ContinuousDeploymentPolicyConfig; the deprecated " +
      "members are those of the ContinuousDeploymentPolicyConfig property, so the pointers are rewritten to it.",
    apply(schema) {
      const prefix = "/definitions/ContinuousDeploymentPolicyConfig/properties/";
      const deprecated = schema.deprecatedProperties;
      if (
        !Array.isArray(deprecated) ||
        !deprecated.some((p) => typeof p === "string" && p.startsWith(prefix))
      ) {
        return undefined;
      }
      return {
        ...schema,
        deprecatedProperties: deprecated.map((p) =>
          typeof p === "string" && p.startsWith(prefix)
            ? `/properties/ContinuousDeploymentPolicyConfig/${p.slice(prefix.length)}`
            : p,
        ),
      };
    },
  },
];
