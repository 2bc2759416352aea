// The tfplugin6 server in-process over a plaintext unix socket (no TLS: PLUGIN_CLIENT_CERT unset),
// driven by a grpc-js client the way Terraform drives it, with the protocol test double behind it.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import * as grpc from "@grpc/grpc-js";
import {
  decodeMsgpack,
  definitionImpliedType,
  encodeJson,
  encodeMsgpack,
  isWhollyKnown,
  makeRecord,
  parseNumber,
  type TfRecord,
  type TfValue,
  UNKNOWN,
  Unknown,
} from "../../terraform/values/index.js";
import { silentLogger } from "../../terraform/logger.js";
import { startPluginServer } from "../../protocol/main.js";
import { loadProtocolDefinitions } from "../../protocol/proto-definitions.js";
import type { ProviderBackend } from "../../terraform/provider-backend.js";
import { createBackendDouble } from "./backend-double.js";
import { testProviderDescription, thingResource, thingsDataSource } from "./test-provider-schema.js";

type Message = Record<string, unknown>;
type Client = grpc.Client &
  Record<
    string,
    (request: Message, callback: (error: grpc.ServiceError | null, response: Message) => void) => void
  >;

const thingType = definitionImpliedType(thingResource);
const calls: string[] = [];
const double = createBackendDouble({ calls });
/** Per-test replacements of backend methods (the double serves everything else). */
const overrides: Partial<ProviderBackend> = {};
const backend = new Proxy(double, {
  get: (target, name: keyof ProviderBackend) => overrides[name] ?? target[name],
});

let shutdownCalled = false;
const server = await startPluginServer({
  backend,
  description: testProviderDescription,
  logger: silentLogger,
  env: { PLUGIN_PROTOCOL_VERSIONS: "5,6" },
  onShutdown: () => {
    shutdownCalled = true;
  },
});
const { clients } = loadProtocolDefinitions();
const target = `unix://${server.address}`;
const insecure = grpc.credentials.createInsecure();
const provider = new clients.provider(target, insecure) as unknown as Client;
const controller = new clients.controller(target, insecure) as unknown as Client;
const health = new clients.health(target, insecure) as unknown as Client;
const stdio = new clients.stdio(target, insecure) as unknown as grpc.Client & {
  StreamStdio(request: Message): grpc.ClientReadableStream<Message>;
};

