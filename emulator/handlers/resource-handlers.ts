// What the type's create/update/delete handlers do when a request runs: validate against the
// schema, generate read-only values, enforce read-only / create-only rules, and say what to store.
// They only decide; the caller commits the result to the state.
import jsonpatch from "fast-json-patch";
import { fillGeneratedValues } from "../generate/fill-generated.js";
import { schemaNodeAt } from "../generate/schema-nodes.js";
import type { GenerationContext } from "../generate/plausible-values.js";
import { identifierOf } from "../schema/identifiers.js";
import {
  deepClone,
  findMatches,
  formatJsonPointer,
  getAtPath,
  isAtOrBelow,
  isJsonObject,
  jsonEqual,
  parseJsonPointer,
  type PathMatch,
  removeMatches,
  sameValuesAt,
  setAtPath,
  WILDCARD,
} from "../schema/pointers.js";
import type { ResourceType } from "../schema/type-registry.js";
import { validationFailureMessage } from "../schema/validator.js";
import type { EmulatorState } from "../store/state.js";
import type { HandlerErrorCode, JsonObject } from "../types.js";
import { alreadyExistsMessage, notFoundMessage } from "./messages.js";
import { keepReservedTags } from "../realism/aws-tags.js";
import type { PatchOperation } from "./patch-document.js";

export type HandlerResult =
  | { ok: true; identifier: string; model: JsonObject }
  | { ok: false; errorCode: HandlerErrorCode; message: string; existing?: string };

export interface HandlerContext {
  readonly state: EmulatorState;
  readonly generation: GenerationContext;
  /** Values the service chooses for left-out optional properties at create (realism `defaults`). */
  readonly serviceDefaults?: (type: ResourceType, model: JsonObject) => void;
  /** The stored model as an update's patch sees it: in the order reads answer (realism `order`). */
  readonly patchTarget?: (type: ResourceType, stored: JsonObject) => JsonObject;
}

const fail = (errorCode: HandlerErrorCode, message: string): HandlerResult => ({
  ok: false,
  errorCode,
  message,
});

const schemaPointer = (path: readonly string[]): string => `/properties${formatJsonPointer(path)}`;

function matchesOf(model: JsonObject, patterns: readonly string[][]): PathMatch[] {
  return patterns.flatMap((pattern) => findMatches(model, pattern));
}

/** The model without read-only values: what a caller may state and what the schema checks. */
function withoutReadOnly(type: ResourceType, model: JsonObject): JsonObject {
  const view = deepClone(model);
  for (const pattern of type.readOnly) removeMatches(view, pattern);
  return view;
}

export function runCreate(ctx: HandlerContext, type: ResourceType, desired: JsonObject): HandlerResult {
  for (const pattern of type.readOnly) {
    const found = findMatches(desired, pattern)[0];
    if (found) {
      return fail(
        "InvalidRequest",
        validationFailureMessage([
          `#${formatJsonPointer(found.path)}: read-only property ${schemaPointer(pattern)} cannot be set`,
        ]),
      );
    }
  }
  const model = deepClone(desired);
  const violations = type.validate(model); // fills schema defaults into `model`
  if (violations.length > 0) return fail("InvalidRequest", validationFailureMessage(violations));
  ctx.serviceDefaults?.(type, model);
  fillGeneratedValues(type, model, ctx.generation);
  const identifier = identifierOf(type, model);
  if (identifier === undefined) {
    const missing = type.primaryIdentifier.map(schemaPointer).join(", ");
    return fail(
      "InvalidRequest",
      validationFailureMessage([`#: primary identifier [${missing}] has no value`]),
    );
  }
  if (ctx.state.hasResource(type.typeName, identifier)) {
    // The FAILED event names the object that was there before.
    return {
      ok: false,
      errorCode: "AlreadyExists",
      message: alreadyExistsMessage(type.typeName),
      existing: identifier,
    };
  }
  return { ok: true, identifier, model };
}

