// The resource blocks of the scale bench: five hand-written kinds by default, or, with
// BENCH_TYPES=awscc_a,awscc_b,..., minimal valid blocks of any generated types (built from each type's
// definition and CloudFormation schema by the runtime tests' ConfigBuilder), so the figures can be
// taken on types the bench was not tuned for. BENCH_CONFIG_SEED (default 7) picks another of the
// builder's configurations. Each type's first two blocks are created in process first
// (probe-kinds.ts), so a type the bench cannot create 1,000 times is refused before Terraform runs.
import { directorySchemaSource, effectiveSchemasDir } from "../cfn/schema-source.js";
import { seededRandom } from "../emulator/emulator.js";
import { nameProperties } from "../emulator/generate/fill-generated.js";
import { fitsStringNode } from "../emulator/generate/plausible-values.js";
import { resolveMember } from "../emulator/realism/schema-kinds.js";
import type { JsonObject } from "../emulator/types.js";
import { resources } from "../generated/index.js";
import type { Attribute, Attributes, AttributeType, ResourceDefinition } from "../terraform/schema/types.js";
import { isRecord, isUnknown, makeRecord, type TfRecord, type TfValue } from "../terraform/values/index.js";
import { literalTemplateText } from "../terraform/template-text.js";
import { numberText } from "../terraform/values/number.js";
import { ConfigBuilder } from "../test/runtime/config-builder.js";
import { type ProbedKind, probeKinds } from "./probe-kinds.js";

/** Resource block number `i` (address `<type>.r<i>`). */
export type ResourceBlock = (i: number) => string;

/** One resource of each kind in turn: a mix of small and nested attributes, tags and JSON. */
export const DEFAULT_KINDS: readonly ResourceBlock[] = [
  (i) =>
    `resource "awscc_logs_log_group" "r${i}" {\n  log_group_name    = "scale-${i}"\n  retention_in_days = 7\n  tags = [{ key = "n", value = "${i}" }]\n}\n`,
  (i) =>
    `resource "awscc_sqs_queue" "r${i}" {\n  queue_name                 = "scale-${i}"\n  visibility_timeout         = 60\n  tags = [{ key = "n", value = "${i}" }]\n}\n`,
  (i) =>
    `resource "awscc_sns_topic" "r${i}" {\n  topic_name   = "scale-${i}"\n  display_name = "topic ${i}"\n}\n`,
  (i) =>
    `resource "awscc_iam_role" "r${i}" {\n  role_name = "scale-${i}"\n  assume_role_policy_document = jsonencode({\n    Version   = "2012-10-17"\n    Statement = [{ Effect = "Allow", Principal = { Service = "lambda.amazonaws.com" }, Action = "sts:AssumeRole" }]\n  })\n  max_session_duration = 3600\n}\n`,
  (i) =>
    `resource "awscc_ssm_parameter" "r${i}" {\n  name  = "/scale/p${i}"\n  type  = "String"\n  value = "v${i}"\n}\n`,
];

