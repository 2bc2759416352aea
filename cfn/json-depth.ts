// How deeply a parsed document nests, measured without recursion: the checks and the model after
// it walk schemas recursively, so a document nesting thousands of levels would exhaust the stack
// (at a depth that differs between threads) instead of getting a finding.
import type { JsonValue } from "./json.js";
import { pointerFromTokens } from "./json-pointer.js";

/** Real CloudFormation schemas nest about 20 levels; this leaves ample room. */
export const MAX_JSON_DEPTH = 256;

function exceeds(document: JsonValue, limit: number): boolean {
  const values: JsonValue[] = [document];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (depth >= limit) return true;
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) {
      if (child !== null && typeof child === "object") {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** Tokens of the first (leftmost) value at depth `limit`; only called once that one exists. */
function deepestPath(document: JsonValue, limit: number): string[] {
  const tokens: string[] = [];
  let value = document;
  while (tokens.length < limit && value !== null && typeof value === "object") {
    const entries: [string, JsonValue][] = Array.isArray(value)
      ? value.map((v, i) => [String(i), v])
      : Object.entries(value);
    const next = entries.find(
      ([, v]) => v !== null && typeof v === "object" && exceeds(v, limit - tokens.length - 1),
    );
    if (!next) break;
    tokens.push(next[0]);
    value = next[1];
  }
  return tokens;
}

/** The pointer of a value nested deeper than `limit`, or undefined when none is. */
export function tooDeep(document: JsonValue, limit: number = MAX_JSON_DEPTH): string | undefined {
  return exceeds(document, limit) ? pointerFromTokens(deepestPath(document, limit)) : undefined;
}
