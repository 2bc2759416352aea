// The SHA-256 the provider's AWS clients sign with (runtime/provider/signing-hash.ts) gives the same
// digests, HMACs and SigV4 signatures as the SDK's own Node hash.
import assert from "node:assert/strict";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, mock, test } from "node:test";
import { CloudControlClient, GetResourceCommand } from "@aws-sdk/client-cloudcontrol";
import type { FinalizeHandler, FinalizeHandlerArguments, MetadataBearer } from "@smithy/types";
import { Sha256 } from "../../runtime/provider/signing-hash.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("signing hash", () => {
  test("hashes strings, bytes and ArrayBuffers fed in parts as createHash does", async () => {
    const bytes = randomBytes(300);
    const hash = new Sha256();
    hash.update("päyload ");
    hash.update(bytes.subarray(0, 100));
    hash.update(new Uint8Array(bytes.subarray(100)).buffer);
    const expected = createHash("sha256").update("päyload ").update(bytes).digest();
    assert.equal(hex(await hash.digest()), expected.toString("hex"));
  });

  test("computes HMACs as createHmac does, for empty, short, block-sized and long secrets of either form", async () => {
    const secrets = [
      "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
      randomBytes(32),
      randomBytes(64),
      randomBytes(200),
      new Uint8Array(0),
    ];
    for (const secret of secrets) {
      const message = randomBytes(97);
      const hmac = new Sha256(secret);
      hmac.update(message);
      assert.equal(hex(await hmac.digest()), createHmac("sha256", secret).update(message).digest("hex"));
    }
  });

  test("reset starts over with the same secret", async () => {
    const hmac = new Sha256("secret");
    hmac.update("discarded");
    hmac.reset();
    hmac.update("kept");
    assert.equal(hex(await hmac.digest()), createHmac("sha256", "secret").update("kept").digest("hex"));
  });

  test("stays right past the number of secrets it keeps", async () => {
    for (let i = 0; i < 40; i++) {
      const secret = `secret-${i % 20}`;
      const hmac = new Sha256(secret);
      hmac.update(`message ${i}`);
      assert.equal(
        hex(await hmac.digest()),
        createHmac("sha256", secret).update(`message ${i}`).digest("hex"),
        `secret ${i}`,
      );
    }
  });

  test("an empty string secret hashes, as the SDK's own hash does", async () => {
    const hash = new Sha256("");
    hash.update("x");
    assert.equal(hex(await hash.digest()), createHash("sha256").update("x").digest("hex"));
  });

  test("a Cloud Control request is signed exactly as with the SDK's own hash", async (t) => {
    mock.timers.enable({ apis: ["Date"], now: Date.parse("2026-11-28T06:30:00Z") });
    t.after(() => mock.timers.reset());
    const signedHeaders = async (sha256?: typeof Sha256) => {
      const client = new CloudControlClient({
        region: "eu-west-1",
        endpoint: "http://127.0.0.1:9",
        credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret/key", sessionToken: "token" },
        maxAttempts: 1,
        ...(sha256 ? { sha256 } : {}),
      });
      let headers: Record<string, string> = {};
      // The invocation id is random per request and signed: fixed here, just before signing.
      client.middlewareStack.addRelativeTo(
        (next: FinalizeHandler<object, MetadataBearer>) => async (args: FinalizeHandlerArguments<object>) => {
          (args.request as { headers: Record<string, string> }).headers["amz-sdk-invocation-id"] = "fixed";
          return next(args);
        },
        { relation: "before", toMiddleware: "httpSigningMiddleware" },
      );
      client.middlewareStack.add(
        () => async (args) => {
          headers = { ...(args.request as { headers: Record<string, string> }).headers };
          throw new Error("captured");
        },
        { step: "deserialize", priority: "low" },
      );
      await assert.rejects(
        client.send(new GetResourceCommand({ TypeName: "AWS::Logs::LogGroup", Identifier: "group" })),
        /captured/,
      );
      client.destroy();
      return headers;
    };
    const theirs = await signedHeaders();
    const ours = await signedHeaders(Sha256);
    assert.match(
      theirs.authorization ?? "",
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261128\/eu-west-1\//,
    );
    assert.equal(ours.authorization, theirs.authorization);
    assert.equal(ours["x-amz-date"], theirs["x-amz-date"]);
  });
});
