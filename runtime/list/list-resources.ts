// List resources (`terraform query`, Terraform 1.14+): every object of a type, page by page from
// ListResources, each named by its identity and its Cloud Control identifier. With the resource
// asked for, each object is read as ReadResource reads an import (the backend's own read).
import { type Diagnostic, errorDiagnostic } from "../../terraform/provider-backend.js";
import type { OperationContext } from "../apply/context.js";
import { describeError } from "../cloudcontrol/errors.js";
import { RepeatedPageTokenError } from "../datasource/list-pages.js";
import { identityFromIdentifier, type IdentityScope } from "../../terraform/identity/identity.js";
import type { ApplyOutcome } from "../apply/create.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { idOnlyState } from "../state/id-state.js";
import type { TfValue } from "../../terraform/values/value.js";

export interface ListedResource {
  readonly identity?: TfValue;
  readonly displayName?: string;
  /** Present when the full object was asked for and could be read. */
  readonly resourceObject?: TfValue;
  readonly diagnostics: readonly Diagnostic[];
}

/** Identifiers in listing order; a repeated NextToken ends the listing with an error. */
async function* listIdentifiers(ctx: OperationContext, typeName: string): AsyncGenerator<string> {
  const seen = new Set<string>();
  let token: string | undefined;
  do {
    const page = await ctx.api.listResources(typeName, token, ctx.signal);
    yield* page.identifiers;
    token = page.nextToken || undefined;
    if (token !== undefined) {
      if (seen.has(token)) throw new RepeatedPageTokenError(token);
      seen.add(token);
    }
  } while (token !== undefined);
}

/** Reads an object from its id-only state, as ReadResource after an import would. */
export type ReadAsImported = (state: TfValue) => Promise<ApplyOutcome>;

async function listedResource(
  definition: ResourceDefinition,
  identifier: string,
  scope: IdentityScope,
  read: ReadAsImported | undefined,
): Promise<ListedResource | undefined> {
  const identity = identityFromIdentifier(definition, identifier, scope);
  const diagnostics: Diagnostic[] = [];
  if (!identity) {
    diagnostics.push(
      errorDiagnostic(
        "Unexpected Resource Identifier",
        `ListResources returned the identifier "${identifier}", which does not have the ${definition.identity.length} "|"-separated parts of ${definition.cfnTypeName}'s primary identifier.`,
      ),
    );
  }
  if (!read) return { ...(identity ? { identity } : {}), displayName: identifier, diagnostics };
  const outcome = await read(idOnlyState(definition, identifier));
  // Gone between the listing and the read: not an error, and nothing to show.
  if (outcome.newState === null) return undefined;
  const readFailed = outcome.diagnostics.some((d) => d.severity === "error");
  return {
    ...(identity ? { identity } : {}),
    displayName: identifier,
    ...(readFailed ? {} : { resourceObject: outcome.newState }),
    diagnostics: [...diagnostics, ...outcome.diagnostics],
  };
}

/** The type's objects, one result each; a listing failure ends the stream with an error result. */
export async function* listResources(
  ctx: OperationContext,
  definition: ResourceDefinition,
  scope: IdentityScope,
  includeResource: boolean,
  read: ReadAsImported,
): AsyncGenerator<ListedResource> {
  try {
    for await (const identifier of listIdentifiers(ctx, definition.cfnTypeName)) {
      const result = await listedResource(definition, identifier, scope, includeResource ? read : undefined);
      if (result) yield result;
    }
  } catch (error) {
    yield {
      diagnostics: [
        errorDiagnostic(
          "AWS SDK Go Service Operation Unsuccessful",
          `Calling Cloud Control API service ListResources operation returned: ${describeError(error)}`,
        ),
      ],
    };
  }
}
