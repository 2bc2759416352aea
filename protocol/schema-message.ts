// tfplugin6 Schema messages as plain, serialisable data (camelCase; `type` as cty JSON text), so a
// whole provider's schemas can be precomputed and stored as JSON. wire.ts turns them into protobuf.

export type StringKindName = "PLAIN" | "MARKDOWN";
export type ObjectNesting = "SINGLE" | "LIST" | "SET" | "MAP";

export interface AttributeMessage {
  readonly name: string;
  /** cty type JSON (docs/protocol.md#type-constraints) for primitive and collection attributes; exclusive with nestedType. */
  readonly type?: string;
  readonly nestedType?: ObjectMessage;
  readonly description?: string;
  readonly descriptionKind?: StringKindName;
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
  readonly deprecated?: boolean;
  readonly writeOnly?: boolean;
}

export interface ObjectMessage {
  readonly nesting: ObjectNesting;
  readonly attributes: readonly AttributeMessage[];
}

export interface BlockMessage {
  readonly attributes: readonly AttributeMessage[];
  readonly description?: string;
  readonly descriptionKind?: StringKindName;
  readonly deprecated?: boolean;
}

export interface SchemaMessage {
  /** The resource schema version (state upgrades); 0 for data sources and the provider. */
  readonly version: number;
  readonly block: BlockMessage;
}

/** Every resource and data source schema of a provider, by Terraform type name. */
export interface SchemaCatalog {
  readonly resources: Readonly<Record<string, SchemaMessage>>;
  readonly dataSources: Readonly<Record<string, SchemaMessage>>;
}
