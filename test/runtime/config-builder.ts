// Builds minimal valid configurations for real generated types from their definition and their
// CloudFormation schema: every Required attribute (and every NotNull or schema-required member of a
// configured object, at any depth) gets a value that satisfies both the Terraform validators and
// the schema node (enum, pattern through the emulator's pattern sampler, lengths, ranges, formats).
// Object-level oneOf/anyOf of `required` lists pick one branch (with the members a branch requires
// of nested objects, as BillingConductor BillingGroup's `AccountGrouping`); `dependencies` lists
// are followed.
// A variant number (0 first) gives other values, and lists one element more, for updates and drift.
// Anything the builder cannot satisfy throws Unsatisfiable with the reason.
import type {
  Attribute,
  Attributes,
  ElementType,
  ResourceDefinition,
  Validator,
} from "../../terraform/schema/types.js";
import { makeRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";
import { fitsStringNode } from "../../emulator/generate/plausible-values.js";
import { samplePattern } from "../../emulator/generate/pattern-sample.js";
import type { JsonObject } from "../../emulator/types.js";
import { arrayOf, isSchemaNode, numberOf, requiredOf, type SchemaNode, SchemaNodes } from "./schema-nodes.js";

/** `count` distinct elements from `make(0)`, `make(1)`... (a few spare tries), or Unsatisfiable. */
function distinctElements<T extends TfValue>(count: number, path: string, make: (i: number) => T): T[] {
  const values: T[] = [];
  const seen = new Set<string>();
  for (let i = 0; values.length < count && i < count + 8; i++) {
    const value = make(i);
    const key = JSON.stringify(value);
    if (!seen.has(key)) {
      seen.add(key);
      values.push(value);
    }
  }
  if (values.length < count) throw new Unsatisfiable(`${path}: cannot find ${count} distinct elements`);
  return values;
}

export class Unsatisfiable extends Error {}

const MAX_DEPTH = 12;
const PATTERN_ATTEMPTS = 12;

const isComputedOnly = (a: Attribute): boolean => Boolean(a.computed && !a.optional && !a.required);
const hasNotNull = (a: Attribute): boolean => (a.validators ?? []).some((v) => v.kind === "notNull");
export const replacesOnChange = (a: Attribute): boolean =>
  (a.planModifiers ?? []).some(
    (m) => m.kind === "requiresReplace" || m.kind === "requiresReplaceIfConfigured",
  );

/** The attribute or anything below it forces a replacement when changed. */
export function replacesBelow(a: Attribute): boolean {
  if (replacesOnChange(a)) return true;
  return "attributes" in a.type && Object.values(a.type.attributes).some(replacesBelow);
}

interface Bounds {
  min?: number;
  max?: number;
}

const tighter = (a: Bounds, b: Bounds): Bounds => ({
  min: a.min === undefined ? b.min : b.min === undefined ? a.min : Math.max(a.min, b.min),
  max: a.max === undefined ? b.max : b.max === undefined ? a.max : Math.min(a.max, b.max),
});

function validatorBounds(validators: readonly Validator[], kind: "length" | "range" | "size"): Bounds {
  let out: Bounds = {};
  for (const v of validators) if (v.kind === kind) out = tighter(out, { min: v.min, max: v.max });
  return out;
}

const enumOf = (validators: readonly Validator[], node: SchemaNode | undefined): (string | number)[] => {
  const fromValidators = validators.flatMap((v) => (v.kind === "oneOf" ? v.values : []));
  if (fromValidators.length > 0) return [...fromValidators];
  return arrayOf(node?.enum).filter(
    (v): v is string | number => typeof v === "string" || typeof v === "number",
  );
};

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  "date-time": "2024-05-01T12:00:00Z",
  timestamp: "2024-05-01T12:00:00Z",
  date: "2024-05-01",
  time: "12:00:00Z",
  uri: "https://example.com/resource",
  "uri-reference": "https://example.com/resource",
  url: "https://example.com/resource",
  email: "someone@example.com",
  hostname: "host.example.com",
  ipv4: "10.0.0.1",
  ipv6: "2001:db8::1",
  uuid: "3f2a8c1e-4b5d-4e6f-8a9b-0c1d2e3f4a5b",
};

function formatAccepts(format: unknown, value: string): boolean {
  switch (format) {
    case "date-time":
    case "timestamp":
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value);
    case "uri":
    case "url":
      return /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(value);
    case "email":
      return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
    case "ipv4":
      return /^(\d{1,3}\.){3}\d{1,3}$/.test(value);
    default:
      return true;
  }
}

