// Where the runtime reads a type's CloudFormation schema. Behind this one interface so that the
// provider binary can embed the schemas later; for now they are read from the schema folder.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { resolveSchemasDir } from "../../generator/config/paths.js";

export type CfnSchema = Readonly<Record<string, unknown>>;

export interface CfnSchemaSource {
  /** The raw resource schema of a type, or undefined when there is none. */
  get(typeName: string): Promise<CfnSchema | undefined>;
}

/** Schemas from a folder of `AWS_Service_Type.json` files (the generator's source by default). */
export function directorySchemaSource(dir: string = resolveSchemasDir()): CfnSchemaSource {
  const cache = new Map<string, Promise<CfnSchema | undefined>>();
  const load = async (typeName: string): Promise<CfnSchema | undefined> => {
    try {
      const text = await readFile(path.join(dir, `${typeName.replaceAll("::", "_")}.json`), "utf8");
      const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
      return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
        ? (parsed as CfnSchema)
        : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    get(typeName) {
      let entry = cache.get(typeName);
      if (!entry) {
        entry = load(typeName);
        cache.set(typeName, entry);
      }
      return entry;
    },
  };
}
