// Builds small schemas for table tests and reads the model's output for them.
import fs from "node:fs";
import path from "node:path";
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import { resolveSchemasDir } from "../../cfn/paths.js";
import type { CfnResourceSchema } from "../../generator/model/cfn-schema.js";
import { buildTypeModel, type TypeModel } from "../../generator/model/resource-model.js";

export type SchemaFragment = Omit<CfnResourceSchema, "typeName"> & { typeName?: string };

/** A schema of type AWS::Test::Thing around the given fragment. */
export function fixture(fragment: SchemaFragment): CfnResourceSchema {
  return { typeName: "AWS::Test::Thing", primaryIdentifier: ["/properties/Name"], ...fragment };
}

export function model(fragment: SchemaFragment): TypeModel {
  return buildTypeModel(fixture(fragment));
}

/** The resource attributes of a fixture; fails the test if the type did not map. */
export function attributesOf(fragment: SchemaFragment): Attributes {
  const m = model(fragment);
  if (!m.resource) throw new Error(`fixture did not map: ${JSON.stringify(m.suppressed)}`);
  return m.resource.attributes;
}

/** One attribute by its Terraform path, e.g. "tags.key" (list/set/map members use the member name). */
export function attributeAt(attributes: Attributes, dotted: string): Attribute {
  let current: Attributes = attributes;
  let found: Attribute | undefined;
  for (const name of dotted.split(".")) {
    found = current[name];
    if (!found) throw new Error(`no attribute ${name} in ${dotted}; have ${Object.keys(current).join(", ")}`);
    current = "attributes" in found.type ? found.type.attributes : {};
  }
  return found!;
}

/** A real schema from the corpus, by type name. */
export function realSchema(typeName: string): CfnResourceSchema {
  const file = path.join(resolveSchemasDir(), typeName.replace(/::/g, "_") + ".json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as CfnResourceSchema;
}

export function realModel(typeName: string): TypeModel {
  return buildTypeModel(realSchema(typeName));
}

/** Flags as a short label: "required", "optional+computed" or "computed". */
export function flagsOf(a: Attribute): string {
  return [a.required && "required", a.optional && "optional", a.computed && "computed"]
    .filter(Boolean)
    .join("+");
}
