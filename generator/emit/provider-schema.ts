// generated/provider-schema.json: the document `terraform providers schema -json` prints for the
// provider, built from the same definitions as the modules. Written as text directly (Terraform's
// compact form, its field order and omit-empty rules, with a line break before each resource and
// data source entry so the 15 MB file diffs by type): the document is 15 MB, and building it as
// objects first doubled the cost of this step. Each definition's entry is serialised on its own
// (on the worker thread that modelled it) and the document assembled from the entries.
import {
  configSchemaText,
  definitionSchemaText,
  PROVIDER_ADDRESS,
} from "../../terraform/schema/schema-json.js";
import type { Attributes, Definition } from "../../terraform/schema/types.js";

export { definitionSchemaText, PROVIDER_ADDRESS };

const str = (s: string): string => JSON.stringify(s);

/** A definition whose entry was already serialised (definitionSchemaText). */
export interface SerializedDefinition {
  readonly kind: Definition["kind"];
  readonly tfTypeName: string;
  readonly schemaJson: string;
}

/** The whole document, from the provider's configuration attributes and the serialised entries. */
export function providerSchemaDocumentText(
  providerConfig: Attributes,
  definitions: readonly SerializedDefinition[],
  /** Appended after the document, e.g. the file's final newline. */
  suffix = "",
): string {
  const sorted = [...definitions].sort((x, y) =>
    x.tfTypeName < y.tfTypeName ? -1 : x.tfTypeName > y.tfTypeName ? 1 : 0,
  );
  const pieces: string[] = [];
  let text = `{"format_version":"1.0","provider_schemas":{${str(PROVIDER_ADDRESS)}:{"provider":${configSchemaText(providerConfig)}`;
  for (const resources of [true, false]) {
    text += resources ? ',"resource_schemas":{' : '\n},"data_source_schemas":{';
    let first = true;
    for (const d of sorted) {
      if ((d.kind === "resource") !== resources) continue;
      // One entry per line, so a change to one type is a one-line diff; JSON ignores the newlines.
      text += `${first ? "" : ","}\n${str(d.tfTypeName)}:`;
      pieces.push(text, d.schemaJson);
      text = "";
      first = false;
    }
  }
  pieces.push(text + "\n}}}}" + suffix);
  return pieces.join("");
}

/** The document for definitions not serialised yet (tests and tools). */
export function providerSchemaDocumentFor(
  providerConfig: Attributes,
  definitions: readonly Definition[],
): string {
  return providerSchemaDocumentText(
    providerConfig,
    definitions.map((d) => ({ kind: d.kind, tfTypeName: d.tfTypeName, schemaJson: definitionSchemaText(d) })),
  );
}
