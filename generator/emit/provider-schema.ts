// generated/provider-schema.json: the document `terraform providers schema -json` prints for the
// provider, built from the same definitions as the modules. Written as text directly (Terraform's
// compact form, its field order and omit-empty rules, with a line break before each resource and
// data source entry so the 15 MB file diffs by type): the document is 15 MB, and building it as
// objects first doubled the cost of this step. Each definition's entry is serialised on its own
// (on the worker thread that modelled it) and the document assembled from the entries.
import type { Attribute, Attributes, Definition } from "../../runtime/schema/types.js";
import { attributesOf } from "../../runtime/values/definition-attributes.js";
import { attributeCtyType } from "../../runtime/values/implied-type.js";
import { typeToJson } from "../../runtime/values/type-json.js";

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
  if (a.required) out.push(',"required":true');
  if (a.optional) out.push(',"optional":true');
  if (a.computed) out.push(',"computed":true');
  out.push("}");
}

/** Attributes sorted by name, as Terraform prints them. */
function attributesText(attributes: Attributes, out: string[]): void {
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

/** A definition whose entry was already serialised (definitionSchemaText), as UTF-8. */
export interface SerializedDefinition {
  readonly kind: Definition["kind"];
  readonly tfTypeName: string;
  readonly schemaJson: Uint8Array;
}

/**
 * The whole document as UTF-8, from the provider's configuration attributes and the entries:
 * the entries arrive encoded (by the worker threads), so the 15 MB are copied once, not encoded.
 */
export function providerSchemaDocumentBytes(
  providerConfig: Attributes,
  definitions: readonly SerializedDefinition[],
  /** Appended after the document, e.g. the file's final newline. */
  suffix = "",
): Buffer {
  const sorted = [...definitions].sort((x, y) =>
    x.tfTypeName < y.tfTypeName ? -1 : x.tfTypeName > y.tfTypeName ? 1 : 0,
  );
  const provider: string[] = ['{"version":0,"block":{"attributes":'];
  attributesText(providerConfig, provider);
  provider.push(',"description_kind":"plain"}}');
  const pieces: Uint8Array[] = [];
  let text = `{"format_version":"1.0","provider_schemas":{${str(PROVIDER_ADDRESS)}:{"provider":${provider.join("")}`;
  for (const resources of [true, false]) {
    text += resources ? ',"resource_schemas":{' : '\n},"data_source_schemas":{';
    let first = true;
    for (const d of sorted) {
      if ((d.kind === "resource") !== resources) continue;
      // One entry per line, so a change to one type is a one-line diff; JSON ignores the newlines.
      text += `${first ? "" : ","}\n${str(d.tfTypeName)}:`;
      pieces.push(Buffer.from(text), d.schemaJson);
      text = "";
      first = false;
    }
  }
  pieces.push(Buffer.from(text + "\n}}}}" + suffix));
  return Buffer.concat(pieces);
}

/** The document for definitions not serialised yet (tests and tools). */
export function providerSchemaDocumentFor(
  providerConfig: Attributes,
  definitions: readonly Definition[],
): string {
  return providerSchemaDocumentBytes(
    providerConfig,
    definitions.map((d) => ({
      kind: d.kind,
      tfTypeName: d.tfTypeName,
      schemaJson: Buffer.from(definitionSchemaText(d)),
    })),
  ).toString("utf8");
}
