// One CloudFormation type → its resource, singular and plural data source definitions
// (docs/mapping.md#the-resource-its-identity-and-its-data-sources). Pure: no I/O; suppression decisions come back as data.
import type {
  Attributes,
  IdentityAttribute,
  PluralDataSourceDefinition,
  ResourceDefinition,
  SingularDataSourceDefinition,
} from "../../terraform/schema/types.js";
import { AttributeWalker, type ModelNote, rootParent, type WalkContext } from "./attributes.js";
import { type CfnResourceSchema, MappingError } from "./cfn-schema.js";
import { singularDataSourceFrom } from "../../terraform/schema/derive.js";
import { copyDefinitionName } from "./definition-names.js";
import { createOnlyProperties } from "./create-only.js";
import { propertyTransformsOf } from "../../cfn/property-transforms.js";
import { RESOURCE_ID, withStateForUnknown } from "../../terraform/schema/resource-rules.js";
import { withTimeoutsAttribute } from "../../terraform/schema/timeouts.js";
import { withTagsAllAttribute } from "../../terraform/tags/default-tags.js";
import { unconventionalTagProperty } from "../../terraform/tags/tag-property.js";
import { isGlobalService } from "./global-services.js";
import {
  identityName,
  isMetaArgument,
  topLevelAttributeName,
  type TypeNames,
  typeNames,
} from "../../terraform/naming/naming.js";
import { rootPath, pointerSet } from "./pointers.js";
import { pluralSuppressionReason } from "./plural-rule.js";
import { emptyPatternTally, type PatternTally } from "./validators.js";
import { withWriteOnlyArguments } from "./write-only-arguments.js";

export type ModuleKind = "resource" | "singularDataSource" | "pluralDataSource";

export interface Suppression {
  readonly module: ModuleKind;
  readonly reason: string;
  /** Where in the schema the reason comes from, when it is a mapping failure. */
  readonly pointer?: string;
  /** A mapping failure (not a rule or a configured suppression). */
  readonly mappingError?: boolean;
}

export interface TypeModel {
  readonly cfnTypeName: string;
  readonly names: TypeNames;
  readonly resource?: ResourceDefinition;
  readonly singular?: SingularDataSourceDefinition;
  readonly plural?: PluralDataSourceDefinition;
  readonly suppressed: readonly Suppression[];
  readonly notes: readonly ModelNote[];
  readonly patterns: PatternTally;
}

/** First sentence of a description, as the Go provider uses it for identity attributes. */
function firstSentence(description: string | undefined): string {
  if (!description) return "";
  const dot = description.indexOf(".");
  return dot === -1 ? description : description.slice(0, dot);
}

function handlerTimeout(schema: CfnResourceSchema, op: "create" | "update" | "delete"): number {
  const t = schema.handlers?.[op]?.timeoutInMinutes;
  return typeof t === "number" && t > 0 ? Math.trunc(t) : 0;
}

