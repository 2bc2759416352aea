// The contract between the wire layer (server.ts) and whatever implements the provider's behaviour.
// The server decodes every DynamicValue with the right implied type before calling a backend and
// encodes what it returns, so a backend only ever sees Terraform values (terraform/values).
import type {
  PluralDataSourceDefinition,
  ResourceDefinition,
  SingularDataSourceDefinition,
} from "./schema/types.js";
import type { AttributePath, TfValue } from "./values/index.js";

export type MaybePromise<T> = T | Promise<T>;

export type Severity = "error" | "warning";

/** A user-facing problem; with a path Terraform points at that attribute of the configuration. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail?: string;
  readonly path?: AttributePath;
}

export const errorDiagnostic = (summary: string, detail?: string, path?: AttributePath): Diagnostic => ({
  severity: "error",
  summary,
  ...(detail !== undefined ? { detail } : {}),
  ...(path !== undefined ? { path } : {}),
});

export const warningDiagnostic = (summary: string, detail?: string, path?: AttributePath): Diagnostic => ({
  severity: "warning",
  summary,
  ...(detail !== undefined ? { detail } : {}),
  ...(path !== undefined ? { path } : {}),
});

export const hasErrors = (diagnostics: readonly Diagnostic[] | undefined): boolean =>
  (diagnostics ?? []).some((d) => d.severity === "error");

export interface ClientCapabilities {
  /** Terraform accepts `deferred` answers (only in walks where it says so). */
  readonly deferralAllowed: boolean;
  readonly writeOnlyAttributesAllowed: boolean;
}

export type DeferralReason =
  "unknown" | "resourceConfigUnknown" | "providerConfigUnknown" | "absentPrerequisite";

export interface Deferred {
  readonly reason: DeferralReason;
}

export type DataSourceDefinition = SingularDataSourceDefinition | PluralDataSourceDefinition;

export interface DiagnosticsResponse {
  readonly diagnostics?: readonly Diagnostic[];
}

// --- provider ---

export interface ValidateProviderConfigRequest {
  /** May contain unknowns. */
  readonly config: TfValue;
}

export interface ConfigureProviderRequest {
  readonly terraformVersion: string;
  /** May contain unknowns during plan. */
  readonly config: TfValue;
  readonly clientCapabilities: ClientCapabilities;
}

// --- managed resources ---

export interface ValidateResourceConfigRequest {
  readonly typeName: string;
  readonly definition: ResourceDefinition;
  /** May contain unknowns. */
  readonly config: TfValue;
  readonly clientCapabilities: ClientCapabilities;
}

export interface RawState {
  /** The stored attributes as JSON text, written under the schema version in `version`. */
  readonly json?: string;
  /** Pre-0.12 flatmap state; not expected for this provider. */
  readonly flatmap?: Readonly<Record<string, string>>;
}

export interface UpgradeResourceStateRequest {
  readonly typeName: string;
  readonly definition: ResourceDefinition;
  /** The schema version the state was written with. */
  readonly version: number;
  readonly rawState: RawState;
}

export interface UpgradeResourceStateResponse extends DiagnosticsResponse {
  /** Under the current schema, wholly known. */
  readonly upgradedState: TfValue;
}

export interface ReadResourceRequest {
  readonly typeName: string;
  readonly definition: ResourceDefinition;
  readonly currentState: TfValue;
  readonly private: Uint8Array;
  readonly providerMeta: TfValue;
  readonly clientCapabilities: ClientCapabilities;
}

export interface ReadResourceResponse extends DiagnosticsResponse {
  /** The object as it is now, or null when it no longer exists. */
  readonly newState: TfValue;
  /** Replaces the stored private bytes; omit to keep the request's. */
  readonly private?: Uint8Array;
  readonly deferred?: Deferred;
}

export interface PlanResourceChangeRequest {
  readonly typeName: string;
  readonly definition: ResourceDefinition;
  /** Null on create. */
  readonly priorState: TfValue;
  /** Terraform's merge of prior and config; never null here (destroy plans are answered by the server). */
  readonly proposedNewState: TfValue;
  readonly config: TfValue;
  readonly priorPrivate: Uint8Array;
  readonly providerMeta: TfValue;
  readonly clientCapabilities: ClientCapabilities;
}

export interface PlanResourceChangeResponse extends DiagnosticsResponse {
  readonly plannedState: TfValue;
  readonly requiresReplace?: readonly AttributePath[];
  /** Omit to pass the prior private bytes through. */
  readonly plannedPrivate?: Uint8Array;
  readonly deferred?: Deferred;
}

