// RFC 6901 JSON pointers: the one address format used by every finding.
import { type JsonValue, isJsonObject, ownMember } from "./json.js";

export function escapePointerToken(token: string): string {
  // Most tokens need no escaping; checking first spares two regex passes per token.
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Builds a pointer from raw (unescaped) tokens; [] is the whole document, "". */
export function pointerFromTokens(tokens: readonly string[]): string {
  return tokens.map((t) => "/" + escapePointerToken(t)).join("");
}

/** Splits a pointer into raw tokens; undefined when it is not a pointer (no leading "/"). */
export function pointerTokens(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer.slice(1).split("/").map(unescapePointerToken);
}

export function appendPointer(base: string, ...tokens: string[]): string {
  return base + pointerFromTokens(tokens);
}

/** The value a pointer names inside a document, or undefined when it names nothing. */
export function resolvePointer(document: JsonValue, pointer: string): JsonValue | undefined {
  const tokens = pointerTokens(pointer);
  if (tokens === undefined) return undefined;
  let current: JsonValue | undefined = document;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (isJsonObject(current)) {
      current = ownMember(current, token);
    } else {
      return undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}
