// JSON-string attributes (free-form objects carried as text): two texts are the same value when
// they parse to semantically equal documents (whitespace, key order, number spelling aside), i.e.
// when their canonical texts are equal (prior-spelling.ts compares them that way).
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