function identity(schema: CfnResourceSchema): IdentityAttribute[] {
  return (schema.primaryIdentifier ?? []).map((pointer) => {
    const segments = pointer.replace(/^\/properties\//, "").split("/");
    const top = schema.properties?.[segments[0]!];
    return { name: identityName(segments), description: firstSentence(top?.description) };
  });
}

/** The definition's `tagProperty` member, present only for a tag property not named `...Tags`. */
function tagPropertyOf(schema: CfnResourceSchema): { tagProperty?: string } {
  const tagProperty = unconventionalTagProperty(schema.tagging);
  return tagProperty === undefined ? {} : { tagProperty };
}

function buildAttributes(schema: CfnResourceSchema, names: TypeNames, ctx: WalkContext): Attributes {
  const properties = schema.properties;
  if (properties === undefined || properties === null || typeof properties !== "object") {
    throw new MappingError("/properties", "the schema has no properties object", "invalid schema");
  }
  for (const cfnName of Object.keys(properties)) {
    const tfName = topLevelAttributeName(cfnName, names.resourceSnake);
    if (isMetaArgument(tfName)) {
      throw new MappingError(
        `/properties/${cfnName}`,
        `"${tfName}" is a Terraform meta-argument`,
        "meta-argument property name",
      );
    }
  }
  const walker = new AttributeWalker(ctx);
  const attributes = walker.objectAttributes(
    properties,
    schema.required,
    "/properties",
    rootParent(rootPath),
    (cfn) => topLevelAttributeName(cfn, names.resourceSnake),
  );
  if (attributes.id !== undefined) {
    throw new MappingError(
      "/properties",
      'a property maps to the reserved attribute name "id"',
      "attribute name conflict",
    );
  }
  return attributes;
}

/** The schema's property transforms, when it declares any (cfn/property-transforms.ts). */
function propertyTransformsField(schema: CfnResourceSchema): { propertyTransforms?: Record<string, string> } {
  const transforms = propertyTransformsOf(schema);
  return Object.keys(transforms).length > 0 ? { propertyTransforms: transforms } : {};
}

export function buildTypeModel(schema: CfnResourceSchema): TypeModel {
  const names = typeNames(schema.typeName);
  const createOnly = createOnlyProperties(schema);
  const ctx: WalkContext = {
    schema,
    readOnly: pointerSet(schema.readOnlyProperties),
    createOnly: pointerSet(createOnly.pointers),
    writeOnly: pointerSet(schema.writeOnlyProperties),
    deprecated: pointerSet(schema.deprecatedProperties),
    notes: createOnly.note ? [createOnly.note] : [],
    patterns: emptyPatternTally(),
    mutable: false,
  };
  const suppressed: Suppression[] = [];
  let resource: ResourceDefinition | undefined;
  let singular: SingularDataSourceDefinition | undefined;
  try {
    const attributes = withWriteOnlyArguments(buildAttributes(schema, names, ctx), ctx.notes);
    resource = {
      kind: "resource",
      cfnTypeName: schema.typeName,
      tfTypeName: names.tfTypeName,
      description: schema.description ?? "",
      schemaVersion: 1,
      attributes: withStateForUnknown(
        withTagsAllAttribute(withTimeoutsAttribute({ ...attributes, id: RESOURCE_ID }), createOnly.pointers),
        copyDefinitionName,
      ),
      primaryIdentifier: schema.primaryIdentifier ?? [],
      identity: identity(schema),
      readOnlyProperties: schema.readOnlyProperties ?? [],
      createOnlyProperties: createOnly.pointers,
      writeOnlyProperties: schema.writeOnlyProperties ?? [],
      isGlobal: isGlobalService(names.serviceDir),
      isImmutable: !ctx.mutable,
      timeouts: {
        create: handlerTimeout(schema, "create"),
        update: handlerTimeout(schema, "update"),
        delete: handlerTimeout(schema, "delete"),
      },
      listable: pluralSuppressionReason(schema, names) === undefined,
      ...tagPropertyOf(schema),
      ...(schema.handlers?.create === undefined && { noCreateHandler: true as const }),
      ...propertyTransformsField(schema),
    };
    singular = singularDataSourceFrom(resource);
  } catch (e) {
    if (!(e instanceof MappingError)) throw e;
    for (const module of ["resource", "singularDataSource"] as const) {
      suppressed.push({
        module,
        reason: `${e.reason}: ${e.message}`,
        pointer: e.pointer,
        mappingError: true,
      });
    }
  }

  const pluralReason = pluralSuppressionReason(schema, names);
  const plural: PluralDataSourceDefinition | undefined =
    pluralReason === undefined
      ? {
          kind: "pluralDataSource",
          cfnTypeName: schema.typeName,
          tfTypeName: names.pluralTfTypeName,
          description: `Plural Data Source schema for ${schema.typeName}`,
        }
      : undefined;
  if (pluralReason !== undefined) suppressed.push({ module: "pluralDataSource", reason: pluralReason });

  return {
    cfnTypeName: schema.typeName,
    names,
    resource,
    singular,
    plural,
    suppressed,
    notes: ctx.notes,
    patterns: ctx.patterns,
  };
}
