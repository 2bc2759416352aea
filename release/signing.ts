// The OpenPGP signature Terraform checks before it trusts a download: a detached binary signature
// of the SHA256SUMS file, made with the maintainer's key (--signing-key) or, for local use, a
// throw-away key made for this release alone (openpgp writes the formats).
import fs from "node:fs";
import * as openpgp from "openpgp";

/** The environment variable holding the passphrase of an encrypted --signing-key. */
export const SIGNING_PASSPHRASE_ENV = "AWSCC_SIGNING_KEY_PASSPHRASE";

export interface SigningKey {
  readonly privateKey: openpgp.PrivateKey;
  /** ASCII-armored public key: what a registry lists under signing_keys. */
  readonly publicKeyArmored: string;
  /** Upper-case hex key ID, as registries show it. */
  readonly keyId: string;
  /** True when made for this run: its private half is not kept anywhere. */
  readonly throwAway: boolean;
}

const describe = (privateKey: openpgp.PrivateKey, throwAway: boolean): SigningKey => ({
  privateKey,
  publicKeyArmored: privateKey.toPublic().armor(),
  keyId: privateKey.getKeyID().toHex().toUpperCase(),
  throwAway,
});

/** Reads an ASCII-armored (or binary) private key, decrypting it with $AWSCC_SIGNING_KEY_PASSPHRASE. */
export async function readSigningKey(file: string): Promise<SigningKey> {
  const bytes = fs.readFileSync(file);
  const text = bytes.toString("utf8");
  let key: openpgp.PrivateKey;
  try {
    key = text.includes("-----BEGIN PGP PRIVATE KEY BLOCK-----")
      ? await openpgp.readPrivateKey({ armoredKey: text })
      : await openpgp.readPrivateKey({ binaryKey: bytes });
  } catch (e) {
    throw new Error(`${file}: not an OpenPGP private key (${(e as Error).message})`, { cause: e });
  }
  if (!key.isDecrypted()) {
    const passphrase = process.env[SIGNING_PASSPHRASE_ENV];
    if (passphrase === undefined)
      throw new Error(`${file}: the key is encrypted; put its passphrase in $${SIGNING_PASSPHRASE_ENV}`);
    try {
      key = await openpgp.decryptKey({ privateKey: key, passphrase });
    } catch (e) {
      throw new Error(
        `${file}: cannot decrypt the key with $${SIGNING_PASSPHRASE_ENV} (${(e as Error).message})`,
        { cause: e },
      );
    }
  }
  return describe(key, false);
}

/** A fresh RSA key (4096 bits by default: the kind public registries accept) for a local release. */
export async function makeThrowAwayKey(rsaBits = 4096): Promise<SigningKey> {
  const { privateKey } = await openpgp.generateKey({
    type: "rsa",
    rsaBits,
    userIDs: [{ name: "awscc-ts throw-away release key" }],
    format: "object",
  });
  return describe(privateKey, true);
}

/** A detached, binary (not armored) OpenPGP signature of `data`. */
export async function signDetached(data: Uint8Array, key: SigningKey): Promise<Uint8Array> {
  const message = await openpgp.createMessage({ binary: data });
  return (await openpgp.sign({
    message,
    signingKeys: key.privateKey,
    detached: true,
    format: "binary",
  })) as Uint8Array;
}

/** True when `signature` is a valid detached signature of `data` by the armored public key. */
export async function verifyDetached(
  data: Uint8Array,
  signature: Uint8Array,
  publicKeyArmored: string,
): Promise<boolean> {
  const [result] = (
    await openpgp.verify({
      message: await openpgp.createMessage({ binary: data }),
      signature: await openpgp.readSignature({ binarySignature: signature }),
      verificationKeys: await openpgp.readKey({ armoredKey: publicKeyArmored }),
    })
  ).signatures;
  try {
    await result!.verified;
    return true;
  } catch {
    return false;
  }
}
