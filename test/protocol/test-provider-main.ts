// Launcher of the protocol test provider (the test double behind the real wire layer). Terraform
// runs it through the `terraform-provider-awscc` script the end-to-end test writes.
import { serve } from "../../protocol/main.js";
import { createBackendDouble } from "./backend-double.js";
import { testProviderDescription } from "./test-provider-schema.js";

await serve(
  ({ logger }) =>
    createBackendDouble({
      logger,
      ...(process.env.PROTOCOL_TEST_STORE ? { storePath: process.env.PROTOCOL_TEST_STORE } : {}),
    }),
  testProviderDescription,
);
