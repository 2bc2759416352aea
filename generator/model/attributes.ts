// The attribute walk: one CloudFormation property → one Terraform attribute, recursively
// (docs/mapping.md#types type mapping, docs/mapping.md#validators validators, docs/mapping.md#required-optional-computed flags, defaults and plan modifiers).
import type {
  Attribute,
  Attributes,
  AttributeType,
  ElementType,
  PlanModifier,
  Validator,
} from "../../terraform/schema/types.js";
import { arrayKind, type ArrayKind } from "./array-kind.js";
import { type CfnNode, type CfnResourceSchema, joinPointer, MappingError } from "./cfn-schema.js";
import { type DefaultTarget, mapDefault, usableDefault } from "./defaults.js";
import { attributeFlags, type Flags, isComputedOnly, isOptionalComputed } from "./flags.js";
import { attributeName } from "../../terraform/naming/naming.js";
import {
  type AttributePath,
  childPath,
  itemsPath,
  matchesAny,
  matchesPlain,
  type PointerSet,
} from "./pointers.js";
import { enteredDefinition, nameAttributes } from "./definition-names.js";
import { sensitiveReason } from "./sensitivity.js";
import { type Resolved, resolveNode } from "./resolve.js";
import { arrayValidators, type ModelNote, primitiveValidators, type ValidatorContext } from "./validators.js";

export type { ModelNote };

export interface WalkContext extends ValidatorContext {
  readonly schema: CfnResourceSchema;
  readonly readOnly: PointerSet;
  readonly createOnly: PointerSet;
  readonly writeOnly: PointerSet;
  readonly deprecated: PointerSet;
  readonly notes: ModelNote[];
  /** Set once any attribute can change in place (neither createOnly nor readOnly). */
  mutable: boolean;
}

/**
 * Bounds on one type's attribute tree. The corpus' largest tree has about 600 attributes and 12
 * levels; a schema far beyond that (definitions referenced twice at every level multiply
 * exponentially, or thousands of nested levels) gets a mapping error at the pointer where the
 * bound was crossed, instead of exhausting memory or the stack, or breaking tsc on the module.
 */
export const MAX_ATTRIBUTES = 10_000;
export const MAX_DEPTH = 32;

/**
 * What a Terraform attribute name must look like to be written as an argument: Terraform itself
 * accepts [a-z0-9_]+, but HCL identifiers cannot be empty or start with a digit.
 */
const TERRAFORM_NAME = /^[a-z_][a-z0-9_]*$/;

/** What a child inherits from its parent attribute. */
interface Parent {
  readonly path: AttributePath;
  /** Nesting level of the parent's children: 0 for top-level attributes. */
  readonly depth: number;
  readonly computedOnly: boolean;
  readonly optionalComputed: boolean;
  readonly refStack: readonly string[];
  /** The definition the parent's own `$ref` entered: names an object parent's attribute tree. */
  readonly definition?: string;
}

export const rootParent = (path: AttributePath): Parent => ({
  path,
  depth: 0,
  computedOnly: false,
  optionalComputed: false,
  refStack: [],
});

const PRIMITIVE: Readonly<Record<string, ElementType>> = {
  boolean: { kind: "bool" },
  integer: { kind: "int64" },
  number: { kind: "float64" },
};

function primitiveElement(r: Resolved): ElementType | undefined {
  if (r.type === "string") {
    return { kind: "string", flavor: r.node.format === "date-time" ? "rfc3339" : "plain" };
  }
  return PRIMITIVE[r.type];
}

const JSON_STRING: ElementType = { kind: "string", flavor: "json" };
/**
 * JSON text with a fixed structure the schema defines: a recursive definition cut into text, or
 * objects with properties that Terraform's types cannot hold where they sit (inside an array of
 * arrays, or as a map value's array). Compared as structured values are (runtime/convert/structured-json.ts).
 */
const STRUCTURED_JSON: ElementType = { kind: "string", flavor: "json", structured: true };

