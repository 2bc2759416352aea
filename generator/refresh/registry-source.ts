// The CloudFormation registry as a schema source, the way the Go provider lists it: public, live
// AWS resource types that can be provisioned (FULLY_MUTABLE and IMMUTABLE; ListTypes answers only
// one provisioning type per listing), then DescribeType for each, at most `concurrency` at a time,
// with the SDK's standard retries. Fetched texts are staged, so a rerun after a failure or an
// interruption fetches only what is still missing.
import {
  CloudFormationClient,
  type CloudFormationClientConfig,
  DescribeTypeCommand,
  ListTypesCommand,
  type ProvisioningType,
} from "@aws-sdk/client-cloudformation";
import { RefreshAbortedError } from "./aborted.js";
import { forEachLimited } from "./pool.js";
import type { RawSchema } from "./schema-entry.js";
import { Staging, type TypeListRecord } from "./staging.js";

export const DEFAULT_CONCURRENCY = 8;
export const DEFAULT_MAX_ATTEMPTS = 10;

/** Types that can be created through Cloud Control; NON_PROVISIONABLE ones cannot. */
const PROVISIONING_TYPES: readonly ProvisioningType[] = ["FULLY_MUTABLE", "IMMUTABLE"];
const STAGED_NOTE = "what was fetched is staged; a rerun continues from there";
const TYPE_NAME = /^[A-Za-z0-9]+::[A-Za-z0-9]+::[A-Za-z0-9]+$/;

export interface RegistrySourceOptions {
  /** Default: the SDK's region resolution (AWS_REGION, the profile). */
  readonly region?: string;
  readonly endpoint?: string;
  /** DescribeType calls in flight (default 8). */
  readonly concurrency?: number;
  /** Attempts per call, retries included (default 10). */
  readonly maxAttempts?: number;
  /** Credentials for the client (default: the SDK's chain). */
  readonly credentials?: CloudFormationClientConfig["credentials"];
  /** Ignore what an earlier, unfinished refresh staged. */
  readonly fresh?: boolean;
}

export interface FetchFailure {
  readonly typeName: string;
  readonly reason: string;
}

export interface RegistryFetch {
  readonly region: string;
  /** The listed types' schema texts, staged now or by an earlier run. */
  readonly raws: RawSchema[];
  readonly listed: number;
  /** DescribeType answers received in this run. */
  readonly fetched: number;
  /** Types staged by an earlier, unfinished run and not fetched again. */
  readonly resumed: number;
  /** Calls that failed after the SDK's retries: nothing is written, a rerun fetches them. */
  readonly failures: FetchFailure[];
  /** Listed types DescribeType no longer knows (deregistered in between): reported, skipped. */
  readonly vanished: string[];
  /** Listed names that are not Org::Service::Resource: reported, never fetched. */
  readonly unusableNames: string[];
  readonly staging: Staging;
}

export interface FetchHooks {
  readonly signal?: AbortSignal;
  readonly onProgress?: (phase: "list" | "fetch", done: number, total: number) => void;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name && !error.message.startsWith(error.name)
    ? `${error.name}: ${error.message}`
    : error.message;
}

