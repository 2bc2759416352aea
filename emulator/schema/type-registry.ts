// The emulator's type registry: a resource type's schema plus what the handlers need from it
// (identifier, read-only, write-only and create-only paths, which handlers exist, a validator).
import type { Ajv } from "ajv";
import type { JsonObject } from "../types.js";
import { isAtOrBelow, isJsonObject, parseSchemaPointer } from "./pointers.js";
import type { SchemaSource } from "../../cfn/schema-source.js";
import { compileModelValidator, createAjv, type ModelValidator } from "./validator.js";

export const HANDLER_NAMES = ["create", "read", "update", "delete", "list"] as const;
export type HandlerName = (typeof HANDLER_NAMES)[number];

export interface ResourceType {
  readonly typeName: string;
  readonly schema: JsonObject;
  /** `AWS::Logs::LogGroup` → `Logs`. */
  readonly namespace: string;
  /** `AWS::Logs::LogGroup` → `LogGroup`. */
  readonly resourceName: string;
  readonly primaryIdentifier: readonly string[][];
  readonly additionalIdentifiers: readonly (readonly string[][])[];
  /** Read-only paths a caller may not set (see `generated` for the ambiguous ones). */
  readonly readOnly: readonly string[][];
  /** Every declared read-only path: values the create handler fills in when they are missing. */
  readonly generated: readonly string[][];
  readonly writeOnly: readonly string[][];
  readonly createOnly: readonly string[][];
  readonly handlers: ReadonlySet<HandlerName>;
  /** The list handler's `handlerSchema` (what ResourceModel may carry), when the schema has one. */
  readonly listHandlerSchema?: JsonObject;
  /** Compiled on first call. */
  readonly validate: ModelValidator;
}

function pointerList(value: unknown): string[][] {
  if (!Array.isArray(value)) return [];
  return value
    .map((pointer) => (typeof pointer === "string" ? parseSchemaPointer(pointer) : undefined))
    .filter((path): path is string[] => path !== undefined);
}

/**
 * A few schemas declare a path read-only and also create-only or write-only (itself or something
 * below it), e.g. AWS::EC2::TransitGatewayConnectPeer BgpConfigurations. Such a path is settable
 * by the caller and generated only when left out.
 */
function settableDespiteReadOnly(readOnly: readonly string[], settable: readonly string[][]): boolean {
  return settable.some((path) => isAtOrBelow(path, readOnly));
}

function describeType(typeName: string, schema: JsonObject, ajv: Ajv): ResourceType {
  const [, namespace = "", resourceName = ""] = typeName.split("::");
  const handlers = isJsonObject(schema.handlers) ? schema.handlers : {};
  const list = handlers.list;
  const listHandlerSchema =
    isJsonObject(list) && isJsonObject(list.handlerSchema) ? list.handlerSchema : undefined;
  let compiled: ModelValidator | undefined;
  const declaredReadOnly = pointerList(schema.readOnlyProperties);
  const writeOnly = pointerList(schema.writeOnlyProperties);
  const createOnly = pointerList(schema.createOnlyProperties);
  const settable = [...writeOnly, ...createOnly];
  return {
    typeName,
    schema,
    namespace,
    resourceName,
    primaryIdentifier: pointerList(schema.primaryIdentifier),
    additionalIdentifiers: Array.isArray(schema.additionalIdentifiers)
      ? schema.additionalIdentifiers.map(pointerList)
      : [],
    readOnly: declaredReadOnly.filter((path) => !settableDespiteReadOnly(path, settable)),
    generated: declaredReadOnly,
    writeOnly,
    createOnly,
    handlers: new Set(HANDLER_NAMES.filter((name) => isJsonObject(handlers[name]))),
    listHandlerSchema,
    validate: (model) => {
      compiled ??= compileModelValidator(ajv, schema);
      return compiled(model);
    },
  };
}

export class TypeRegistry {
  private readonly types = new Map<string, ResourceType | undefined>();
  private readonly ajv: Ajv;

  constructor(private readonly source: SchemaSource) {
    this.ajv = createAjv();
  }

  find(typeName: string): ResourceType | undefined {
    if (!this.types.has(typeName)) {
      const schema = this.source.get(typeName);
      this.types.set(typeName, schema ? describeType(typeName, schema, this.ajv) : undefined);
    }
    return this.types.get(typeName);
  }
}
