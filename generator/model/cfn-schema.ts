// The parts of a CloudFormation resource schema the generator reads (docs/mapping.md#keywords-and-types).
// Everything is optional and untrusted: the mapping functions check what they use.
import { appendPointer, escapePointerToken } from "../../cfn/json-pointer.js";

export interface CfnNode {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, CfnNode>>;
  readonly patternProperties?: Readonly<Record<string, CfnNode>>;
  readonly items?: CfnNode;
  readonly $ref?: string;
  readonly required?: readonly string[];
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly insertionOrder?: boolean;
  readonly uniqueItems?: boolean;
  readonly oneOf?: readonly CfnNode[];
  readonly anyOf?: readonly CfnNode[];
  readonly allOf?: readonly CfnNode[];
}

export interface CfnHandler {
  readonly permissions?: readonly string[];
  readonly timeoutInMinutes?: number;
  readonly handlerSchema?: CfnNode;
}

export interface CfnResourceSchema {
  readonly typeName: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, CfnNode>>;
  readonly definitions?: Readonly<Record<string, CfnNode>>;
  readonly required?: readonly string[];
  readonly readOnlyProperties?: readonly string[];
  readonly createOnlyProperties?: readonly string[];
  readonly writeOnlyProperties?: readonly string[];
  readonly deprecatedProperties?: readonly string[];
  readonly primaryIdentifier?: readonly string[];
  readonly handlers?: Readonly<Partial<Record<"create" | "read" | "update" | "delete" | "list", CfnHandler>>>;
  readonly tagging?: unknown;
  /** Pointer → JSONata expressions (alternatives joined by `$OR`): how the service rewrites a value. */
  readonly propertyTransform?: Readonly<Record<string, unknown>>;
}

/** A mapping failure for one type: the type cannot be generated (docs/mapping.md "fatal"). */
export class MappingError extends Error {
  constructor(
    /** JSON pointer into the schema file where the problem is. */
    readonly pointer: string,
    message: string,
    /** Short stable reason, used to group suppressions in the summary. */
    readonly reason: string = "unsupported shape",
  ) {
    super(message);
    this.name = "MappingError";
  }
}

/** RFC 6901 escaping of one pointer segment. */
export const pointerSegment = escapePointerToken;

export const joinPointer = appendPointer;
