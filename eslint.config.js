// Flat config: typescript-eslint's recommended rules over all project sources, plus the layer rule
// (docs/architecture.md): each top-level folder may import only the folders listed for it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const root = path.dirname(fileURLToPath(import.meta.url));

/** Top-level folder → the other top-level folders its sources may import. */
const ALLOWED = {
  // The ground floor: CloudFormation and Terraform vocabulary.
  cfn: [],
  terraform: ["cfn"],
  schemas: ["cfn"],
  generator: ["cfn", "terraform", "schemas"],
  runtime: ["cfn", "terraform"],
  protocol: ["terraform"],
  emulator: ["cfn"],
  // Composition: the binary wires the runtime to the protocol; the build packs the binary.
  provider: ["cfn", "terraform", "runtime", "protocol", "generated"],
  build: ["cfn", "terraform", "protocol", "provider", "generated"],
  // Releases: the build for each platform, packed, summed and signed; the local registry.
  release: ["cfn", "build"],
  // The awscc-ts command: generation, diff, docs, refresh and the orphans tool.
  cli: ["cfn", "terraform", "schemas", "generator", "runtime", "release"],
  bin: ["cli"],
};

const layerRule = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const file = path.relative(root, context.filename);
    const from = file.split(path.sep)[0];
    const allowed = ALLOWED[from];
    if (allowed === undefined) return {};
    const check = (node, source) => {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)[0];
      if (target !== from && !allowed.includes(target)) {
        context.report({
          node,
          message: `${from}/ may not import ${target}/ (allowed: ${allowed.join(", ") || "none"}); see docs/architecture.md`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "generated/",
      "dist/",
      "test/golden/",
      ".test-out-*/",
      ".cache/",
      "protocol/codecs/messages.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { layers: { rules: { imports: layerRule } } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "layers/imports": "error",
    },
  },
);
