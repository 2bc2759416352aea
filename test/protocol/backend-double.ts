// PROTOCOL TEST DOUBLE — not the Cloud Control runtime. A ProviderBackend that keeps "remote"
// objects in memory (optionally mirrored to a JSON file so that the objects outlive each of the
// short-lived provider processes Terraform starts), plans by marking unset computed attributes
// unknown, and applies by inventing values for them. It exists to drive the wire layer.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Attribute, Attributes } from "../../terraform/schema/types.js";
import {
  type CtyType,
  definitionImpliedType,
  isNumber,
  isRecord,
  isUnknown,
  makeRecord,
  numberToDouble,
  type PathStep,
  type TfRecord,
  type TfValue,
  Unknown,
  attributesOf,
} from "../../terraform/values/index.js";
import type { Logger } from "../../terraform/logger.js";
import {
  type Diagnostic,
  errorDiagnostic,
  type ProviderBackend,
  type ReadResourceResponse,
} from "../../terraform/provider-backend.js";

interface StoredObject {
  readonly typeName: string;
  readonly name: string;
}

export interface BackendDoubleOptions {
  /** JSON file mirroring the remote objects; in memory only when absent. */
  readonly storePath?: string;
  readonly logger?: Logger;
  /** Records every backend call by name, for assertions. */
  readonly calls?: string[];
}

export function createBackendDouble(options: BackendDoubleOptions = {}): ProviderBackend {
  const store = new ObjectStore(options.storePath);
  const record = (name: string) => options.calls?.push(name);
  let counter = 0;

  return {
    validateProviderConfig: ({ config }) => {
      record("validateProviderConfig");
      const region = isRecord(config) ? config.region : null;
      return typeof region === "string" && region === ""
        ? {
            diagnostics: [
              errorDiagnostic("Invalid region", "region must not be empty", [{ attribute: "region" }]),
            ],
          }
        : {};
    },
    configureProvider: () => {
      record("configureProvider");
      return {};
    },
    validateResourceConfig: ({ config }) => {
      record("validateResourceConfig");
      return { diagnostics: checkRanges(config) };
    },
    validateDataResourceConfig: () => {
      record("validateDataResourceConfig");
      return {};
    },
    readResource: ({ currentState }): ReadResourceResponse => {
      record("readResource");
      const id = isRecord(currentState) ? currentState.id : null;
      if (typeof id !== "string" || !store.has(id)) return { newState: null }; // gone: Terraform plans a create
      return { newState: currentState };
    },
    planResourceChange: ({ definition, priorState, proposedNewState }) => {
      record("planResourceChange");
      // On create, unset computed attributes become unknown; on update Terraform's proposal already
      // carries their prior values, and the double changes nothing remotely on its own.
      const planned =
        priorState === null ? markComputedUnknown(definition.attributes, proposedNewState) : proposedNewState;
      const requiresReplace: PathStep[][] = [];
      if (isRecord(priorState)) {
        for (const [name, attribute] of Object.entries(definition.attributes)) {
          if (attribute.planModifiers?.some((m) => m.kind === "requiresReplace"))
            requiresReplace.push([{ attribute: name }]);
        }
      }
      return { plannedState: planned, requiresReplace };
    },
    applyResourceChange: ({ typeName, definition, priorState, plannedState }) => {
      record("applyResourceChange");
      if (plannedState === null) {
        const id = isRecord(priorState) ? priorState.id : null;
        if (typeof id === "string") store.delete(id);
        return { newState: null };
      }
      const id =
        isRecord(priorState) && typeof priorState.id === "string"
          ? priorState.id
          : `${typeName.replace(/^awscc_test_/, "")}-${process.pid}-${++counter}`;
      const filled = fillUnknowns(definitionImpliedType(definition), plannedState, [], {
        id,
        typeName,
      }) as TfRecord;
      store.put(id, { typeName, name: String(filled.name) });
      return { newState: filled, private: new TextEncoder().encode(JSON.stringify({ createdBy: "double" })) };
    },
    importResourceState: ({ typeName, definition, id }) => {
      record("importResourceState");
      const type = definitionImpliedType(definition);
      const state = makeRecord(Object.keys(type.attributes).map((name) => [name, name === "id" ? id : null]));
      return { importedResources: [{ typeName, state }] };
    },
    readDataSource: ({ definition, config }) => {
      record("readDataSource");
      const type = definitionImpliedType(definition);
      if (definition.kind === "pluralDataSource") {
        return {
          state: makeRecord([
            ["id", "us-test-1"],
            ["ids", store.ids()],
          ]),
        };
      }
      const id = isRecord(config) ? String(config.id) : "";
      const filled = fillUnknowns(type, markComputedUnknown(attributesOf(definition), config), [], {
        id,
        typeName: definition.tfTypeName,
      });
      return { state: filled };
    },
    stop: () => {
      record("stop");
    },
  };
}

