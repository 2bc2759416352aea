// The provider's behaviour behind the plugin protocol: a ProviderBackend that plans locally and
// applies, reads and imports through Cloud Control. Each RPC gets the resource definition from the
// server; the backend holds only the configured AWS session and the cancellation state.
import {
  type ApplyResourceChangeRequest,
  type ApplyResourceChangeResponse,
  type ConfigureProviderRequest,
  type Diagnostic,
  type DiagnosticsResponse,
  errorDiagnostic,
  hasErrors,
  type ImportResourceStateRequest,
  type ImportResourceStateResponse,
  type ListResourceRequest,
  type ListResourceResult,
  type MaybePromise,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type ProviderBackend,
  type ReadDataSourceRequest,
  type ReadDataSourceResponse,
  type ReadResourceRequest,
  type ReadResourceResponse,
  type ResourceIdentityRequest,
  type UpgradeResourceStateRequest,
  type UpgradeResourceStateResponse,
  type ValidateDataResourceConfigRequest,
  type ValidateProviderConfigRequest,
  type ValidateResourceConfigRequest,
} from "../../terraform/provider-backend.js";
import type { Logger } from "../../terraform/logger.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { createResource } from "../apply/create.js";
import { type OperationContext, definitionTimeoutMs, type ResourceOperation } from "../apply/context.js";
import type { ApplyOutcome } from "../apply/create.js";
import { deleteResource } from "../apply/delete.js";
import { carryTimeouts, explainTimeout, withConfiguredTimeouts } from "../apply/resource-timeouts.js";
import { updateResource } from "../apply/update.js";
import { answerFindings } from "../apply/service-answer.js";
import type { CloudControlApi } from "../cloudcontrol/client.js";
import { newClientToken } from "../cloudcontrol/client-token.js";
import { describeError } from "../cloudcontrol/errors.js";
import { describeInFlight, InFlightRequests } from "../cloudcontrol/in-flight.js";
import { DEFAULT_WAIT_TIMING, type WaitTiming } from "../cloudcontrol/waiter.js";
import { DesiredStateError, toDesiredState } from "../convert/to-cfn.js";
import { readPluralDataSource, readSingularDataSource } from "../datasource/read-data-source.js";
import { planResource } from "../plan/plan-resource.js";
import { priorInConfiguredForms } from "../plan/prior-in-configured-forms.js";
import { identifierFromIdentity, identityFromState } from "../../terraform/identity/identity.js";
import { listResources } from "../list/list-resources.js";
import { importStub } from "../read/import-resource.js";
import { readResource } from "../read/read-resource.js";
import { upgradeState } from "../read/upgrade-state.js";
import { configuredPaths } from "../plan/configured-paths.js";
import { decodePrivateRecord, encodePrivateRecord, type PrivateRecord } from "../state/configured-record.js";
import { DesiredStateSchemaValidator, type PrecompiledValidators } from "../validate/desired-state-schema.js";
import { directorySchemaSource, type SchemaSource } from "../../cfn/schema-source.js";
import { invalidJsonStrings } from "../validate/json-strings.js";
import { validateConfig } from "../validate/validators.js";
import type { TfValue } from "../../terraform/values/value.js";
import type { AwsSession } from "./aws-session.js";
import { readProviderSettings } from "./settings.js";
import {
  nullWriteOnlyArguments,
  withSecretsInOriginals,
  writeOnlySecretsToSend,
} from "../state/write-only-arguments.js";
import { writeOnlyArgumentDiagnostics } from "../validate/write-only-arguments.js";
import {
  type DefaultTags,
  NO_DEFAULT_TAGS,
  splitTagsAfterApply,
  splitTagsAfterRead,
  tagsForCloudControl,
} from "../tags/tags-all-state.js";

export interface CloudControlBackendOptions {
  /** CloudFormation schemas for desired-state validation; `null` turns that check off. */
  readonly schemaSource?: SchemaSource | null;
  /** Desired-state validators compiled ahead of time, tried before compiling from schemaSource. */
  readonly precompiledValidators?: PrecompiledValidators;
  /** Status polling delays (awscc: 5 s .. 120 s). */
  readonly waitTiming?: WaitTiming;
  /** Transport retry backoff per attempt, in ms. */
  readonly retryBackoffMs?: (attempt: number) => number;
  /** Per-operation time limit; defaults to the type's handler timeouts (0 ⇒ 120 min). */
  readonly operationTimeoutMs?: (definition: ResourceDefinition, operation: ResourceOperation) => number;
  readonly env?: NodeJS.ProcessEnv;
  readonly providerVersion?: string;
  /** The provider's log (stderr for Terraform): configuration and abandoned requests. */
  readonly logger?: Pick<Logger, "debug" | "warn">;
}

