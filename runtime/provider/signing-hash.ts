// The SHA-256 the AWS SDK's clients sign requests with (their `sha256` option), as the SDK's own
// Node hash but with each HMAC secret turned into a KeyObject once. SigV4 computes two HMACs per
// request whose secrets repeat from one request to the next (the secret access key, to look up the
// cached signing key, and the signing key itself); Node 24's createHmac converts a Buffer or string
// secret into a key on every call, which costs about five times the HMAC of a request's few hundred
// bytes (docs/performance.md, "The refresh path's request signing").
import { createHash, createHmac, createSecretKey, type Hash, type Hmac, type KeyObject } from "node:crypto";
import type { Checksum, SourceData } from "@smithy/types";

/**
 * Secrets seen recently: a process signs with one or two credentials and one key per day. The SDK
 * itself keeps the same secrets as long (its credentials, and its cache of derived signing keys).
 */
const MAX_SECRETS = 16;
const secretKeys = new Map<string, KeyObject>();

function bytesOf(data: SourceData, encoding?: BufferEncoding): Buffer {
  if (typeof data === "string") return Buffer.from(data, encoding ?? "utf8");
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** The KeyObject of a secret, made once; all are dropped when MAX_SECRETS different ones were seen. */
function secretKeyOf(secret: SourceData): KeyObject {
  const bytes = bytesOf(secret);
  const id = bytes.toString("latin1");
  let key = secretKeys.get(id);
  if (!key) {
    if (secretKeys.size >= MAX_SECRETS) secretKeys.clear();
    key = createSecretKey(bytes);
    secretKeys.set(id, key);
  }
  return key;
}

/** `new Sha256()` hashes, `new Sha256(secret)` computes an HMAC, as the SDK's `sha256` constructor. */
export class Sha256 implements Checksum {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.start();
  }

  update(data: SourceData, encoding?: BufferEncoding): void {
    this.hash.update(bytesOf(data, encoding));
  }

  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }

  reset(): void {
    this.hash = this.start();
  }

  private start(): Hash | Hmac {
    // As the SDK's own: an empty string secret hashes.
    return this.secret ? createHmac("sha256", secretKeyOf(this.secret)) : createHash("sha256");
  }
}
