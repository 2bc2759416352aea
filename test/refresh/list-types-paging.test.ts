// ListTypes paging in the registry refresh: both provisioning types, every page; a NextToken the
// registry repeats is an error naming it rather than an endless loop.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ListTypesCommand, ListTypesOutput } from "@aws-sdk/client-cloudformation";
import { listTypeNames } from "../../generator/refresh/registry-source.js";

type Pages = Record<string, Record<string, ListTypesOutput>>;

/** A client whose ListTypes answers come from `pages[provisioningType][token ?? ""]`. */
function stubClient(pages: Pages) {
  const asked: string[] = [];
  const client = {
    send: async (command: ListTypesCommand): Promise<ListTypesOutput> => {
      const { ProvisioningType, NextToken } = command.input;
      asked.push(`${ProvisioningType}:${NextToken ?? ""}`);
      if (asked.length > 20) throw new Error("the loop did not stop");
      const page = pages[ProvisioningType ?? ""]?.[NextToken ?? ""];
      if (!page) throw new Error(`no page ${ProvisioningType} ${NextToken}`);
      return page;
    },
  };
  return { asked, client: client as unknown as Parameters<typeof listTypeNames>[0] };
}

const summaries = (...names: string[]) => names.map((TypeName) => ({ TypeName }));

describe("ListTypes paging", () => {
  test("every page of both provisioning types, sorted", async () => {
    const { asked, client } = stubClient({
      FULLY_MUTABLE: {
        "": { TypeSummaries: summaries("AWS::S3::Bucket"), NextToken: "p2" },
        p2: { TypeSummaries: summaries("AWS::IAM::Role", "Custom::Thing::X") },
      },
      IMMUTABLE: { "": { TypeSummaries: summaries("AWS::EC2::FlowLog"), NextToken: "" } },
    });
    assert.deepEqual(await listTypeNames(client, {}), [
      "AWS::EC2::FlowLog",
      "AWS::IAM::Role",
      "AWS::S3::Bucket",
    ]);
    assert.deepEqual(asked, ["FULLY_MUTABLE:", "FULLY_MUTABLE:p2", "IMMUTABLE:"]);
  });

  test("a repeated NextToken is an error naming it", async () => {
    const { asked, client } = stubClient({
      FULLY_MUTABLE: {
        "": { TypeSummaries: summaries("AWS::S3::Bucket"), NextToken: "p2" },
        p2: { TypeSummaries: [], NextToken: "p3" },
        p3: { TypeSummaries: [], NextToken: "p2" },
      },
    });
    await assert.rejects(listTypeNames(client, {}), /NextToken "p2" came back a second time \(FULLY_MUTABLE/);
    assert.deepEqual(asked, ["FULLY_MUTABLE:", "FULLY_MUTABLE:p2", "FULLY_MUTABLE:p3"]);
  });
});
