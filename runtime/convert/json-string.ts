// JSON-string attributes (free-form objects carried as text): two texts are the same value when
// they parse to semantically equal documents (whitespace, key order, number spelling aside).
import { canonicalJson, JsonDocError, parseJsonDoc } from "./json-doc.js";

/** The canonical text of a JSON string, or undefined when it is not valid JSON. */
export function canonicalJsonText(text: string): string | undefined {
  try {
    return canonicalJson(parseJsonDoc(text));
  } catch (error) {
    if (error instanceof JsonDocError) return undefined;
    throw error;
  }
}

/** True when the texts are equal, or both are JSON documents with the same meaning. */
export function jsonTextsEquivalent(a: string, b: string): boolean {
  if (a === b) return true;
  const left = canonicalJsonText(a);
  return left !== undefined && left === canonicalJsonText(b);
}
