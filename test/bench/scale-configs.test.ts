// The scale bench's blocks of any type (BENCH_TYPES) must name 1,000 objects apart, or the emulator
// answers the second create of a name with AlreadyExists and the bench stops.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { probeKinds } from "../../bench/probe-kinds.js";
import { benchKinds, distinctVariants } from "../../bench/scale-configs.js";
import { fitsStringNode } from "../../emulator/generate/plausible-values.js";
import type { JsonObject } from "../../emulator/types.js";
import { makeRecord } from "../../terraform/values/index.js";
import { loadResource } from "../runtime/harness.js";

function assertDistinct(base: string, node: JsonObject): void {
  const variant = distinctVariants(base, node);
  assert.ok(variant, `no variant of ${base}`);
  const texts = Array.from({ length: 1000 }, (_, i) => variant(i));
  assert.equal(new Set(texts).size, 1000, `variants of ${base} collide`);
  for (const text of texts)
    assert.ok(fitsStringNode(node, text), `${text} does not fit ${JSON.stringify(node)}`);
}

describe("distinctVariants", () => {
  test("a free name, and one at its maximum length", () => {
    assertDistinct("scale", {});
    assertDistinct("abcdefgh", { maxLength: 8, pattern: "^[a-z0-9]+$" });
  });

  test("fixed shapes: a UUID, a prefixed hex id, digits only", () => {
    assertDistinct("b2437c0b-095f-8df4-7828-397256205ea9", {
      pattern: "^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$",
    });
    assertDistinct("farm-68398afa6095fcf4a87828792af29742", { pattern: "^farm-[0-9a-f]{32}$" });
    assertDistinct("123456789012", { pattern: "^[0-9]{12}$" });
  });

  test("none where no value but one fits", () => {
    assert.equal(distinctVariants("ONLY", { enum: ["ONLY"] }), undefined);
  });
});

test("blocks of types whose identifier is set, or built from the Name, are distinct", async () => {
  // A generated ARN built from the Name (the first two), a UUID-shaped identifier part, and an
  // identifier inside a nested object (S3 Storage Lens's StorageLensConfiguration/Id).
  const types = [
    "awscc_glue_blueprint",
    "awscc_route53recoverycontrol_cluster",
    "awscc_wisdom_ai_prompt",
    "awscc_s3_storage_lens",
  ];
  const { kinds } = await benchKinds({ BENCH_TYPES: types.join(",") });
  for (const [k, kind] of kinds.entries()) {
    const blocks = Array.from({ length: 50 }, (_, i) => kind(i).replace(/"r\d+"/, ""));
    assert.equal(new Set(blocks).size, 50, `${types[k]}: blocks repeat`);
  }
});

test("an identifier's constraints behind a $ref hold in every block", async () => {
  // AWS::Lex::BotAlias BotId is {"$ref": "#/definitions/Id"}: ten characters exactly.
  const { kinds } = await benchKinds({ BENCH_TYPES: "awscc_lex_bot_alias" });
  const ids = Array.from({ length: 50 }, (_, i) => /bot_id\s*=\s*"([^"]*)"/.exec(kinds[0]!(i))?.[1]);
  assert.equal(new Set(ids).size, 50);
  for (const id of ids) assert.match(id ?? "", /^[0-9a-zA-Z]{10}$/);
});

test("a type that cannot be created is refused up front, by name", async () => {
  await assert.rejects(
    benchKinds({ BENCH_TYPES: "awscc_nimblestudio_studio" }),
    /awscc_nimblestudio_studio cannot be created \(AWS::NimbleStudio::Studio has no create handler\)/,
  );
});

test("a type that exists once per account, or whose block does not create, is refused up front, by name", async () => {
  await assert.rejects(
    benchKinds({ BENCH_TYPES: "awscc_logs_log_group,awscc_macie_session" }),
    /a second awscc_macie_session cannot be created beside the first \(the type exists once per account.*AlreadyExists/,
  );
  // A block the type's schema rejects: a log group retention outside the schema's enum.
  const definition = await loadResource("awscc_logs_log_group");
  const block = makeRecord(
    Object.keys(definition.attributes).map((name) => [name, name === "retention_in_days" ? 8 : null]),
  );
  await assert.rejects(
    probeKinds([{ definition, configs: () => block }]),
    /awscc_logs_log_group's block does not create: validation errors: .*retention_in_days value must be one of/,
  );
});

test("a root anyOf whose branches require members of a nested object is satisfied (BillingConductor BillingGroup)", async () => {
  // Branch one: PrimaryAccountId and AccountGrouping.LinkedAccountIds; branch two:
  // AccountGrouping.ResponsibilityTransferArn. benchKinds creates blocks 0 and 1 against the emulator.
  const { kinds } = await benchKinds({ BENCH_TYPES: "awscc_billingconductor_billing_group" });
  const block = kinds[0]!(0);
  assert.match(block, /linked_account_ids|responsibility_transfer_arn/);
});
