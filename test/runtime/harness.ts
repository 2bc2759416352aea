// Runtime test plumbing: an in-process emulator and a CloudControlBackend configured against it
// through the real AWS SDK (endpoints + static dummy credentials), with tiny poll and retry delays.
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator/emulator.js";
import { providerConfigAttributes } from "../../terraform/provider-config.js";
import {
  CloudControlBackend,
  type CloudControlBackendOptions,
} from "../../runtime/provider/cloudcontrol-backend.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { makeRecord, type TfValue } from "../../terraform/values/index.js";
import { resources } from "../../generated/index.js";
import { errorsOf, TerraformSim } from "./terraform.js";

// The SDK warns about Node 20 once per process; it is noise in test output.
// The variable @aws-sdk/core reads (it compares with the string "true").
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

export const FAST = { waitTiming: { minDelayMs: 1, maxDelayMs: 4 }, retryBackoffMs: () => 1 } as const;

export interface RuntimeHarness {
  readonly emulator: RunningEmulator;
  readonly backend: CloudControlBackend;
  sim(definition: ResourceDefinition): TerraformSim;
  close(): Promise<void>;
}

export function providerConfig(values: Record<string, TfValue>): TfValue {
  return makeRecord(Object.keys(providerConfigAttributes).map((name) => [name, values[name] ?? null]));
}

export function emulatorProviderConfig(url: string, extra: Record<string, TfValue> = {}): TfValue {
  return providerConfig({
    region: "us-east-1",
    access_key: "AKIDEMULATOR",
    secret_key: "emulator-secret",
    endpoints: makeRecord([
      ["cloudcontrolapi", url],
      ["sts", url],
      ["iam", null],
      ["sso", null],
    ]),
    ...extra,
  });
}

export async function startRuntime(
  emulatorOptions: EmulatorOptions = {},
  backendOptions: CloudControlBackendOptions = {},
  providerExtra: Record<string, TfValue> = {},
): Promise<RuntimeHarness> {
  const emulator = await startEmulator({ port: 0, seed: 11, ...emulatorOptions });
  const backend = new CloudControlBackend({ ...FAST, ...backendOptions });
  const configured = await backend.configureProvider({
    terraformVersion: "1.11.4",
    config: emulatorProviderConfig(emulator.url, providerExtra),
    clientCapabilities: { deferralAllowed: false, writeOnlyAttributesAllowed: true },
  });
  const errors = errorsOf(configured.diagnostics);
  if (errors) throw new Error(`configure failed: ${errors}`);
  return {
    emulator,
    backend,
    sim: (definition) => new TerraformSim(backend, definition),
    close: async () => {
      backend.stop();
      await emulator.stop();
    },
  };
}

export async function loadResource(tfTypeName: string): Promise<ResourceDefinition> {
  const loader = resources[tfTypeName];
  if (!loader) throw new Error(`no generated resource ${tfTypeName}`);
  return (await loader()).default;
}