const hasKeys = (o: object | undefined): o is object =>
  o !== undefined && o !== null && Object.keys(o).length > 0;

/** A recursive definition, or an object with properties (and no patternProperties): a shape the schema fixes. */
const hasFixedShape = (resolved: Resolved): boolean =>
  resolved.recursiveRef !== undefined ||
  (hasKeys(resolved.node.properties) && !hasKeys(resolved.node.patternProperties));

/** The element type of JSON text standing for a schema node: structured where the node has a fixed shape. */
const jsonElementFor = (resolved: Resolved): ElementType =>
  hasFixedShape(resolved) ? STRUCTURED_JSON : JSON_STRING;

/** docs/mapping.md#maps: the first patternProperties key (sorted) gives the map's value schema. */
function mapValueSchema(node: CfnNode): CfnNode {
  const keys = Object.keys(node.patternProperties!).sort();
  return node.patternProperties![keys[0]!]!;
}

/** Shape decided for one resolved node, before flags are applied. */
interface Shape {
  readonly type: AttributeType;
  /** Validators of the value itself (type validators; NotNull is added later). */
  readonly validators: Validator[];
  readonly arrayKind?: ArrayKind;
  readonly defaultTarget?: DefaultTarget;
}

export class AttributeWalker {
  private attributeCount = 0;

  constructor(private readonly ctx: WalkContext) {}

