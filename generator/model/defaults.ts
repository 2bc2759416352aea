// Static defaults (docs/mapping.md#defaults), expressed in Terraform terms for the runtime's plan step.
import { defaultFitsItsNode } from "../../cfn/usable-defaults.js";
import type { JsonValue } from "../../terraform/schema/types.js";
import type { CfnNode } from "./cfn-schema.js";

export type DefaultTarget =
  | { readonly kind: "bool" | "int64" | "float64" }
  /** `rfc3339`: the attribute holds an RFC 3339 time, so the default must be one. */
  | { readonly kind: "string"; readonly rfc3339?: boolean }
  | { readonly kind: "stringCollection" }
  | { readonly kind: "nestedCollection" }
  | { readonly kind: "object" };

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

export type DefaultResult = { readonly value: JsonValue } | { readonly dropped: string } | undefined;

// Go's strconv.ParseBool accepts these spellings, and schemas rely on it.
const BOOL_STRINGS: Readonly<Record<string, boolean>> = {
  "1": true,
  t: true,
  T: true,
  TRUE: true,
  true: true,
  True: true,
  "0": false,
  f: false,
  F: false,
  FALSE: false,
  false: false,
  False: false,
};

/** Snake-cases object default keys with the attribute-name rule; drops a schema pasted as a default. */
function objectDefault(value: unknown, attributeName: (cfn: string) => string): JsonValue | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  if ("properties" in value) return undefined;
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      const nested = objectDefault(v, attributeName);
      if (nested === undefined) return undefined;
      out[attributeName(k)] = nested;
    } else {
      out[attributeName(k)] = v as JsonValue;
    }
  }
  return out;
}

export function mapDefault(
  target: DefaultTarget,
  value: unknown,
  attributeName: (cfn: string) => string,
): DefaultResult {
  if (value === undefined) return undefined;
  const mismatch = { dropped: `default ${JSON.stringify(value)} does not fit a ${target.kind} attribute` };
  switch (target.kind) {
    case "bool":
      if (typeof value === "boolean") return { value };
      if (typeof value === "string" && value in BOOL_STRINGS) return { value: BOOL_STRINGS[value]! };
      return mismatch;
    case "int64":
      return typeof value === "number" ? { value: Math.trunc(value) } : mismatch;
    case "float64":
      return typeof value === "number" ? { value } : mismatch;
    case "string": {
      const text =
        typeof value === "string"
          ? value
          : typeof value === "boolean" || typeof value === "number"
            ? String(value)
            : undefined;
      if (text === undefined) return mismatch;
      if (target.rfc3339 && !RFC3339.test(text))
        return { dropped: `default ${JSON.stringify(value)} is not an RFC 3339 time` };
      return { value: text };
    }
    case "stringCollection":
      return Array.isArray(value) && value.every((v) => typeof v === "string") ? { value } : mismatch;
    case "nestedCollection":
      return Array.isArray(value) && value.length === 0 ? { value: [] } : mismatch;
    case "object": {
      const mapped = objectDefault(value, attributeName);
      return mapped === undefined
        ? { dropped: "object default is not a plain object of values" }
        : { value: mapped };
    }
  }
}

const SCALAR_DEFAULTS: ReadonlySet<DefaultTarget["kind"]> = new Set(["bool", "int64", "float64", "string"]);

/**
 * A scalar default as mapped (a `"true"` for a boolean is true, as Go's ParseBool reads it) that its
 * own node rejects (`""` under a pattern that needs an ARN, `0` under `minimum: 1`) is dropped:
 * sent, it would fail the desired state's validation for a value the user never set.
 */
export function usableDefault(d: DefaultResult, target: DefaultTarget, node: CfnNode): DefaultResult {
  if (!d || !("value" in d) || !SCALAR_DEFAULTS.has(target.kind)) return d;
  return defaultFitsItsNode({ ...node, default: d.value })
    ? d
    : { dropped: `default ${JSON.stringify(node.default)} is rejected by its own schema` };
}
