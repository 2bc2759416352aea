// Conversions between our model and tfplugin6 messages as protocol/proto-definitions.ts decodes them
// (snake_case fields, enum names as strings, bytes as Buffer).
import {
  type AttributePath,
  type CtyType,
  decodeJson,
  decodeMsgpack,
  encodeMsgpack,
  type TfValue,
} from "../terraform/values/index.js";
import type {
  ClientCapabilities,
  Deferred,
  DeferralReason,
  Diagnostic,
} from "../terraform/provider-backend.js";
import type { AttributeMessage, ObjectMessage, SchemaMessage } from "./schema-message.js";

export interface ProtoDynamicValue {
  readonly msgpack?: Uint8Array | null;
  readonly json?: Uint8Array | null;
}

export type ProtoPathStep =
  | { readonly attribute_name: string }
  | { readonly element_key_string: string }
  | { readonly element_key_int: number };

export interface ProtoAttributePath {
  readonly steps: readonly ProtoPathStep[];
}

export interface ProtoDiagnostic {
  readonly severity: "ERROR" | "WARNING";
  readonly summary: string;
  readonly detail: string;
  readonly attribute: ProtoAttributePath | null;
}

export interface ProtoClientCapabilities {
  readonly deferral_allowed?: boolean;
  readonly write_only_attributes_allowed?: boolean;
}

/** Terraform sends msgpack; JSON is accepted too; neither means null. */
export function decodeDynamicValue(type: CtyType, value: ProtoDynamicValue | null | undefined): TfValue {
  if (value?.msgpack && value.msgpack.length > 0) return decodeMsgpack(type, value.msgpack);
  if (value?.json && value.json.length > 0) return decodeJson(type, value.json);
  return null;
}

/** We always answer in msgpack (the wire-format document requires it of servers). */
export function encodeDynamicValue(type: CtyType, value: TfValue | undefined): { msgpack: Buffer } {
  const bytes = encodeMsgpack(type, value);
  return { msgpack: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

export function toProtoPath(path: AttributePath): ProtoAttributePath {
  return {
    steps: path.map((step): ProtoPathStep => {
      if ("attribute" in step) return { attribute_name: step.attribute };
      if ("key" in step) return { element_key_string: step.key };
      return { element_key_int: step.index };
    }),
  };
}

/** The reverse of toProtoPath (decoding adds `selector` naming the member that is set). */
export function fromProtoPath(
  path: { readonly steps?: readonly Record<string, unknown>[] } | null | undefined,
): AttributePath {
  return (path?.steps ?? []).map((step) => {
    const selector =
      (step.selector as string | undefined) ?? Object.keys(step).find((k) => step[k] !== undefined);
    if (selector === "attribute_name") return { attribute: String(step.attribute_name) };
    if (selector === "element_key_string") return { key: String(step.element_key_string) };
    return { index: Number(step.element_key_int) };
  });
}

export function toProtoDiagnostic(diagnostic: Diagnostic): ProtoDiagnostic {
  return {
    severity: diagnostic.severity === "warning" ? "WARNING" : "ERROR",
    summary: diagnostic.summary,
    detail: diagnostic.detail ?? "",
    attribute: diagnostic.path && diagnostic.path.length > 0 ? toProtoPath(diagnostic.path) : null,
  };
}

export const toProtoDiagnostics = (diagnostics: readonly Diagnostic[] | undefined): ProtoDiagnostic[] =>
  (diagnostics ?? []).map(toProtoDiagnostic);

export function clientCapabilitiesFromProto(
  value: ProtoClientCapabilities | null | undefined,
): ClientCapabilities {
  return {
    deferralAllowed: value?.deferral_allowed === true,
    writeOnlyAttributesAllowed: value?.write_only_attributes_allowed === true,
  };
}

const DEFERRAL_REASONS: Readonly<Record<DeferralReason, string>> = {
  unknown: "UNKNOWN",
  resourceConfigUnknown: "RESOURCE_CONFIG_UNKNOWN",
  providerConfigUnknown: "PROVIDER_CONFIG_UNKNOWN",
  absentPrerequisite: "ABSENT_PREREQ",
};

export const toProtoDeferred = (deferred: Deferred | undefined): { reason: string } | null =>
  deferred ? { reason: DEFERRAL_REASONS[deferred.reason] } : null;

// --- schemas ---

function toProtoAttribute(attribute: AttributeMessage): Record<string, unknown> {
  return {
    name: attribute.name,
    type: attribute.type !== undefined ? Buffer.from(attribute.type, "utf8") : Buffer.alloc(0),
    nested_type: attribute.nestedType ? toProtoObject(attribute.nestedType) : null,
    description: attribute.description ?? "",
    description_kind: attribute.descriptionKind ?? "PLAIN",
    required: attribute.required === true,
    optional: attribute.optional === true,
    computed: attribute.computed === true,
    sensitive: attribute.sensitive === true,
    deprecated: attribute.deprecated === true,
    write_only: attribute.writeOnly === true,
  };
}

function toProtoObject(object: ObjectMessage): Record<string, unknown> {
  return { nesting: object.nesting, attributes: object.attributes.map(toProtoAttribute) };
}

export function toProtoSchema(schema: SchemaMessage): Record<string, unknown> {
  return {
    version: schema.version,
    block: {
      version: 0,
      attributes: schema.block.attributes.map(toProtoAttribute),
      block_types: [],
      description: schema.block.description ?? "",
      description_kind: schema.block.descriptionKind ?? "PLAIN",
      deprecated: schema.block.deprecated === true,
    },
  };
}
