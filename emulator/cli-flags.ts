// Fault and drift flags of the CLI, turned into control-API shapes. A scope is `OPERATION[@TYPE]`
// (`*` or nothing for any operation), e.g. `CreateResource@AWS::Logs::LogGroup`.
import { type FaultRuleSpec, FaultSpecError, parseFaultRule } from "./faults/fault-rules.js";

function splitValue(flag: string, text: string): [string, string] {
  const at = text.lastIndexOf("=");
  if (at < 0) throw new FaultSpecError(`--${flag} needs SCOPE=VALUE, got ${text}`);
  return [text.slice(0, at), text.slice(at + 1)];
}

function scope(text: string): { operation?: string; typeName?: string } {
  const at = text.indexOf("@");
  const operation = at < 0 ? text : text.slice(0, at);
  const typeName = at < 0 ? "" : text.slice(at + 1);
  const out: { operation?: string; typeName?: string } = {};
  if (operation !== "" && operation !== "*") out.operation = operation;
  if (typeName !== "") out.typeName = typeName;
  return out;
}

/** `--throttle SCOPE=N` (the next N calls) or `SCOPE=P%` / `SCOPE=0.P` (that share of calls). */
export function throttleFlag(text: string): FaultRuleSpec {
  const [where, value] = splitValue("throttle", text);
  const rule: Record<string, unknown> = { kind: "throttle", ...scope(where) };
  if (value.endsWith("%")) rule.rate = Number(value.slice(0, -1)) / 100;
  else if (value.includes(".")) rule.rate = Number(value);
  else rule.count = Number(value);
  return parseFaultRule(rule);
}

/** `--latency SCOPE=MS`. */
export function latencyFlag(text: string): FaultRuleSpec {
  const [where, value] = splitValue("latency", text);
  return parseFaultRule({ kind: "latency", ...scope(where), latencyMs: Number(value) });
}

/** `--fail SCOPE=HandlerErrorCode[+id]`: `+id` puts the Identifier on the FAILED event (and stores a created object). */
export function failFlag(text: string): FaultRuleSpec {
  const [where, value] = splitValue("fail", text);
  const withIdentifier = value.endsWith("+id");
  const errorCode = withIdentifier ? value.slice(0, -"+id".length) : value;
  return parseFaultRule({ kind: "fail", ...scope(where), errorCode, withIdentifier });
}

/** `--hang SCOPE`: matching requests stay IN_PROGRESS until cancelled. */
export function hangFlag(text: string): FaultRuleSpec {
  return parseFaultRule({ kind: "hang", ...scope(text) });
}

/** `--ignore-cancel SCOPE`: matching requests acknowledge a cancel but complete anyway. */
export function ignoreCancelFlag(text: string): FaultRuleSpec {
  return parseFaultRule({ kind: "ignore-cancel", ...scope(text) });
}

/** `--error SCOPE=ExceptionName`: answer matching calls with that exception. */
export function errorFlag(text: string): FaultRuleSpec {
  const [where, value] = splitValue("error", text);
  return parseFaultRule({ kind: "error", ...scope(where), errorName: value });
}

/** `--fault JSON`: any rule the control API accepts. */
export function faultJsonFlag(text: string): FaultRuleSpec {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FaultSpecError(`--fault needs a JSON object: ${(error as Error).message}`);
  }
  return parseFaultRule(parsed);
}

export interface DriftTarget {
  typeName: string;
  identifier: string;
}

/** `--drift-delete TYPE@IDENTIFIER`. */
export function driftDeleteFlag(text: string): DriftTarget {
  const at = text.indexOf("@");
  if (at <= 0 || at === text.length - 1)
    throw new FaultSpecError(`--drift-delete needs TYPE@IDENTIFIER, got ${text}`);
  return { typeName: text.slice(0, at), identifier: text.slice(at + 1) };
}

/** `--drift-patch TYPE@IDENTIFIER=[json patch]`. */
export function driftPatchFlag(text: string): DriftTarget & { patch: string } {
  const split = text.indexOf("=[");
  if (split < 0) throw new FaultSpecError(`--drift-patch needs TYPE@IDENTIFIER=[...], got ${text}`);
  return { ...driftDeleteFlag(text.slice(0, split)), patch: text.slice(split + 1) };
}
