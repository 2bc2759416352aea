// `npm run emulator -- --port 4566 [--schemas DIR] [--state-file F] [fault flags]`
import { Command, InvalidArgumentError } from "commander";
import {
  driftDeleteFlag,
  driftPatchFlag,
  errorFlag,
  failFlag,
  faultJsonFlag,
  hangFlag,
  ignoreCancelFlag,
  latencyFlag,
  throttleFlag,
} from "./cli-flags.js";
import { DEFAULT_ACCOUNT_ID, DEFAULT_REGION, startEmulator } from "./emulator.js";
import type { FaultRuleSpec } from "./faults/fault-rules.js";
import { REALISM_BEHAVIOURS, type RealismBehaviour, realismBehaviours } from "./realism/behaviours.js";

/** `--realism` alone is every behaviour; `--realism a,b` those. */
function realismFlag(text: string): RealismBehaviour[] {
  try {
    return realismBehaviours(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function integer(name: string, min: number, max: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}`);
    }
    return value;
  };
}

function collect<T>(parse: (text: string) => T) {
  return (text: string, previous: T[]): T[] => {
    try {
      return [...previous, parse(text)];
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

const program = new Command()
  .name("emulator")
  .description(
    "Local AWS Cloud Control API (and STS GetCallerIdentity) emulator driven by CloudFormation schemas",
  )
  .option("--port <port>", "port to listen on (0 picks one)", integer("port", 0, 65535), 4566)
  .option("--host <host>", "address to listen on", "127.0.0.1")
  .option(
    "--schemas <dir>",
    "CloudFormation resource schema folder (default: generated/cfn-schemas, else the generator's input)",
  )
  .option("--state-file <path>", "persist the state in this file (atomic writes)")
  .option("--account-id <id>", "account id answered by STS and used in ARNs", DEFAULT_ACCOUNT_ID)
  .option("--region <region>", "region used in ARNs", DEFAULT_REGION)
  .option(
    "--complete-after-polls <n>",
    "status polls before a request completes",
    integer("polls", 0, 1_000_000),
    1,
  )
  .option(
    "--complete-after-ms <ms>",
    "minimum time before a request completes",
    integer("ms", 0, 86_400_000),
    0,
  )
  .option(
    "--delete-not-found <mode>",
    "delete of an unknown identifier: async (FAILED NotFound) or sync",
    "async",
  )
  .option(
    "--seed <n>",
    "seed for generated ids, fault rates and the realism profile's choices",
    integer("seed", 0, 2 ** 32 - 1),
  )
  .option(
    "--throttle <scope=n|p%>",
    "throttle the next n calls, or a share of calls (repeatable)",
    collect(throttleFlag),
    [],
  )
  .option("--latency <scope=ms>", "add latency to matching calls (repeatable)", collect(latencyFlag), [])
  .option(
    "--fail <scope=code[+id]>",
    "end matching requests FAILED with a HandlerErrorCode (repeatable)",
    collect(failFlag),
    [],
  )
  .option("--hang <scope>", "matching requests never finish (repeatable)", collect(hangFlag), [])
  .option(
    "--ignore-cancel <scope>",
    "matching requests complete even when cancelled (repeatable)",
    collect(ignoreCancelFlag),
    [],
  )
  .option(
    "--error <scope=exception>",
    "answer matching calls with an exception (repeatable)",
    collect(errorFlag),
    [],
  )
  .option("--fault <json>", "any fault rule of the control API (repeatable)", collect(faultJsonFlag), [])
  .option(
    "--drift-delete <type@id>",
    "delete a stored object out of band at start (repeatable)",
    collect(driftDeleteFlag),
    [],
  )
  .option(
    "--drift-patch <type@id=[patch]>",
    "patch a stored object out of band at start (repeatable)",
    collect(driftPatchFlag),
    [],
  )
  .option("--reorder-arrays", "GetResource answers unordered arrays reversed")
  .option(
    "--realism [behaviours]",
    `realism profile: all behaviours, or a comma-separated list of ${REALISM_BEHAVIOURS.join(", ")}; seeded by --seed`,
    realismFlag,
  )
  .option(
    "--eventual-ms <ms>",
    "realism 'eventual': how long after a create GetResource does not find the object",
    integer("eventual-ms", 0, 600_000),
  )
  .option("--quiet", "no request log on stderr")
  .addHelpText(
    "after",
    "\nA scope is OPERATION[@TYPE], e.g. CreateResource@AWS::Logs::LogGroup; '*' is any operation.\n" +
      "Control API: http://HOST:PORT/_emulator/ (see emulator/README.md).",
  );

async function main(): Promise<void> {
  program.parse();
  const options = program.opts();
  if (options.deleteNotFound !== "async" && options.deleteNotFound !== "sync") {
    program.error("--delete-not-found must be async or sync");
  }
  const faults: FaultRuleSpec[] = [
    ...options.throttle,
    ...options.latency,
    ...options.fail,
    ...options.hang,
    ...options.ignoreCancel,
    ...options.error,
    ...options.fault,
  ];
  const log = options.quiet ? undefined : (line: string): void => void process.stderr.write(`${line}\n`);
  const emulator = await startEmulator({
    port: options.port,
    host: options.host,
    schemasDir: options.schemas,
    stateFile: options.stateFile,
    accountId: options.accountId,
    region: options.region,
    completeAfterPolls: options.completeAfterPolls,
    completeAfterMs: options.completeAfterMs,
    deleteNotFound: options.deleteNotFound,
    reorderArrays: options.reorderArrays === true,
    realism: options.realism === true ? "all" : options.realism,
    eventualMs: options.eventualMs,
    seed: options.seed,
    faults,
    log,
  });
  for (const target of options.driftDelete as Array<{ typeName: string; identifier: string }>) {
    if (!emulator.control.driftDelete(target.typeName, target.identifier)) {
      log?.(`drift: no stored ${target.typeName} ${target.identifier} to delete`);
    }
  }
  for (const target of options.driftPatch as Array<{ typeName: string; identifier: string; patch: string }>) {
    emulator.control.driftUpdate(target.typeName, target.identifier, { patch: target.patch });
  }
  const shutdown = (): void => {
    void emulator.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