  /** Builds the attributes of an object's `properties`, sorted by Terraform name. */
  objectAttributes(
    properties: Readonly<Record<string, CfnNode>>,
    required: readonly string[] | undefined,
    pointer: string,
    parent: Parent,
    nameOf: (cfnName: string) => string = attributeName,
  ): Attributes {
    const requiredSet = new Set(Array.isArray(required) ? required : []);
    // A Map, not an object: a property named "__proto__" must stay a property.
    const out = new Map<string, Attribute>();
    const cfnByTf = new Map<string, string>();
    // Byte-wise order of CFN names, as the Go generator walks them; output order is by TF name.
    for (const cfnName of Object.keys(properties).sort()) {
      const tfName = nameOf(cfnName);
      const clash = cfnByTf.get(tfName);
      if (clash !== undefined) {
        throw new MappingError(
          joinPointer(pointer, cfnName),
          `properties "${clash}" and "${cfnName}" both map to the Terraform attribute "${tfName}"`,
          "attribute name conflict",
        );
      }
      if (!TERRAFORM_NAME.test(tfName)) {
        throw new MappingError(
          joinPointer(pointer, cfnName),
          `property "${cfnName}" maps to the Terraform name "${tfName}", which cannot be written in a configuration (names match ${TERRAFORM_NAME.source})`,
          "invalid attribute name",
        );
      }
      cfnByTf.set(tfName, cfnName);
      const attribute = this.attribute(
        cfnName,
        properties[cfnName]!,
        joinPointer(pointer, cfnName),
        parent,
        requiredSet.has(cfnName),
      );
      out.set(tfName, attribute);
    }
    return Object.fromEntries([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  private attribute(
    cfnName: string,
    node: CfnNode,
    pointer: string,
    parent: Parent,
    required: boolean,
  ): Attribute {
    if (++this.attributeCount > MAX_ATTRIBUTES) {
      throw new MappingError(
        pointer,
        `the attribute tree exceeds ${MAX_ATTRIBUTES} attributes (the largest of the corpus has about 600); definitions referenced from several places at many levels multiply`,
        "attribute tree too large",
      );
    }
    if (parent.depth >= MAX_DEPTH) {
      throw new MappingError(pointer, `attributes nest deeper than ${MAX_DEPTH} levels`, "nesting too deep");
    }
    const resolved = resolveNode(this.ctx.schema, node, pointer, parent.refStack);
    const path = childPath(parent.path, cfnName);
    const readOnly = matchesPlain(this.ctx.readOnly, path);
    const createOnly = matchesPlain(this.ctx.createOnly, path);
    const flags = attributeFlags({
      required,
      readOnly,
      createOnly,
      hasDefault: resolved.node.default !== undefined,
      parentComputedOnly: parent.computedOnly,
      parentOptionalComputed: parent.optionalComputed,
    });
    if (!matchesPlain(this.ctx.createOnly, path) && !readOnly) this.ctx.mutable = true;
    if (required && readOnly) {
      this.ctx.notes.push({
        pointer,
        kind: "required-read-only",
        message: "required and read-only at once: kept Required (as the Go provider does)",
      });
    }

    const childParent: Parent = {
      path,
      depth: parent.depth + 1,
      computedOnly: isComputedOnly(flags),
      optionalComputed: isOptionalComputed(flags),
      refStack: resolved.refStack,
      definition: enteredDefinition(parent.refStack, resolved.refStack),
    };
    const shape = this.shape(resolved, pointer, childParent);
    return this.finish(cfnName, resolved, pointer, path, flags, parent, shape);
  }

  private finish(
    cfnName: string,
    resolved: Resolved,
    pointer: string,
    path: AttributePath,
    flags: Flags,
    parent: Parent,
    shape: Shape,
  ): Attribute {
    const computedOnly = isComputedOnly(flags);
    const validators = computedOnly ? [] : [...shape.validators];
    if (flags.notNull) validators.push({ kind: "notNull" });

    const planModifiers: PlanModifier[] = [];
    if (shape.arrayKind === "multiset") planModifiers.push({ kind: "multiset" });
    // useStateForUnknown is added to the whole resource tree by one rule (terraform/schema/resource-rules.ts).
    if (matchesAny(this.ctx.createOnly, path)) {
      planModifiers.push({
        kind: isOptionalComputed(flags) ? "requiresReplaceIfConfigured" : "requiresReplace",
      });
    }

    let defaultValue: Attribute["default"];
    // No defaults on Computed-only attributes: the service decides those values.
    if (resolved.node.default !== undefined && !computedOnly) {
      const d = shape.defaultTarget
        ? usableDefault(
            mapDefault(shape.defaultTarget, resolved.node.default, attributeName),
            shape.defaultTarget,
            resolved.node,
          )
        : { dropped: "no default is set for this kind of attribute (collections of numbers or booleans)" };
      if (d && "value" in d) defaultValue = d.value;
      else if (d)
        this.ctx.notes.push({ pointer: pointer + "/default", kind: "default-dropped", message: d.dropped });
    }

    // Built by assignment rather than conditional spreads: this runs for every attribute of the
    // corpus, and the spreads' throw-away objects were a large share of the model's time.
    const attribute: { -readonly [K in keyof Attribute]: Attribute[K] } = { cfnName, type: shape.type };
    const description = resolved.node.description;
    if (typeof description === "string" && description !== "") attribute.description = description;
    if (flags.required) attribute.required = true;
    if (flags.optional) attribute.optional = true;
    if (flags.computed) attribute.computed = true;
    if (matchesPlain(this.ctx.writeOnly, path)) attribute.writeOnly = true;
    if (matchesPlain(this.ctx.deprecated, path)) attribute.deprecated = true;
    if (sensitiveReason(cfnName, shape.type) !== undefined) attribute.sensitive = true;
    if (defaultValue !== undefined) attribute.default = defaultValue;
    if (validators.length > 0) attribute.validators = validators;
    if (planModifiers.length > 0) attribute.planModifiers = planModifiers;
    return attribute;
  }

  private recursionCut(resolved: Resolved, pointer: string): Shape {
    this.ctx.notes.push({
      pointer,
      kind: "recursion-cut",
      message: `recursive definition ${resolved.recursiveRef} cut here: the value is a JSON string`,
    });
    return { type: STRUCTURED_JSON, validators: [] };
  }

  private shape(resolved: Resolved, pointer: string, parent: Parent): Shape {
    if (resolved.recursiveRef) return this.recursionCut(resolved, pointer);
    const node = resolved.node;
    const element = primitiveElement(resolved);
    if (element) {
      const validators = primitiveValidators(resolved.type as "string", node, pointer, this.ctx);
      const kind = element.kind as "bool" | "int64" | "float64" | "string";
      const defaultTarget: DefaultTarget =
        kind === "string"
          ? { kind, rfc3339: element.kind === "string" && element.flavor === "rfc3339" }
          : { kind };
      return { type: element, validators, defaultTarget };
    }
    if (resolved.type === "array") return this.arrayShape(node, pointer, parent);
    // object or untyped
    if (hasKeys(node.properties) && hasKeys(node.patternProperties)) {
      throw new MappingError(
        pointer,
        "an object with both properties and patternProperties is not supported",
      );
    }
    if (hasKeys(node.properties)) {
      const attributes = nameAttributes(
        this.objectAttributes(node.properties!, node.required, pointer + "/properties", parent),
        parent.definition,
      );
      return { type: { kind: "object", attributes }, validators: [], defaultTarget: { kind: "object" } };
    }
    if (hasKeys(node.patternProperties)) return this.mapShape(node, pointer, parent);
    // No properties: a free-form JSON document.
    return { type: JSON_STRING, validators: [], defaultTarget: { kind: "string" } };
  }

  private arrayShape(node: CfnNode, pointer: string, parent: Parent): Shape {
    const kind = arrayKind(node.insertionOrder, node.uniqueItems);
    const collection = kind === "set" ? "set" : "list";
    const itemsPointer = pointer + "/items";
    const itemParent: Parent = { ...parent, path: itemsPath(parent.path) };
    if (node.items === undefined) {
      this.ctx.notes.push({
        pointer,
        kind: "array-without-items",
        message: "array without items: elements are JSON strings",
      });
      return {
        type: { kind: collection, element: JSON_STRING },
        validators: arrayValidators(kind, node, [], { pointer, ctx: this.ctx }),
        arrayKind: kind,
      };
    }
    const items = resolveNode(this.ctx.schema, node.items, itemsPointer, parent.refStack);
    const withKind = (type: AttributeType, itemValidators: Validator[] = []): Shape => ({
      type,
      validators: arrayValidators(kind, node, itemValidators, { pointer, ctx: this.ctx }),
      arrayKind: kind,
    });

    if (items.recursiveRef) {
      this.recursionCut(items, itemsPointer);
      return withKind({ kind: collection, element: STRUCTURED_JSON });
    }
    const element = primitiveElement(items);
    if (element) {
      const itemValidators = primitiveValidators(items.type as "string", items.node, itemsPointer, this.ctx);
      return {
        ...withKind({ kind: collection, element }, itemValidators),
        defaultTarget: element.kind === "string" ? { kind: "stringCollection" } : undefined,
      };
    }
    if (items.type === "array") {
      return withKind({ kind: collection, element: this.nestedArrayElement(items, itemsPointer) });
    }
    const itemNode = items.node;
    if (hasKeys(itemNode.properties) && !hasKeys(itemNode.patternProperties)) {
      const attributes = nameAttributes(
        this.objectAttributes(itemNode.properties!, itemNode.required, itemsPointer + "/properties", {
          ...itemParent,
          refStack: items.refStack,
        }),
        enteredDefinition(parent.refStack, items.refStack),
      );
      return {
        ...withKind({ kind: collection === "set" ? "setNested" : "listNested", attributes }),
        defaultTarget: { kind: "nestedCollection" },
      };
    }
    if (hasKeys(itemNode.patternProperties) && !hasKeys(itemNode.properties)) {
      return withKind({
        kind: collection,
        element: { kind: "map", element: this.mapElement(itemNode, itemsPointer, items.refStack) },
      });
    }
    // Items without a usable shape (untyped, oneOf of $refs, object without properties): the Go
    // provider cannot generate these; each element is a JSON document instead.
    this.ctx.notes.push({
      pointer: itemsPointer,
      kind: "json-elements",
      message: "items have no fixed shape: elements are JSON strings",
    });
    return withKind({ kind: collection, element: JSON_STRING });
  }

  /** Arrays of arrays (docs/mapping.md#arrays): primitive inner items nest as collection types; others become JSON. */
  private nestedArrayElement(inner: Resolved, pointer: string): ElementType {
    const innerKind = arrayKind(inner.node.insertionOrder, inner.node.uniqueItems) === "set" ? "set" : "list";
    if (inner.node.items === undefined) return { kind: innerKind, element: JSON_STRING };
    const innerItems = resolveNode(this.ctx.schema, inner.node.items, pointer + "/items", inner.refStack);
    const prim = innerItems.recursiveRef ? undefined : primitiveElement(innerItems);
    if (prim) return { kind: innerKind, element: prim };
    this.ctx.notes.push({
      pointer,
      kind: "json-elements",
      message: "array of arrays of objects: inner elements are JSON strings",
    });
    return { kind: innerKind, element: jsonElementFor(innerItems) };
  }

  /** Element type of a map whose value schema must be expressible as a collection type. */
  private mapElement(node: CfnNode, pointer: string, refStack: readonly string[]): ElementType {
    const valuePointer = pointer + "/patternProperties";
    const value = resolveNode(this.ctx.schema, mapValueSchema(node), valuePointer, refStack);
    const prim = value.recursiveRef ? undefined : primitiveElement(value);
    if (prim) return prim;
    if (value.type === "array" && value.node.items !== undefined) {
      const items = resolveNode(this.ctx.schema, value.node.items, valuePointer + "/items", value.refStack);
      const itemPrim = items.recursiveRef ? undefined : primitiveElement(items);
      const kind = arrayKind(value.node.insertionOrder, value.node.uniqueItems) === "set" ? "set" : "list";
      if (itemPrim) return { kind, element: itemPrim };
      if (hasFixedShape(items)) {
        this.ctx.notes.push({
          pointer: valuePointer,
          kind: "json-elements",
          message: "map values are arrays of objects: values are JSON strings",
        });
        return STRUCTURED_JSON;
      }
    }
    if (hasKeys(value.node.patternProperties) && !hasKeys(value.node.properties)) {
      return { kind: "map", element: this.mapElement(value.node, valuePointer, value.refStack) };
    }
    this.ctx.notes.push({
      pointer: valuePointer,
      kind: "json-elements",
      message: "map values have no fixed shape: values are JSON strings",
    });
    return JSON_STRING;
  }

  /** docs/mapping.md#maps maps from patternProperties. */
  private mapShape(node: CfnNode, pointer: string, parent: Parent): Shape {
    const keys = Object.keys(node.patternProperties!).sort();
    if (keys.length > 1) {
      this.ctx.notes.push({
        pointer: pointer + "/patternProperties",
        kind: "map-extra-keys",
        message: `only the first of ${keys.length} patternProperties keys is used`,
      });
    }
    const valuePointer = joinPointer(pointer + "/patternProperties", keys[0]!);
    const value = resolveNode(this.ctx.schema, mapValueSchema(node), valuePointer, parent.refStack);
    const valueParent: Parent = { ...parent, path: itemsPath(parent.path), refStack: value.refStack };
    if (!value.recursiveRef) {
      // Objects as map values: nested attributes; the values' `required` is ignored (docs/mapping.md#maps).
      if (hasKeys(value.node.properties) && !hasKeys(value.node.patternProperties)) {
        const attributes = nameAttributes(
          this.objectAttributes(value.node.properties!, [], valuePointer + "/properties", valueParent),
          enteredDefinition(parent.refStack, value.refStack),
        );
        return { type: { kind: "mapNested", attributes }, validators: [] };
      }
      // Arrays of objects as map values (AppConfig::Extension Actions) fall through to JSON-string
      // values: Go's map-of-objects shape drops the array and cannot carry the data (see
      // docs/differences.md).
    }
    return {
      type: { kind: "map", element: this.mapElement(node, pointer, parent.refStack) },
      validators: [],
    };
  }
}
