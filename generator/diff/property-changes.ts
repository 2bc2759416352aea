// Property-level changes between the models of two versions of one schema, each classified for
// provider users.
// Rules: anything that can make a valid configuration invalid, force a replacement that did not
// happen before, or change a value's type is breaking; anything that only accepts more is not.
import { isDeepStrictEqual } from "node:util";
import { type Change, type ChangeKind, compareText, type ScalarValue } from "./change.js";
import { comparePatterns } from "./pattern-samples.js";
import { BOUND_KEYWORDS, type BoundKeyword, type ModelNode, type RegexFact } from "./model-nodes.js";
import { type TerraformPaths, terraformPathOf } from "./tf-paths.js";

export interface PropertySide {
  readonly nodes: ReadonlyMap<string, ModelNode>;
  readonly tfPaths: TerraformPaths;
}

type Draft = Omit<Change, "pointer" | "tfPath">;

const LOWER_BOUNDS: ReadonlySet<BoundKeyword> = new Set(["minLength", "minimum", "minItems"]);

/** Read-only attributes are computed: no validator runs on them, so constraints cannot break anyone. */
const NOT_VALIDATED = "read-only attribute: values are not validated";

/** The flags of a new property, as a reviewer wants them next to "added". */
function addedTraits(node: ModelNode): string {
  const traits = [node.readOnly ? "read-only" : node.required ? "required" : "optional"];
  if (node.createOnly && !node.readOnly) traits.push("create-only");
  if (node.writeOnly) traits.push("write-only");
  if (node.deprecated) traits.push("deprecated");
  return `added (${traits.join(", ")})`;
}

function propertyAdded(node: ModelNode): Draft {
  // A default of a settable attribute is planned for every existing object that omits it (next-plan.ts).
  const withDefault = node.default !== undefined && !node.readOnly;
  const base = {
    kind: "propertyAdded" as const,
    summary: addedTraits(node) + (withDefault ? ` with default ${JSON.stringify(node.default)}` : ""),
    ...(withDefault && { after: scalar(node.default) }),
    ...(withDefault && node.createOnly && { createOnly: true }),
  };
  if (node.readOnly) return { ...base, breaking: false, reason: "new read-only attribute" };
  if (node.required) {
    return { ...base, breaking: true, reason: "new required attribute: existing configurations must set it" };
  }
  return { ...base, breaking: false, reason: "new optional attribute" };
}

const propertyRemoved = (): Draft => ({
  kind: "propertyRemoved",
  summary: "removed",
  breaking: true,
  reason: "configurations and references that use it fail",
});

function flagChange(kind: ChangeKind, summary: string, breaking: boolean, reason: string): Draft {
  return { kind, summary, breaking, reason };
}

function flagChanges(before: ModelNode, after: ModelNode): Draft[] {
  const out: Draft[] = [];
  if (!before.required && after.required) {
    out.push(
      after.readOnly
        ? flagChange("requiredAdded", "now required", false, "read-only attribute: users do not set it")
        : flagChange("requiredAdded", "now required", true, "configurations that omit it fail"),
    );
  }
  if (before.required && !after.required)
    out.push(flagChange("requiredRemoved", "no longer required", false, "it may now be omitted"));
  if (!before.createOnly && after.createOnly) {
    out.push(
      after.readOnly
        ? flagChange("createOnlyAdded", "now create-only", false, "read-only attribute: users do not set it")
        : flagChange("createOnlyAdded", "now create-only", true, "changing it now replaces the resource"),
    );
  }
  if (before.createOnly && !after.createOnly)
    out.push(flagChange("createOnlyRemoved", "no longer create-only", false, "it can now change in place"));
  if (!before.readOnly && after.readOnly)
    out.push(flagChange("readOnlyAdded", "now read-only", true, "configurations that set it are rejected"));
  if (before.readOnly && !after.readOnly)
    out.push(flagChange("readOnlyRemoved", "now configurable", false, "it can now be set; reads still work"));
  if (!before.writeOnly && after.writeOnly) {
    out.push(
      flagChange(
        "writeOnlyAdded",
        "now write-only",
        true,
        "its value is no longer read back: data sources and imports see null",
      ),
    );
  }
  if (before.writeOnly && !after.writeOnly)
    out.push(flagChange("writeOnlyRemoved", "no longer write-only", false, "its value is now read back"));
  if (!before.deprecated && after.deprecated)
    out.push(flagChange("deprecatedAdded", "deprecated", false, "it still works; plan to stop using it"));
  if (before.deprecated && !after.deprecated)
    out.push(flagChange("deprecatedRemoved", "no longer deprecated", false, "no effect on configurations"));
  return out;
}

