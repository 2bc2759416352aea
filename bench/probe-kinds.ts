// Before 1,000 resources of a type go through Terraform, its first two blocks are created in
// process against a throwaway emulator: a block that does not create (a configuration the type's
// schema rejects) or a second object that cannot stand beside the first (a type that exists once
// per account, such as a Macie session, or a name the bench could not vary) is refused by name,
// instead of failing minutes later in the middle of an apply.
import { AssertionError } from "node:assert";
import type { ResourceDefinition } from "../terraform/schema/types.js";
import type { TfRecord } from "../terraform/values/index.js";
import { startRuntime } from "../test/runtime/harness.js";
import { errorsOf } from "../test/runtime/terraform.js";

export interface ProbedKind {
  readonly definition: ResourceDefinition;
  readonly configs: (i: number) => TfRecord;
}

/** Throws, naming the type, when block 0 or block 1 of a kind cannot be created. */
export async function probeKinds(kinds: readonly ProbedKind[]): Promise<void> {
  const runtime = await startRuntime();
  try {
    for (const { definition, configs } of kinds) {
      const sim = runtime.sim(definition);
      for (const i of [0, 1]) {
        const problem = await createProblem(() => sim.applyConfig(configs(i), null));
        if (problem === undefined) continue;
        const name = definition.tfTypeName;
        throw new Error(
          i === 0
            ? `BENCH_TYPES: ${name}'s block does not create: ${problem}`
            : `BENCH_TYPES: a second ${name} cannot be created beside the first (the type exists once per account, or its name could not be made distinct): ${problem}`,
        );
      }
    }
  } finally {
    await runtime.close();
  }
}

async function createProblem(
  create: () => Promise<{ diagnostics: Parameters<typeof errorsOf>[0] }>,
): Promise<string | undefined> {
  try {
    const errors = errorsOf((await create()).diagnostics);
    return errors === "" ? undefined : errors;
  } catch (error) {
    // The stand-in for Terraform asserts that validation and planning pass ("validation errors").
    if (error instanceof AssertionError && typeof error.actual === "string")
      return `${error.message.split("\n")[0]}: ${error.actual}`;
    return error instanceof Error ? error.message : String(error);
  }
}