/** Every computed attribute left null in the proposed value becomes "known after apply". */
function markComputedUnknown(attributes: Attributes, value: TfValue): TfValue {
  if (!isRecord(value)) return value;
  return makeRecord(
    Object.entries(attributes).map(([name, attribute]) => {
      const current = value[name] ?? null;
      if (current === null) return [name, attribute.computed ? new Unknown() : null];
      return [name, markNested(attribute, current)];
    }),
  );
}

function markNested(attribute: Attribute, value: TfValue): TfValue {
  const type = attribute.type;
  if (isUnknown(value) || !("attributes" in type)) return value;
  switch (type.kind) {
    case "object":
      return markComputedUnknown(type.attributes, value);
    case "listNested":
    case "setNested":
      return (value as readonly TfValue[]).map((element) => markComputedUnknown(type.attributes, element));
    case "mapNested": {
      const map = value as TfRecord;
      return makeRecord(
        Object.keys(map).map((key) => [key, markComputedUnknown(type.attributes, map[key] ?? null)]),
      );
    }
  }
}

/** Replaces every unknown with an invented, deterministic value of the right type. */
function fillUnknowns(
  type: CtyType,
  value: TfValue,
  path: PathStep[],
  context: { id: string; typeName: string },
): TfValue {
  if (isUnknown(value)) return invent(type, path, context, value);
  if (value === null) return null;
  switch (type.kind) {
    case "list":
    case "set":
      return (value as readonly TfValue[]).map((element, i) =>
        fillUnknowns(type.element, element, [...path, { index: i }], context),
      );
    case "map": {
      const map = value as TfRecord;
      return makeRecord(
        Object.keys(map).map((key) => [
          key,
          fillUnknowns(type.element, map[key] ?? null, [...path, { key }], context),
        ]),
      );
    }
    case "object": {
      const object = value as TfRecord;
      return makeRecord(
        Object.keys(type.attributes).map((name) => [
          name,
          fillUnknowns(
            type.attributes[name] as CtyType,
            object[name] ?? null,
            [...path, { attribute: name }],
            context,
          ),
        ]),
      );
    }
    default:
      return value;
  }
}

function invent(
  type: CtyType,
  path: PathStep[],
  context: { id: string; typeName: string },
  unknown: Unknown,
): TfValue {
  const last = path[path.length - 1];
  const name = last && "attribute" in last ? last.attribute : "";
  switch (type.kind) {
    case "string":
      if (name === "id") return context.id;
      if (name === "arn") return `arn:test:${context.typeName}:${context.id}`;
      if (name === "created_at") return "2024-01-02T03:04:05Z";
      return `${unknown.refinements?.stringPrefix ?? ""}generated-${name || "value"}`;
    case "number":
      return name === "retries" ? 3 : 7;
    case "bool":
      return true;
    case "list":
    case "set":
    case "tuple":
      return [];
    case "map":
      return makeRecord();
    case "object":
      return makeRecord(Object.keys(type.attributes).map((n) => [n, null]));
    case "dynamic":
      return null;
  }
}

/** The double's only validation: `size`, when known, must not be negative. */
function checkRanges(config: TfValue): Diagnostic[] {
  const size = isRecord(config) ? config.size : null;
  if (isNumber(size) && numberToDouble(size) < 0) {
    return [errorDiagnostic("Invalid Attribute Value", "size must be at least 0", [{ attribute: "size" }])];
  }
  return [];
}

class ObjectStore {
  private readonly objects = new Map<string, StoredObject>();
  constructor(private readonly path: string | undefined) {
    if (path && existsSync(path)) {
      const saved = JSON.parse(readFileSync(path, "utf8")) as Record<string, StoredObject>;
      for (const [id, object] of Object.entries(saved)) this.objects.set(id, object);
    }
  }
  has(id: string): boolean {
    this.reload();
    return this.objects.has(id);
  }
  ids(): string[] {
    this.reload();
    return [...this.objects.keys()].sort();
  }
  put(id: string, object: StoredObject): void {
    this.reload();
    this.objects.set(id, object);
    this.save();
  }
  delete(id: string): void {
    this.reload();
    this.objects.delete(id);
    this.save();
  }
  private reload(): void {
    if (!this.path || !existsSync(this.path)) return;
    this.objects.clear();
    const saved = JSON.parse(readFileSync(this.path, "utf8")) as Record<string, StoredObject>;
    for (const [id, object] of Object.entries(saved)) this.objects.set(id, object);
  }
  private save(): void {
    if (this.path) writeFileSync(this.path, JSON.stringify(Object.fromEntries(this.objects), null, 2));
  }
}