interface Configured {
  readonly session: AwsSession;
  readonly api: CloudControlApi;
}

const notConfigured = (): Diagnostic =>
  errorDiagnostic(
    "Provider Not Configured",
    "The provider must be configured before resources or data sources are used.",
  );

export class CloudControlBackend implements ProviderBackend {
  private configured: Configured | undefined;
  private defaultTags: DefaultTags = NO_DEFAULT_TAGS;
  private stopController = new AbortController();
  private readonly inFlight = new InFlightRequests();
  private readonly schemaValidator: DesiredStateSchemaValidator | undefined;

  constructor(private readonly options: CloudControlBackendOptions = {}) {
    const source = options.schemaSource === undefined ? directorySchemaSource() : options.schemaSource;
    this.schemaValidator = source
      ? new DesiredStateSchemaValidator(source, options.precompiledValidators)
      : undefined;
  }

  /** The configured session's account and region (undefined before ConfigureProvider). */
  get session(): { readonly accountId: string; readonly region: string } | undefined {
    const session = this.configured?.session;
    return session ? { accountId: session.accountId, region: session.region } : undefined;
  }

  /** Requests being waited on right now. */
  inFlightRequests(): string[] {
    return this.inFlight.list().map(describeInFlight);
  }

  private context(configured: Configured): OperationContext {
    return {
      api: configured.api,
      timing: this.options.waitTiming ?? DEFAULT_WAIT_TIMING,
      signal: this.stopController.signal,
      inFlight: this.inFlight,
      newClientToken,
      operationTimeoutMs: this.options.operationTimeoutMs ?? definitionTimeoutMs,
      now: Date.now,
    };
  }

  validateProviderConfig(request: ValidateProviderConfigRequest): DiagnosticsResponse {
    return { diagnostics: readProviderSettings(request.config, false).diagnostics };
  }

  async configureProvider(request: ConfigureProviderRequest): Promise<DiagnosticsResponse> {
    const { settings, diagnostics } = readProviderSettings(request.config, true);
    if (hasErrors(diagnostics)) return { diagnostics };
    try {
      // The AWS SDK loads here, not at start: a process Terraform starts only for schemas or
      // validation never pays for it.
      const [{ openSession }, { sdkCloudControlApi }] = await Promise.all([
        import("./aws-session.js"),
        import("../cloudcontrol/client.js"),
      ]);
      const session = await openSession(settings, {
        terraformVersion: request.terraformVersion,
        providerVersion: this.options.providerVersion ?? "0.1.0",
        env: this.options.env ?? process.env,
        ...(this.options.retryBackoffMs ? { retryBackoffMs: this.options.retryBackoffMs } : {}),
      });
      this.configured?.session.destroy();
      this.defaultTags = settings.defaultTags;
      this.configured = { session, api: sdkCloudControlApi(session.cloudControl, session.roleArn) };
      this.options.logger?.debug("Cloud Control session configured", {
        region: session.region,
        account_id: session.accountId,
      });
    } catch (error) {
      diagnostics.push(
        errorDiagnostic(
          "Invalid AWS Provider Configuration",
          `Unable to configure the AWS session: ${describeError(error)}`,
        ),
      );
    }
    return { diagnostics };
  }

  async validateResourceConfig(request: ValidateResourceConfigRequest): Promise<DiagnosticsResponse> {
    // A secret given as `<name>_wo` satisfies what CloudFormation requires of `<name>`.
    const asSent = withSecretsInOriginals(request.definition.attributes, request.config);
    const diagnostics = validateConfig(request.definition.attributes, asSent);
    diagnostics.push(
      ...writeOnlyArgumentDiagnostics(
        request.definition.attributes,
        request.config,
        request.clientCapabilities.writeOnlyAttributesAllowed,
      ),
    );
    diagnostics.push(...invalidJsonStrings(request.definition.attributes, request.config));
    if (!hasErrors(diagnostics) && this.schemaValidator) {
      diagnostics.push(...(await this.schemaValidator.validate(request.definition, asSent)));
    }
    return { diagnostics };
  }

  validateDataResourceConfig(_request: ValidateDataResourceConfigRequest): DiagnosticsResponse {
    return { diagnostics: [] };
  }