/** Locations an operation writes: `test` writes nothing, `copy` only reads its source. */
function writtenPointers(operation: PatchOperation): string[] {
  switch (operation.op) {
    case "test":
      return [];
    case "move":
      return [operation.from ?? "", operation.path];
    default:
      return [operation.path];
  }
}

function touchedReadOnly(type: ResourceType, ops: readonly PatchOperation[]): string[] | undefined {
  for (const operation of ops) {
    for (const pointer of writtenPointers(operation)) {
      const path = parseJsonPointer(pointer) ?? [];
      const pattern = type.readOnly.find((candidate) => isAtOrBelow(path, candidate));
      if (pattern) return pattern;
    }
  }
  return undefined;
}

/**
 * Puts read-only values back into a validated model: those the patched model kept, then those a
 * replaced parent object dropped (the service keeps them; a removed parent takes them along).
 */
function restoreReadOnly(
  type: ResourceType,
  model: JsonObject,
  patched: JsonObject,
  before: JsonObject,
): void {
  const kept = matchesOf(patched, type.readOnly).sort((a, b) => a.path.length - b.path.length);
  for (const { path, value } of kept) setAtPath(model, path, deepClone(value));
  for (const pattern of type.readOnly) {
    if (pattern.includes(WILDCARD) || getAtPath(model, pattern) !== undefined) continue;
    const previous = getAtPath(before, pattern);
    if (previous !== undefined && isJsonObject(getAtPath(model, pattern.slice(0, -1)))) {
      setAtPath(model, pattern, deepClone(previous));
    }
  }
}

const readOnlyPatchMessage = (pattern: readonly string[]): string =>
  `Invalid patch update: readOnlyProperties [${schemaPointer(pattern)}] cannot be updated`;

/** Whether a pointer pattern goes through an array the schema keeps in no order (insertionOrder false). */
function throughUnorderedArray(type: ResourceType, pattern: readonly string[]): boolean {
  return pattern.some(
    (segment, i) =>
      segment === WILDCARD && schemaNodeAt(type.schema, pattern.slice(0, i))?.insertionOrder === false,
  );
}

/** The same values at the pattern in both models, in any order (each value matched once). */
function sameValuesInAnyOrder(before: JsonObject, after: JsonObject, pattern: string[]): boolean {
  const left = findMatches(before, pattern).map((match) => match.value);
  const right = findMatches(after, pattern).map((match) => match.value);
  const used = new Array<boolean>(right.length).fill(false);
  return (
    left.length === right.length &&
    left.every((value) => {
      const j = right.findIndex((candidate, k) => !used[k] && jsonEqual(value, candidate));
      if (j >= 0) used[j] = true;
      return j >= 0;
    })
  );
}

/**
 * Create-only values compared by value; inside an unordered array in any order, since the order
 * an update sends such an array in is no change (the service's order and the caller's differ).
 */
function changedCreateOnlyMessage(
  type: ResourceType,
  before: JsonObject,
  after: JsonObject,
): string | undefined {
  const changed = type.createOnly.filter((pattern) =>
    throughUnorderedArray(type, pattern)
      ? !sameValuesInAnyOrder(before, after, pattern)
      : !sameValuesAt(before, after, pattern),
  );
  if (changed.length === 0) return undefined;
  return `Invalid patch update: createOnlyProperties [${changed.map(schemaPointer).join(", ")}] cannot be updated`;
}

export interface CallRefusal {
  readonly code: "ValidationException" | "NotUpdatableException";
  readonly message: string;
}

/**
 * What the service refuses when CreateResource is called, before any request exists: a desired
 * state the schema rejects (extraneous keys, wrong JSON types, missing required keys).
 */
export function createRefusal(type: ResourceType, desired: JsonObject): CallRefusal | undefined {
  const violations = type.validate(deepClone(desired));
  if (violations.length === 0) return undefined;
  return { code: "ValidationException", message: validationFailureMessage(violations) };
}

