// Which attributes hold secrets, so Terraform masks them in plans and output (docs/mapping.md#sensitive).
// Decided from the CloudFormation property name alone, read as words ("MasterUserPassword" →
// master, user, password): a name is secret when its last words are one of SECRET_ENDINGS. Only
// string values (and collections of strings) can hold a secret: ManageMasterUserPassword is a
// boolean and an object named MasterUserSecret holds an ARN and a key id, not the secret.
// The endings were chosen from a census of every property name in the schema corpus (the
// figures are in docs/mapping.md#sensitive): ARNs, ids, names, lengths, policies and flags that
// merely mention a secret end in another word and stay visible.
import type { Attributes, AttributeType } from "../../terraform/schema/types.js";

interface SecretEnding {
  /** Last words of the name, lower case. */
  readonly words: readonly string[];
  /** The words must be the whole name, not only its end. */
  readonly whole?: boolean;
  readonly reason: string;
}

/** Word qualifiers that make a trailing "token" a credential; ClientToken (idempotency), VersionToken, HttpTokens are not. */
const CREDENTIAL_TOKEN_QUALIFIERS = [
  "access",
  "api",
  "auth",
  "bearer",
  "hec",
  "id",
  "jwt",
  "oauth",
  "refresh",
  "sas",
  "secret",
  "session",
] as const;

export const SECRET_ENDINGS: readonly SecretEnding[] = [
  { words: ["password"], reason: "name says password" },
  { words: ["passwords"], reason: "name says password" },
  { words: ["passphrase"], reason: "name says passphrase" },
  { words: ["secret"], reason: "name says secret" },
  { words: ["secret", "string"], reason: "name says secret" },
  { words: ["secret", "key"], reason: "name says secret key" },
  { words: ["secret", "access", "key"], reason: "name says secret access key" },
  { words: ["private", "key"], reason: "name says private key" },
  { words: ["api", "key"], reason: "name says API key" },
  { words: ["api", "key", "value"], reason: "name says API key" },
  { words: ["pre", "shared", "key"], reason: "name says pre-shared key" },
  { words: ["keytab"], reason: "name says Kerberos keytab" },
  // A bare "Token" is a credential; BillingToken, ClientToken, EventSourceToken are identifiers.
  { words: ["token"], whole: true, reason: "name says token" },
  { words: ["token", "value"], reason: "name says token value" },
  ...CREDENTIAL_TOKEN_QUALIFIERS.map((q) => ({ words: [q, "token"], reason: `name says ${q} token` })),
];

/**
 * Names that end like a secret but are not one, found by the census: `RemovePrivateKey` is the
 * id of the key to remove (IAM SAML provider), not key material.
 */
export const NOT_SECRET_NAMES: ReadonlySet<string> = new Set(["RemovePrivateKey"]);

/** "MasterUserPassword" → ["master", "user", "password"]; "HECToken" → ["hec", "token"]. */
export function nameWords(name: string): string[] {
  return name
    .split(/_|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)
    .filter((w) => w !== "")
    .map((w) => w.toLowerCase());
}

function holdsStrings(type: AttributeType): boolean {
  if (type.kind === "string") return true;
  if (type.kind === "list" || type.kind === "set" || type.kind === "map") return holdsStrings(type.element);
  return false;
}

function matches(words: readonly string[], ending: SecretEnding): boolean {
  if (ending.words.length > words.length || (ending.whole && ending.words.length !== words.length))
    return false;
  const offset = words.length - ending.words.length;
  return ending.words.every((w, i) => words[offset + i] === w);
}

/** Why the property `cfnName` of type `type` is sensitive, or undefined when it is not. */
export function sensitiveReason(cfnName: string, type: AttributeType): string | undefined {
  if (!holdsStrings(type) || NOT_SECRET_NAMES.has(cfnName)) return undefined;
  const words = nameWords(cfnName);
  // Longest ending first: "SecretAccessKey" reports the secret access key, not a bare key.
  let best: SecretEnding | undefined;
  for (const ending of SECRET_ENDINGS) {
    if (matches(words, ending) && (!best || ending.words.length > best.words.length)) best = ending;
  }
  return best?.reason;
}

export interface SensitiveAttribute {
  /** Terraform attribute path, members joined with "." (elements of collections are not indexed). */
  readonly attribute: string;
  readonly reason: string;
}

/** Every sensitive attribute of a tree with its reason, for the manifest. */
export function sensitiveAttributes(attributes: Attributes, prefix = ""): SensitiveAttribute[] {
  const out: SensitiveAttribute[] = [];
  for (const [name, a] of Object.entries(attributes)) {
    const path = prefix + name;
    if (a.sensitive) {
      const reason =
        a.secretOf !== undefined
          ? `write-only argument for ${a.secretOf}`
          : (sensitiveReason(a.cfnName ?? name, a.type) ?? "sensitive");
      out.push({ attribute: path, reason });
    }
    if ("attributes" in a.type) out.push(...sensitiveAttributes(a.type.attributes, path + "."));
  }
  return out;
}
