// Opaque NextToken values: base64 of the listing's scope and the next offset, so a token is only
// accepted for the listing (type, filter) that issued it.
import { createHash } from "node:crypto";

function scopeDigest(scope: string): string {
  return createHash("sha256").update(scope).digest("base64url").slice(0, 16);
}

export function encodePageToken(scope: string, offset: number): string {
  return Buffer.from(JSON.stringify({ s: scopeDigest(scope), o: offset })).toString("base64");
}

/** The offset a token stands for, or undefined when it is not a token of this listing. */
export function decodePageToken(token: string, scope: string): number | undefined {
  try {
    const decoded = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as { s?: unknown; o?: unknown };
    if (decoded.s !== scopeDigest(scope)) return undefined;
    return typeof decoded.o === "number" && Number.isInteger(decoded.o) && decoded.o >= 0
      ? decoded.o
      : undefined;
  } catch {
    return undefined;
  }
}
