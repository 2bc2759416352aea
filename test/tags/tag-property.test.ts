// Which property holds a type's tags: by name, or as the schema declares it (tag-property.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { resolveSchemasDir } from "../../cfn/paths.js";
import { directorySchemaSource } from "../../cfn/schema-source.js";
import { isTagPropertyName, unconventionalTagProperty } from "../../terraform/tags/tag-property.js";
import { buildTypeModel } from "../../generator/model/resource-model.js";
import type { CfnResourceSchema } from "../../generator/model/cfn-schema.js";

describe("tag property", () => {
  test("names ending in Tags are recognised; the schema's tagProperty is carried only otherwise", () => {
    assert.ok(isTagPropertyName("Tags") && isTagPropertyName("UserPoolTags"));
    assert.ok(!isTagPropertyName("TagSpecifications"));
    assert.equal(unconventionalTagProperty({ taggable: true, tagProperty: "/properties/Tags" }), undefined);
    assert.equal(unconventionalTagProperty({ tagProperty: "/properties/BackupVaultTags" }), undefined);
    assert.equal(
      unconventionalTagProperty({ taggable: true, tagProperty: "/properties/UserPoolTagsAtCreate" }),
      "UserPoolTagsAtCreate",
    );
    // Not taggable, nested (EC2 CapacityReservation's TagSpecifications/*/Tags), or no tagging at all.
    assert.equal(
      unconventionalTagProperty({ taggable: false, tagProperty: "/properties/Labels" }),
      undefined,
    );
    assert.equal(
      unconventionalTagProperty({ tagProperty: "/properties/TagSpecifications/*/Tags" }),
      undefined,
    );
    assert.equal(unconventionalTagProperty(undefined), undefined);
  });

  test("the real corpus: Cognito UserPoolReplica's definition names its tag property", () => {
    const source = directorySchemaSource(resolveSchemasDir());
    const schema = source.get("AWS::Cognito::UserPoolReplica") as unknown as CfnResourceSchema;
    assert.ok(schema);
    const model = buildTypeModel(schema);
    assert.equal(model.resource?.tagProperty, "UserPoolTagsAtCreate");
    const bucket = buildTypeModel(source.get("AWS::S3::Bucket") as unknown as CfnResourceSchema);
    assert.equal(bucket.resource?.tagProperty, undefined);
  });
});
