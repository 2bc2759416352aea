// Type-level changes: primary identifier, handlers and their permissions, and which Terraform
// resources/data sources the generator produces for the type (from the generation plan).
import type { CfnResourceSchema } from "../model/cfn-schema.js";
import type { ModuleKind } from "../model/resource-model.js";
import type { PlannedType } from "../pipeline/plan.js";
import { type Change, compareText } from "./change.js";

export const MODULE_KINDS: readonly ModuleKind[] = ["resource", "singularDataSource", "pluralDataSource"];

export const MODULE_LABEL: Readonly<Record<ModuleKind, string>> = {
  resource: "resource",
  singularDataSource: "data source",
  pluralDataSource: "plural data source",
};

/** What the plan generates for a type: module kind → Terraform type name; why others are absent. */
export interface GeneratedModules {
  readonly names: ReadonlyMap<ModuleKind, string>;
  readonly suppressed: ReadonlyMap<ModuleKind, string>;
}

export function generatedModules(planned: PlannedType | undefined): GeneratedModules {
  const names = new Map<ModuleKind, string>();
  const suppressed = new Map<ModuleKind, string>();
  for (const d of planned?.definitions ?? []) names.set(d.kind, d.tfTypeName);
  for (const s of planned?.suppressed ?? []) if (!names.has(s.module)) suppressed.set(s.module, s.reason);
  if (!planned) for (const k of MODULE_KINDS) suppressed.set(k, "the schema could not be modelled");
  return { names, suppressed };
}

export function identifierChanges(before: CfnResourceSchema, after: CfnResourceSchema): Change[] {
  const b = Array.isArray(before.primaryIdentifier) ? before.primaryIdentifier : [];
  const a = Array.isArray(after.primaryIdentifier) ? after.primaryIdentifier : [];
  if (b.length === a.length && b.every((p, i) => p === a[i])) return [];
  return [
    {
      kind: "primaryIdentifierChanged",
      summary: `primary identifier [${b.join(", ")}] → [${a.join(", ")}]`,
      before: [...b],
      after: [...a],
      breaking: true,
      reason: "import IDs and the Cloud Control identifier change; existing state holds the old form",
    },
  ];
}

type Handlers = NonNullable<CfnResourceSchema["handlers"]>;

function handlersOf(schema: CfnResourceSchema): Readonly<Record<string, Handlers[keyof Handlers]>> {
  const h = schema.handlers;
  return h !== null && typeof h === "object" ? (h as Record<string, Handlers[keyof Handlers]>) : {};
}

function permissionsOf(handler: Handlers[keyof Handlers]): string[] {
  const p = handler?.permissions;
  return Array.isArray(p) ? p.filter((x): x is string => typeof x === "string") : [];
}

const OPERATION_VERB: Readonly<Record<string, string>> = {
  create: "create",
  read: "read",
  update: "update in place",
  delete: "delete",
};

function listHandlerChange(
  kind: "handlerAdded" | "handlerRemoved",
  before: GeneratedModules,
  after: GeneratedModules,
): Change {
  const summary = kind === "handlerAdded" ? "list handler added" : "list handler removed";
  const beforeName = before.names.get("pluralDataSource");
  const afterName = after.names.get("pluralDataSource");
  if (kind === "handlerRemoved" && beforeName !== undefined && afterName === undefined) {
    return {
      kind,
      keyword: "list",
      summary,
      breaking: true,
      reason: `the plural data source ${beforeName} disappears`,
      moduleEffect: { module: "pluralDataSource", tfTypeName: beforeName, effect: "disappears" },
    };
  }
  if (kind === "handlerAdded" && afterName !== undefined && beforeName === undefined) {
    return {
      kind,
      keyword: "list",
      summary,
      breaking: false,
      reason: `the plural data source ${afterName} appears`,
      moduleEffect: { module: "pluralDataSource", tfTypeName: afterName, effect: "appears" },
    };
  }
  const why = after.suppressed.get("pluralDataSource") ?? before.suppressed.get("pluralDataSource");
  return {
    kind,
    keyword: "list",
    summary,
    breaking: false,
    reason: `no plural data source either way${why ? ` (${why})` : ""}`,
  };
}