function call(client: Client, method: string, request: Message = {}): Promise<Message> {
  return new Promise((resolve, reject) => {
    client[method]?.call(client, request, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

const dv = (value: TfValue, type = thingType) => ({ msgpack: Buffer.from(encodeMsgpack(type, value)) });

function thingConfig(overridesByName: Record<string, TfValue> = {}): TfRecord {
  return makeRecord(
    Object.keys(thingType.attributes).map((name) => [
      name,
      name in overridesByName ? (overridesByName[name] as TfValue) : null,
    ]),
  );
}

function diagnosticsOf(
  response: Message,
): { severity: string; summary: string; detail: string; attribute: { steps: Message[] } | null }[] {
  return response.diagnostics as never;
}

after(async () => {
  await server.shutdown();
  for (const c of [provider, controller, health, stdio]) c.close();
});

describe("schema RPCs", () => {
  test("GetProviderSchema: provider block, every type, capabilities, type bytes and nested types", async () => {
    const response = await call(provider, "GetProviderSchema");
    assert.deepEqual(diagnosticsOf(response), []);
    const resources = response.resource_schemas as Record<
      string,
      { version: number; block: { attributes: Message[] } }
    >;
    assert.deepEqual(Object.keys(resources).sort(), ["awscc_test_thing", "awscc_test_widget"]);
    assert.deepEqual(Object.keys(response.data_source_schemas as object).sort(), [
      "awscc_test_lookup",
      "awscc_test_things",
    ]);
    assert.deepEqual(response.server_capabilities, {
      plan_destroy: true,
      get_provider_schema_optional: true,
      move_resource_state: false,
      generate_resource_config: false,
    });
    const thing = resources.awscc_test_thing;
    assert.equal(thing?.version, 1);
    const attribute = (name: string) => thing?.block.attributes.find((a) => a.name === name) as Message;
    assert.equal((attribute("tags").type as Buffer).toString(), '["map","string"]');
    assert.equal((attribute("tags").type as Buffer).length > 0 && attribute("tags").nested_type, null);
    const rules = attribute("rules");
    assert.equal((rules.type as Buffer).length, 0);
    assert.equal((rules.nested_type as Message).nesting, "LIST");
    assert.equal(attribute("name").required, true);
    const provider_ = response.provider as { block: { attributes: Message[] } };
    assert.deepEqual(
      provider_.block.attributes.map((a) => a.name),
      ["assume_role", "max_retries", "region"],
    );
  });

  test("GetMetadata lists the type names", async () => {
    const response = await call(provider, "GetMetadata");
    assert.deepEqual((response.resources as Message[]).map((r) => r.type_name).sort(), [
      "awscc_test_thing",
      "awscc_test_widget",
    ]);
    assert.equal((response.data_sources as Message[]).length, 2);
  });

  test("RPCs this provider does not offer answer cleanly", async () => {
    assert.deepEqual((await call(provider, "GetResourceIdentitySchemas")).identity_schemas, {});
    assert.deepEqual((await call(provider, "GetFunctions")).functions, {});
    assert.match(
      String(((await call(provider, "CallFunction", { name: "f" })).error as Message).text),
      /"f" is not provided/,
    );
    const move = await call(provider, "MoveResourceState", {
      source_type_name: "a",
      target_type_name: "awscc_test_thing",
    });
    assert.equal(diagnosticsOf(move)[0]?.summary, "Move Resource State Not Supported");
    const ephemeral = await call(provider, "ValidateEphemeralResourceConfig", { type_name: "x" });
    assert.equal(diagnosticsOf(ephemeral)[0]?.severity, "ERROR");
    const events: Message[] = [];
    await new Promise<void>((resolve, reject) => {
      const stream = (
        provider as unknown as { ListResource(r: Message): grpc.ClientReadableStream<Message> }
      ).ListResource({ type_name: "x" });
      stream.on("data", (event: Message) => events.push(event));
      stream.on("end", resolve);
      stream.on("error", reject);
    });
    assert.equal(events.length, 1);
    assert.equal(
      ((events[0]?.diagnostic as Message[])[0] as Message).summary,
      "List Resource Type Not Found",
    );
  });
});

describe("resource lifecycle RPCs", () => {
  test("validation diagnostics carry their attribute path", async () => {
    const response = await call(provider, "ValidateResourceConfig", {
      type_name: "awscc_test_thing",
      config: dv(thingConfig({ name: "n", size: -1 })),
    });
    assert.deepEqual(diagnosticsOf(response), [
      {
        severity: "ERROR",
        summary: "Invalid Attribute Value",
        detail: "size must be at least 0",
        attribute: { steps: [{ attribute_name: "size", selector: "attribute_name" }] },
      },
    ]);
  });

  test("create plan: computed attributes unknown, refined unknowns kept byte for byte", async () => {
    const refinedName = new Unknown({ notNull: true, stringPrefix: "w-" });
    const config = thingConfig({ name: refinedName, size: 3, tags: makeRecord([["__proto__", "x"]]) });
    const response = await call(provider, "PlanResourceChange", {
      type_name: "awscc_test_thing",
      prior_state: dv(null),
      proposed_new_state: dv(config),
      config: dv(config),
      client_capabilities: { deferral_allowed: false, write_only_attributes_allowed: true },
    });
    assert.deepEqual(diagnosticsOf(response), []);
    const plannedBytes = (response.planned_state as { msgpack: Buffer }).msgpack;
    const planned = decodeMsgpack(thingType, plannedBytes) as TfRecord;
    assert.ok(planned.id instanceof Unknown);
    assert.ok(planned.arn instanceof Unknown);
    assert.equal(planned.size, 3);
    assert.equal(planned.ratio, null); // optional, not computed: stays null
    assert.ok(planned.name instanceof Unknown);
    assert.deepEqual(planned.name.refinements, { notNull: true, stringPrefix: "w-" });
    assert.ok(
      plannedBytes.includes(Buffer.from("c7070c8201c202a2772d", "hex")),
      "refined unknown bytes for name",
    );
    assert.deepEqual(response.requires_replace, []);
  });

  test("destroy plan is answered null by the server, private bytes passed through", async () => {
    const before = calls.length;
    const response = await call(provider, "PlanResourceChange", {
      type_name: "awscc_test_thing",
      prior_state: dv(thingConfig({ id: "a", name: "n" })),
      proposed_new_state: dv(null),
      config: dv(null),
      prior_private: Buffer.from("secret"),
    });
    assert.equal((response.planned_state as { msgpack: Buffer }).msgpack.toString("hex"), "c0");
    assert.equal((response.planned_private as Buffer).toString(), "secret");
    assert.equal(calls.length, before, "the backend was not asked");
  });

  test("apply: new state wholly known, planned values kept, private stored", async () => {
    const planned = thingConfig({
      id: UNKNOWN,
      name: "alpha",
      arn: UNKNOWN,
      created_at: UNKNOWN,
      precise: thingNumber(),
    });
    const response = await call(provider, "ApplyResourceChange", {
      type_name: "awscc_test_thing",
      prior_state: dv(null),
      planned_state: dv(planned),
      config: dv(thingConfig({ name: "alpha" })),
    });
    assert.deepEqual(diagnosticsOf(response), []);
    const state = decodeMsgpack(thingType, (response.new_state as { msgpack: Buffer }).msgpack) as TfRecord;
    assert.ok(isWhollyKnown(state));
    assert.equal(state.name, "alpha");
    assert.match(String(state.id), /^thing-/);
    assert.equal(String(state.precise), thingNumber().toString());
    assert.ok((response.private as Buffer).length > 0);
  });

  test("upgrade without a backend upgrader re-reads same-version JSON state", async () => {
    const stored = thingConfig({ id: "x", name: "n", big: thingNumber() });
    const response = await call(provider, "UpgradeResourceState", {
      type_name: "awscc_test_thing",
      version: 1,
      raw_state: {
        json: Buffer.from(encodeJson(thingType, stored).replace(/^\{/, '{"dropped_attribute":1,')),
      },
    });
    assert.deepEqual(diagnosticsOf(response), []);
    const upgraded = decodeMsgpack(thingType, (response.upgraded_state as { msgpack: Buffer }).msgpack);
    assert.equal(encodeJson(thingType, upgraded), encodeJson(thingType, stored));
    const older = await call(provider, "UpgradeResourceState", {
      type_name: "awscc_test_thing",
      version: 0,
      raw_state: { json: Buffer.from("{}") },
    });
    assert.equal(diagnosticsOf(older)[0]?.summary, "Unable to Upgrade Resource State");
  });

  test("import returns one resource of the requested type", async () => {
    const response = await call(provider, "ImportResourceState", {
      type_name: "awscc_test_thing",
      id: "imported-1",
    });
    const imported = response.imported_resources as { type_name: string; state: { msgpack: Buffer } }[];
    assert.equal(imported.length, 1);
    assert.equal(imported[0]?.type_name, "awscc_test_thing");
    assert.equal((decodeMsgpack(thingType, imported[0]!.state.msgpack) as TfRecord).id, "imported-1");
  });

  test("plural data source read", async () => {
    const type = definitionImpliedType(thingsDataSource);
    const response = await call(provider, "ReadDataSource", {
      type_name: "awscc_test_things",
      config: {
        msgpack: Buffer.from(
          encodeMsgpack(
            type,
            makeRecord([
              ["id", null],
              ["ids", null],
            ]),
          ),
        ),
      },
    });
    assert.deepEqual(diagnosticsOf(response), []);
    const state = decodeMsgpack(type, (response.state as { msgpack: Buffer }).msgpack) as TfRecord;
    assert.equal(state.id, "us-test-1");
    assert.ok(Array.isArray(state.ids));
  });
});

describe("problems become diagnostics, never gRPC errors", () => {
  test("unknown type names", async () => {
    const response = await call(provider, "ReadResource", {
      type_name: "awscc_nope",
      current_state: dv(null),
    });
    assert.equal(diagnosticsOf(response)[0]?.summary, "Resource Type Not Found");
    const data = await call(provider, "ReadDataSource", { type_name: "awscc_nope" });
    assert.equal(diagnosticsOf(data)[0]?.summary, "Data Source Type Not Found");
  });

  test("undecodable values from Terraform", async () => {
    const response = await call(provider, "ValidateResourceConfig", {
      type_name: "awscc_test_thing",
      config: { msgpack: Buffer.from("81a46e616d6501", "hex") }, // {name: 1}
    });
    const [diagnostic] = diagnosticsOf(response);
    assert.equal(diagnostic?.summary, "Invalid value from Terraform");
    assert.deepEqual(diagnostic?.attribute?.steps, [{ attribute_name: "name", selector: "attribute_name" }]);
  });

  test("a backend value that does not fit the schema", async () => {
    overrides.readResource = () => ({ newState: makeRecord([["name", 42]]) });
    try {
      const response = await call(provider, "ReadResource", {
        type_name: "awscc_test_thing",
        current_state: dv(thingConfig({ id: "x" })),
      });
      const [diagnostic] = diagnosticsOf(response);
      assert.equal(diagnostic?.summary, "Provider returned an invalid value");
      assert.match(diagnostic?.detail ?? "", /at name: .*string required/);
      assert.equal((response.new_state as Message | null)?.msgpack ?? null, null);
    } finally {
      delete overrides.readResource;
    }
  });

  test("a backend that throws", async () => {
    overrides.configureProvider = () => {
      throw new Error("boom");
    };
    try {
      const response = await call(provider, "ConfigureProvider", {
        terraform_version: "1.11.4",
        config: { msgpack: Buffer.from("c0", "hex") },
      });
      const [diagnostic] = diagnosticsOf(response);
      assert.equal(diagnostic?.summary, "Internal provider error");
      assert.match(diagnostic?.detail ?? "", /ConfigureProvider failed: boom\. This is a bug/);
    } finally {
      delete overrides.configureProvider;
    }
  });
});

describe("listener", () => {
  test("falls back to TCP on 127.0.0.1 when no unix socket can be made", async () => {
    const tcp = await startPluginServer({
      backend,
      description: testProviderDescription,
      logger: silentLogger,
      env: { PLUGIN_UNIX_SOCKET_DIR: `/tmp/${"d".repeat(120)}` },
    });
    try {
      assert.equal(tcp.network, "tcp");
      assert.match(tcp.address, /^127\.0\.0\.1:\d+$/);
      assert.match(tcp.handshakeLine, /^1\|6\|tcp\|127\.0\.0\.1:\d+\|grpc\|$/);
      const { clients } = loadProtocolDefinitions();
      const client = new clients.provider(
        tcp.address,
        grpc.credentials.createInsecure(),
      ) as unknown as Client;
      assert.equal(((await call(client, "GetMetadata")).resources as unknown[]).length, 2);
      client.close();
    } finally {
      await tcp.shutdown();
    }
  });
});

describe("go-plugin services", () => {
  test("health reports SERVING for the plugin service only", async () => {
    assert.equal((await call(health, "Check", { service: "plugin" })).status, "SERVING");
    await assert.rejects(
      call(health, "Check", { service: "other" }),
      (e: grpc.ServiceError) => e.code === grpc.status.NOT_FOUND,
    );
  });

  test("StopProvider reaches the backend", async () => {
    const response = await call(provider, "StopProvider");
    assert.equal(response.Error, "");
    assert.ok(calls.includes("stop"));
  });

  test("Shutdown closes the held stdio stream and stops the server", async () => {
    const stream = stdio.StreamStdio({});
    const ended = new Promise<string>((resolve) => {
      stream.on("end", () => resolve("end"));
      stream.on("error", (e: grpc.ServiceError) => resolve(`error ${e.code}`));
      stream.on("data", () => resolve("unexpected data"));
    });
    await new Promise((r) => setTimeout(r, 50));
    await call(controller, "Shutdown");
    assert.equal(await ended, "end");
    for (let i = 0; i < 50 && !shutdownCalled; i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(shutdownCalled, "onShutdown called");
  });
});

function thingNumber() {
  return parseNumber("3.141592653589793238462643383279");
}
