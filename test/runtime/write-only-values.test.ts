// Write-only values through the lifecycle. Cloud Control never returns them: after an apply the
// state keeps what was sent, unknown members included (as null), and after an import their nulls
// mean "not known" — a configuration that sets them must plan an update, not a replacement (which
// would destroy the imported object), while on objects this provider created a null still means
// "not set" and a createOnly value added later replaces as before.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { decodePrivateRecord } from "../../runtime/state/configured-record.js";
import { IMPORTED_PRIVATE } from "../../runtime/state/import-marker.js";
import { formatPath, makeRecord, type TfRecord, type TfValue } from "../../terraform/values/index.js";
import { objectOf } from "./fixtures.js";
import { loadResource, type RuntimeHarness, startRuntime } from "./harness.js";
import { importWithPrivate, planWithPrivate } from "./private-steps.js";
import { errorsOf } from "./terraform.js";

const NO_BYTES = new Uint8Array();

describe("write-only values", () => {
  let h: RuntimeHarness;
  before(async () => {
    h = await startRuntime();
  });
  after(async () => {
    await h.close();
  });

  async function createThenImport(definition: ResourceDefinition, config: TfRecord) {
    const created = await h.sim(definition).applyConfig(config, null);
    assert.equal(errorsOf(created.diagnostics), "");
    const imported = await importWithPrivate(h, definition, String((created.state as TfRecord).id));
    assert.equal(imported.errors, "");
    return { created: created.state as TfRecord, ...imported };
  }

  async function plan(
    definition: ResourceDefinition,
    config: TfRecord,
    prior: TfValue,
    priorPrivate: Uint8Array,
  ) {
    const result = await planWithPrivate(h, definition, config, prior, priorPrivate);
    assert.equal(result.errors, "");
    return { planned: result.planned as TfRecord, replace: result.requiresReplace.map(formatPath) };
  }

  test("a write-only set whose elements leave optional members unset (ELBv2 TrustStoreRevocation RevocationContents)", async () => {
    const definition = await loadResource("awscc_elasticloadbalancingv2_trust_store_revocation");
    const contents = definition.attributes.revocation_contents?.type;
    assert.ok(contents?.kind === "setNested");
    const sim = h.sim(definition);
    const element = objectOf(contents.attributes, {
      revocation_type: "CRL",
      s3_bucket: "crls",
      s3_key: "a.crl",
    });
    const config = sim.config({
      trust_store_arn: "arn:aws:elasticloadbalancing:us-east-1:123456789012:truststore/ts/0123456789abcdef",
      revocation_contents: [element],
    });
    const created = await sim.applyConfig(config, null); // the contract checks run inside
    assert.equal(errorsOf(created.diagnostics), "");
    assert.deepEqual((created.state as TfRecord).revocation_contents, [element]);
    const refreshed = await sim.read(created.state);
    assert.deepEqual((refreshed.state as TfRecord).revocation_contents, [element]);
    assert.equal((await sim.plan(config, refreshed.state)).action, "noop");
  });

  test("a Required write-only createOnly value (Lambda LayerVersion Content) never replaces an imported object", async () => {
    const definition = await loadResource("awscc_lambda_layer_version");
    const content = definition.attributes.content?.type;
    assert.ok(content?.kind === "object");
    const config = h.sim(definition).config({
      content: objectOf(content.attributes, { s3_bucket: "layers", s3_key: "layer.zip" }),
    });
    const imported = await createThenImport(definition, config);
    assert.equal((imported.state as TfRecord).content, null, "the import cannot know the content");
    assert.deepEqual(imported.private, IMPORTED_PRIVATE, "the read keeps the import marker");
    // Required: only an import leaves it null, with or without the marker.
    for (const marker of [IMPORTED_PRIVATE, NO_BYTES]) {
      const { planned, replace } = await plan(definition, config, imported.state, marker);
      assert.deepEqual(replace, []);
      assert.deepEqual(planned.content, config.content);
    }
  });

  test("an Optional write-only createOnly value (EC2 VPC Ipv4IpamPoolId): no replacement after an import only", async () => {
    const definition = await loadResource("awscc_ec2_vpc");
    const config = h
      .sim(definition)
      .config({ ipv_4_ipam_pool_id: "ipam-pool-0123456789abcdef0", ipv_4_netmask_length: 24 });
    const imported = await createThenImport(definition, config);
    assert.equal((imported.state as TfRecord).ipv_4_ipam_pool_id, null);
    assert.deepEqual((await plan(definition, config, imported.state, imported.private)).replace, []);
    // Without the marker a null is "not set": setting a createOnly value replaces.
    assert.deepEqual((await plan(definition, config, imported.state, NO_BYTES)).replace.sort(), [
      "ipv_4_ipam_pool_id",
      "ipv_4_netmask_length",
    ]);
    const unset = makeRecord([...Object.entries(imported.created), ["ipv_4_ipam_pool_id", null]]);
    assert.deepEqual((await plan(definition, config, unset, NO_BYTES)).replace, ["ipv_4_ipam_pool_id"]);
  });

  test("a createOnly object holding write-only members (EC2 VPC VpcEncryptionControl) is not replaced after an import", async () => {
    const definition = await loadResource("awscc_ec2_vpc");
    const control = definition.attributes.vpc_encryption_control?.type;
    assert.ok(control?.kind === "object");
    const config = h.sim(definition).config({
      cidr_block: "10.0.0.0/16",
      vpc_encryption_control: objectOf(control.attributes, { mode: "monitor", lambda_exclusion: "enable" }),
    });
    const imported = await createThenImport(definition, config);
    const read = (imported.state as TfRecord).vpc_encryption_control as TfRecord;
    assert.equal(read.mode, "monitor");
    assert.equal(read.lambda_exclusion, null, "write-only: not read back");
    assert.deepEqual((await plan(definition, config, imported.state, imported.private)).replace, []);
    // A member the import did read still forces the replacement when it changes.
    const changed = h.sim(definition).config({
      cidr_block: "10.0.0.0/16",
      vpc_encryption_control: objectOf(control.attributes, { mode: "enforce", lambda_exclusion: "enable" }),
    });
    assert.deepEqual((await plan(definition, changed, imported.state, imported.private)).replace, [
      "vpc_encryption_control",
    ]);
  });

  test("the apply that sends the write-only values clears the marker", async () => {
    const definition = await loadResource("awscc_ec2_vpc");
    const config = h
      .sim(definition)
      .config({ ipv_4_ipam_pool_id: "ipam-pool-0fedcba9876543210", ipv_4_netmask_length: 20 });
    const imported = await createThenImport(definition, config);
    const { planned, replace } = await plan(definition, config, imported.state, imported.private);
    assert.deepEqual(replace, []);
    const applied = await h.backend.applyResourceChange({
      typeName: definition.tfTypeName,
      definition,
      priorState: imported.state,
      plannedState: planned,
      config,
      plannedPrivate: imported.private,
      providerMeta: null,
    });
    assert.equal(errorsOf(applied.diagnostics), "");
    assert.equal((applied.newState as TfRecord).ipv_4_ipam_pool_id, "ipam-pool-0fedcba9876543210");
    assert.equal(decodePrivateRecord(applied.private).writeOnlyUnknown, false, "the marker is gone");
    assert.ok(decodePrivateRecord(applied.private).configured?.has("/ipv_4_ipam_pool_id"));
  });
});