function createClient(options: RegistrySourceOptions): CloudFormationClient {
  const config: CloudFormationClientConfig = {
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
  if (options.region !== undefined) config.region = options.region;
  if (options.endpoint !== undefined) config.endpoint = options.endpoint;
  if (options.credentials !== undefined) config.credentials = options.credentials;
  return new CloudFormationClient(config);
}

async function resolveRegion(client: CloudFormationClient): Promise<string> {
  try {
    return await client.config.region();
  } catch {
    throw new Error("no AWS region: pass --region or set AWS_REGION");
  }
}

/**
 * Every listed AWS type name, sorted, over all pages of both provisioning types. A NextToken that
 * comes back within one listing would loop forever: it is an error naming the token.
 */
export async function listTypeNames(
  client: Pick<CloudFormationClient, "send">,
  hooks: FetchHooks,
): Promise<string[]> {
  const names = new Set<string>();
  for (const provisioningType of PROVISIONING_TYPES) {
    const seenTokens = new Set<string>();
    let nextToken: string | undefined;
    do {
      const page = await client.send(
        new ListTypesCommand({
          Visibility: "PUBLIC",
          Type: "RESOURCE",
          DeprecatedStatus: "LIVE",
          ProvisioningType: provisioningType,
          Filters: { Category: "AWS_TYPES" },
          MaxResults: 100,
          NextToken: nextToken,
        }),
        { abortSignal: hooks.signal },
      );
      for (const summary of page.TypeSummaries ?? []) {
        // AWS_TYPES already means AWS-published; the org check mirrors the Go provider's list.
        if (summary.TypeName?.startsWith("AWS::")) names.add(summary.TypeName);
      }
      hooks.onProgress?.("list", names.size, names.size);
      nextToken = page.NextToken || undefined;
      if (nextToken !== undefined && seenTokens.has(nextToken))
        throw new Error(
          `NextToken ${JSON.stringify(nextToken)} came back a second time (${provisioningType} listing); paging stopped`,
        );
      if (nextToken !== undefined) seenTokens.add(nextToken);
    } while (nextToken);
  }
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The staged list when it is for the same region and endpoint; otherwise a new listing. */
async function typeList(
  client: CloudFormationClient,
  staging: Staging,
  region: string,
  options: RegistrySourceOptions,
  hooks: FetchHooks,
): Promise<TypeListRecord> {
  const endpoint = options.endpoint ?? null;
  const staged = options.fresh ? undefined : staging.readTypeList();
  if (staged && staged.region === region && staged.endpoint === endpoint) return staged;
  staging.clear();
  const types = await listTypeNames(client, hooks);
  const record: TypeListRecord = {
    formatVersion: 1,
    region,
    endpoint,
    listedAt: new Date().toISOString(),
    types,
  };
  staging.writeTypeList(record);
  return record;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === "AbortError");
}

export async function fetchFromRegistry(
  stagingDir: string,
  options: RegistrySourceOptions,
  hooks: FetchHooks = {},
): Promise<RegistryFetch> {
  const client = createClient(options);
  try {
    const region = await resolveRegion(client);
    const staging = new Staging(stagingDir);
    let list: TypeListRecord;
    try {
      list = await typeList(client, staging, region, options, hooks);
    } catch (error) {
      if (isAbort(error, hooks.signal)) throw new RefreshAbortedError(STAGED_NOTE);
      throw new Error(`ListTypes failed: ${errorText(error)}`, { cause: error });
    }
    const usable = list.types.filter((name) => TYPE_NAME.test(name));
    const unusableNames = list.types.filter((name) => !TYPE_NAME.test(name));
    const pending = usable.filter((name) => !staging.has(name));
    const resumed = usable.length - pending.length;
    const failures: FetchFailure[] = [];
    const vanished: string[] = [];
    let fetched = 0;
    let aborted = false;
    hooks.onProgress?.("fetch", resumed, usable.length);
    await forEachLimited(
      pending,
      options.concurrency ?? DEFAULT_CONCURRENCY,
      async (typeName) => {
        try {
          const describe = new DescribeTypeCommand({ Type: "RESOURCE", TypeName: typeName });
          const answer = await client.send(describe, { abortSignal: hooks.signal });
          if (answer.Schema === undefined) throw new Error("DescribeType answered without a Schema");
          staging.writeSchema(typeName, answer.Schema);
          fetched++;
        } catch (error) {
          if (isAbort(error, hooks.signal)) aborted = true;
          else if (error instanceof Error && error.name === "TypeNotFoundException") vanished.push(typeName);
          else failures.push({ typeName, reason: errorText(error) });
        }
        hooks.onProgress?.("fetch", resumed + fetched + failures.length + vanished.length, usable.length);
      },
      hooks.signal,
    );
    if (aborted || hooks.signal?.aborted) throw new RefreshAbortedError(STAGED_NOTE);
    const raws = usable
      .filter((name) => staging.has(name))
      .map((name) => ({ name, text: staging.readSchema(name), expectedTypeName: name }));
    return {
      region,
      raws,
      listed: list.types.length,
      fetched,
      resumed,
      failures: failures.sort((a, b) => (a.typeName < b.typeName ? -1 : 1)),
      vanished: vanished.sort(),
      unusableNames,
      staging,
    };
  } finally {
    client.destroy();
  }
}
