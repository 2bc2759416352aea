// Descriptors → the `terraform providers schema -json` document (Terraform's compact JSON: its
// field order and omit-empty rules). The one mapping from our attribute model to Terraform's schema
// format: the generator writes generated/provider-schema.json with it, and the protocol layer reads
// documents (schema-document.ts) into wire schemas, so both always agree. Written as text: the
// whole document is 15 MB, and building objects first doubled the cost of generating it.
import type { Attribute, Attributes, Definition } from "./types.js";
import { attributesOf } from "../values/definition-attributes.js";
import { attributeCtyType } from "../values/implied-type.js";
import { typeToJson } from "../values/type-json.js";

export const PROVIDER_ADDRESS = "registry.terraform.io/hashicorp/awscc";

const NESTING: Readonly<Record<string, string>> = {
  object: "single",
  listNested: "list",
  setNested: "set",
  mapNested: "map",
};

const str = (s: string): string => JSON.stringify(s);

function attributeText(a: Attribute, out: string[]): void {
  if ("attributes" in a.type) {
    out.push('{"nested_type":{"attributes":');
    attributesText(a.type.attributes, out);
    out.push(',"nesting_mode":', str(NESTING[a.type.kind]!), "}");
  } else {
    out.push('{"type":', typeToJson(attributeCtyType(a.type)));
  }
  if (a.description) out.push(',"description":', str(a.description));
  out.push(',"description_kind":"plain"');
  if (a.deprecated) out.push(',"deprecated":true');
  // Our `writeOnly` is CloudFormation's (never read back), not Terraform's write_only (never
  // stored): such values stay in state, so the schema does not mark them. Terraform's write_only
  // is `writeOnlyArgument`, set on the generated `<name>_wo` arguments.
  if (a.required) out.push(',"required":true');
  if (a.optional) out.push(',"optional":true');
  if (a.computed) out.push(',"computed":true');
  if (a.sensitive) out.push(',"sensitive":true');
  if (a.writeOnlyArgument) out.push(',"write_only":true');
  out.push("}");
}

/** Attributes sorted by name, as Terraform prints them. */
export function attributesText(attributes: Attributes, out: string[]): void {
  out.push("{");
  const names = Object.keys(attributes).sort();
  names.forEach((name, i) => {
    if (i > 0) out.push(",");
    out.push(str(name), ":");
    attributeText(attributes[name]!, out);
  });
  out.push("}");
}

/** One definition's entry: `{"version":…,"block":{…}}`. */
export function definitionSchemaText(d: Definition): string {
  const out: string[] = ['{"version":', String(d.kind === "resource" ? d.schemaVersion : 0)];
  // Data source schemas carry no version in the plugin framework: Terraform reports 0.
  out.push(',"block":{"attributes":');
  attributesText(attributesOf(d), out);
  if (d.description) out.push(',"description":', str(d.description));
  out.push(',"description_kind":"plain"}}');
  return out.join("");
}

/** A configuration block's entry (the provider block): `{"version":0,"block":{…}}`. */
export function configSchemaText(attributes: Attributes, description?: string): string {
  const out: string[] = ['{"version":0,"block":{"attributes":'];
  attributesText(attributes, out);
  if (description) out.push(',"description":', str(description));
  out.push(',"description_kind":"plain"}}');
  return out.join("");
}
