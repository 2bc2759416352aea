// The sensitive rule (generator/model/sensitivity.ts) and the write-only arguments it leads to.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AttributeType } from "../../terraform/schema/types.js";
import { nameWords, sensitiveReason } from "../../generator/model/sensitivity.js";
import { attributesOf, model } from "./fixture.js";

const STRING: AttributeType = { kind: "string", flavor: "plain" };

describe("sensitive rule: property names that hold a secret", () => {
  const secret: [string, string][] = [
    ["Password", "name says password"],
    ["MasterUserPassword", "name says password"],
    ["SslClientKeyPassword", "name says password"],
    ["Passwords", "name says password"],
    ["KeyPassphrase", "name says passphrase"],
    ["ClientSecret", "name says secret"],
    ["SecretString", "name says secret"],
    ["SecretKey", "name says secret key"],
    ["SecretAccessKey", "name says secret access key"],
    ["PrivateKey", "name says private key"],
    ["DomainSigningPrivateKey", "name says private key"],
    ["ApiKey", "name says API key"],
    ["AuthorizationApiKeyValue", "name says API key"],
    ["PreSharedKey", "name says pre-shared key"],
    ["KerberosKeytab", "name says Kerberos keytab"],
    ["Token", "name says token"],
    ["AuthToken", "name says auth token"],
    ["AccessToken", "name says access token"],
    ["accessToken", "name says access token"],
    ["RefreshToken", "name says refresh token"],
    ["HECToken", "name says hec token"],
    ["AzureBlobSasToken", "name says sas token"],
    ["SessionToken", "name says session token"],
    ["TokenValue", "name says token value"],
  ];
  for (const [name, reason] of secret) {
    it(`${name} is sensitive (${reason})`, () => assert.equal(sensitiveReason(name, STRING), reason));
  }

  const visible = [
    // References to a secret, not the secret.
    "KmsKeyId",
    "KeyName",
    "SecretArn",
    "SecretId",
    "SecretName",
    "MasterUserSecretKmsKeyId",
    "PrivateKeySecretArn",
    "ClientSecretJsonKey",
    "SecretStringTemplate",
    "PasswordArn",
    // Settings about secrets.
    "PasswordPolicy",
    "PasswordLength",
    "PasswordReusePrevention",
    "PasswordResetRequired",
    "TemporaryPasswordValidityDays",
    "SecretVersion",
    "AccessKey",
    // Tokens that are identifiers or settings, not credentials.
    "ClientToken",
    "VersionToken",
    "BillingToken",
    "EventSourceToken",
    "HttpTokens",
    "MaxTokens",
    "TokenKeyName",
    "TokenUrl",
    "TokenEndpoint",
    "TokenValidity",
    "RefreshTokenValidity",
    "DkimDNSTokenValue1",
    // Key ids, DNS names and addresses.
    "RemovePrivateKey",
    "PrivateDnsName",
    "PrivateIpAddress",
  ];
  for (const name of visible) {
    it(`${name} is not sensitive`, () => assert.equal(sensitiveReason(name, STRING), undefined));
  }

  it("only strings and collections of strings hold secrets", () => {
    assert.equal(sensitiveReason("ManageMasterUserPassword", { kind: "bool" }), undefined);
    assert.equal(sensitiveReason("MasterUserSecret", { kind: "object", attributes: {} }), undefined);
    assert.equal(sensitiveReason("Passwords", { kind: "set", element: STRING }), "name says password");
    assert.equal(sensitiveReason("Passwords", { kind: "list", element: { kind: "int64" } }), undefined);
  });

  it("reads names as words", () => {
    assert.deepEqual(nameWords("MasterUserPassword"), ["master", "user", "password"]);
    assert.deepEqual(nameWords("HECToken"), ["hec", "token"]);
    assert.deepEqual(nameWords("SecretARN"), ["secret", "arn"]);
    assert.deepEqual(nameWords("accessToken"), ["access", "token"]);
  });
});

describe("sensitive attributes in the model", () => {
  it("marks nested members and leaves their siblings visible", () => {
    const attributes = attributesOf({
      properties: {
        Name: { type: "string" },
        Auth: {
          type: "object",
          properties: { UserName: { type: "string" }, Password: { type: "string" } },
        },
      },
    });
    const auth = attributes.auth!;
    assert.ok("attributes" in auth.type);
    assert.equal(auth.type.attributes.password?.sensitive, true);
    assert.equal(auth.type.attributes.user_name?.sensitive, undefined);
    assert.equal(attributes.name?.sensitive, undefined);
  });

  it("carries sensitive into the singular data source", () => {
    const m = model({ properties: { Name: { type: "string" }, Password: { type: "string" } } });
    const ds = m.singular;
    assert.ok(ds);
    assert.equal(ds.attributes.password?.sensitive, true);
  });
});

