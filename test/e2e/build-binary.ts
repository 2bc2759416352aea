// Builds dist/terraform-provider-awscc when it is stale: test/run.ts starts this in the background.
import { ensureProviderBinary } from "./harness.js";

try {
  ensureProviderBinary();
} catch (error) {
  // execFileSync's error carries the build's own output, which says what went wrong.
  const { stderr, message } = error as { stderr?: Buffer; message: string };
  process.stderr.write(stderr?.length ? stderr.toString() : `${message}\n`);
  process.exitCode = 1;
}
