// In-process API: startEmulator() wires the type registry, state (optionally persisted), faults,
// the Cloud Control service, STS and the control API behind one node:http server.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { resolveSchemasDir, SCHEMAS_DIR_ENV } from "../cfn/paths.js";
import { CallLog } from "./control/call-log.js";
import { CONTROL_PREFIX, handleControlRequest } from "./control/control-http.js";
import { EmulatorControl } from "./control/control.js";
import { FaultRegistry, parseFaultRule } from "./faults/fault-rules.js";
import { defaultSchemasDir, directorySchemaSource, type SchemaSource } from "../cfn/schema-source.js";
import { TypeRegistry } from "./schema/type-registry.js";
import { answerInDeclaredForms } from "./realism/transforms.js";
import { isJsonObject } from "./schema/pointers.js";
import { handleCloudControlCall, JSON_CONTENT_TYPE } from "./server/cloud-control-endpoint.js";
import { directoryRegistryCatalog } from "./server/cloudformation-catalog.js";
import { handleCloudFormationRequest, isCloudFormationRequest } from "./server/cloudformation-query.js";
import { type IncomingCall, type RoutedReply, startHttpServer } from "./server/http-server.js";
import { jsonReply } from "./server/reply.js";
import { handleStsRequest, isStsRequest } from "./server/sts.js";
import { CloudControlService } from "./service/cloud-control-service.js";
import { EmulatorState } from "./store/state.js";
import { StateFile } from "./store/state-file.js";
import { DEFAULT_EVENTUAL_MS, type RealismChoice, realismBehaviours } from "./realism/behaviours.js";
import { seededRandom } from "./realism/seeded.js";
import type { EmulatorConfig } from "./types.js";

export const DEFAULT_ACCOUNT_ID = "123456789012";
export const DEFAULT_REGION = "us-east-1";

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Schema folder; defaults to the generator's (AWSCC_SCHEMAS_DIR or ../shared/cfn/schemas). */
  schemasDir?: string;
  /** Replaces the schema folder (tests with made-up types). */
  schemaSource?: SchemaSource;
  /** Persist the state in this file (atomic writes); in memory only when absent. */
  stateFile?: string;
  accountId?: string;
  region?: string;
  /** Requests complete on this status poll (default 1: the first poll sees the outcome)... */
  completeAfterPolls?: number;
  /** ...and not before this many milliseconds (default 0). */
  completeAfterMs?: number;
  /** DeleteResource of an unknown identifier: FAILED NotFound event (default) or sync exception. */
  deleteNotFound?: "async" | "sync";
  /** GetResource and ListResources answer arrays of objects reversed (default false). */
  reorderArrays?: boolean;
  /**
   * Realism profile: "all" or a list of behaviours (emulator/realism/behaviours.ts); off when absent.
   * Its choices are seeded by `seed` (0 when absent).
   */
  realism?: RealismChoice;
  /** `eventual`: how long after a create GetResource answers ResourceNotFoundException (default 1000). */
  eventualMs?: number;
  /** Fault rules active from the start (same shape as POST /_emulator/faults). */
  faults?: unknown[];
  /** One line per request; silent when absent. */
  log?: (line: string) => void;
  /** Time source in epoch ms (tests). */
  clock?: () => number;
  /** Seed for generated ids and fault rates; Math.random when absent. */
  seed?: number;
}

export interface RunningEmulator {
  /** Base URL, e.g. http://127.0.0.1:4566: the endpoint for the Cloud Control and STS clients. */
  readonly url: string;
  readonly port: number;
  readonly accountId: string;
  readonly region: string;
  readonly control: EmulatorControl;
  /** Stops listening, closes every connection and writes the state a last time. */
  stop(): Promise<void>;
}

/** mulberry32 (a small seeded PRNG) so generated ids and fault rates can be reproduced. */
export { seededRandom };

function checkOptions(options: EmulatorOptions): void {
  if (options.accountId !== undefined && !/^[0-9]{12}$/.test(options.accountId)) {
    throw new Error(`accountId must be 12 digits, got ${options.accountId}`);
  }
  for (const key of ["completeAfterPolls", "completeAfterMs", "eventualMs"] as const) {
    const value = options[key];
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      throw new Error(`${key} must be a non-negative integer, got ${value}`);
    }
  }
}

