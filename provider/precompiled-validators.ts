// The desired-state validators compiled at build time (ajv standalone code, one asset per type,
// packed by service): a provider process evaluates a type's validator the first time it validates
// that type, instead of loading ajv and compiling the type's schema, which each of Terraform's
// short-lived processes would pay again.
import equalModule from "ajv/dist/runtime/equal.js";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import uriModule from "ajv/dist/runtime/uri.js";
import type { ValidateFunction } from "ajv";
import { CFN_REGEXP_MODULE, cfnRegExpEngine } from "../cfn/regex/lenient-engine.js";
import type { PrecompiledValidators } from "../runtime/validate/desired-state-schema.js";
import { readAssetText } from "./assets.js";
import { evaluateCommonJs } from "./commonjs.js";

export const validatorAssetName = (typeName: string) => `cfn-validator/${typeName}` as const;

/**
 * A compiled ES module's `exports.default`: Node's ESM loader hands the importer the whole exports
 * object (marked __esModule), esbuild's bundle its `default` already.
 */
function defaultExport(imported: unknown): unknown {
  const marked = (imported as { __esModule?: boolean } | undefined)?.__esModule === true;
  return marked ? (imported as { default: unknown }).default : imported;
}

/** What the standalone code may require: ajv's runtime helpers it uses for JSON Schema, and the engine. */
const STANDALONE_REQUIRES: Readonly<Record<string, unknown>> = {
  "ajv/dist/runtime/equal": { default: defaultExport(equalModule) },
  "ajv/dist/runtime/ucs2length": { default: defaultExport(ucs2lengthModule) },
  "ajv/dist/runtime/uri": { default: defaultExport(uriModule) },
  [CFN_REGEXP_MODULE]: cfnRegExpEngine,
};

/** Evaluates one validator's standalone code (a CommonJS module exporting the function). */
export function evaluateStandaloneValidator(code: string, filename: string): ValidateFunction {
  const exports = evaluateCommonJs(code, filename, (specifier) => {
    if (!Object.hasOwn(STANDALONE_REQUIRES, specifier))
      throw new Error(`${filename} requires ${specifier}, which the binary does not carry`);
    return STANDALONE_REQUIRES[specifier];
  });
  const validate = exports.default ?? exports;
  if (typeof validate !== "function") throw new Error(`${filename} exports no validator`);
  return validate as ValidateFunction;
}

/** The binary's precompiled validators (none from source: the runtime compiles them then). */
export const embeddedValidators: PrecompiledValidators = (typeName) => {
  const code = readAssetText(validatorAssetName(typeName));
  return code === undefined
    ? undefined
    : evaluateStandaloneValidator(code, `${validatorAssetName(typeName)}.js`);
};