function operationChange(kind: "handlerAdded" | "handlerRemoved", op: string): Change {
  const verb = OPERATION_VERB[op];
  const summary = `${op} handler ${kind === "handlerAdded" ? "added" : "removed"}`;
  if (kind === "handlerAdded") {
    return {
      kind,
      keyword: op,
      summary,
      breaking: false,
      reason: verb ? `Cloud Control can now ${verb}` : "new capability",
    };
  }
  return {
    kind,
    keyword: op,
    summary,
    breaking: verb !== undefined,
    reason: verb ? `Cloud Control can no longer ${verb}: those operations fail` : "not used by the provider",
  };
}

function permissionChange(op: string, before: string[], after: string[]): Change | undefined {
  const b = new Set(before);
  const a = new Set(after);
  const added = [...a].filter((p) => !b.has(p)).sort(compareText);
  const removed = [...b].filter((p) => !a.has(p)).sort(compareText);
  if (added.length === 0 && removed.length === 0) return undefined;
  const parts = [...added.map((p) => `+${p}`), ...removed.map((p) => `-${p}`)];
  return {
    kind: "handlerPermissionsChanged",
    keyword: op,
    summary: `${op} permissions ${parts.join(" ")}`,
    added,
    removed,
    breaking: false,
    reason:
      added.length > 0
        ? "the IAM role Terraform runs with may need the added permissions"
        : "fewer permissions are needed",
  };
}

/** Handler additions/removals and permission changes; the list handler decides the plural data source. */
export function handlerChanges(
  before: CfnResourceSchema,
  after: CfnResourceSchema,
  beforeModules: GeneratedModules,
  afterModules: GeneratedModules,
): Change[] {
  const b = handlersOf(before);
  const a = handlersOf(after);
  const ops = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort(compareText);
  const out: Change[] = [];
  for (const op of ops) {
    const inBefore = b[op] !== undefined;
    const inAfter = a[op] !== undefined;
    if (inBefore && inAfter) {
      const p = permissionChange(op, permissionsOf(b[op]), permissionsOf(a[op]));
      if (p) out.push(p);
      continue;
    }
    const kind = inAfter ? "handlerAdded" : "handlerRemoved";
    out.push(
      op === "list" ? listHandlerChange(kind, beforeModules, afterModules) : operationChange(kind, op),
    );
  }
  return out;
}

/** Resources and data sources that appear or disappear, except those a handler change explains. */
export function moduleChanges(
  before: GeneratedModules,
  after: GeneratedModules,
  explained: ReadonlySet<ModuleKind>,
): Change[] {
  const out: Change[] = [];
  for (const module of MODULE_KINDS) {
    if (explained.has(module)) continue;
    const b = before.names.get(module);
    const a = after.names.get(module);
    if (b !== undefined && a === undefined) {
      out.push({
        kind: "moduleRemoved",
        keyword: module,
        summary: `${MODULE_LABEL[module]} ${b} no longer generated`,
        breaking: true,
        reason: after.suppressed.get(module) ?? "no longer generated",
        moduleEffect: { module, tfTypeName: b, effect: "disappears" },
      });
    } else if (a !== undefined && b === undefined) {
      out.push({
        kind: "moduleAdded",
        keyword: module,
        summary: `${MODULE_LABEL[module]} ${a} now generated`,
        breaking: false,
        reason: `new ${MODULE_LABEL[module]}${before.suppressed.has(module) ? ` (before: ${before.suppressed.get(module)})` : ""}`,
        moduleEffect: { module, tfTypeName: a, effect: "appears" },
      });
    }
  }
  return out;
}