/** What UpdateResource refuses at call time: a patch writing a read-only path or changing a create-only value. */
export function updateRefusal(
  type: ResourceType,
  before: JsonObject,
  ops: readonly PatchOperation[],
): CallRefusal | undefined {
  const readOnlyHit = touchedReadOnly(type, ops);
  if (readOnlyHit) return { code: "ValidationException", message: readOnlyPatchMessage(readOnlyHit) };
  let after: unknown;
  try {
    after = jsonpatch.applyPatch(deepClone(before), ops as jsonpatch.Operation[], true, false).newDocument;
  } catch {
    return undefined; // a patch that does not apply fails when the request runs, as before
  }
  if (!isJsonObject(after)) return undefined;
  const createOnlyChange = changedCreateOnlyMessage(type, before, after);
  return createOnlyChange ? { code: "NotUpdatableException", message: createOnlyChange } : undefined;
}

export function runUpdate(
  ctx: HandlerContext,
  type: ResourceType,
  identifier: string,
  ops: readonly PatchOperation[],
): HandlerResult {
  const stored = ctx.state.getResource(type.typeName, identifier);
  if (!stored) return fail("NotFound", notFoundMessage(type.typeName, identifier));
  const readOnlyHit = touchedReadOnly(type, ops);
  if (readOnlyHit) return fail("InvalidRequest", readOnlyPatchMessage(readOnlyHit));
  const before = ctx.patchTarget ? ctx.patchTarget(type, stored.properties) : stored.properties;
  let after: unknown;
  try {
    after = jsonpatch.applyPatch(deepClone(before), ops as jsonpatch.Operation[], true, true).newDocument;
  } catch (error) {
    const reason =
      error instanceof jsonpatch.JsonPatchError
        ? `${error.name}: ${error.message.split("\n")[0]}`
        : String(error);
    return fail("InvalidRequest", `Invalid patch document: ${reason}`);
  }
  if (!isJsonObject(after))
    return fail("InvalidRequest", "Invalid patch document: the result is not a JSON object");
  // An operation on a parent can still set read-only values below it: each one left must be a
  // value the object already had there.
  for (const pattern of type.readOnly) {
    const known = findMatches(before, pattern).map((match) => match.value);
    if (findMatches(after, pattern).some((match) => !known.some((value) => jsonEqual(value, match.value)))) {
      return fail(
        "InvalidRequest",
        `Invalid patch update: readOnlyProperties [${schemaPointer(pattern)}] cannot be updated`,
      );
    }
  }
  const createOnlyChange = changedCreateOnlyMessage(type, before, after);
  if (createOnlyChange) return fail("NotUpdatable", createOnlyChange);
  const model = withoutReadOnly(type, after);
  const violations = type.validate(model);
  if (violations.length > 0) return fail("InvalidRequest", validationFailureMessage(violations));
  restoreReadOnly(type, model, after as JsonObject, before);
  keepReservedTags(type, before, model);
  fillGeneratedValues(type, model, ctx.generation);
  const newIdentifier = identifierOf(type, model) ?? identifier;
  if (newIdentifier !== identifier && ctx.state.hasResource(type.typeName, newIdentifier)) {
    return fail("AlreadyExists", alreadyExistsMessage(type.typeName));
  }
  return { ok: true, identifier: newIdentifier, model };
}

export function runDelete(ctx: HandlerContext, type: ResourceType, identifier: string): HandlerResult {
  const stored = ctx.state.getResource(type.typeName, identifier);
  if (!stored) return fail("NotFound", notFoundMessage(type.typeName, identifier));
  return { ok: true, identifier, model: stored.properties };
}

/** What GetResource, ListResources and progress events show: the model minus write-only values. */
export function visibleModel(type: ResourceType, model: JsonObject): JsonObject {
  const view = deepClone(model);
  for (const pattern of type.writeOnly) removeMatches(view, pattern);
  return view;
}
