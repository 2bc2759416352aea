// Shared test plumbing: an emulator per suite, real SDK clients pointed at it, and a small
// waiter-free poll loop over GetResourceRequestStatus.
import {
  CloudControlClient,
  CreateResourceCommand,
  DeleteResourceCommand,
  GetResourceCommand,
  GetResourceRequestStatusCommand,
  type ProgressEvent,
  UpdateResourceCommand,
} from "@aws-sdk/client-cloudcontrol";
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator/emulator.js";

export const CREDENTIALS = { accessKeyId: "AKIDEMULATOR", secretAccessKey: "emulator-secret" };

export function cloudControlClient(url: string, maxAttempts = 3): CloudControlClient {
  return new CloudControlClient({
    endpoint: url,
    region: "us-east-1",
    credentials: CREDENTIALS,
    maxAttempts,
  });
}

export interface Harness {
  emulator: RunningEmulator;
  client: CloudControlClient;
  close(): Promise<void>;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, seed: 7, ...options });
  const client = cloudControlClient(emulator.url);
  return {
    emulator,
    client,
    close: async () => {
      client.destroy();
      await emulator.stop();
    },
  };
}

/** Asserts that startEmulator refuses these options; an emulator that starts anyway is stopped (no hang). */
export async function assertStartFails(options: EmulatorOptions, message: RegExp): Promise<void> {
  let started: RunningEmulator | undefined;
  try {
    started = await startEmulator({ port: 0, ...options });
  } catch (error) {
    assert.match((error as Error).message, message);
    return;
  }
  await started.stop();
  assert.fail(`startEmulator accepted ${JSON.stringify(options)}`);
}

const TERMINAL = new Set(["SUCCESS", "FAILED", "CANCEL_COMPLETE"]);

/** Polls GetResourceRequestStatus until the request ends (or `maxPolls` is reached). */
export async function waitForRequest(
  client: CloudControlClient,
  requestToken: string,
  { maxPolls = 20, delayMs = 0 }: { maxPolls?: number; delayMs?: number } = {},
): Promise<ProgressEvent> {
  let last: ProgressEvent | undefined;
  for (let poll = 0; poll < maxPolls; poll++) {
    const { ProgressEvent: event } = await client.send(
      new GetResourceRequestStatusCommand({ RequestToken: requestToken }),
    );
    last = event;
    if (event?.OperationStatus && TERMINAL.has(event.OperationStatus)) return event;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  throw new Error(`request ${requestToken} did not finish after ${maxPolls} polls: ${JSON.stringify(last)}`);
}

export async function create(
  client: CloudControlClient,
  typeName: string,
  desired: unknown,
  clientToken?: string,
): Promise<{ accepted: ProgressEvent; final: ProgressEvent }> {
  const { ProgressEvent: accepted } = await client.send(
    new CreateResourceCommand({
      TypeName: typeName,
      DesiredState: JSON.stringify(desired),
      ClientToken: clientToken,
    }),
  );
  if (!accepted?.RequestToken) throw new Error("no RequestToken");
  return { accepted, final: await waitForRequest(client, accepted.RequestToken) };
}

export async function update(
  client: CloudControlClient,
  typeName: string,
  identifier: string,
  patch: unknown,
): Promise<ProgressEvent> {
  const { ProgressEvent: accepted } = await client.send(
    new UpdateResourceCommand({
      TypeName: typeName,
      Identifier: identifier,
      PatchDocument: JSON.stringify(patch),
    }),
  );
  return waitForRequest(client, accepted?.RequestToken ?? "");
}

export async function remove(
  client: CloudControlClient,
  typeName: string,
  identifier: string,
): Promise<ProgressEvent> {
  const { ProgressEvent: accepted } = await client.send(
    new DeleteResourceCommand({ TypeName: typeName, Identifier: identifier }),
  );
  return waitForRequest(client, accepted?.RequestToken ?? "");
}

export async function getProperties(
  client: CloudControlClient,
  typeName: string,
  identifier: string,
): Promise<Record<string, unknown>> {
  const { ResourceDescription } = await client.send(
    new GetResourceCommand({ TypeName: typeName, Identifier: identifier }),
  );
  return JSON.parse(ResourceDescription?.Properties ?? "null") as Record<string, unknown>;
}

/** The error a call rejects with (fails the test when it resolves). */
export async function rejection(
  promise: Promise<unknown>,
): Promise<Error & { $metadata?: { httpStatusCode?: number; attempts?: number } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { $metadata?: { httpStatusCode?: number; attempts?: number } };
  }
  throw new Error("expected the call to fail");
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface RunningCli {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `emulator/cli.ts` in a child process and waits for its "listening on" line. */
export function startCli(args: string[]): Promise<RunningCli> {
  const child = spawn(process.execPath, ["--import", "tsx", "emulator/cli.ts", ...args], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`CLI did not start: ${stderr}`));
    }, 15_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], stderr: () => stderr, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${stderr}`));
    });
  });
}