/** The schema folder, refused at start when it cannot be listed (rather than failing every call). */
function checkedSchemasDir(flag: string | undefined): string {
  const dir = path.resolve(flag ?? process.env[SCHEMAS_DIR_ENV] ?? defaultSchemasDir());
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`schema folder ${dir} does not exist (use --schemas or ${SCHEMAS_DIR_ENV})`);
  }
  return dir;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkOptions(options);
  const accountId = options.accountId ?? DEFAULT_ACCOUNT_ID;
  const region = options.region ?? DEFAULT_REGION;
  const clock = options.clock ?? Date.now;
  const random = options.seed === undefined ? Math.random : seededRandom(options.seed);
  const log = options.log;
  const onInternalError = (error: unknown): void => {
    log?.(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };

  const state = new EmulatorState();
  const stateFile = options.stateFile === undefined ? undefined : new StateFile(options.stateFile);
  if (stateFile) {
    const leftovers = stateFile.removeLeftovers();
    if (leftovers.length > 0)
      log?.(`removed ${leftovers.length} unfinished state write(s): ${leftovers.join(", ")}`);
    const saved = stateFile.load();
    if (saved) state.restore(saved);
  }
  let savedRevision = state.revision;
  const persist = (): void => {
    if (!stateFile || state.revision === savedRevision) return;
    const revision = state.revision;
    stateFile.save(state.snapshot());
    savedRevision = revision;
  };

  const config: EmulatorConfig = {
    completeAfterPolls: options.completeAfterPolls ?? 1,
    completeAfterMs: options.completeAfterMs ?? 0,
    deleteNotFound: options.deleteNotFound ?? "async",
    reorderArrays: options.reorderArrays ?? false,
    realism: options.realism === undefined ? [] : realismBehaviours(options.realism),
    realismSeed: options.seed ?? 0,
    eventualMs: options.eventualMs ?? DEFAULT_EVENTUAL_MS,
  };
  const faults = new FaultRegistry(random);
  for (const spec of options.faults ?? []) faults.add(parseFaultRule(spec));
  const registry = new TypeRegistry(
    options.schemaSource ?? directorySchemaSource(checkedSchemasDir(options.schemasDir)),
  );
  const service = new CloudControlService({
    state,
    registry,
    faults,
    config,
    clock,
    random,
    accountId,
    region,
    newRequestToken: randomUUID,
  });
  const calls = new CallLog();
  const control = new EmulatorControl({
    state,
    registry,
    faults,
    config,
    service,
    calls,
    clock,
    afterChange: persist,
  });

  const pendingSleeps = new Set<() => void>();
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        pendingSleeps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      pendingSleeps.add(wake);
    });
  // Read-time forms that need JSONata (asynchronous): applied to the service's answer on its way out.
  const answeredProperties = async (typeName: string, properties: string): Promise<string> => {
    const type = config.realism.includes("transforms") ? registry.find(typeName) : undefined;
    if (!type || !isJsonObject(type.schema.propertyTransform)) return properties;
    const model: unknown = JSON.parse(properties);
    if (!isJsonObject(model)) return properties;
    const answered = await answerInDeclaredForms(type.schema, model);
    return answered === model ? properties : JSON.stringify(answered); // the stored text when nothing changed
  };
  const endpointDeps = { service, faults, calls, clock, sleep, onInternalError, answeredProperties };
  const catalog = directoryRegistryCatalog(() => resolveSchemasDir(options.schemasDir));
  const cloudFormationDeps = { catalog, faults, calls, region, clock, sleep, onInternalError };

  const route = async (call: IncomingCall): Promise<RoutedReply> => {
    const { pathname } = call.url;
    if (pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      return {
        reply: handleControlRequest(control, call.method, call.url, call.body),
        label: `${call.method} ${pathname}`,
      };
    }
    if (call.method === "POST" && pathname === "/") {
      const target = call.headers["x-amz-target"];
      if (typeof target === "string") {
        const result = await handleCloudControlCall(endpointDeps, target, call.body, call.requestId);
        persist();
        return { reply: result.reply, label: `${result.operation} ${result.typeName ?? "-"}` };
      }
      if (isCloudFormationRequest(call.body)) {
        return handleCloudFormationRequest(cloudFormationDeps, call.body, call.requestId);
      }
      if (isStsRequest(call.headers["content-type"], call.body)) {
        const action = new URLSearchParams(call.body).get("Action") ?? "?";
        return { reply: handleStsRequest(call.body, accountId, call.requestId), label: `STS ${action}` };
      }
      const reply = jsonReply(
        400,
        { __type: "UnknownOperationException", Message: "Missing X-Amz-Target header" },
        JSON_CONTENT_TYPE,
      );
      return { reply, label: "POST / (no target)" };
    }
    return {
      reply: jsonReply(404, { error: `nothing at ${call.method} ${pathname}` }),
      label: `${call.method} ${pathname}`,
    };
  };

  const http = await startHttpServer(route, {
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    log,
    onInternalError,
  });
  log?.(`emulator listening on ${http.url} (account ${accountId}, region ${region})`);

  let stopped: Promise<void> | undefined;
  return {
    url: http.url,
    port: http.port,
    accountId,
    region,
    control,
    stop: () => {
      stopped ??= (async () => {
        for (const wake of [...pendingSleeps]) wake();
        await http.close();
        persist();
      })();
      return stopped;
    },
  };
}
