// The identity mapping rules as pure functions: schema shape, identity from identifier and state,
// identifier from identity (import), and the catalog of identities and list resources.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { identityCatalogOf, parseIdentityCatalog } from "../../terraform/identity/catalog.js";
import {
  identifierFromIdentity,
  identityFromIdentifier,
  identityFromState,
  identitySchemaOf,
  identityType,
} from "../../terraform/identity/identity.js";
import type { ResourceDefinition } from "../../terraform/schema/types.js";
import { isRecord, isUnknown, makeRecord, UNKNOWN } from "../../terraform/values/index.js";

const scope = { accountId: "123456789012", region: "us-east-1" };
const single = { identity: [{ name: "bucket_name", description: "The bucket" }] };
const compound = {
  identity: [
    { name: "rest_api_id", description: "" },
    { name: "stage_name", description: "" },
  ],
};
const accountNamed = { identity: [{ name: "account_id", description: "The account" }] };

const plain = (v: unknown) => (isRecord(v as never) ? { ...(v as object) } : v);

describe("identity schema", () => {
  test("primary identifier parts are required, account_id and region optional, all strings", () => {
    assert.deepEqual(
      identitySchemaOf(compound).map((a) => [a.name, a.requiredForImport, a.optionalForImport]),
      [
        ["rest_api_id", true, false],
        ["stage_name", true, false],
        ["account_id", false, true],
        ["region", false, true],
      ],
    );
    assert.deepEqual(Object.values(identityType(compound).attributes), [
      { kind: "string" },
      { kind: "string" },
      { kind: "string" },
      { kind: "string" },
    ]);
  });

  test("a primary identifier part named account_id is not repeated as the optional one", () => {
    assert.deepEqual(
      identitySchemaOf(accountNamed).map((a) => [a.name, a.requiredForImport]),
      [
        ["account_id", true],
        ["region", false],
      ],
    );
  });
});

describe("identity values", () => {
  test("from an identifier: parts split on |, account and region from the session", () => {
    assert.deepEqual(plain(identityFromIdentifier(compound, "abc|prod", scope)), {
      rest_api_id: "abc",
      stage_name: "prod",
      account_id: "123456789012",
      region: "us-east-1",
    });
    // A single-part identifier may itself contain "|".
    assert.equal(identityFromIdentifier(single, "a|b", scope)?.bucket_name, "a|b");
    assert.equal(identityFromIdentifier(compound, "only-one-part", scope), undefined);
    assert.equal(identityFromIdentifier(compound, "", scope), undefined);
    // An empty part names nothing: no identity (import by identity refuses one too).
    assert.equal(identityFromIdentifier(compound, "abc|", scope), undefined);
    assert.equal(identityFromIdentifier(compound, "|prod", scope), undefined);
  });

  test("the identifier part named account_id comes from the identifier, not the session", () => {
    assert.deepEqual(plain(identityFromIdentifier(accountNamed, "999999999999", scope)), {
      account_id: "999999999999",
      region: "us-east-1",
    });
  });

  test("from a state: known id, unknown id (create plan), no object", () => {
    assert.equal(identityFromState(single, makeRecord([["id", "b1"]]), scope) !== undefined, true);
    const planned = identityFromState(compound, makeRecord([["id", UNKNOWN]]), scope);
    assert.ok(isRecord(planned));
    assert.ok(isUnknown(planned.rest_api_id) && isUnknown(planned.stage_name));
    assert.equal(planned.account_id, "123456789012");
    assert.equal(identityFromState(single, null, scope), undefined);
    assert.equal(identityFromState(single, makeRecord([["id", null]]), scope), undefined);
  });
});

describe("import by identity", () => {
  const identity = (values: Record<string, string | null>) =>
    makeRecord(identitySchemaOf(compound).map((a) => [a.name, values[a.name] ?? null]));

  test("joins the parts; account and region may be omitted or equal the session's", () => {
    assert.equal(
      identifierFromIdentity(compound, identity({ rest_api_id: "abc", stage_name: "prod" }), scope)
        .identifier,
      "abc|prod",
    );
    const full = identity({ rest_api_id: "abc", stage_name: "prod", ...{ account_id: "123456789012" } });
    assert.equal(identifierFromIdentity(compound, full, scope).identifier, "abc|prod");
  });

  test("a missing part or another region is an error naming the attribute", () => {
    const missing = identifierFromIdentity(compound, identity({ rest_api_id: "abc" }), scope);
    assert.equal(missing.identifier, undefined);
    assert.deepEqual(missing.diagnostics[0]?.path, [{ attribute: "stage_name" }]);
    const elsewhere = identifierFromIdentity(
      compound,
      identity({ rest_api_id: "abc", stage_name: "prod", region: "eu-west-3" }),
      scope,
    );
    assert.equal(elsewhere.identifier, undefined);
    assert.deepEqual(elsewhere.diagnostics[0]?.path, [{ attribute: "region" }]);
    assert.equal(identifierFromIdentity(compound, null, scope).diagnostics.length, 1);
  });

  test("a part containing the separator | is an error naming the attribute", () => {
    const joined = identifierFromIdentity(
      compound,
      identity({ rest_api_id: "a|b", stage_name: "prod" }),
      scope,
    );
    assert.equal(joined.identifier, undefined);
    assert.deepEqual(joined.diagnostics[0]?.path, [{ attribute: "rest_api_id" }]);
    assert.match(joined.diagnostics[0]?.detail ?? "", /contains "\|"/);
  });
});

describe("identity catalog", () => {
  const definition = (name: string, identity: number, listable: boolean) =>
    ({
      tfTypeName: name,
      identity: Array.from({ length: identity }, (_, i) => ({ name: `part_${i}`, description: "" })),
      listable,
    }) as unknown as ResourceDefinition;

  test("identities for types with a primary identifier, list resources for listable types, sorted", () => {
    const catalog = identityCatalogOf([
      definition("awscc_b", 1, true),
      definition("awscc_a", 2, true),
      definition("awscc_c", 1, false),
      definition("awscc_d", 0, false),
    ]);
    assert.deepEqual(Object.keys(catalog.identities).sort(), ["awscc_a", "awscc_b", "awscc_c"]);
    assert.deepEqual(catalog.listResources, ["awscc_a", "awscc_b"]);
    assert.deepEqual(parseIdentityCatalog(JSON.stringify(catalog), "x"), catalog);
    assert.throws(() => parseIdentityCatalog("{}", "identity-catalog.json"), /identity-catalog\.json/);
  });
});
