// `awscc-ts orphans`: objects Cloud Control created that no state tracks. When Terraform is killed
// mid-apply, creates it had already sent finish remotely but never reach the state; the account's
// request history still names them. Lists successful CREATE requests (minus objects deleted
// since) whose identifiers the state file does not hold, with a `terraform import` line for each.
import {
  CloudControlClient,
  ListResourceRequestsCommand,
  type ProgressEvent,
} from "@aws-sdk/client-cloudcontrol";
import { typeNames } from "../../terraform/naming/naming.js";
import { parseGoDuration } from "./go-duration.js";
import { readTrackedObjects, type TrackedObject } from "./tracked-identifiers.js";

export interface Orphan {
  readonly typeName: string;
  readonly identifier: string;
  /** When the create finished (ISO 8601). */
  readonly time: string;
  readonly requestToken: string;
  /** Suggested resource address, e.g. `awscc_ec2_vpc.orphan_1`. */
  readonly address: string;
  readonly importCommand: string;
}

const key = (tfType: string, identifier: string) => `${tfType}\u0000${identifier}`;

/** The Terraform type a CloudFormation type is generated as. */
function tfTypeOf(typeName: string): string {
  return typeNames(typeName).tfTypeName;
}

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function wantedType(types: readonly string[] | undefined, typeName: string): boolean {
  if (!types || types.length === 0) return true;
  return types.includes(typeName) || types.includes(tfTypeOf(typeName));
}

export interface OrphanQuery {
  /** Successful CREATE and DELETE events, any order. */
  readonly events: readonly ProgressEvent[];
  readonly tracked: readonly TrackedObject[];
  /** Only creates that ended at or after this time (epoch ms). */
  readonly sinceMs?: number;
  /** CloudFormation (or awscc Terraform) type names; all when absent. */
  readonly types?: readonly string[];
}

/** The created objects neither tracked nor deleted since, oldest first. Pure. */
export function findOrphans(query: OrphanQuery): Orphan[] {
  const tracked = new Set(query.tracked.map((object) => key(object.tfType, object.identifier)));
  const lastDelete = new Map<string, number>();
  for (const event of query.events) {
    if (event.Operation !== "DELETE" || !event.TypeName || !event.Identifier) continue;
    const at = event.EventTime?.getTime() ?? 0;
    const k = key(event.TypeName, event.Identifier);
    lastDelete.set(k, Math.max(at, lastDelete.get(k) ?? 0));
  }
  const creates = query.events
    .filter((event) => event.Operation === "CREATE" && event.OperationStatus === "SUCCESS")
    .filter((event) => event.TypeName && event.Identifier && event.RequestToken)
    .filter((event) => query.sinceMs === undefined || (event.EventTime?.getTime() ?? 0) >= query.sinceMs)
    .filter((event) => wantedType(query.types, event.TypeName as string))
    .sort((a, b) => (a.EventTime?.getTime() ?? 0) - (b.EventTime?.getTime() ?? 0));
  const orphans: Orphan[] = [];
  const seen = new Set<string>();
  for (const event of creates) {
    const typeName = event.TypeName as string;
    const identifier = event.Identifier as string;
    const tfType = tfTypeOf(typeName);
    const createdAt = event.EventTime?.getTime() ?? 0;
    const deletedAt = lastDelete.get(key(typeName, identifier));
    if (tracked.has(key(tfType, identifier)) || seen.has(key(typeName, identifier))) continue;
    if (deletedAt !== undefined && deletedAt >= createdAt) continue;
    seen.add(key(typeName, identifier));
    const address = `${tfType}.orphan_${orphans.length + 1}`;
    orphans.push({
      typeName,
      identifier,
      time: new Date(createdAt).toISOString(),
      requestToken: event.RequestToken as string,
      address,
      importCommand: `terraform import ${address} ${shellQuote(identifier)}`,
    });
  }
  return orphans;
}

/** Every successful CREATE and DELETE request the account's history still holds (all pages). */
export async function listFinishedRequests(client: CloudControlClient): Promise<ProgressEvent[]> {
  const events: ProgressEvent[] = [];
  let nextToken: string | undefined;
  do {
    const page = await client.send(
      new ListResourceRequestsCommand({
        ResourceRequestStatusFilter: { Operations: ["CREATE", "DELETE"], OperationStatuses: ["SUCCESS"] },
        MaxResults: 100,
        ...(nextToken ? { NextToken: nextToken } : {}),
      }),
    );
    events.push(...(page.ResourceRequestStatusSummaries ?? []));
    nextToken = page.NextToken;
  } while (nextToken);
  return events;
}

export function formatOrphans(orphans: readonly Orphan[]): string {
  if (orphans.length === 0) return "No untracked objects found.\n";
  const lines = [`${orphans.length} object(s) created but not tracked in the state:`, ""];
  for (const orphan of orphans) {
    lines.push(`${orphan.typeName}  ${orphan.identifier}  created ${orphan.time}`);
    lines.push(`  ${orphan.importCommand}`);
  }
  lines.push("", "Add a matching resource block for each before importing, or delete the object.");
  return lines.join("\n") + "\n";
}

export interface OrphansOptions {
  readonly state: string;
  readonly since?: string;
  readonly region?: string;
  readonly endpoint?: string;
  readonly types?: string;
  readonly json?: boolean;
}

/** The command: reads the state, asks Cloud Control, returns the text to print. */
export async function runOrphans(options: OrphansOptions, now = Date.now()): Promise<string> {
  const sinceMs = options.since === undefined ? undefined : now - parseGoDuration(options.since);
  const types = options.types
    ?.split(",")
    .map((type) => type.trim())
    .filter((type) => type !== "");
  const tracked = readTrackedObjects(options.state);
  const region = options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  const client = new CloudControlClient({
    ...(region ? { region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
  });
  try {
    const events = await listFinishedRequests(client);
    const orphans = findOrphans({
      events,
      tracked,
      ...(sinceMs === undefined ? {} : { sinceMs }),
      ...(types ? { types } : {}),
    });
    return options.json ? JSON.stringify({ orphans }, null, 2) + "\n" : formatOrphans(orphans);
  } finally {
    client.destroy();
  }
}