/** Short text fitted into length bounds. */
function fitted(base: string, bounds: Bounds): string {
  let text = base;
  const min = bounds.min ?? 0;
  while (text.length < min) text += "x";
  if (bounds.max !== undefined && text.length > bounds.max) text = text.slice(0, bounds.max);
  return text;
}

export class ConfigBuilder {
  readonly nodes: SchemaNodes;
  /** The resource schema with its top-level allOf merged in. */
  private readonly root: SchemaNode;
  /** Which oneOf/anyOf branch of required members to try first (0: the smallest). */
  branchChoice = 0;
  /** Schema-required members the definition leaves optional without NotNull (worth a look). */
  readonly observations: string[] = [];

  /** Schema read-only pointers as paths (`*` for elements): a caller may not set them, whatever the definition says. */
  private readonly readOnly: ReadonlySet<string>;
  /** Primary identifier pointers as paths: configured whenever the caller may set them. */
  private readonly identifierPaths: readonly string[];
  /** Members a chosen oneOf/anyOf branch requires of a nested object, by that object's path. */
  private readonly branchRequired = new Map<string, Set<string>>();

  constructor(
    readonly definition: ResourceDefinition,
    schema: SchemaNode,
    private readonly random: () => number,
  ) {
    this.nodes = new SchemaNodes(schema);
    this.root = this.nodes.resolve(schema) ?? schema;
    const asPath = (pointer: unknown) =>
      typeof pointer === "string" ? pointer.replace(/^\/properties/, "") : "";
    this.readOnly = new Set(arrayOf(schema.readOnlyProperties).map(asPath));
    this.identifierPaths = arrayOf(schema.primaryIdentifier).map(asPath);
  }

  /** Required attributes at any depth, plus the given top-level ones. */
  config(extra: readonly string[] = [], variant = 0): TfRecord {
    this.branchRequired.clear();
    const chosen = this.chooseMembers(this.definition.attributes, this.root, extra, "");
    const attributes = this.definition.attributes;
    return makeRecord(
      Object.keys(attributes).map((name) => [
        name,
        chosen.has(name) ? this.attributeValue(name, variant, this.root, attributes, "") : null,
      ]),
    );
  }

  /** A value for one top-level attribute. */
  topLevelValue(name: string, variant: number): TfValue {
    return this.attributeValue(name, variant, this.root, this.definition.attributes, "");
  }

  /** A value for `attribute` at a schema path of property names (`*` for list elements). */
  valueAt(attribute: Attribute, cfnPath: readonly string[], variant: number): TfValue {
    let node: SchemaNode | undefined = this.root;
    for (const step of cfnPath)
      node = step === "*" ? this.nodes.items(node) : this.nodes.property(node, step);
    return this.valueOf(attribute, node, variant, `/${cfnPath.join("/")}`, 0);
  }

  /** Top-level attributes a configuration may set but need not. */
  optionalAttributes(): string[] {
    return Object.keys(this.definition.attributes).filter((name) => {
      const a = this.definition.attributes[name] as Attribute;
      return (
        a.optional &&
        !a.required &&
        !a.deprecated &&
        a.cfnName !== undefined &&
        !this.readOnly.has(`/${a.cfnName}`)
      );
    });
  }

  private attributeValue(
    name: string,
    variant: number,
    parentNode: SchemaNode | undefined,
    attributes: Attributes,
    path: string,
  ): TfValue {
    const attribute = attributes[name] as Attribute;
    const node =
      attribute.cfnName === undefined ? undefined : this.nodes.property(parentNode, attribute.cfnName);
    return this.valueOf(attribute, node, variant, `${path}/${attribute.cfnName ?? name}`, 0);
  }

