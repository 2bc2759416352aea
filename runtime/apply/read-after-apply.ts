// The GetResource that follows a successful create or update (docs/runtime.md#reading-back-after-apply).
// Many services are eventually consistent: an object whose create has just succeeded may not be
// readable for a few seconds (the read handler answers ResourceNotFoundException). Right after a
// create, such an answer is retried for a bounded time, so a create never fails on it; after an
// update, and on refresh, not-found means what it says.
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import type { ResourceDescription } from "../cloudcontrol/client.js";
import { isNotFoundError } from "../cloudcontrol/errors.js";
import { sleep } from "../cloudcontrol/waiter.js";
import type { OperationContext, ResourceOperation } from "./context.js";

/** How long, and how often, a read right after a create retries not-found (AWS provider: 2 minutes). */
export const NOT_FOUND_AFTER_CREATE = { limitMs: 120_000, firstDelayMs: 250, maxDelayMs: 5_000 } as const;

export class NotFoundAfterApply extends Error {
  override readonly name = "ResourceNotFoundException";
}

/** GetResource; right after a create, not-found answers are retried within NOT_FOUND_AFTER_CREATE. */
export async function readAfterApply(
  ctx: OperationContext,
  definition: ResourceDefinition,
  identifier: string,
  operation: Exclude<ResourceOperation, "delete">,
  bound: {
    readonly limitMs: number;
    readonly firstDelayMs: number;
    readonly maxDelayMs: number;
  } = NOT_FOUND_AFTER_CREATE,
): Promise<ResourceDescription> {
  const started = ctx.now();
  let delay = bound.firstDelayMs;
  for (;;) {
    let notFound: unknown;
    try {
      const description = await ctx.api.getResource(definition.cfnTypeName, identifier, ctx.signal);
      if (description) return description;
      notFound = new NotFoundAfterApply("GetResource returned no resource description");
    } catch (error) {
      if (!isNotFoundError(error)) throw error;
      notFound = error;
    }
    const left = started + bound.limitMs - ctx.now();
    if (operation !== "create" || left <= 0) throw notFound;
    await sleep(Math.min(delay, left), ctx.signal);
    delay = Math.min(bound.maxDelayMs, delay * 2);
  }
}
