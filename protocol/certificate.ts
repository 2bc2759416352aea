// AutoMTLS server identity (docs/protocol.md#automatic-mutual-tls): a fresh ECDSA P-256 key and a self-signed
// certificate valid for DNS:localhost, mirroring go-plugin's own (CA, key usages, EKU server+client).
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  X509Certificate,
} from "node:crypto";
import * as der from "./der.js";

export interface GeneratedCertificate {
  /** PEM of the private key (PKCS#8). */
  readonly keyPem: string;
  /** PEM of the certificate. */
  readonly certPem: string;
  /** The certificate's DER bytes (what the handshake line carries, base64). */
  readonly certDer: Uint8Array;
}

const OID = {
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  organization: "2.5.4.10",
  commonName: "2.5.4.3",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  extendedKeyUsage: "2.5.29.37",
  subjectAltName: "2.5.29.17",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
} as const;

const VALIDITY_BACKDATE_MS = 30_000;
const VALIDITY_MS = 262_980 * 3_600_000; // go-plugin: 30 years

export interface CertificateOptions {
  readonly organization?: string;
  readonly commonName?: string;
  readonly now?: Date;
}

export function generateSelfSignedCertificate(options: CertificateOptions = {}): GeneratedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const now = options.now ?? new Date();
  const name = der.sequence(
    der.set(
      der.sequence(
        der.objectIdentifier(OID.organization),
        der.utf8String(options.organization ?? "HashiCorp"),
      ),
    ),
    der.set(
      der.sequence(der.objectIdentifier(OID.commonName), der.utf8String(options.commonName ?? "localhost")),
    ),
  );
  const signatureAlgorithm = der.sequence(der.objectIdentifier(OID.ecdsaWithSha256));
  const serial = randomBytes(16); // < 2^128, made positive by unsignedInteger's padding
  const extensions = der.sequence(
    extension(OID.basicConstraints, true, der.sequence(der.boolean(true))),
    // digitalSignature(0) keyEncipherment(2) keyAgreement(4) keyCertSign(5): 1010_1100, 2 unused bits
    extension(OID.keyUsage, true, der.bitString(Uint8Array.of(0xac), 2)),
    extension(
      OID.extendedKeyUsage,
      false,
      der.sequence(der.objectIdentifier(OID.serverAuth), der.objectIdentifier(OID.clientAuth)),
    ),
    extension(
      OID.subjectAltName,
      false,
      der.sequence(der.implicitPrimitive(2, new TextEncoder().encode("localhost"))),
    ),
  );
  const tbs = der.sequence(
    der.explicit(0, der.unsignedInteger(Uint8Array.of(2))), // v3
    der.unsignedInteger(serial),
    signatureAlgorithm,
    name,
    der.sequence(
      der.time(new Date(now.getTime() - VALIDITY_BACKDATE_MS)),
      der.time(new Date(now.getTime() + VALIDITY_MS)),
    ),
    name,
    publicKey.export({ format: "der", type: "spki" }),
    der.explicit(3, extensions),
  );
  const signature = sign("sha256", tbs, privateKey); // DER-encoded ECDSA signature
  const certDer = der.sequence(tbs, signatureAlgorithm, der.bitString(signature));
  return {
    keyPem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    certPem: derToPem(certDer),
    certDer,
  };
}

function extension(oid: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical
    ? der.sequence(der.objectIdentifier(oid), der.boolean(true), der.octetString(value))
    : der.sequence(der.objectIdentifier(oid), der.octetString(value));
}

export function derToPem(certDer: Uint8Array): string {
  const body = Buffer.from(certDer)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .trimEnd();
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}

/** go-plugin's RawStdEncoding: standard base64 alphabet without "=" padding. */
export function rawBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64").replace(/=+$/, "");
}

/** Checks that a key and certificate belong together and the certificate verifies itself. */
export function selfCheck(certificate: GeneratedCertificate): boolean {
  const x509 = new X509Certificate(certificate.certPem);
  const publicKey = createPublicKey(createPrivateKey(certificate.keyPem));
  return x509.checkPrivateKey(createPrivateKey(certificate.keyPem)) && x509.verify(publicKey);
}
