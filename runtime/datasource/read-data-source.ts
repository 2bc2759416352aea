// Data sources (docs/runtime.md#data-sources). Singular: GetResource by the configured id, lists
// normalized without a prior (key-value lists sorted by key). Plural: every ListResources page
// (a NextToken the service repeats is an error, not an endless loop); `ids` holds the identifiers
// and `id` the region. An empty account is an empty set, not an error
// (awscc issue #2225 reports "Empty result" as an error).
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import type {
  SingularDataSourceDefinition,
  PluralDataSourceDefinition,
} from "../../terraform/schema/types.js";
import { describeError, isNotFoundError } from "../cloudcontrol/errors.js";
import type { CloudControlApi } from "../cloudcontrol/client.js";
import { stateTranslationDiagnostic } from "../apply/diagnostics.js";
import { modelToValue } from "../state/read-back.js";
import { isRecord, makeRecord, recordWith, type TfValue } from "../../terraform/values/value.js";
import { collectPages, RepeatedPageTokenError } from "./list-pages.js";

export interface DataSourceOutcome {
  readonly state: TfValue;
  readonly diagnostics: Diagnostic[];
}

export async function readSingularDataSource(
  api: CloudControlApi,
  definition: SingularDataSourceDefinition,
  config: TfValue,
  signal: AbortSignal,
): Promise<DataSourceOutcome> {
  const id = isRecord(config) ? config.id : undefined;
  if (typeof id !== "string" || id === "") {
    return {
      state: null,
      diagnostics: [
        errorDiagnostic("Missing Attribute Value", "The data source needs an `id`.", [{ attribute: "id" }]),
      ],
    };
  }
  let description;
  try {
    description = await api.getResource(definition.cfnTypeName, id, signal);
  } catch (error) {
    const diagnostic = isNotFoundError(error)
      ? errorDiagnostic(
          "AWS Data Source Not Found",
          `No ${definition.cfnTypeName} with identifier ${id} was found: ${describeError(error)}`,
        )
      : errorDiagnostic(
          "AWS SDK Go Service Operation Unsuccessful",
          `Calling Cloud Control API service GetResource operation returned: ${describeError(error)}`,
        );
    return { state: null, diagnostics: [diagnostic] };
  }
  if (!description) {
    return {
      state: null,
      diagnostics: [
        errorDiagnostic(
          "AWS Data Source Not Found",
          `No ${definition.cfnTypeName} with identifier ${id} was found.`,
        ),
      ],
    };
  }
  try {
    const value = modelToValue(
      definition.attributes,
      description.properties,
      undefined,
      definition.tagProperty,
    );
    return { state: recordWith(value, { id: description.identifier }), diagnostics: [] };
  } catch (error) {
    return { state: null, diagnostics: [stateTranslationDiagnostic(error)] };
  }
}

export async function readPluralDataSource(
  api: CloudControlApi,
  definition: PluralDataSourceDefinition,
  region: string,
  signal: AbortSignal,
): Promise<DataSourceOutcome> {
  let ids: string[];
  try {
    ids = await collectPages(async (token) => {
      const page = await api.listResources(definition.cfnTypeName, token, signal);
      return { items: page.identifiers, nextToken: page.nextToken };
    });
  } catch (error) {
    return {
      state: null,
      diagnostics: [
        errorDiagnostic(
          "AWS SDK Go Service Operation Unsuccessful",
          error instanceof RepeatedPageTokenError
            ? `Calling CloudControl service ListResources operation for ${definition.cfnTypeName}: ${error.message}.`
            : `Calling CloudControl service ListResources operation returned: ${describeError(error)}`,
        ),
      ],
    };
  }
  return {
    state: makeRecord([
      ["id", region],
      ["ids", [...new Set(ids)]],
    ]),
    diagnostics: [],
  };
}
