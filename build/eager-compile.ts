// V8 compiles a function on its first call unless the function expression is in parentheses, which
// it takes as a sign of a function called at once and compiles with the script. The SEA's code cache
// holds what was compiled with the bundle, so every provider process compiled again the bodies of
// the CommonJS modules it loads before its first answer (grpc-js, protobufjs, msgpack...): esbuild
// wraps each in a method `"path"(exports, module) {…}` that is called later. Rewritten as
// `"path":(function(exports, module) {…})`, they go into the code cache: measured 2026-11-28, 4–8 %
// less CPU per provider process of `terraform plan` (docs/performance.md#start-up-on-a-slower-machine).
// Only those modules: compiling the AWS SDK's too made a larger cache that every process reads, and
// gained less.
import { decode, encode } from "@jridgewell/sourcemap-codec";
import ts from "typescript";

/**
 * The bundled CommonJS modules every provider process requires before it answers GetProviderSchema
 * (test/build/eager-compile.test.ts records them from a real start and checks this list covers them).
 */
export const STARTUP_MODULES: readonly RegExp[] = [
  /^node_modules\/@grpc\/grpc-js\//,
  /^node_modules\/(protobufjs|@protobufjs\/[^/]+|long)\//,
  /^node_modules\/@msgpack\/msgpack\//,
  /^node_modules\/@js-sdsl\/ordered-map\//,
  /^node_modules\/(ajv\/dist\/runtime|fast-uri|fast-deep-equal)\//,
  /^protocol\/codecs\//,
];

export const isStartupModule = (modulePath: string): boolean =>
  STARTUP_MODULES.some((pattern) => pattern.test(modulePath));

/** A source map as esbuild writes it (version 3). */
export interface RawSourceMap {
  readonly mappings: string;
  readonly [key: string]: unknown;
}

export interface EagerBundle {
  readonly code: string;
  readonly map: RawSourceMap;
  /** The module paths whose wrappers were rewritten. */
  readonly eager: readonly string[];
}

interface Insertion {
  readonly at: number;
  readonly text: string;
}

/** esbuild's `__commonJS({ "path"(…) {…} })` wrappers whose path `isEager` accepts. */
function wrapperInsertions(
  code: string,
  isEager: (modulePath: string) => boolean,
): {
  insertions: Insertion[];
  eager: string[];
} {
  const source = ts.createSourceFile("bundle.cjs", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const insertions: Insertion[] = [];
  const eager: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "__commonJS" &&
      node.arguments.length === 1
    ) {
      const argument = node.arguments[0]!;
      const method = ts.isObjectLiteralExpression(argument) ? argument.properties[0] : undefined;
      if (
        method &&
        ts.isMethodDeclaration(method) &&
        ts.isStringLiteral(method.name) &&
        isEager(method.name.text)
      ) {
        eager.push(method.name.text);
        insertions.push({ at: method.name.end, text: ":(function" }, { at: method.end, text: ")" });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  insertions.sort((a, b) => a.at - b.at);
  return { insertions, eager };
}

/**
 * The bundle with the wrappers of the modules `isEager` accepts rewritten as parenthesized function
 * expressions, and its source map with every generated column after an insertion moved to match.
 */
export function eagerlyCompiled(
  code: string,
  map: RawSourceMap,
  isEager: (modulePath: string) => boolean = isStartupModule,
): EagerBundle {
  const { insertions, eager } = wrapperInsertions(code, isEager);
  // Per generated line, the insertions on it: [column in the original line, length].
  const byLine = new Map<number, [number, number][]>();
  let out = "";
  let copied = 0;
  let line = 0;
  let lineStart = 0;
  for (const { at, text } of insertions) {
    for (let newline = code.indexOf("\n", lineStart); newline !== -1 && newline < at;) {
      line++;
      lineStart = newline + 1;
      newline = code.indexOf("\n", lineStart);
    }
    const onLine = byLine.get(line) ?? [];
    onLine.push([at - lineStart, text.length]);
    byLine.set(line, onLine);
    out += code.slice(copied, at) + text;
    copied = at;
  }
  out += code.slice(copied);
  const lines = decode(map.mappings);
  for (const [lineIndex, inserted] of byLine) {
    const segments = lines[lineIndex];
    if (!segments) continue;
    // A segment at or after an insertion's column starts at a character that moved right. Both
    // lists in column order (esbuild writes a line's segments so; sorted here to be sure).
    segments.sort((a, b) => a[0] - b[0]);
    let next = 0;
    let shift = 0;
    for (const segment of segments) {
      while (next < inserted.length && inserted[next]![0] <= segment[0]) shift += inserted[next++]![1];
      segment[0] += shift;
    }
  }
  return { code: out, map: { ...map, mappings: encode(lines) }, eager };
}