  /** The members of an object to configure: required, NotNull, schema-required, one branch of oneOf/anyOf, dependencies. */
  private chooseMembers(
    attributes: Attributes,
    node: SchemaNode | undefined,
    extra: readonly string[],
    path: string,
  ): Set<string> {
    const byCfn = new Map<string, string>();
    for (const [name, a] of Object.entries(attributes))
      if (a.cfnName !== undefined) byCfn.set(a.cfnName, name);
    const configurable = (name: string): boolean => {
      const a = attributes[name];
      return (
        a !== undefined &&
        !isComputedOnly(a) &&
        a.cfnName !== undefined &&
        !this.readOnly.has(`${path}/${a.cfnName}`)
      );
    };
    const chosen = new Set<string>();
    for (const [name, a] of Object.entries(attributes)) {
      if (!a.required && !hasNotNull(a)) continue;
      // A read-only pointer through `*` leaves the member settable in the definition (docs/mapping.md#required-optional-computed);
      // when it is also schema-required, no value is accepted by both sides.
      if (a.cfnName !== undefined && this.readOnly.has(`${path}/${a.cfnName}`))
        throw new Unsatisfiable(`${path}/${a.cfnName}: required by the definition, read-only in the schema`);
      chosen.add(name);
    }
    for (const identifier of this.identifierPaths) {
      if (!identifier.startsWith(`${path}/`)) continue;
      const name = byCfn.get(identifier.slice(path.length + 1).split("/")[0] as string);
      if (name !== undefined && configurable(name)) chosen.add(name);
    }
    for (const name of extra) if (configurable(name)) chosen.add(name);
    for (const cfn of this.branchRequired.get(path) ?? []) {
      const name = byCfn.get(cfn);
      if (name === undefined || !configurable(name))
        throw new Unsatisfiable(`${path}/${cfn}: required by the chosen branch, not configurable`);
      chosen.add(name);
    }
    for (const cfn of node ? requiredOf(node) : []) {
      const name = byCfn.get(cfn);
      if (name === undefined || chosen.has(name)) continue;
      const a = attributes[name] as Attribute;
      if (!configurable(name) || a.default !== undefined) continue;
      this.observations.push(`${path}/${cfn}: schema-required, attribute neither required nor notNull`);
      chosen.add(name);
    }
    if (node) this.addBranch(node, "oneOf", byCfn, configurable, chosen, path);
    if (node) this.addBranch(node, "anyOf", byCfn, configurable, chosen, path);
    if (node && isSchemaNode(node.dependencies)) {
      const dependencies = node.dependencies;
      for (let changed = true; changed;) {
        changed = false;
        for (const [trigger, needs] of Object.entries(dependencies)) {
          const triggerName = byCfn.get(trigger);
          if (triggerName === undefined || !chosen.has(triggerName)) continue;
          if (!Array.isArray(needs)) throw new Unsatisfiable(`${path}: schema dependency of ${trigger}`);
          for (const need of needs) {
            const name = typeof need === "string" ? byCfn.get(need) : undefined;
            if (name === undefined || !configurable(name))
              throw new Unsatisfiable(`${path}: dependency ${trigger} → ${String(need)} not configurable`);
            if (!chosen.has(name)) {
              chosen.add(name);
              changed = true;
            }
          }
        }
      }
    }
    return chosen;
  }

  /**
   * Satisfies a oneOf/anyOf of required lists with the smallest branch that excludes the others. A
   * branch that also requires members of nested objects (`properties: {X: {required: [...]}}`) is
   * never satisfied by the top-level members alone; choosing it records the nested ones.
   */
  private addBranch(
    node: SchemaNode,
    keyword: "oneOf" | "anyOf",
    byCfn: ReadonlyMap<string, string>,
    configurable: (name: string) => boolean,
    chosen: Set<string>,
    path: string,
  ): void {
    const branches = arrayOf(node[keyword])
      .map((b) => this.nodes.resolve(b))
      .filter((b): b is SchemaNode => b !== undefined)
      .map((b) => ({
        members: requiredOf(b).map((cfn) => byCfn.get(cfn) ?? `?${cfn}`),
        nested: nestedRequired(b),
      }));
    if (branches.length === 0 || branches.every((b) => b.members.length === 0 && b.nested.size === 0)) return;
    type Branch = (typeof branches)[number];
    const satisfied = (b: Branch, set: ReadonlySet<string>) =>
      b.nested.size === 0 && b.members.every((n) => set.has(n));
    const count = (set: ReadonlySet<string>, except?: Branch) =>
      branches.filter((b) => b !== except && satisfied(b, set)).length;
    if (keyword === "anyOf" ? count(chosen) > 0 : count(chosen) === 1) return;
    const size = (b: Branch) => b.members.length + [...b.nested.values()].reduce((n, m) => n + m.length, 0);
    const sorted = branches
      .filter((b) => b.members.every((n) => !n.startsWith("?") && configurable(n)))
      .filter((b) =>
        [...b.nested.keys()].every((cfn) => byCfn.has(cfn) && configurable(byCfn.get(cfn) as string)),
      )
      .sort((x, y) => size(x) - size(y));
    // Another choice starts from another branch (when the first one's values do not validate).
    const shift = sorted.length > 0 ? this.branchChoice % sorted.length : 0;
    const options = [...sorted.slice(shift), ...sorted.slice(0, shift)];
    for (const branch of options) {
      const next = new Set([...chosen, ...branch.members]);
      if (keyword === "anyOf" || count(next, branch) === 0) {
        for (const name of branch.members) chosen.add(name);
        for (const [cfn, members] of branch.nested) {
          chosen.add(byCfn.get(cfn) as string);
          const at = `${path}/${cfn}`;
          this.branchRequired.set(at, new Set([...(this.branchRequired.get(at) ?? []), ...members]));
        }
        return;
      }
    }
    throw new Unsatisfiable(
      `${path || "/"}: no ${keyword} branch of required members can be satisfied alone`,
    );
  }

