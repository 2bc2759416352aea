// What the emulated CloudFormation registry knows: one public AWS resource type per schema file of
// the emulator's schema folder, read once on first use and kept sorted by type name.
import fs from "node:fs";
import path from "node:path";
import { listSchemaFiles, parseSchemaText } from "../../cfn/read-schemas.js";

export type ProvisioningType = "FULLY_MUTABLE" | "IMMUTABLE" | "NON_PROVISIONABLE";

export interface CatalogType {
  readonly typeName: string;
  /** The schema text as the file holds it (the registry's `Schema` member). */
  readonly schemaText: string;
  readonly description?: string;
  readonly sourceUrl?: string;
  readonly documentationUrl?: string;
  readonly provisioningType: ProvisioningType;
  /** The file's modification time, standing in for the registry's LastUpdated. */
  readonly lastUpdated: Date;
}

export interface RegistryCatalog {
  /** Every type, sorted by type name. */
  list(): readonly CatalogType[];
  get(typeName: string): CatalogType | undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The registry's rule: an update handler makes a type fully mutable; create, read and delete
 * without update make it immutable; a handler set lacking one of those cannot be provisioned.
 * Types without any handlers are CloudFormation's own legacy types, which it provisions itself.
 */
export function provisioningTypeOf(schema: Record<string, unknown>): ProvisioningType {
  const handlers = schema.handlers;
  if (typeof handlers !== "object" || handlers === null) return "FULLY_MUTABLE";
  const has = (name: string): boolean => name in handlers;
  if (!has("create") || !has("read") || !has("delete")) return "NON_PROVISIONABLE";
  return has("update") ? "FULLY_MUTABLE" : "IMMUTABLE";
}

function readCatalog(dir: string): CatalogType[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const types = new Map<string, CatalogType>();
  for (const name of listSchemaFiles(dir)) {
    const filePath = path.join(dir, name);
    let text: string;
    try {
      text = fs.readFileSync(filePath, "utf8");
    } catch {
      continue; // unreadable files are not registered types
    }
    const outcome = parseSchemaText(name, filePath, text);
    if (!outcome.ok || types.has(outcome.loaded.typeName)) continue;
    const schema = outcome.loaded.schema;
    types.set(outcome.loaded.typeName, {
      typeName: outcome.loaded.typeName,
      schemaText: text.startsWith("\uFEFF") ? text.slice(1) : text,
      description: optionalString(schema.description),
      sourceUrl: optionalString(schema.sourceUrl),
      documentationUrl: optionalString(schema.documentationUrl),
      provisioningType: provisioningTypeOf(schema),
      lastUpdated: fs.statSync(filePath).mtime,
    });
  }
  return [...types.values()].sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
}

/** A catalog of the folder `dir()` names, read lazily (a server start parses nothing). */
export function directoryRegistryCatalog(dir: () => string): RegistryCatalog {
  let types: CatalogType[] | undefined;
  let byName: Map<string, CatalogType> | undefined;
  const load = (): CatalogType[] => (types ??= readCatalog(dir()));
  return {
    list: load,
    get: (typeName) => (byName ??= new Map(load().map((type) => [type.typeName, type]))).get(typeName),
  };
}
