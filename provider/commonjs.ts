// CommonJS code the binary carries as an asset (generated modules, precompiled validators), run as
// a function of (exports, require, module) with the require its caller answers.
import vm from "node:vm";

export type ModuleExports = Record<string, unknown>;

/** Runs `code` once and returns what it exported. */
export function evaluateCommonJs(
  code: string,
  filename: string,
  requireFromModule: (specifier: string) => unknown,
): ModuleExports {
  const run = vm.compileFunction(code, ["exports", "require", "module"], { filename });
  const module = { exports: {} as ModuleExports };
  run(module.exports, requireFromModule, module);
  return module.exports;
}