const enumKey = (v: unknown): string => JSON.stringify(v);

function scalar(v: unknown): ScalarValue {
  return v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean"
    ? v
    : JSON.stringify(v);
}

function enumChange(before: ModelNode, after: ModelNode): Draft | undefined {
  const oldValues = before.enum?.map(enumKey);
  const newValues = after.enum?.map(enumKey);
  if (oldValues === undefined && newValues === undefined) return undefined;
  const oldSet = new Set(oldValues ?? []);
  const newSet = new Set(newValues ?? []);
  const added = after.enum?.filter((v) => !oldSet.has(enumKey(v))).map(scalar) ?? [];
  const removed = before.enum?.filter((v) => !newSet.has(enumKey(v))).map(scalar) ?? [];
  if (oldValues !== undefined && newValues !== undefined && added.length === 0 && removed.length === 0)
    return undefined;
  const sortValues = (vs: ScalarValue[]) => vs.sort((a, b) => compareText(enumKey(a), enumKey(b)));
  const base = {
    kind: "enumChanged" as const,
    keyword: "enum",
    added: sortValues(added),
    removed: sortValues(removed),
  };
  if (oldValues === undefined) {
    return {
      ...base,
      summary: `now restricted to ${newSet.size} values`,
      breaking: !after.readOnly,
      reason: after.readOnly ? NOT_VALIDATED : "values outside the new enum are rejected",
    };
  }
  if (newValues === undefined) {
    return {
      ...base,
      summary: "no longer restricted to an enum",
      breaking: false,
      reason: "accepts more values",
    };
  }
  const parts = [
    added.length > 0 ? `+${added.length} value${added.length > 1 ? "s" : ""}` : "",
    removed.length > 0 ? `-${removed.length} value${removed.length > 1 ? "s" : ""}` : "",
  ].filter((p) => p !== "");
  const narrowed = removed.length > 0;
  return {
    ...base,
    summary: `enum ${parts.join(", ")}`,
    breaking: narrowed && !after.readOnly,
    reason: !narrowed
      ? "accepts more values"
      : after.readOnly
        ? NOT_VALIDATED
        : "removed values are rejected",
  };
}

/** The model keeps the pattern as an ECMAScript regex; its inline-flag form is the dialect the sampler reads. */
function patternText(fact: RegexFact | undefined): string | undefined {
  if (fact === undefined) return undefined;
  const inline = (fact.flags.includes("s") ? "(?s)" : "") + (fact.flags.includes("i") ? "(?i)" : "");
  return inline + fact.source;
}

function patternChange(before: ModelNode, after: ModelNode): Draft | undefined {
  const old = patternText(before.pattern);
  const now = patternText(after.pattern);
  if (old === now) return undefined;
  const base = {
    kind: "patternChanged" as const,
    keyword: "pattern",
    ...(old !== undefined && { before: old }),
    ...(now !== undefined && { after: now }),
  };
  // The model has no validator for a blank pattern (no validation at all) or one it had to drop.
  if (now === undefined)
    return { ...base, summary: "pattern removed", breaking: false, reason: "accepts more values" };
  const summary = old !== undefined ? "pattern changed" : "pattern added";
  if (after.readOnly) return { ...base, summary, breaking: false, reason: NOT_VALIDATED };
  if (old === undefined)
    return { ...base, summary, breaking: true, reason: "values must now match the pattern" };
  const verdict = comparePatterns(old, now);
  if (verdict.kind === "narrowed") {
    return {
      ...base,
      summary,
      breaking: true,
      reason: `rejects values the old pattern accepted, e.g. ${JSON.stringify(verdict.example)}`,
    };
  }
  if (verdict.kind === "notNarrowed") {
    return {
      ...base,
      summary,
      breaking: false,
      reason: `every sampled value the old pattern accepts still matches (${verdict.samples} samples)`,
    };
  }
  return {
    ...base,
    summary,
    breaking: true,
    reason: `may reject values the old pattern accepted (${verdict.why})`,
  };
}

const defaultText = (v: unknown): ScalarValue => scalar(v);

/**
 * Defaults are what the provider plans when a configuration omits the attribute. A new one is
 * planned for configurations that omit it; a changed one plans an update of every object whose
 * configuration omits it.
 */