  private valueOf(
    attribute: Attribute,
    node: SchemaNode | undefined,
    variant: number,
    path: string,
    depth: number,
  ): TfValue {
    if (depth > MAX_DEPTH) throw new Unsatisfiable(`${path}: nesting too deep`);
    const validators = attribute.validators ?? [];
    const type = attribute.type;
    switch (type.kind) {
      case "object":
        return this.objectValue(type.attributes, node, variant, path, depth);
      case "listNested":
      case "setNested": {
        const count = this.itemCount(validators, node, variant);
        const items = this.nodes.items(node);
        if (type.kind === "listNested" && node?.uniqueItems !== true)
          return Array.from({ length: count }, (_, i) =>
            this.objectValue(type.attributes, items, variant + i, `${path}/*`, depth),
          );
        // Sets and unique lists (MSK Replicator's two KafkaClusters): elements must differ.
        return distinctElements(count, path, (i) =>
          this.objectValue(type.attributes, items, variant + i, `${path}/*`, depth),
        );
      }
      case "mapNested": {
        const entry = this.nodes.mapEntry(node);
        return makeRecord([
          [
            this.mapKey(entry.keyPattern, variant),
            this.objectValue(type.attributes, entry.value, variant, `${path}/*`, depth),
          ],
        ]);
      }
      default:
        return this.elementValue(type, validators, node, variant, path, depth);
    }
  }

  /** The fewest elements allowed (at least one); odd variants add one where allowed, so updates resize lists. */
  private itemCount(validators: readonly Validator[], node: SchemaNode | undefined, variant: number): number {
    const bounds = tighter(validatorBounds(validators, "size"), {
      min: numberOf(node, "minItems"),
      max: numberOf(node, "maxItems"),
    });
    const fewest = Math.max(bounds.min ?? 1, 1);
    return variant % 2 === 1 && (bounds.max === undefined || fewest < bounds.max) ? fewest + 1 : fewest;
  }

  private objectValue(
    attributes: Attributes,
    node: SchemaNode | undefined,
    variant: number,
    path: string,
    depth: number,
  ): TfRecord {
    const chosen = this.chooseMembers(attributes, node, [], path);
    // An object with nothing configured would be sent as nothing: give it at least one optional
    // member, and as many as the schema's minProperties asks for.
    const wanted = Math.max(1, numberOf(node, "minProperties") ?? 0);
    const spare = Object.keys(attributes).filter((n) => {
      const a = attributes[n] as Attribute;
      return (
        !chosen.has(n) &&
        !isComputedOnly(a) &&
        a.cfnName !== undefined &&
        !a.deprecated &&
        !this.readOnly.has(`${path}/${a.cfnName}`)
      );
    });
    while (chosen.size < wanted && spare.length > 0) chosen.add(spare.shift() as string);
    const settable = [...chosen].filter((n) => !isComputedOnly(attributes[n] as Attribute));
    // `{}` for an object the service fills alone is no value: it is never sent and never read back.
    if (settable.length === 0) throw new Unsatisfiable(`${path}: no member can be configured`);
    return makeRecord(
      Object.keys(attributes).map((name) => {
        if (!chosen.has(name)) return [name, null];
        const a = attributes[name] as Attribute;
        const child = a.cfnName === undefined ? undefined : this.nodes.property(node, a.cfnName);
        return [name, this.valueOf(a, child, variant, `${path}/${a.cfnName ?? name}`, depth + 1)];
      }),
    );
  }

