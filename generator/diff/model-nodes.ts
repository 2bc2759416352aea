// Flattens one type's model (the attribute tree the generator emits) into the facts a provider user
// depends on, one node per attribute and per collection element, keyed by a JSON pointer through
// properties/items/patternProperties. The change report compares two of these: whether a property
// is required, read-only, replaced on change, write-only or defaulted is whatever the model says,
// so the report can never disagree with the provider it describes.
import type {
  Attribute,
  Attributes,
  AttributeType,
  JsonValue,
  Validator,
} from "../../terraform/schema/types.js";
import { joinPointer } from "../model/cfn-schema.js";
import { type AttributePath, childPath, itemsPath, rootPath } from "../model/pointers.js";

/** The value shape as Terraform types it: a change between two shapes changes the attribute type. */
export type NodeShape =
  "string" | "integer" | "number" | "boolean" | "object" | "map" | "json" | "list" | "set";

export const BOUND_KEYWORDS = [
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
] as const;
export type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

export interface RegexFact {
  readonly source: string;
  readonly flags: string;
}

export interface ModelNode {
  readonly pointer: string;
  /** CloudFormation names along the way (`*` for list items and map values in `withItems`). */
  readonly path: AttributePath;
  readonly parentPointer?: string;
  readonly shape: NodeShape;
  /** Configurations must set it: Terraform Required, or a member that must not be null once its parent is set. */
  readonly required: boolean;
  /** Computed only: users cannot set it. */
  readonly readOnly: boolean;
  /** A change plans a replacement. */
  readonly createOnly: boolean;
  readonly writeOnly: boolean;
  readonly deprecated: boolean;
  readonly default?: JsonValue;
  readonly enum?: readonly (string | number)[];
  readonly pattern?: RegexFact;
  readonly bounds: Readonly<Partial<Record<BoundKeyword, number>>>;
}

/** Segment used for map values: the pattern key itself is an implementation detail of the schema. */
export const MAP_VALUE_SEGMENT = "*";

const ELEMENT_FLAGS = {
  required: false,
  readOnly: false,
  createOnly: false,
  writeOnly: false,
  deprecated: false,
} as const;

function shapeOf(type: AttributeType): NodeShape {
  switch (type.kind) {
    case "string":
      return type.flavor === "json" ? "json" : "string";
    case "bool":
      return "boolean";
    case "int64":
      return "integer";
    case "float64":
      return "number";
    case "list":
    case "listNested":
      return "list";
    case "set":
    case "setNested":
      return "set";
    case "map":
    case "mapNested":
      return "map";
    case "object":
      return "object";
  }
}

/** Where a collection's elements sit in the pointer: `items` for lists and sets, a map's value schema. */
function elementPointer(pointer: string, shape: NodeShape): string {
  return shape === "map"
    ? joinPointer(pointer + "/patternProperties", MAP_VALUE_SEGMENT)
    : pointer + "/items";
}

const BOUND_OF: Readonly<Record<string, readonly [BoundKeyword, BoundKeyword]>> = {
  length: ["minLength", "maxLength"],
  range: ["minimum", "maximum"],
  size: ["minItems", "maxItems"],
};

interface Constraints {
  enum?: readonly (string | number)[];
  pattern?: RegexFact;
  bounds: Partial<Record<BoundKeyword, number>>;
}

function constraintsOf(validators: readonly Validator[]): Constraints {
  const out: Constraints = { bounds: {} };
  for (const v of validators) {
    if (v.kind === "oneOf") out.enum = v.values;
    else if (v.kind === "regex") out.pattern = { source: v.source, flags: v.flags };
    else if (v.kind === "length" || v.kind === "range" || v.kind === "size") {
      const [low, high] = BOUND_OF[v.kind]!;
      if (v.min !== undefined) out.bounds[low] = v.min;
      if (v.max !== undefined) out.bounds[high] = v.max;
    }
  }
  return out;
}

const eachValidators = (validators: readonly Validator[]): readonly Validator[] =>
  validators.flatMap((v) => (v.kind === "each" ? v.validators : []));

const withoutEach = (validators: readonly Validator[]): readonly Validator[] =>
  validators.filter((v) => v.kind !== "each");

class NodeCollector {
  readonly nodes = new Map<string, ModelNode>();

  attributes(attributes: Attributes, pointer: string, path: AttributePath, parentPointer?: string): void {
    for (const name of Object.keys(attributes).sort()) {
      const attribute = attributes[name]!;
      if (attribute.cfnName === undefined) continue; // the synthetic `id`
      const childPointer = joinPointer(pointer + "/properties", attribute.cfnName);
      this.attribute(attribute, childPointer, childPath(path, attribute.cfnName), parentPointer);
    }
  }

  private attribute(
    attribute: Attribute,
    pointer: string,
    path: AttributePath,
    parentPointer?: string,
  ): void {
    const validators = attribute.validators ?? [];
    const modifiers = attribute.planModifiers ?? [];
    const shape = shapeOf(attribute.type);
    const constraints = constraintsOf(withoutEach(validators));
    this.nodes.set(pointer, {
      pointer,
      path,
      ...(parentPointer !== undefined && { parentPointer }),
      shape,
      required: attribute.required === true || validators.some((v) => v.kind === "notNull"),
      readOnly: attribute.computed === true && attribute.optional !== true && attribute.required !== true,
      createOnly: modifiers.some(
        (m) => m.kind === "requiresReplace" || m.kind === "requiresReplaceIfConfigured",
      ),
      writeOnly: attribute.writeOnly === true,
      deprecated: attribute.deprecated === true,
      ...(attribute.default !== undefined && { default: attribute.default }),
      ...(constraints.enum !== undefined && { enum: constraints.enum }),
      ...(constraints.pattern !== undefined && { pattern: constraints.pattern }),
      bounds: constraints.bounds,
    });
    this.below(attribute.type, shape, pointer, path, eachValidators(validators));
  }

  /** The members of an object, or the element of a collection (with the collection's `each` validators). */
  private below(
    type: AttributeType,
    shape: NodeShape,
    pointer: string,
    path: AttributePath,
    elementValidators: readonly Validator[],
  ): void {
    if (type.kind === "object") {
      this.attributes(type.attributes, pointer, path, pointer);
      return;
    }
    if (!("attributes" in type) && !("element" in type)) return;
    const element = elementPointer(pointer, shape);
    const elementPath = itemsPath(path);
    const elementType: AttributeType =
      "attributes" in type ? { kind: "object", attributes: type.attributes } : type.element;
    const elementShape = shapeOf(elementType);
    const constraints = constraintsOf(withoutEach(elementValidators));
    this.nodes.set(element, {
      pointer: element,
      path: elementPath,
      parentPointer: pointer,
      shape: elementShape,
      ...ELEMENT_FLAGS,
      ...(constraints.enum !== undefined && { enum: constraints.enum }),
      ...(constraints.pattern !== undefined && { pattern: constraints.pattern }),
      bounds: constraints.bounds,
    });
    this.below(elementType, elementShape, element, elementPath, eachValidators(elementValidators));
  }
}

/** Every attribute of the model at every depth, keyed by pointer; empty when there is no model. */
export function modelNodes(attributes: Attributes | undefined): ReadonlyMap<string, ModelNode> {
  const collector = new NodeCollector();
  if (attributes) collector.attributes(attributes, "", rootPath);
  return collector.nodes;
}
