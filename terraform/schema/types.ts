// The data the generated modules declare. Everything here is plain, serialisable data: the
// generator's model, the provider-schema emitter and the runtime all read the same shapes.
import type { JsonValue } from "../../cfn/json.js";

/** How a string attribute's value is interpreted: plain text, a JSON document, or an RFC 3339 time. */
export type StringFlavor = "plain" | "json" | "rfc3339";

/** Element types of primitive collections (ListAttribute/SetAttribute/MapAttribute in the Go framework). */
export type ElementType =
  | {
      readonly kind: "string";
      readonly flavor: StringFlavor;
      /**
       * JSON text standing for a part of the schema with a fixed structure (a recursive definition
       * cut into text), not a free-form document: there a member holding `[]` means the same as an
       * absent one, as for structured attributes (runtime/convert/structured-json.ts).
       */
      readonly structured?: true;
    }
  | { readonly kind: "bool" }
  | { readonly kind: "int64" }
  | { readonly kind: "float64" }
  | { readonly kind: "list" | "set" | "map"; readonly element: ElementType };

/** The shape of an attribute: a primitive, a primitive collection, or a nested attribute object. */
export type AttributeType =
  | ElementType
  | { readonly kind: "object" | "listNested" | "setNested" | "mapNested"; readonly attributes: Attributes };

export type Attributes = Readonly<Record<string, Attribute>>;

/** Validators, as descriptors; the runtime turns each into a check with attribute-path diagnostics. */
export type Validator =
  /** String length (in UTF-16 code units as CloudFormation counts them: characters). */
  | { readonly kind: "length"; readonly min?: number; readonly max?: number }
  /** ECMAScript pattern, already translated from the CloudFormation dialect. */
  | { readonly kind: "regex"; readonly source: string; readonly flags: string }
  | { readonly kind: "oneOf"; readonly values: readonly (string | number)[] }
  /** Numeric range (inclusive). */
  | { readonly kind: "range"; readonly min?: number; readonly max?: number }
  /** Collection size. */
  | { readonly kind: "size"; readonly min?: number; readonly max?: number }
  | { readonly kind: "uniqueValues" }
  /** Applies the nested validators to every element of a primitive collection. */
  | { readonly kind: "each"; readonly validators: readonly Validator[] }
  /** A member that CloudFormation requires inside an optional parent: null is refused once the parent is set. */
  | { readonly kind: "notNull" };

/** Plan modifiers, as descriptors, in the order the runtime applies them. */
export type PlanModifier =
  /** List compared as a multiset: same elements in another order is no change. */
  | { readonly kind: "multiset" }
  | { readonly kind: "useStateForUnknown" }
  | { readonly kind: "requiresReplace" }
  | { readonly kind: "requiresReplaceIfConfigured" };

export type { JsonValue };

export interface Attribute {
  /** The CloudFormation property name this attribute maps to (the synthetic `id` has none). */
  readonly cfnName?: string;
  readonly type: AttributeType;
  readonly description?: string;
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  /** CloudFormation writeOnly: sent on create/update, never returned by reads. */
  readonly writeOnly?: boolean;
  /** Holds a secret: Terraform masks the value in plans and output (it is still kept in state). */
  readonly sensitive?: boolean;
  /**
   * Terraform's write_only: the value is only in the configuration, never in plan or state. Set on
   * the generated `<name>_wo` arguments (docs/mapping.md#write-only-arguments).
   */
  readonly writeOnlyArgument?: boolean;
  /** On a `<name>_wo` argument: the CloudFormation property its value is sent as. */
  readonly secretOf?: string;
  /** On a `<name>_wo_version` argument: the property whose `_wo` value a change of this number re-sends. */
  readonly secretVersionOf?: string;
  /** CloudFormation deprecatedProperties. */
  readonly deprecated?: boolean;
  /** Static default, in Terraform terms (attribute names, not CloudFormation names). */
  readonly default?: JsonValue;
  readonly validators?: readonly Validator[];
  readonly planModifiers?: readonly PlanModifier[];
}

export interface Timeouts {
  /** Minutes; 0 means the runtime default. */
  readonly create: number;
  readonly update: number;
  readonly delete: number;
}

export interface IdentityAttribute {
  readonly name: string;
  readonly description: string;
}

export interface ResourceDefinition {
  readonly kind: "resource";
  readonly cfnTypeName: string;
  readonly tfTypeName: string;
  readonly description: string;
  readonly schemaVersion: number;
  readonly attributes: Attributes;
  /** CloudFormation primaryIdentifier pointers, in order; the Cloud Control identifier joins their values with "|". */
  readonly primaryIdentifier: readonly string[];
  readonly identity: readonly IdentityAttribute[];
  readonly readOnlyProperties: readonly string[];
  readonly createOnlyProperties: readonly string[];
  readonly writeOnlyProperties: readonly string[];
  readonly isGlobal: boolean;
  /** No attribute can change in place: every change replaces the object. */
  readonly isImmutable: boolean;
  readonly timeouts: Timeouts;
  /** The type has a usable list handler (the plural data source exists). */
  readonly listable: boolean;
  /**
   * The top-level property the schema names as holding the object's tags (`tagging.tagProperty`),
   * when its name does not end in `Tags` (those the runtime recognises by name): Cognito
   * UserPoolReplica's `UserPoolTagsAtCreate`.
   */
  readonly tagProperty?: string;
  /**
   * The schema lists no create handler (the ten such types of the corpus list no handlers at all:
   * CloudFormation's NON_PROVISIONABLE): Cloud Control refuses CreateResource, so a plan to create
   * one is refused.
   */
  readonly noCreateHandler?: true;
  /**
   * The schema's propertyTransform, for properties (pointer → JSONata expressions joined by
   * `$OR`): the forms in which the service answers a value it was sent
   * (runtime/convert/input-forms.ts).
   */
  readonly propertyTransforms?: Readonly<Record<string, string>>;
}

export interface SingularDataSourceDefinition {
  readonly kind: "singularDataSource";
  readonly cfnTypeName: string;
  readonly tfTypeName: string;
  readonly description: string;
  readonly attributes: Attributes;
  /** As the resource's (ResourceDefinition.tagProperty). */
  readonly tagProperty?: string;
}

export interface PluralDataSourceDefinition {
  readonly kind: "pluralDataSource";
  readonly cfnTypeName: string;
  readonly tfTypeName: string;
  readonly description: string;
}

export type Definition = ResourceDefinition | SingularDataSourceDefinition | PluralDataSourceDefinition;