/** The kinds named by BENCH_TYPES (comma-separated), or the default kinds. */
export async function benchKinds(env: NodeJS.ProcessEnv = process.env): Promise<{
  readonly names: readonly string[];
  readonly kinds: readonly ResourceBlock[];
}> {
  const listed = (env.BENCH_TYPES ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (listed.length === 0) {
    return {
      names: [
        "awscc_logs_log_group",
        "awscc_sqs_queue",
        "awscc_sns_topic",
        "awscc_iam_role",
        "awscc_ssm_parameter",
      ],
      kinds: DEFAULT_KINDS,
    };
  }
  const source = directorySchemaSource(effectiveSchemasDir());
  const kinds: ResourceBlock[] = [];
  const probed: ProbedKind[] = [];
  for (const name of listed) {
    const loader = Object.hasOwn(resources, name) ? resources[name as keyof typeof resources] : undefined;
    if (!loader) throw new Error(`BENCH_TYPES: ${name} is not a resource type of this provider`);
    const definition = (await loader()).default as ResourceDefinition;
    const schema = source.get(definition.cfnTypeName);
    if (!schema) throw new Error(`BENCH_TYPES: no CloudFormation schema for ${definition.cfnTypeName}`);
    const handlers = (schema.handlers ?? {}) as JsonObject;
    if (!handlers.create)
      throw new Error(
        `BENCH_TYPES: ${name} cannot be created (${definition.cfnTypeName} has no create handler)`,
      );
    const configs = distinctConfigs(definition, schema, Number(env.BENCH_CONFIG_SEED ?? 7));
    kinds.push((i) => resourceBlock(definition.tfTypeName, `r${i}`, configs(i)));
    probed.push({ definition, configs });
  }
  await probeKinds(probed);
  return { names: listed, kinds };
}

/**
 * Minimal valid configurations of one type, one per block number. Strings that name the object get
 * a per-block variant so that 1,000 objects can coexist: the primary identifier's parts the
 * configuration sets (at any depth, as S3 Storage Lens's `StorageLensConfiguration/Id`), and the
 * `Name` or `<Type>Name` property (services keep names unique, and the emulator builds generated
 * ARNs from them).
 */
export function distinctConfigs(
  definition: ResourceDefinition,
  schema: JsonObject,
  seed: number,
): (i: number) => TfRecord {
  const builder = new ConfigBuilder(definition, schema, seededRandom(seed));
  const config = builder.config();
  if (!isRecord(config)) throw new Error(`BENCH_TYPES: no configuration built for ${definition.tfTypeName}`);
  const typeName = String(schema.typeName ?? "").split("::")[2] ?? "";
  const identifiers = ((schema.primaryIdentifier ?? []) as string[]).map((p) =>
    p.replace(/^\/properties\//, "").split("/"),
  );
  const names = nameProperties(typeName).filter((name) => !identifiers.some((p) => p.join("/") === name));
  const naming = [
    ...identifiers.map((cfnPath) => ({ cfnPath, identifier: true })),
    ...names.map((name) => ({ cfnPath: [name], identifier: false })),
  ].flatMap(({ cfnPath, identifier }) => {
    const found = configuredString(definition.attributes, schema, config, cfnPath);
    return found ? [{ ...found, identifier }] : [];
  });
  const variants = naming.flatMap(({ path, value, node, identifier }) => {
    const variant = distinctVariants(value, node);
    return variant ? [{ path, variant, identifier }] : [];
  });
  const setIdentifiers = naming.filter((n) => n.identifier).map((n) => n.path.join("."));
  if (setIdentifiers.length > 0 && !variants.some((v) => v.identifier))
    throw new Error(
      `BENCH_TYPES: cannot make ${definition.tfTypeName}'s identifier (${setIdentifiers.join(", ")}) distinct per resource`,
    );
  return (i) => variants.reduce((value, { path, variant }) => withStringAt(value, path, variant(i)), config);
}

/** A resource block setting the configuration's non-null attributes. */
function resourceBlock(tfTypeName: string, name: string, config: TfRecord): string {
  const body = Object.entries(config)
    .filter(([, value]) => value !== null)
    .map(([attribute, value]) => `  ${attribute} = ${hcl(value, "  ")}\n`)
    .join("");
  return `resource "${tfTypeName}" "${name}" {\n${body}}\n`;
}

/**
 * The string the configuration sets at a CloudFormation property path (through nested objects),
 * with its attribute path and its schema; undefined when it sets none there.
 */
function configuredString(
  attributes: Attributes,
  schema: JsonObject,
  config: TfRecord,
  cfnPath: readonly string[],
): { path: string[]; value: string; node: JsonObject } | undefined {
  let scope: Attributes | undefined = attributes;
  let node: JsonObject = schema;
  let value: TfValue = config;
  const path: string[] = [];
  for (const segment of cfnPath) {
    const entry: [string, Attribute] | undefined = scope
      ? Object.entries(scope).find(([, a]) => a.cfnName === segment)
      : undefined;
    if (!entry || !isRecord(value)) return undefined;
    const [name, attribute]: [string, Attribute] = entry;
    path.push(name);
    value = value[name] ?? null;
    node =
      resolveMember(schema, (node.properties as Record<string, JsonObject> | undefined)?.[segment]) ?? {};
    const type: AttributeType = attribute.type;
    scope = type.kind === "object" ? type.attributes : undefined;
  }
  return typeof value === "string" ? { path, value, node } : undefined;
}

/** `record` with `text` at `path` (through nested records). */
function withStringAt(record: TfRecord, path: readonly string[], text: string): TfRecord {
  const [name, ...rest] = path as [string, ...string[]];
  const inner = record[name] ?? null;
  const next = rest.length === 0 ? text : isRecord(inner) ? withStringAt(inner, rest, text) : inner;
  return makeRecord(Object.keys(record).map((k) => [k, k === name ? next : (record[k] ?? null)]));
}

/** Digits a block number is written with: up to 100,000 blocks. */
const WIDTH = 5;

/**
 * A way to make `base` distinct for each block number while it still fits the property's schema:
 * the number (in a fixed width, so no two blocks collide) appended as digits, letters or "-digits",
 * or written over the last digits, hex digits or letters of `base` (for fixed shapes such as UUIDs
 * or `farm-<32 hex>`). Undefined when no way fits.
 */
export function distinctVariants(base: string, node: JsonObject): ((i: number) => string) | undefined {
  const max = typeof node.maxLength === "number" ? node.maxLength : Infinity;
  const appended = (suffix: string) =>
    base.slice(0, Math.max(1, Math.min(base.length, max - suffix.length))) + suffix;
  const ways: ((i: number) => string)[] = [
    (i) => appended(numeral(i, DECIMAL)),
    (i) => appended(numeral(i, LOWER)),
    (i) => appended(`-${numeral(i, DECIMAL)}`),
    (i) => overwriteLast(base, /[0-9]/, numeral(i, DECIMAL)),
    (i) => overwriteLast(base, /[0-9a-f]/, numeral(i, HEX)),
    (i) => overwriteLast(base, /[a-z]/, numeral(i, LOWER)),
  ];
  const probes = [0, 1, 26, 999, 10 ** WIDTH - 1];
  return ways.find((way) => {
    const texts = probes.map(way);
    return new Set(texts).size === probes.length && texts.every((t) => fitsStringNode(node, t));
  });
}

const DECIMAL = "0123456789";
const HEX = "0123456789abcdef";
const LOWER = "abcdefghijklmnopqrstuvwxyz";

/** `n` in `alphabet`, WIDTH characters wide. */
function numeral(n: number, alphabet: string): string {
  let text = "";
  for (let k = 0; k < WIDTH; k++, n = Math.floor(n / alphabet.length))
    text = alphabet[n % alphabet.length] + text;
  return text;
}

/** `text` with its last characters matching `kind` replaced, in order, by `digits` (unchanged if too few). */
function overwriteLast(text: string, kind: RegExp, digits: string): string {
  const chars = [...text];
  let next = digits.length - 1;
  for (let at = chars.length - 1; at >= 0 && next >= 0; at--) {
    if (kind.test(chars[at]!)) chars[at] = digits[next--]!;
  }
  return next < 0 ? chars.join("") : text;
}

/** A Terraform value as an HCL expression. */
function hcl(value: TfValue, indent: string): string {
  if (value === null) return "null";
  if (isUnknown(value)) throw new Error("a configuration cannot hold an unknown value");
  if (typeof value === "string") return literalTemplateText(JSON.stringify(value));
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => hcl(v as TfValue, indent)).join(", ")}]`;
  if (isRecord(value)) {
    const inner = `${indent}  `;
    const entries = Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${inner}${JSON.stringify(k)} = ${hcl(v, inner)}\n`);
    return `{\n${entries.join("")}${indent}}`;
  }
  if (typeof value === "object" && "type" in value && "value" in value)
    return hcl((value as { value: TfValue }).value, indent);
  return numberText(value as Parameters<typeof numberText>[0]);
}