  upgradeResourceState(request: UpgradeResourceStateRequest): UpgradeResourceStateResponse {
    const outcome = upgradeState(request.definition, request.rawState.json);
    return { upgradedState: outcome.state, diagnostics: outcome.diagnostics };
  }

  async readResource(request: ReadResourceRequest): Promise<ReadResourceResponse> {
    if (!this.configured) return { newState: request.currentState, diagnostics: [notConfigured()] };
    if (request.currentState === null) return { newState: null };
    const { unreported } = decodePrivateRecord(request.private);
    return this.readAsTerraform(
      this.context(this.configured),
      request.definition,
      request.currentState,
      unreported,
    );
  }

  /**
   * A read as Terraform sees it: Cloud Control's object converted, its tags split into `tags` and
   * `tags_all`, and the `timeouts` Cloud Control knows nothing of carried over. ReadResource and
   * listed resource objects both come from here, so a listed object is what an import would read.
   */
  private async readAsTerraform(
    ctx: OperationContext,
    definition: ResourceDefinition,
    currentState: TfValue,
    unreported: ReadonlySet<string> = new Set(),
  ): Promise<ApplyOutcome> {
    const outcome = await readResource(
      ctx,
      definition,
      tagsForCloudControl(definition, currentState),
      unreported,
    );
    const newState = splitTagsAfterRead(definition, outcome.newState, currentState, this.defaultTags);
    return {
      newState: carryTimeouts(definition, currentState, newState),
      diagnostics: outcome.diagnostics,
    };
  }

  planResourceChange(request: PlanResourceChangeRequest): MaybePromise<PlanResourceChangeResponse> {
    const { definition } = request;
    // Refused at plan, before any apply, rather than by Cloud Control in the middle of one.
    if (definition.noCreateHandler && request.priorState === null && request.proposedNewState !== null)
      return {
        plannedState: request.proposedNewState,
        requiresReplace: [],
        diagnostics: [
          errorDiagnostic(
            "Resource Type Cannot Be Created",
            `${definition.cfnTypeName} has no create handler in its CloudFormation schema, so Cloud Control refuses to create it (UnsupportedActionException). Manage it with CloudFormation or another provider (such as hashicorp/aws).`,
          ),
        ],
      };
    const priorRecord = decodePrivateRecord(request.priorPrivate);
    // A value the state holds in a form the schema declares for the configured one (after an
    // import) is compared in the configuration's form; only types with such forms wait for it.
    if (definition.propertyTransforms !== undefined && request.priorState !== null && request.config !== null)
      return priorInConfiguredForms(
        definition,
        request.priorState,
        nullWriteOnlyArguments(definition, request.config),
        priorRecord.writeOnlyUnknown, // the import marker: the prior is what an import read
      ).then((prior) => this.planAgainst(request, prior, priorRecord));
    return this.planAgainst(request, request.priorState, priorRecord);
  }

  private planAgainst(
    request: PlanResourceChangeRequest,
    prior: TfValue,
    priorRecord: PrivateRecord,
  ): PlanResourceChangeResponse {
    // Write-only arguments are not planned: seen by the plan, a configured secret against its
    // always-null state would look like a change on every run.
    const result = planResource({
      definition: request.definition,
      prior,
      proposed: nullWriteOnlyArguments(request.definition, request.proposedNewState),
      config: nullWriteOnlyArguments(request.definition, request.config),
      writeOnlyUnknown: priorRecord.writeOnlyUnknown,
      configuredBefore: priorRecord.configured,
      defaultTags: this.defaultTags,
    });
    const diagnostics: Diagnostic[] = [];
    try {
      toDesiredState(request.definition.attributes, result.planned); // e.g. a JSON attribute that is not JSON
    } catch (error) {
      if (!(error instanceof DesiredStateError)) throw error;
      diagnostics.push(
        errorDiagnostic(
          "Invalid Attribute Value",
          error.message,
          error.path.length > 0 ? error.path : undefined,
        ),
      );
    }
    return {
      plannedState: nullWriteOnlyArguments(request.definition, result.planned),
      requiresReplace: result.requiresReplace,
      diagnostics,
    };
  }