export interface ApplyResourceChangeRequest {
  readonly typeName: string;
  readonly definition: ResourceDefinition;
  /** Null on create. */
  readonly priorState: TfValue;
  /** Null on destroy. */
  readonly plannedState: TfValue;
  readonly config: TfValue;
  readonly plannedPrivate: Uint8Array;
  readonly providerMeta: TfValue;
}

export interface ApplyResourceChangeResponse extends DiagnosticsResponse {
  /** Wholly known; null after a destroy. With errors, what exists (null keeps the prior state). */
  readonly newState: TfValue;
  readonly private?: Uint8Array;
}

export interface ImportResourceStateRequest {
  readonly typeName: string;
  readonly definition: ResourceDefinition;
  /** Empty when Terraform imports by identity. */
  readonly id: string;
  /** Import by identity (Terraform 1.12+): the identity object, decoded with the identity type. */
  readonly identity?: TfValue;
  readonly clientCapabilities: ClientCapabilities;
}

export interface ImportedResource {
  /** Defaults to the requested type. */
  readonly typeName?: string;
  /** May be partial (e.g. only the id); Terraform reads the object next. */
  readonly state: TfValue;
  readonly private?: Uint8Array;
}

export interface ImportResourceStateResponse extends DiagnosticsResponse {
  readonly importedResources: readonly ImportedResource[];
  readonly deferred?: Deferred;
}

// --- data sources ---

export interface ValidateDataResourceConfigRequest {
  readonly typeName: string;
  readonly definition: DataSourceDefinition;
  readonly config: TfValue;
}

export interface ReadDataSourceRequest {
  readonly typeName: string;
  readonly definition: DataSourceDefinition;
  /** Wholly known. */
  readonly config: TfValue;
  readonly providerMeta: TfValue;
  readonly clientCapabilities: ClientCapabilities;
}

export interface ReadDataSourceResponse extends DiagnosticsResponse {
  /** Non-null and wholly known. */
  readonly state: TfValue;
  readonly deferred?: Deferred;
}

// --- resource identity and list resources (protocol 6.9 / 6.10) ---

export interface ResourceIdentityRequest {
  readonly definition: ResourceDefinition;
  /** A planned, new, refreshed or imported state (may hold unknowns in a plan). */
  readonly state: TfValue;
}

export interface ListResourceRequest {
  readonly typeName: string;
  readonly definition: ResourceDefinition;
  readonly config: TfValue;
  readonly includeResource: boolean;
}

export interface ListResourceResult {
  readonly identity?: TfValue;
  readonly displayName?: string;
  /** The object's full state, when asked for. */
  readonly resourceObject?: TfValue;
  readonly diagnostics?: readonly Diagnostic[];
}

/** Everything the provider does, in Terraform's terms. Calls may arrive concurrently. */
export interface ProviderBackend {
  validateProviderConfig(request: ValidateProviderConfigRequest): MaybePromise<DiagnosticsResponse>;
  configureProvider(request: ConfigureProviderRequest): MaybePromise<DiagnosticsResponse>;
  validateResourceConfig(request: ValidateResourceConfigRequest): MaybePromise<DiagnosticsResponse>;
  validateDataResourceConfig(request: ValidateDataResourceConfigRequest): MaybePromise<DiagnosticsResponse>;
  /**
   * Optional. Without it the server decodes `rawState.json` with the current schema when the stored
   * version equals the current one, and reports an error otherwise.
   */
  upgradeResourceState?(request: UpgradeResourceStateRequest): MaybePromise<UpgradeResourceStateResponse>;
  readResource(request: ReadResourceRequest): MaybePromise<ReadResourceResponse>;
  planResourceChange(request: PlanResourceChangeRequest): MaybePromise<PlanResourceChangeResponse>;
  applyResourceChange(request: ApplyResourceChangeRequest): MaybePromise<ApplyResourceChangeResponse>;
  importResourceState(request: ImportResourceStateRequest): MaybePromise<ImportResourceStateResponse>;
  readDataSource(request: ReadDataSourceRequest): MaybePromise<ReadDataSourceResponse>;
  /**
   * Optional (resource identity). The identity the state names, or undefined for none (no object,
   * or no session to say which account and region). Without it the provider declares no identities.
   */
  resourceIdentity?(request: ResourceIdentityRequest): TfValue | undefined;
  /** Optional (list resources): the type's objects, streamed; Terraform may stop reading early. */
  listResource?(request: ListResourceRequest): AsyncIterable<ListResourceResult>;
  /** Terraform asks in-flight work to stop (Ctrl-C). Throwing reports the message back. */
  stop(): MaybePromise<void>;
}
