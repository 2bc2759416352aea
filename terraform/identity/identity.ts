// Resource identity (Terraform 1.12+): the attributes that name one remote object. As in the Go
// provider, they are the primary identifier's parts (needed to import) plus the account and region
// the object lives in (optional when importing: the configured session's are assumed). Every
// attribute is a string, and the identity schema stays at version 0.
import { type Diagnostic, errorDiagnostic } from "../provider-backend.js";
import type { ResourceDefinition } from "../schema/types.js";
import { ctyString, objectOf, type ObjectType } from "../values/cty-type.js";
import { isRecord, makeRecord, type TfRecord, type TfValue, UNKNOWN } from "../values/value.js";

export const ACCOUNT_ID = "account_id";
export const REGION = "region";
export const IDENTITY_VERSION = 0;

/** Where the provider's session points: fills and checks account_id and region. */
export interface IdentityScope {
  readonly accountId: string;
  readonly region: string;
}

export interface IdentityAttributeSchema {
  readonly name: string;
  readonly description: string;
  readonly requiredForImport: boolean;
  readonly optionalForImport: boolean;
}

type IdentitySource = Pick<ResourceDefinition, "identity">;

const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [ACCOUNT_ID]: "The AWS account the resource is in; defaults to the provider's account.",
  [REGION]: "The AWS Region the resource is in; defaults to the provider's Region.",
};

/**
 * The identity attributes in order: one per primary identifier part, then account_id and region
 * unless a primary identifier part already has that name (the identifier part wins).
 */
export function identitySchemaOf(definition: IdentitySource): IdentityAttributeSchema[] {
  const parts = definition.identity.map((a) => ({
    name: a.name,
    description: a.description,
    requiredForImport: true,
    optionalForImport: false,
  }));
  const taken = new Set(parts.map((p) => p.name));
  const scope = [ACCOUNT_ID, REGION]
    .filter((name) => !taken.has(name))
    .map((name) => ({
      name,
      description: SCOPE_DESCRIPTIONS[name]!,
      requiredForImport: false,
      optionalForImport: true,
    }));
  return [...parts, ...scope];
}

export function identityType(definition: IdentitySource): ObjectType {
  return objectOf(Object.fromEntries(identitySchemaOf(definition).map((a) => [a.name, ctyString])));
}

/** The Cloud Control identifier's parts ("|"-joined), or undefined when they do not match the schema. */
function identifierParts(definition: IdentitySource, identifier: string): string[] | undefined {
  const count = definition.identity.length;
  if (count === 0 || identifier === "") return undefined;
  if (count === 1) return [identifier];
  const parts = identifier.split("|");
  // An empty part names nothing (import by identity refuses one too).
  return parts.length === count && parts.every((part) => part !== "") ? parts : undefined;
}

/** The identity of the object with this Cloud Control identifier; undefined if it cannot be split. */
export function identityFromIdentifier(
  definition: IdentitySource,
  identifier: string,
  scope: IdentityScope,
): TfRecord | undefined {
  const parts = identifierParts(definition, identifier);
  if (!parts) return undefined;
  const values = new Map<string, TfValue>([
    [ACCOUNT_ID, scope.accountId],
    [REGION, scope.region],
  ]);
  definition.identity.forEach((attribute, i) => values.set(attribute.name, parts[i]!));
  return makeRecord(identitySchemaOf(definition).map((a) => [a.name, values.get(a.name) ?? null]));
}

/**
 * The identity a state implies: from its `id` when known; with the identifier parts unknown when
 * the id is not known yet (a create or replace plan). Undefined when there is no object.
 */
export function identityFromState(
  definition: IdentitySource,
  state: TfValue,
  scope: IdentityScope,
): TfValue | undefined {
  if (!isRecord(state)) return undefined;
  const id = state.id;
  if (typeof id === "string") return identityFromIdentifier(definition, id, scope);
  if (id === null || id === undefined) return undefined;
  const parts = new Set(definition.identity.map((a) => a.name));
  return makeRecord(
    identitySchemaOf(definition).map((a) => [
      a.name,
      parts.has(a.name) ? UNKNOWN : a.name === ACCOUNT_ID ? scope.accountId : scope.region,
    ]),
  );
}

/**
 * The Cloud Control identifier an identity names (import by identity). account_id and region, when
 * given, must be the session's: Cloud Control can only reach objects there.
 */
export function identifierFromIdentity(
  definition: IdentitySource,
  identity: TfValue,
  scope: IdentityScope | undefined,
): { identifier?: string; diagnostics: Diagnostic[] } {
  if (!isRecord(identity)) {
    return { diagnostics: [errorDiagnostic("Invalid Resource Identity", "The identity is null.")] };
  }
  const diagnostics: Diagnostic[] = [];
  const parts: string[] = [];
  for (const attribute of definition.identity) {
    const value = identity[attribute.name];
    if (typeof value !== "string" || value === "") {
      diagnostics.push(
        errorDiagnostic(
          "Missing Identity Attribute",
          `The identity attribute "${attribute.name}" is required to import this resource.`,
          [{ attribute: attribute.name }],
        ),
      );
    } else if (definition.identity.length > 1 && value.includes("|")) {
      // The parts are joined with "|" into the Cloud Control identifier: one inside a part would
      // make another identifier, which splits back into other parts.
      diagnostics.push(
        errorDiagnostic(
          "Invalid Identity Attribute",
          `The identity attribute "${attribute.name}" contains "|", which separates the parts of this resource's identifier.`,
          [{ attribute: attribute.name }],
        ),
      );
    } else parts.push(value);
  }
  const own = new Set(definition.identity.map((a) => a.name));
  const expected: Record<string, string | undefined> = {
    [ACCOUNT_ID]: scope?.accountId,
    [REGION]: scope?.region,
  };
  for (const name of [ACCOUNT_ID, REGION]) {
    const value = identity[name];
    if (own.has(name) || typeof value !== "string" || expected[name] === undefined) continue;
    if (value !== expected[name]) {
      diagnostics.push(
        errorDiagnostic(
          "Resource Identity Outside the Provider's Scope",
          `The identity's ${name} is "${value}" but the provider is configured for ${name} "${expected[name]}"; configure a provider for that ${name === REGION ? "Region" : "account"} to import it.`,
          [{ attribute: name }],
        ),
      );
    }
  }
  if (diagnostics.length > 0) return { diagnostics };
  return { identifier: parts.join("|"), diagnostics };
}
