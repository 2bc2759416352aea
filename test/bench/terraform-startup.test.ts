import assert from "node:assert/strict";
import { test } from "node:test";
import { startupTimeline } from "../../bench/terraform-startup.js";

// Lines of a real `TF_LOG=trace terraform validate` (Terraform 1.11), paths shortened, with lines
// the timeline does not read in between.
const LOG = `
2026-11-27T23:46:24.515Z [TRACE] terraform.contextPlugins: Initializing provider "registry.terraform.io/hashicorp/awscc" to read its schema
2026-11-27T23:46:24.528Z [DEBUG] provider: starting plugin: path=/p/terraform-provider-awscc args=["/p/terraform-provider-awscc"]
2026-11-27T23:46:24.529Z [DEBUG] provider: waiting for RPC address: plugin=/p/terraform-provider-awscc
2026-11-27T23:46:24.643Z [DEBUG] provider: using plugin: version=6
2026-11-27T23:46:24.654Z [TRACE] GRPCProvider.v6: GetProviderSchema
2026-11-27T23:46:24.661Z [TRACE] provider.terraform-provider-awscc: Received request: tf_rpc=GetProviderSchema timestamp=2026-11-27T23:46:24.660Z
2026-11-27T23:46:24.662Z [TRACE] provider.terraform-provider-awscc: Served request: tf_rpc=GetProviderSchema tf_req_duration_ms=0 timestamp=2026-11-27T23:46:24.660Z
2026-11-27T23:46:24.787Z [DEBUG] No provider meta schema returned
2026-11-27T23:46:25.105Z [TRACE] GRPCProvider.v6: Close
2026-11-27T23:46:25.119Z [INFO]  provider: plugin process exited: plugin=/p/terraform-provider-awscc id=20317
2026-11-27T23:46:25.128Z [DEBUG] provider: starting plugin: path=/p/terraform-provider-awscc args=["/p/terraform-provider-awscc"]
2026-11-27T23:46:25.243Z [DEBUG] provider: using plugin: version=6
2026-11-27T23:46:25.254Z [TRACE] GRPCProvider.v6: returning cached schema: EXTRA_VALUE_AT_END=registry.terraform.io/hashicorp/awscc
2026-11-27T23:46:25.255Z [TRACE] GRPCProvider.v6: ValidateProviderConfig
2026-11-27T23:46:25.267Z [TRACE] GRPCProvider.v6: ValidateResourceConfig
2026-11-27T23:46:25.281Z [TRACE] GRPCProvider.v6: Close
`;

test("each provider process's timeline, from Terraform starting it", () => {
  assert.deepEqual(startupTimeline(LOG), {
    schema: { handshakeMs: 115, firstCallMs: 126, servedMs: 132, receivedMs: 259, convertedMs: 577 },
    // The cached schema is no call: the first call is ValidateProviderConfig.
    cached: [{ handshakeMs: 115, firstCallMs: 127 }],
  });
});

test("the provider's own lines, which Terraform relays late, only add the served time", () => {
  const served = /.*Served request.*\n/.exec(LOG)![0];
  // Relayed after the next process started.
  const late = LOG.replace(served, "").replace(/(.*ValidateProviderConfig\n)/, `$1${served}`);
  assert.deepEqual(startupTimeline(late), startupTimeline(LOG));
  const { servedMs, ...rest } = startupTimeline(LOG).schema;
  assert.equal(servedMs, 132);
  assert.deepEqual(startupTimeline(LOG.replace(served, "")).schema, rest);
});

test("a log without the lines a timeline needs is an error naming what is missing", () => {
  assert.throws(() => startupTimeline(LOG.replace(/.*using plugin.*\n/g, "")), /no "using plugin" line/);
  assert.throws(
    () => startupTimeline(LOG.replace(/.*No provider meta schema returned.*\n/, "")),
    /no provider process answered GetProviderSchema/,
  );
});