  async applyResourceChange(request: ApplyResourceChangeRequest): Promise<ApplyResourceChangeResponse> {
    if (!this.configured) return { newState: request.priorState, diagnostics: [notConfigured()] };
    const { definition, priorState, plannedState } = request;
    // Write-only arguments are only in the configuration (plan and state hold null).
    const secrets =
      plannedState === null
        ? undefined
        : writeOnlySecretsToSend(definition, request.config, priorState, plannedState);
    const operation = plannedState === null ? "delete" : priorState === null ? "create" : "update";
    const timed = plannedState ?? priorState; // whose `timeouts` govern this operation
    const ctx = withConfiguredTimeouts(this.context(this.configured), definition, timed);
    // Cloud Control receives tags_all (the tags merged with default_tags) as Tags.
    const sentPrior = tagsForCloudControl(definition, priorState);
    const sentPlanned = tagsForCloudControl(definition, plannedState);
    const outcome =
      plannedState === null
        ? await deleteResource(ctx, definition, priorState)
        : priorState === null
          ? await createResource(ctx, definition, sentPlanned, secrets)
          : await updateResource(ctx, definition, sentPrior, sentPlanned, secrets);
    // A successful create or update has sent the write-only values: they are known from now on
    // (the import marker goes). It records what is configured, for later plans to see removals.
    const sent = plannedState !== null && !hasErrors(outcome.diagnostics);
    // A failed update leaves the object as it was: the user's tags are still the prior ones.
    const ownTagsFrom = hasErrors(outcome.diagnostics) && priorState !== null ? priorState : plannedState;
    // What the service's answer said about the values sent: warnings for values it stored in a form
    // that is not equivalent, and the properties it did not report (kept by later reads). Without an
    // answer (the read after apply failed) the earlier record stands.
    const findings =
      sent && outcome.reported !== undefined
        ? answerFindings(
            definition,
            outcome.newState,
            outcome.reported,
            tagsForCloudControl(definition, request.config),
          )
        : undefined;
    const unreported = findings?.unreported ?? [...decodePrivateRecord(request.plannedPrivate).unreported];
    return {
      newState:
        plannedState === null
          ? outcome.newState
          : carryTimeouts(
              definition,
              plannedState,
              splitTagsAfterApply(definition, outcome.newState, ownTagsFrom),
            ),
      diagnostics: [
        ...explainTimeout(outcome.diagnostics, definition, timed, operation),
        ...(findings?.warnings ?? []),
      ],
      ...(sent
        ? { private: encodePrivateRecord(configuredPaths(definition.attributes, request.config), unreported) }
        : {}),
    };
  }

  importResourceState(request: ImportResourceStateRequest): ImportResourceStateResponse {
    let id = request.id;
    if (id === "" && request.identity !== undefined) {
      const named = identifierFromIdentity(request.definition, request.identity, this.session);
      if (named.identifier === undefined) return { importedResources: [], diagnostics: named.diagnostics };
      id = named.identifier;
    }
    const stub = importStub(request.definition, id);
    return {
      importedResources:
        stub.state === null
          ? []
          : [{ state: stub.state, ...(stub.private ? { private: stub.private } : {}) }],
      diagnostics: stub.diagnostics,
    };
  }

  async readDataSource(request: ReadDataSourceRequest): Promise<ReadDataSourceResponse> {
    if (!this.configured) return { state: null, diagnostics: [notConfigured()] };
    const { api, session } = this.configured;
    const signal = this.stopController.signal;
    const outcome =
      request.definition.kind === "pluralDataSource"
        ? await readPluralDataSource(api, request.definition, session.region, signal)
        : await readSingularDataSource(api, request.definition, request.config, signal);
    return { state: outcome.state, diagnostics: outcome.diagnostics };
  }

  /** The identity the state names, in the configured account and region. */
  resourceIdentity(request: ResourceIdentityRequest): TfValue | undefined {
    const scope = this.session;
    return scope ? identityFromState(request.definition, request.state, scope) : undefined;
  }

  async *listResource(request: ListResourceRequest): AsyncGenerator<ListResourceResult> {
    if (!this.configured) {
      yield { diagnostics: [notConfigured()] };
      return;
    }
    const ctx = this.context(this.configured);
    yield* listResources(ctx, request.definition, this.configured.session, request.includeResource, (state) =>
      this.readAsTerraform(ctx, request.definition, state),
    );
  }

  /** StopProvider: every wait and call in flight ends now; later calls start afresh. */
  stop(): void {
    const abandoned = this.inFlightRequests();
    if (abandoned.length > 0) {
      this.options.logger?.warn("StopProvider: no longer waiting for requests in flight", {
        requests: abandoned.join("; "),
      });
    }
    const controller = this.stopController;
    this.stopController = new AbortController();
    controller.abort(new Error("the provider was asked to stop"));
  }
}

export function createCloudControlBackend(options: CloudControlBackendOptions = {}): CloudControlBackend {
  return new CloudControlBackend(options);
}
