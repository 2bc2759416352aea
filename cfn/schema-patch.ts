// A coded correction to one type's CloudFormation schema (schemas/patches.ts holds the project's),
// applied by generate before validation, with the reason recorded.
import type { JsonObject } from "./json.js";

export interface SchemaPatch {
  readonly type: string;
  readonly reason: string;
  /** Returns the corrected schema, or undefined when there is nothing to correct (already fixed). */
  apply(schema: JsonObject): JsonObject | undefined;
}
