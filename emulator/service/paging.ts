// One page of a listing: MaxResults (default 20) items from the offset an opaque NextToken names.
import { ApiError } from "../api-errors.js";
import { decodePageToken, encodePageToken } from "./page-tokens.js";

const DEFAULT_PAGE_SIZE = 20;

/** `scope` names the listing (type, filter) so that a token only works where it was issued. */
export function pageOf<T>(
  items: readonly T[],
  scope: string,
  input: Record<string, unknown>,
): { items: T[]; nextToken?: string } {
  const size = typeof input.MaxResults === "number" ? input.MaxResults : DEFAULT_PAGE_SIZE;
  const token = typeof input.NextToken === "string" ? input.NextToken : undefined;
  let offset = 0;
  if (token !== undefined) {
    const decoded = decodePageToken(token, scope);
    if (decoded === undefined)
      throw new ApiError("InvalidRequestException", "The NextToken is invalid or expired.");
    offset = decoded;
  }
  const slice = items.slice(offset, offset + size);
  const next = offset + size < items.length ? encodePageToken(scope, offset + size) : undefined;
  return next === undefined ? { items: slice } : { items: slice, nextToken: next };
}
