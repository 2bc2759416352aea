// Reads schemas/generation.json: the configured suppressions, each with its reason.
import fs from "node:fs";
import path from "node:path";
import type { ModuleKind } from "../model/resource-model.js";
import { repoRoot } from "../../cfn/paths.js";

export interface ConfiguredSuppression {
  readonly type: string;
  readonly modules: readonly ModuleKind[];
  readonly reason: string;
}

/** A type whose schema is taken from a file kept with the configuration instead of the cache. */
export interface ConfiguredPin {
  readonly type: string;
  /** Path of the pinned schema, relative to the configuration file. */
  readonly file: string;
  readonly reason: string;
}

export interface GenerationConfig {
  readonly file: string;
  readonly suppressions: ReadonlyMap<string, ConfiguredSuppression>;
  readonly pins: ReadonlyMap<string, ConfiguredPin>;
}

export const defaultConfigFile = path.join(repoRoot, "schemas/generation.json");

const TYPE_NAME = /^[A-Za-z0-9]+::[A-Za-z0-9]+::[A-Za-z0-9]+$/;
const MODULE_KINDS: ReadonlySet<string> = new Set(["resource", "singularDataSource", "pluralDataSource"]);

function fail(file: string, pointer: string, message: string): never {
  throw new Error(`${file}: ${pointer}: ${message}`);
}

/** Parses and checks the configuration; errors name the file and the JSON pointer. */
export function parseGenerationConfig(file: string, text: string): GenerationConfig {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    fail(file, "", `not valid JSON: ${(e as Error).message}`);
  }
  if (doc === null || typeof doc !== "object") fail(file, "", "expected a JSON object");
  const list = (doc as { suppressions?: unknown }).suppressions ?? [];
  if (!Array.isArray(list)) fail(file, "/suppressions", "expected an array");
  const suppressions = new Map<string, ConfiguredSuppression>();
  list.forEach((entry: unknown, i: number) => {
    const at = `/suppressions/${i}`;
    const e = entry as Partial<ConfiguredSuppression> | null;
    if (e === null || typeof e !== "object") fail(file, at, "expected an object");
    if (typeof e.type !== "string" || !TYPE_NAME.test(e.type)) {
      fail(file, `${at}/type`, "expected a CloudFormation type name such as AWS::S3::Bucket");
    }
    if (!Array.isArray(e.modules) || e.modules.length === 0 || !e.modules.every((m) => MODULE_KINDS.has(m))) {
      fail(file, `${at}/modules`, `expected a non-empty array of ${[...MODULE_KINDS].join(", ")}`);
    }
    if (typeof e.reason !== "string" || e.reason.trim() === "")
      fail(file, `${at}/reason`, "every suppression needs a reason");
    if (suppressions.has(e.type)) fail(file, `${at}/type`, `${e.type} is listed twice`);
    suppressions.set(e.type, { type: e.type, modules: e.modules, reason: e.reason });
  });
  return { file, suppressions, pins: parsePins(file, (doc as { pins?: unknown }).pins ?? []) };
}

function parsePins(file: string, list: unknown): Map<string, ConfiguredPin> {
  if (!Array.isArray(list)) fail(file, "/pins", "expected an array");
  const pins = new Map<string, ConfiguredPin>();
  list.forEach((entry: unknown, i: number) => {
    const at = `/pins/${i}`;
    const e = entry as Partial<ConfiguredPin> | null;
    if (e === null || typeof e !== "object") fail(file, at, "expected an object");
    if (typeof e.type !== "string" || !TYPE_NAME.test(e.type))
      fail(file, `${at}/type`, "expected a CloudFormation type name");
    if (typeof e.file !== "string" || e.file === "")
      fail(file, `${at}/file`, "expected the pinned schema's path");
    if (typeof e.reason !== "string" || e.reason.trim() === "")
      fail(file, `${at}/reason`, "every pin needs a reason");
    if (pins.has(e.type)) fail(file, `${at}/type`, `${e.type} is pinned twice`);
    pins.set(e.type, { type: e.type, file: e.file, reason: e.reason });
  });
  return pins;
}

export function loadGenerationConfig(file = defaultConfigFile): GenerationConfig {
  return parseGenerationConfig(file, fs.readFileSync(file, "utf8"));
}
