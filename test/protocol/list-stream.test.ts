// The ListResource stream of the in-process server with a backend that lists on demand: results
// are pulled only as far as `limit` asks, and list resources are declared only when the backend
// lists.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import * as grpc from "@grpc/grpc-js";
import { silentLogger } from "../../terraform/logger.js";
import { startPluginServer } from "../../protocol/main.js";
import { loadProtocolDefinitions } from "../../protocol/proto-definitions.js";
import type { ListResourceResult, ProviderBackend } from "../../terraform/provider-backend.js";
import { identityFromIdentifier, identityType } from "../../terraform/identity/identity.js";
import { decodeMsgpack, encodeMsgpack, makeRecord } from "../../terraform/values/index.js";
import { createBackendDouble } from "./backend-double.js";
import { testProviderDescription, thingResource } from "./test-provider-schema.js";

type Message = Record<string, unknown>;
const scope = { accountId: "111122223333", region: "us-test-1" };
let pulled = 0;
let closed = false;

async function* things(): AsyncGenerator<ListResourceResult> {
  try {
    for (let i = 0; i < 50; i++) {
      pulled += 1;
      const identifier = `thing-${i}`;
      yield { identity: identityFromIdentifier(thingResource, identifier, scope)!, displayName: identifier };
    }
  } finally {
    closed = true;
  }
}

const listing: ProviderBackend = {
  ...createBackendDouble(),
  // Identity declared (so list resources are offered); these tests do not read identities of states.
  resourceIdentity: () => undefined,
  listResource: () => things(),
};

const server = await startPluginServer({
  backend: listing,
  description: testProviderDescription,
  logger: silentLogger,
  env: {},
});
const { clients } = loadProtocolDefinitions();
const provider = new clients.provider(
  `unix://${server.address}`,
  grpc.credentials.createInsecure(),
) as grpc.Client & Record<string, (...args: unknown[]) => unknown>;

after(async () => {
  provider.close();
  await server.shutdown();
});

function stream(request: Message): Promise<Message[]> {
  return new Promise((resolve, reject) => {
    const call = (provider.ListResource as (r: Message) => grpc.ClientReadableStream<Message>).call(
      provider,
      request,
    );
    const messages: Message[] = [];
    call.on("data", (m: Message) => messages.push(m));
    call.on("error", reject);
    call.on("end", () => resolve(messages));
  });
}

const emptyConfig = { msgpack: Buffer.from(encodeMsgpack({ kind: "object", attributes: {} }, makeRecord())) };

test("limit stops pulling results from the backend and closes its listing", async () => {
  const events = await stream({ type_name: "awscc_test_thing", config: emptyConfig, limit: 4 });
  assert.deepEqual(
    events.map((e) => e.display_name),
    ["thing-0", "thing-1", "thing-2", "thing-3"],
  );
  const identity = decodeMsgpack(
    identityType(thingResource),
    ((events[0]!.identity as Message).identity_data as { msgpack: Uint8Array }).msgpack,
  );
  assert.deepEqual(
    { ...(identity as object) },
    { id: "thing-0", account_id: "111122223333", region: "us-test-1" },
  );
  assert.equal(pulled, 4, "no result is read past the limit");
  assert.equal(closed, true, "the backend's listing is closed");
});

test("only listable types are list resources; the others answer with a diagnostic", async () => {
  const metadata = await new Promise<Message>((resolve, reject) =>
    (provider.GetMetadata as (r: Message, cb: (e: Error | null, m: Message) => void) => void).call(
      provider,
      {},
      (e, m) => (e ? reject(e) : resolve(m)),
    ),
  );
  assert.deepEqual(metadata.list_resources, [{ type_name: "awscc_test_thing" }]);
  const events = await stream({ type_name: "awscc_test_widget", config: emptyConfig });
  assert.equal(events.length, 1);
  assert.match(
    ((events[0]!.diagnostic as Message[])[0] as { summary: string }).summary,
    /List Resource Type Not Found/,
  );
});