  private elementValue(
    type: ElementType,
    validators: readonly Validator[],
    node: SchemaNode | undefined,
    variant: number,
    path: string,
    depth: number,
  ): TfValue {
    switch (type.kind) {
      case "string":
        if (type.flavor === "json") return JSON.stringify(this.jsonValue(node, variant, path, depth));
        if (type.flavor === "rfc3339") return `2024-05-0${(variant % 9) + 1}T12:00:00Z`;
        return this.stringValue(validators, node, variant, path);
      case "bool":
        return variant % 2 === 0;
      case "int64":
      case "float64":
        return this.numberValue(validators, node, variant, type.kind === "int64", path);
      case "list":
      case "set": {
        const count = this.itemCount(validators, node, variant);
        const inner = validators.flatMap((v) => (v.kind === "each" ? v.validators : []));
        const items = this.nodes.items(node);
        return distinctElements(count, path, (i) =>
          this.elementValue(type.element, inner, items, variant + i, `${path}/*`, depth + 1),
        );
      }
      case "map": {
        const entry = this.nodes.mapEntry(node);
        const inner = validators.flatMap((v) => (v.kind === "each" ? v.validators : []));
        return makeRecord([
          [
            this.mapKey(entry.keyPattern, variant),
            this.elementValue(type.element, inner, entry.value, variant, `${path}/*`, depth + 1),
          ],
        ]);
      }
    }
  }

  private mapKey(pattern: string | undefined, variant: number): string {
    const plain = `key${variant}`;
    if (pattern === undefined) return plain;
    return samplePattern(pattern, this.random, { minLength: 1, maxLength: 32 }) ?? plain;
  }

  /**
   * A scalar node whose enum or pattern sits in oneOf/anyOf branches (AmazonMQ Broker EngineType):
   * the constraints of the chosen branch, so that the value satisfies it.
   */
  private withBranchConstraints(node: SchemaNode | undefined): SchemaNode | undefined {
    if (!node || node.enum !== undefined || node.pattern !== undefined) return node;
    const branches = [...arrayOf(node.oneOf), ...arrayOf(node.anyOf)]
      .map((b) => this.nodes.resolve(b))
      .filter(
        (b): b is SchemaNode => b !== undefined && (b.enum !== undefined || typeof b.pattern === "string"),
      )
      .filter((b) => b.pattern !== "");
    const branch = branches[this.branchChoice % Math.max(branches.length, 1)];
    return branch ? { ...node, ...branch } : node;
  }

  private stringValue(
    validators: readonly Validator[],
    given: SchemaNode | undefined,
    variant: number,
    path: string,
  ): string {
    const node = this.withBranchConstraints(given);
    const length = tighter(validatorBounds(validators, "length"), {
      min: numberOf(node, "minLength"),
      max: numberOf(node, "maxLength"),
    });
    const regexes = validators.flatMap((v) => (v.kind === "regex" ? [safeRegExp(v.source, v.flags)] : []));
    const accepts = (value: string): boolean =>
      (length.min === undefined || value.length >= length.min) &&
      (length.max === undefined || value.length <= length.max) &&
      regexes.every((r) => r === undefined || r.test(value)) &&
      (node === undefined ||
        (fitsStringNode(node as JsonObject, value) && formatAccepts(node.format, value)));
    const choices = enumOf(validators, node).map(String);
    if (choices.length > 0) {
      for (let i = 0; i < choices.length; i++) {
        const value = choices[(variant + i) % choices.length] as string;
        if (accepts(value)) return value;
      }
      throw new Unsatisfiable(`${path}: no enum value satisfies the constraints`);
    }
    const patterns = [
      ...(typeof node?.pattern === "string" && node.pattern !== "" ? [node.pattern] : []),
      ...validators.flatMap((v) => (v.kind === "regex" ? [v.source] : [])),
    ];
    if (patterns.length > 0) {
      for (const pattern of patterns) {
        for (let attempt = 0; attempt < PATTERN_ATTEMPTS; attempt++) {
          const sample = samplePattern(pattern, this.random, {
            minLength: length.min,
            maxLength: length.max,
            accept: accepts,
          });
          if (sample !== undefined) return sample;
        }
      }
      throw new Unsatisfiable(`${path}: no sample for pattern ${patterns[0]}`);
    }
    const format = typeof node?.format === "string" ? FORMAT_SAMPLES[node.format] : undefined;
    const candidates = [
      ...(format === undefined ? [] : [format]),
      fitted(`v${variant}-${Math.floor(this.random() * 1e6).toString(36)}`, length),
      fitted(`${variant}`, length),
    ];
    const value = candidates.find(accepts);
    if (value === undefined) throw new Unsatisfiable(`${path}: no string fits ${JSON.stringify(length)}`);
    return value;
  }