function defaultChange(before: ModelNode, after: ModelNode): Draft | undefined {
  const had = before.default !== undefined;
  const has = after.default !== undefined;
  if (!had && !has) return undefined;
  if (had && has && isDeepStrictEqual(before.default, after.default)) return undefined;
  const base = {
    keyword: "default",
    ...(after.createOnly && !after.readOnly && { createOnly: true }),
    ...(had && { before: defaultText(before.default) }),
    ...(has && { after: defaultText(after.default) }),
  };
  if (!had) {
    return {
      ...base,
      kind: "defaultAdded",
      summary: `default ${JSON.stringify(after.default)} added`,
      breaking: false,
      reason: "configurations that omit it now plan the default instead of the service's value",
    };
  }
  if (!has) {
    return {
      ...base,
      kind: "defaultRemoved",
      summary: "default removed",
      breaking: false,
      reason: "configurations that omit it leave the value to the service",
    };
  }
  return {
    ...base,
    kind: "defaultChanged",
    summary: `default ${JSON.stringify(before.default)} → ${JSON.stringify(after.default)}`,
    breaking: true,
    reason: "objects whose configuration omits it are updated to the new default",
  };
}

function boundChanges(before: ModelNode, after: ModelNode): Draft[] {
  const out: Draft[] = [];
  for (const keyword of BOUND_KEYWORDS) {
    const b = before.bounds[keyword];
    const a = after.bounds[keyword];
    if (b === a) continue;
    const lower = LOWER_BOUNDS.has(keyword);
    // A lower bound narrows when it appears or rises; an upper bound when it appears or falls.
    const narrowed = a !== undefined && (b === undefined || (lower ? a > b : a < b));
    const summary = `${keyword} ${b ?? "none"} → ${a ?? "none"}`;
    out.push({
      kind: "boundChanged",
      keyword,
      summary,
      ...(b !== undefined && { before: b }),
      ...(a !== undefined && { after: a }),
      breaking: narrowed && !after.readOnly,
      reason: !narrowed ? "accepts more values" : after.readOnly ? NOT_VALIDATED : "accepts fewer values",
    });
  }
  return out;
}

function comparedChanges(before: ModelNode, after: ModelNode): Draft[] {
  const out: Draft[] = [];
  if (before.shape !== after.shape) {
    out.push({
      kind: "typeChanged",
      summary: `type ${before.shape} → ${after.shape}`,
      before: before.shape,
      after: after.shape,
      breaking: true,
      reason: "the Terraform type changes: configurations and references must change",
    });
  }
  out.push(...flagChanges(before, after));
  const d = defaultChange(before, after);
  if (d) out.push(d);
  const e = enumChange(before, after);
  if (e) out.push(e);
  const p = patternChange(before, after);
  if (p) out.push(p);
  out.push(...boundChanges(before, after));
  return out;
}

/**
 * A property present on one side only is reported where its parent exists on both sides with the
 * same shape: the topmost added/removed property. Below it, or below a type change, it is implied.
 */
function isTopmost(
  node: ModelNode,
  other: ReadonlyMap<string, ModelNode>,
  own: ReadonlyMap<string, ModelNode>,
) {
  if (node.parentPointer === undefined) return true;
  const otherParent = other.get(node.parentPointer);
  const ownParent = own.get(node.parentPointer);
  return otherParent !== undefined && ownParent !== undefined && otherParent.shape === ownParent.shape;
}

export function propertyChanges(before: PropertySide, after: PropertySide): Change[] {
  const pointers = new Set([...before.nodes.keys(), ...after.nodes.keys()]);
  const out: Change[] = [];
  for (const pointer of pointers) {
    const b = before.nodes.get(pointer);
    const a = after.nodes.get(pointer);
    let drafts: Draft[] = [];
    let tfPath: string | undefined;
    if (a && b) {
      drafts = comparedChanges(b, a);
      tfPath = terraformPathOf(after.tfPaths, a.path) ?? terraformPathOf(before.tfPaths, b.path);
    } else if (a && isTopmost(a, before.nodes, after.nodes)) {
      drafts = [propertyAdded(a)];
      tfPath = terraformPathOf(after.tfPaths, a.path);
    } else if (b && isTopmost(b, after.nodes, before.nodes)) {
      drafts = [propertyRemoved()];
      tfPath = terraformPathOf(before.tfPaths, b.path);
    }
    for (const d of drafts) out.push({ ...d, pointer, ...(tfPath !== undefined && { tfPath }) });
  }
  return out;
}
