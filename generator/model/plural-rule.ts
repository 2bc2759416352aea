// When a type gets a plural data source (docs/mapping.md#which-modules-a-type-gets "Plural rule", docs/mapping.md#plural-names collisions).
import type { CfnResourceSchema } from "./cfn-schema.js";
import type { TypeNames } from "../../terraform/naming/naming.js";

/** Why the plural data source cannot exist, or undefined when it can. */
export function pluralSuppressionReason(schema: CfnResourceSchema, names: TypeNames): string | undefined {
  const list = schema.handlers?.list;
  if (list === undefined) return "no list handler";
  const hs = list.handlerSchema;
  const present = (v: readonly unknown[] | undefined): boolean => Array.isArray(v) && v.length > 0;
  if (hs && (present(hs.required) || present(hs.oneOf) || present(hs.anyOf) || present(hs.allOf))) {
    return "list handler needs arguments";
  }
  if (names.pluralCollidesWithSingular) return `plural name equals the singular name: ${names.tfTypeName}`;
  return undefined;
}