  private numberValue(
    validators: readonly Validator[],
    node: SchemaNode | undefined,
    variant: number,
    integer: boolean,
    path: string,
  ): number {
    const choices = enumOf(validators, node)
      .map(Number)
      .filter((n) => Number.isFinite(n));
    if (choices.length > 0) return choices[variant % choices.length] as number;
    const exclusiveMin = numberOf(node, "exclusiveMinimum");
    const exclusiveMax = numberOf(node, "exclusiveMaximum");
    const bounds = tighter(validatorBounds(validators, "range"), {
      min: exclusiveMin === undefined ? numberOf(node, "minimum") : exclusiveMin + (integer ? 1 : 0.5),
      max: exclusiveMax === undefined ? numberOf(node, "maximum") : exclusiveMax - (integer ? 1 : 0.5),
    });
    let value = 1 + variant;
    if (bounds.min !== undefined && value < bounds.min) value = bounds.min + variant;
    if (bounds.max !== undefined && value > bounds.max)
      value = Math.max(bounds.max - variant, bounds.min ?? -Infinity);
    if (integer) value = Math.ceil(value);
    if ((bounds.min !== undefined && value < bounds.min) || (bounds.max !== undefined && value > bounds.max))
      throw new Unsatisfiable(`${path}: empty range ${JSON.stringify(bounds)}`);
    return value;
  }

  /** A JSON value for a schema node (JSON-string attributes carry whole documents). */
  private jsonValue(node: SchemaNode | undefined, variant: number, path: string, depth: number): unknown {
    if (depth > MAX_DEPTH) throw new Unsatisfiable(`${path}: JSON nesting too deep`);
    if (!node) return { Key: `value-${variant}` };
    const choices = arrayOf(node.enum);
    if (choices.length > 0) return choices[variant % choices.length];
    if (node.const !== undefined) return node.const;
    const types = Array.isArray(node.type) ? node.type : typeof node.type === "string" ? [node.type] : [];
    const type =
      types.includes("object") || node.properties !== undefined || types.length === 0 ? "object" : types[0];
    switch (type) {
      case "array": {
        const count = Math.max(numberOf(node, "minItems") ?? 1, 1);
        const items = this.nodes.items(node);
        return Array.from({ length: count }, (_, i) =>
          this.jsonValue(items, variant + i, `${path}/${i}`, depth + 1),
        );
      }
      case "string":
        return this.stringValue([], node, variant, path);
      case "integer":
      case "number":
        return this.numberValue([], node, variant, type === "integer", path);
      case "boolean":
        return variant % 2 === 0;
      default: {
        const properties = this.nodes.properties(node);
        const names = Object.keys(properties);
        if (names.length === 0) {
          const entry = this.nodes.mapEntry(node);
          if (node.additionalProperties === false && entry.keyPattern === undefined) return {};
          const key = this.mapKey(entry.keyPattern, variant);
          return {
            [key]: entry.value
              ? this.jsonValue(entry.value, variant, `${path}/${key}`, depth + 1)
              : `value-${variant}`,
          };
        }
        const required = new Set(requiredOf(node));
        for (const keyword of ["oneOf", "anyOf"] as const) {
          const branch = arrayOf(node[keyword])
            .map((b) => this.nodes.resolve(b))
            .find((b) => b !== undefined && requiredOf(b).length > 0);
          if (branch) for (const name of requiredOf(branch)) required.add(name);
        }
        if (required.size === 0) required.add(names[variant % names.length] as string);
        return Object.fromEntries(
          [...required].map((name) => [
            name,
            this.jsonValue(this.nodes.resolve(properties[name]), variant, `${path}/${name}`, depth + 1),
          ]),
        );
      }
    }
  }
}

/** What a oneOf/anyOf branch requires of nested objects: `{properties: {X: {required: [...]}}}`. */
function nestedRequired(branch: SchemaNode): Map<string, string[]> {
  const nested = new Map<string, string[]>();
  if (!isSchemaNode(branch.properties)) return nested;
  for (const [cfn, sub] of Object.entries(branch.properties))
    if (isSchemaNode(sub) && requiredOf(sub).length > 0) nested.set(cfn, requiredOf(sub));
  return nested;
}

function safeRegExp(source: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(source, flags.replace(/[gy]/g, ""));
  } catch {
    return undefined;
  }
}
