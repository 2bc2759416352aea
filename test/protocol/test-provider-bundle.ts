// The protocol test provider (test-provider-main.ts) bundled into one JavaScript file, once per test
// process, so each provider process Terraform or a test starts runs plain JavaScript: through tsx
// every start transpiled and loaded the sources again (about 0.9 s to the handshake line against
// 0.2 s, several times per Terraform command).
import { buildSync } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./test-provider-main.ts", import.meta.url));

let bundled: string | undefined;

/** The path of the bundled test provider (an ES module: run it with `node <path>`). */
export function testProviderScript(): string {
  if (bundled) return bundled;
  const dir = mkdtempSync(join(tmpdir(), "awscc-test-provider-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, "test-provider.mjs");
  buildSync({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    // The bundled CommonJS dependencies (grpc-js) call require.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
  });
  bundled = outfile;
  return outfile;
}
