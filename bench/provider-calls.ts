// The provider's own CPU per ValidateResourceConfig + PlanResourceChange pair, driven straight over
// gRPC (no Terraform), against the emulator: for the first 500 pairs a fresh process answers and for
// the next 1,500, so that the cost of a process warming up (what each of Terraform's short-lived
// provider processes pays) shows beside the steady state. CPU is read from /proc (all threads),
// which a loaded machine disturbs far less than wall time.
import { directorySchemaSource, effectiveSchemasDir } from "../cfn/schema-source.js";
import { seededRandom, startEmulator } from "../emulator/emulator.js";
import { resources } from "../generated/index.js";
import { processCpuSeconds } from "./provider-usage.js";
import { launchPlugin, type LaunchedPlugin } from "../protocol/plugin-client.js";
import { encodeDynamicValue } from "../protocol/wire.js";
import { providerConfigAttributes } from "../terraform/provider-config.js";
import type { ResourceDefinition } from "../terraform/schema/types.js";
import {
  type CtyType,
  definitionImpliedType,
  impliedObjectType,
  makeRecord,
} from "../terraform/values/index.js";
import { ConfigBuilder } from "../test/runtime/config-builder.js";
import { median } from "./median.js";

const WARM_UP_PAIRS = 500;
const STEADY_PAIRS = 1500;
const CONCURRENCY = 10; // Terraform's default -parallelism
/** No deadline on the calls, as Terraform sends none (a deadline arms a timer per call in grpc-js). */
const NO_DEADLINE = Infinity;

export interface CallsBench {
  /** Provider CPU ms per pair over the first 500 pairs of a fresh process (medians over runs). */
  readonly firstPairsMs: number;
  /** Provider CPU ms per pair over the next 1,500. */
  readonly steadyPairsMs: number;
}

type Message = Record<string, unknown>;

const processCpuMs = (pid: number): number => processCpuSeconds(pid) * 1000;

function errors(response: Message): unknown[] {
  return ((response.diagnostics ?? []) as { severity: string }[]).filter((d) => d.severity === "ERROR");
}

async function configure(plugin: LaunchedPlugin, emulatorUrl: string): Promise<void> {
  const configType = impliedObjectType(providerConfigAttributes);
  const endpointsType = configType.attributes.endpoints as CtyType & { attributes: Record<string, CtyType> };
  const objectOf = (type: { attributes: Record<string, CtyType> }, values: Record<string, string | object>) =>
    makeRecord(Object.keys(type.attributes).map((name) => [name, (values[name] as never) ?? null]));
  const config = objectOf(configType, {
    region: "us-east-1",
    endpoints: objectOf(endpointsType, { cloudcontrolapi: emulatorUrl, sts: emulatorUrl }),
  });
  const response = await plugin.call("ConfigureProvider", {
    terraform_version: "1.11.0",
    config: encodeDynamicValue(configType, config),
  });
  if (errors(response).length > 0)
    throw new Error(`ConfigureProvider: ${JSON.stringify(response.diagnostics)}`);
}

/** One fresh provider process: CPU ms of the first pairs and of the steady ones. */
async function oneProcess(
  binary: string,
  emulatorUrl: string,
  cases: readonly { typeName: string; config: { msgpack: Buffer }; nothing: { msgpack: Buffer } }[],
): Promise<[number, number]> {
  const plugin = await launchPlugin({
    command: binary,
    env: { AWS_ACCESS_KEY_ID: "emulator", AWS_SECRET_ACCESS_KEY: "emulator", TF_LOG: "" },
  });
  try {
    const pid = plugin.child.pid!;
    await configure(plugin, emulatorUrl);
    const run = async (pairs: number): Promise<number> => {
      const before = processCpuMs(pid);
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < pairs) {
            const c = cases[next++ % cases.length]!;
            const validated = await plugin.call(
              "ValidateResourceConfig",
              { type_name: c.typeName, config: c.config },
              NO_DEADLINE,
            );
            const planned = await plugin.call(
              "PlanResourceChange",
              {
                type_name: c.typeName,
                prior_state: c.nothing,
                proposed_new_state: c.config,
                config: c.config,
              },
              NO_DEADLINE,
            );
            if (errors(validated).length + errors(planned).length > 0)
              throw new Error(
                `${c.typeName}: ${JSON.stringify([validated.diagnostics, planned.diagnostics])}`,
              );
          }
        }),
      );
      return processCpuMs(pid) - before;
    };
    return [(await run(WARM_UP_PAIRS)) / WARM_UP_PAIRS, (await run(STEADY_PAIRS)) / STEADY_PAIRS];
  } finally {
    await plugin.shutdown();
  }
}

export async function benchProviderCalls(
  binary: string,
  typeNames: readonly string[],
  runs: number,
): Promise<CallsBench> {
  const source = directorySchemaSource(effectiveSchemasDir());
  const cases = [];
  for (const typeName of typeNames) {
    const loader = Object.hasOwn(resources, typeName)
      ? resources[typeName as keyof typeof resources]
      : undefined;
    if (!loader) throw new Error(`${typeName} is not a resource type of this provider`);
    const definition = (await loader()).default as ResourceDefinition;
    const schema = source.get(definition.cfnTypeName);
    if (!schema) throw new Error(`no CloudFormation schema for ${definition.cfnTypeName}`);
    const type = definitionImpliedType(definition);
    const config = new ConfigBuilder(definition, schema, seededRandom(7)).config();
    cases.push({
      typeName,
      config: encodeDynamicValue(type, config),
      nothing: encodeDynamicValue(type, null),
    });
  }
  const emulator = await startEmulator({ port: 0, seed: 7 });
  try {
    const first: number[] = [];
    const steady: number[] = [];
    for (let i = 0; i < runs; i++) {
      const [a, b] = await oneProcess(binary, emulator.url, cases);
      first.push(a);
      steady.push(b);
    }
    return { firstPairsMs: median(first), steadyPairsMs: median(steady) };
  } finally {
    await emulator.stop();
  }
}