describe("write-only arguments for write-only secrets", () => {
  const fragment = {
    properties: {
      Name: { type: "string" },
      Password: { type: "string" },
      ApiKey: { type: "string" },
      Comment: { type: "string" },
    },
    writeOnlyProperties: ["/properties/Password", "/properties/Comment"],
  };

  it("adds <name>_wo (write_only, sensitive) and <name>_wo_version (int64) for a write-only secret", () => {
    const attributes = attributesOf(fragment);
    const wo = attributes.password_wo;
    assert.ok(wo);
    assert.deepEqual(
      { ...wo, description: undefined },
      {
        type: STRING,
        description: undefined,
        optional: true,
        sensitive: true,
        writeOnlyArgument: true,
        secretOf: "Password",
      },
    );
    const version = attributes.password_wo_version;
    assert.equal(version?.type.kind, "int64");
    assert.equal(version?.optional, true);
    assert.equal(version?.secretVersionOf, "Password");
    assert.equal(version?.cfnName, undefined);
    // The original stays for existing configurations.
    assert.equal(attributes.password?.cfnName, "Password");
  });

  it("a create-only secret's version replaces the resource when it changes; another secret's does not", () => {
    const replaces = (fragmentWith: typeof fragment & { createOnlyProperties?: string[] }) =>
      attributesOf(fragmentWith).password_wo_version?.planModifiers;
    assert.equal(replaces(fragment), undefined);
    assert.deepEqual(replaces({ ...fragment, createOnlyProperties: ["/properties/Password"] }), [
      { kind: "requiresReplaceIfConfigured" },
    ]);
  });

  it("adds none for a secret CloudFormation returns, nor for a write-only value that is no secret", () => {
    const attributes = attributesOf(fragment);
    assert.equal(attributes.api_key_wo, undefined);
    assert.equal(attributes.comment_wo, undefined);
  });

  it("leaves them out of the singular data source", () => {
    const m = model(fragment);
    const ds = m.singular;
    assert.ok(ds);
    assert.equal(ds.attributes.password_wo, undefined);
    assert.equal(ds.attributes.password_wo_version, undefined);
    assert.equal(ds.attributes.password?.sensitive, true);
  });

  it("adds the pair inside nested objects (any depth), beside the secret, but not in list or set elements", () => {
    const attributes = attributesOf({
      definitions: {
        Login: {
          type: "object",
          properties: { Password: { type: "string" }, ResetRequired: { type: "boolean" } },
          required: ["Password"],
        },
        Auth: { type: "object", properties: { Basic: { $ref: "#/definitions/Login" } } },
      },
      properties: {
        Name: { type: "string" },
        Login: { $ref: "#/definitions/Login" },
        Auth: { $ref: "#/definitions/Auth" },
        Logins: { type: "array", items: { $ref: "#/definitions/Login" } },
        LoginSet: {
          type: "array",
          uniqueItems: true,
          insertionOrder: false,
          items: { $ref: "#/definitions/Login" },
        },
      },
      writeOnlyProperties: [
        "/properties/Login/Password",
        "/properties/Auth/Basic/Password",
        "/properties/Logins/*/Password",
        "/properties/LoginSet/*/Password",
      ],
    });
    const inner = (a: (typeof attributes)[string] | undefined) => {
      assert.ok(a && "attributes" in a.type, "a nested attribute");
      return a.type.attributes;
    };
    const login = inner(attributes.login);
    assert.equal(login.password_wo?.writeOnlyArgument, true);
    assert.equal(login.password_wo?.secretOf, "Password");
    assert.equal(login.password_wo_version?.secretVersionOf, "Password");
    assert.equal(login.password?.cfnName, "Password");
    assert.equal(inner(inner(attributes.auth).basic).password_wo?.secretOf, "Password");
    assert.equal(inner(attributes.logins).password_wo, undefined);
    assert.equal(inner(attributes.login_set).password_wo, undefined);
    assert.equal(attributes.password_wo, undefined);
  });

  it("does not take a name a property already maps to, and notes why", () => {
    const m = model({
      properties: { Name: { type: "string" }, Password: { type: "string" }, PasswordWo: { type: "string" } },
      writeOnlyProperties: ["/properties/Password"],
    });
    const resource = m.resource;
    assert.ok(resource);
    assert.equal(resource.attributes.password_wo?.cfnName, "PasswordWo");
    assert.equal(resource.attributes.password_wo_version, undefined);
    const note = m.notes.find((n) => n.kind === "write-only-argument-clash");
    assert.equal(note?.pointer, "/properties/Password");
    assert.match(note?.message ?? "", /"password_wo"/);
  });
});
