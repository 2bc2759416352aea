// Each type's desired-state validator compiled at build time into ajv standalone code, one asset per
// type (provider/precompiled-validators.ts evaluates them). A schema ajv cannot compile gets no
// asset: the runtime then tries to compile it itself, and skips the check as it always has.
import fs from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { desiredStateAjvOptions } from "../cfn/desired-state-ajv.js";
import { modelSchemaOf } from "../cfn/model-schema.js";
import { cfnRegExpEngineForStandalone } from "../cfn/regex/lenient-engine.js";
import type { CfnSchema } from "../cfn/schema-source.js";
import { validatorAssetName } from "../provider/precompiled-validators.js";

/** The standalone validator module of one schema (CommonJS; requires ajv's runtime helpers and the engine). */
export function standaloneValidatorCode(schema: CfnSchema): string {
  const options = desiredStateAjvOptions(cfnRegExpEngineForStandalone);
  const ajv = new Ajv({ ...options, code: { ...options.code, source: true } });
  return standalone.default(ajv, ajv.compile(modelSchemaOf(schema)));
}

/** Writes one validator per type under `dir`; returns the assets and the types left to the runtime. */
export function writeValidatorAssets(
  types: readonly { readonly cfnTypeName: string; readonly file: string }[],
  schemaOf: (typeName: string) => CfnSchema,
  dir: string,
): { assets: Record<string, string>; notCompiled: string[] } {
  fs.mkdirSync(dir, { recursive: true });
  const assets: Record<string, string> = {};
  const notCompiled: string[] = [];
  for (const t of types) {
    let code: string;
    try {
      code = standaloneValidatorCode(schemaOf(t.cfnTypeName));
    } catch {
      notCompiled.push(t.cfnTypeName);
      continue;
    }
    const file = path.join(dir, `${t.file}.js`);
    fs.writeFileSync(file, code);
    assets[validatorAssetName(t.cfnTypeName)] = file;
  }
  return { assets, notCompiled };
}
