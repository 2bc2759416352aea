// Terraform attribute paths for CloudFormation property paths, read off the model's attribute tree
// (each attribute carries its CloudFormation name), so renames such as `Id` → `flow_log_id` come out
// exactly as the provider spells them.
import type { Attributes, AttributeType } from "../../terraform/schema/types.js";
import { type AttributePath, childPath, itemsPath, rootPath } from "../model/pointers.js";

/** CloudFormation path (property names, `*` for items and map values, joined by "/") → Terraform path. */
export type TerraformPaths = ReadonlyMap<string, string>;

const ELEMENT = "[*]";

function addType(out: Map<string, string>, type: AttributeType, path: AttributePath, tfPath: string): void {
  if ("attributes" in type) {
    const inner = type.kind === "object" ? path : itemsPath(path);
    const prefix = type.kind === "object" ? tfPath : tfPath + ELEMENT;
    if (type.kind !== "object") out.set(inner.withItems, prefix);
    addAttributes(out, type.attributes, inner, prefix);
  } else if (type.kind === "list" || type.kind === "set" || type.kind === "map") {
    const inner = itemsPath(path);
    out.set(inner.withItems, tfPath + ELEMENT);
    addType(out, type.element, inner, tfPath + ELEMENT);
  }
}

function addAttributes(
  out: Map<string, string>,
  attributes: Attributes,
  parent: AttributePath,
  parentTf: string,
): void {
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.cfnName === undefined) continue; // the synthetic `id`
    const path = childPath(parent, attribute.cfnName);
    const tfPath = parentTf === "" ? name : `${parentTf}.${name}`;
    out.set(path.withItems, tfPath);
    addType(out, attribute.type, path, tfPath);
  }
}

export function terraformPaths(attributes: Attributes | undefined): TerraformPaths {
  const out = new Map<string, string>();
  if (attributes) addAttributes(out, attributes, rootPath, "");
  return out;
}

export function terraformPathOf(paths: TerraformPaths, path: AttributePath): string | undefined {
  return paths.get(path.withItems);
}
