// Read-only navigation of a CloudFormation resource schema for the config builder: `$ref` chains,
// `allOf` merges and the node behind a property, an array's items or a map's values.
export type SchemaNode = Readonly<Record<string, unknown>>;

export const isSchemaNode = (value: unknown): value is SchemaNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const MAX_REF_HOPS = 20;

export class SchemaNodes {
  constructor(readonly root: SchemaNode) {}

  private lookup(ref: string): SchemaNode | undefined {
    const parts = ref.replace(/^#\//, "").split("/");
    let current: unknown = this.root;
    for (const part of parts) {
      if (!isSchemaNode(current)) return undefined;
      current = current[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    return isSchemaNode(current) ? current : undefined;
  }

  /** The node with `$ref` followed (its siblings kept) and `allOf` branches merged in. */
  resolve(node: unknown): SchemaNode | undefined {
    if (!isSchemaNode(node)) return undefined;
    let current: SchemaNode = node;
    for (let hop = 0; hop < MAX_REF_HOPS && typeof current.$ref === "string"; hop++) {
      const target = this.lookup(current.$ref);
      if (!target) return undefined;
      const siblings = Object.fromEntries(Object.entries(current).filter(([k]) => k !== "$ref"));
      current = { ...target, ...siblings };
    }
    if (Array.isArray(current.allOf)) current = this.mergeBranches(current, current.allOf, "allOf");
    return current;
  }

  /** Merges branches into the node: properties and required lists add up, other keywords fill gaps. */
  private mergeBranches(node: SchemaNode, branches: readonly unknown[], keyword: string): SchemaNode {
    let merged: Record<string, unknown> = Object.fromEntries(
      Object.entries(node).filter(([k]) => k !== keyword),
    );
    for (const branch of branches) {
      const resolved = this.resolve(branch);
      if (!resolved) continue;
      const properties = { ...propertiesOf(resolved), ...propertiesOf(merged) };
      const required = [...requiredOf(merged), ...requiredOf(resolved)];
      merged = { ...resolved, ...merged };
      if (Object.keys(properties).length > 0) merged.properties = properties;
      if (required.length > 0) merged.required = [...new Set(required)];
    }
    return merged;
  }

  /** Properties of an object node, including those only its oneOf/anyOf branches declare. */
  properties(node: SchemaNode | undefined): Readonly<Record<string, unknown>> {
    if (!node) return {};
    const own = propertiesOf(node);
    const fromBranches: Record<string, unknown> = {};
    for (const branch of [...arrayOf(node.oneOf), ...arrayOf(node.anyOf)]) {
      const resolved = this.resolve(branch);
      if (resolved) Object.assign(fromBranches, propertiesOf(resolved));
    }
    return { ...fromBranches, ...own };
  }

  property(node: SchemaNode | undefined, name: string): SchemaNode | undefined {
    return this.resolve(this.properties(node)[name]);
  }

  items(node: SchemaNode | undefined): SchemaNode | undefined {
    return node ? this.resolve(node.items) : undefined;
  }

  /** The key pattern and value node of a map-shaped object. */
  mapEntry(node: SchemaNode | undefined): { keyPattern?: string; value?: SchemaNode } {
    if (!node) return {};
    const patterns = isSchemaNode(node.patternProperties) ? Object.entries(node.patternProperties) : [];
    const first = patterns[0];
    if (first) return { keyPattern: first[0], value: this.resolve(first[1]) };
    return { value: this.resolve(node.additionalProperties) };
  }
}

export const propertiesOf = (node: SchemaNode): Readonly<Record<string, unknown>> =>
  isSchemaNode(node.properties) ? node.properties : {};

export const requiredOf = (node: SchemaNode): string[] =>
  Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : [];

export const arrayOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

export const numberOf = (node: SchemaNode | undefined, keyword: string): number | undefined => {
  const value = node?.[keyword];
  return typeof value === "number" ? value : undefined;
};
