// The generated modules inside the single executable. They are not part of the provider's bundle:
// each one is an asset of its own (CommonJS, compiled at build time), evaluated the first time a
// request names its type, so start-up compiles ~1.5 MB of provider code instead of 12 MB.
import * as define from "../terraform/schema/define.js";
import { readAssetText } from "./assets.js";
import { evaluateCommonJs, type ModuleExports } from "./commonjs.js";

/** The asset holding a generated module, by its path under generated/ without extension. */
export const generatedModuleAsset = (modulePath: string): `generated/${string}` =>
  `generated/${modulePath}.js`;

/** The one import a generated module makes outside generated/ (see generator/emit). */
const DEFINE_SPECIFIER = /(^|\/)terraform\/schema\/define\.js$/;

const evaluated = new Map<string, ModuleExports>();

/** "logs/log_group_resource" importing "./log_group_resource.js" → "logs/log_group_resource". */
function siblingPath(fromModule: string, specifier: string): string {
  if (!specifier.startsWith("./") || !specifier.endsWith(".js"))
    throw new Error(`generated module ${fromModule} imports ${specifier}, which the binary does not carry`);
  const dir = fromModule.includes("/") ? fromModule.slice(0, fromModule.lastIndexOf("/") + 1) : "";
  return dir + specifier.slice(2, -3);
}

/** Evaluates (once) the generated module at `modulePath` and returns its exports. */
export function requireEmbeddedModule(modulePath: string): ModuleExports {
  const done = evaluated.get(modulePath);
  if (done) return done;
  const code = readAssetText(generatedModuleAsset(modulePath));
  if (code === undefined) throw new Error(`the binary carries no generated module ${modulePath}`);
  const exports = evaluateCommonJs(code, `generated/${modulePath}.js`, (specifier) =>
    DEFINE_SPECIFIER.test(specifier) ? define : requireEmbeddedModule(siblingPath(modulePath, specifier)),
  );
  evaluated.set(modulePath, exports);
  return exports;
}

/** A loader of the generated index, answered from the module's asset. */
export async function loadEmbeddedModule<T>(modulePath: string): Promise<{ readonly default: T }> {
  return { default: requireEmbeddedModule(modulePath).default as T };
}
