// Paging through ListResources for plural data sources: every page in order, and a NextToken the
// service hands out a second time ends the listing with an error naming it instead of looping forever.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CloudControlApi } from "../../runtime/cloudcontrol/client.js";
import { readPluralDataSource } from "../../runtime/datasource/read-data-source.js";
import { collectPages, type Page, RepeatedPageTokenError } from "../../runtime/datasource/list-pages.js";
import type { PluralDataSourceDefinition } from "../../terraform/schema/types.js";
import type { TfRecord } from "../../terraform/values/index.js";

/** Pages by token: `undefined` is the first page. */
const pager = (pages: Record<string, Page<string>>, first: Page<string>) => {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (token: string | undefined): Promise<Page<string>> => {
    asked.push(token);
    if (asked.length > 20) throw new Error("the loop did not stop");
    const page = token === undefined ? first : pages[token];
    if (!page) throw new Error(`no page ${token}`);
    return page;
  };
  return { asked, fetchPage };
};

describe("collectPages", () => {
  test("every page in order until one has no NextToken", async () => {
    const { asked, fetchPage } = pager(
      { t1: { items: ["c"], nextToken: "t2" }, t2: { items: [], nextToken: "" } },
      { items: ["a", "b"], nextToken: "t1" },
    );
    assert.deepEqual(await collectPages(fetchPage), ["a", "b", "c"]);
    assert.deepEqual(asked, [undefined, "t1", "t2"]);
  });

  test("a repeated NextToken stops with an error naming it (also when it comes back later)", async () => {
    const same = pager({ t1: { items: ["b"], nextToken: "t1" } }, { items: ["a"], nextToken: "t1" });
    await assert.rejects(collectPages(same.fetchPage), (error: unknown) => {
      assert.ok(error instanceof RepeatedPageTokenError);
      assert.equal(error.token, "t1");
      return true;
    });
    assert.deepEqual(same.asked, [undefined, "t1"]);
    const cycle = pager(
      { t1: { items: [], nextToken: "t2" }, t2: { items: [], nextToken: "t1" } },
      { items: [], nextToken: "t1" },
    );
    await assert.rejects(collectPages(cycle.fetchPage), /NextToken "t1" a second time/);
  });
});

describe("plural data source paging", () => {
  const definition: PluralDataSourceDefinition = {
    kind: "pluralDataSource",
    cfnTypeName: "AWS::Logs::LogGroup",
    tfTypeName: "awscc_logs_log_groups",
    description: "",
  };
  const apiListing = (pages: Record<string, { identifiers: string[]; nextToken: string | undefined }>) => {
    let calls = 0;
    return {
      listResources: async (_type: string, token: string | undefined) => {
        if (++calls > 20) throw new Error("the loop did not stop");
        const page = pages[token ?? ""];
        if (!page) throw new Error(`no page ${token}`);
        return page;
      },
    } as unknown as CloudControlApi;
  };

  test("identifiers of every page; a repeated token is an error diagnostic naming it", async () => {
    const signal = new AbortController().signal;
    const ok = await readPluralDataSource(
      apiListing({
        "": { identifiers: ["a", "b"], nextToken: "n1" },
        n1: { identifiers: ["c"], nextToken: undefined },
      }),
      definition,
      "eu-west-1",
      signal,
    );
    assert.deepEqual(ok.diagnostics, []);
    assert.deepEqual({ ...(ok.state as TfRecord) }, { id: "eu-west-1", ids: ["a", "b", "c"] });
    const looping = await readPluralDataSource(
      apiListing({
        "": { identifiers: ["a"], nextToken: "n1" },
        n1: { identifiers: ["b"], nextToken: "n1" },
      }),
      definition,
      "eu-west-1",
      signal,
    );
    assert.equal(looping.state, null);
    assert.equal(looping.diagnostics.length, 1);
    assert.equal(looping.diagnostics[0]?.severity, "error");
    assert.match(
      looping.diagnostics[0]?.detail ?? "",
      /ListResources.*AWS::Logs::LogGroup.*NextToken "n1" a second time/,
    );
  });
});
