// A certificate authority made for one run, and a server certificate it signs for localhost: the
// local registry speaks HTTPS (Terraform requires it) and Terraform trusts the CA through
// SSL_CERT_FILE. node-forge writes the certificates.
import { randomBytes } from "node:crypto";
import forge from "node-forge";

export interface ThrowAwayTls {
  /** PEM of the CA certificate: the file SSL_CERT_FILE names. */
  readonly caPem: string;
  /** PEM of the server certificate followed by the CA's (the chain the server presents). */
  readonly certPem: string;
  /** PEM of the server's private key. */
  readonly keyPem: string;
}

const DAY_MS = 86_400_000;

function certificate(
  subject: string,
  publicKey: forge.pki.PublicKey,
  extensions: object[],
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // Positive, 16 random bytes: no two certificates of one CA share a serial number.
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 7 * DAY_MS);
  cert.setSubject([{ name: "commonName", value: subject }]);
  cert.setExtensions(extensions);
  return cert;
}

export function makeThrowAwayTls(hostnames: readonly string[] = ["localhost"]): ThrowAwayTls {
  // node-forge hands key generation to Node's crypto when it can.
  const caKeys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
  const ca = certificate("awscc-ts throw-away registry CA", caKeys.publicKey, [
    { name: "basicConstraints", cA: true, pathLenConstraint: 0, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  ca.setIssuer(ca.subject.attributes);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const serverKeys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
  const server = certificate(hostnames[0] ?? "localhost", serverKeys.publicKey, [
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: [...hostnames.map((value) => ({ type: 2, value })), { type: 7, ip: "127.0.0.1" }],
    },
    { name: "authorityKeyIdentifier", keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  server.setIssuer(ca.subject.attributes);
  server.sign(caKeys.privateKey, forge.md.sha256.create());

  const caPem = forge.pki.certificateToPem(ca);
  return {
    caPem,
    certPem: forge.pki.certificateToPem(server) + caPem,
    keyPem: forge.pki.privateKeyToPem(serverKeys.privateKey),
  };
}
