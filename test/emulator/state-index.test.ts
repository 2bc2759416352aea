// The emulator state's request bookkeeping: the in-flight index every call advances, and expiry
// that only walks the requests when one can be due.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CLIENT_TOKEN_RETENTION_MS,
  EmulatorState,
  REQUEST_RETENTION_MS,
} from "../../emulator/store/state.js";
import type { RequestRecord } from "../../emulator/types.js";

function request(token: string, createdAt: number, extra: Partial<RequestRecord> = {}): RequestRecord {
  return {
    requestToken: token,
    operation: "CREATE",
    typeName: "AWS::Logs::LogGroup",
    status: "IN_PROGRESS",
    createdAt,
    eventTime: createdAt,
    polls: 0,
    phaseStartedAt: createdAt,
    completeAfterPolls: 0,
    completeAfterMs: 0,
    fingerprint: token,
    ...extra,
  };
}

const tokens = (requests: readonly RequestRecord[]) => requests.map((r) => r.requestToken);

test("in-flight requests: added in flight, dropped once terminal, back when a status change says so", () => {
  const state = new EmulatorState();
  const a = request("a", 1);
  const b = request("b", 2, { status: "SUCCESS" });
  const c = request("c", 3, { status: "PENDING" });
  for (const r of [a, b, c]) state.addRequest(r);
  assert.deepEqual(tokens(state.inFlightRequests()), ["a", "c"]);
  a.status = "SUCCESS";
  state.noteStatus(a);
  assert.deepEqual(tokens(state.inFlightRequests()), ["c"]);
  b.status = "CANCEL_IN_PROGRESS";
  state.noteStatus(b);
  assert.deepEqual(tokens(state.inFlightRequests()), ["c", "b"]);
  assert.deepEqual(tokens(state.listRequests()), ["a", "b", "c"]);
});

test("expiry: requests after 7 days and client tokens after 36 hours, to the millisecond", () => {
  const state = new EmulatorState();
  state.addRequest(request("old", 0, { clientToken: "t-old" }));
  state.addRequest(request("new", 1000, { clientToken: "t-new" }));
  state.expire(CLIENT_TOKEN_RETENTION_MS);
  assert.ok(state.requestForClientToken("t-old"), "exactly at the retention: kept");
  state.expire(CLIENT_TOKEN_RETENTION_MS + 1);
  assert.equal(state.requestForClientToken("t-old"), undefined);
  assert.ok(state.requestForClientToken("t-new"));
  state.expire(CLIENT_TOKEN_RETENTION_MS + 1001);
  assert.equal(state.requestForClientToken("t-new"), undefined);
  assert.deepEqual(tokens(state.listRequests()), ["old", "new"]);
  state.expire(REQUEST_RETENTION_MS + 1);
  assert.deepEqual(tokens(state.listRequests()), ["new"]);
  assert.deepEqual(tokens(state.inFlightRequests()), ["new"], "an expired request leaves the index too");
  state.expire(REQUEST_RETENTION_MS + 1001);
  assert.deepEqual(tokens(state.listRequests()), []);
  assert.deepEqual(tokens(state.inFlightRequests()), []);
});

test("restore rebuilds the index and the expiry bounds", () => {
  const state = new EmulatorState();
  state.restore({
    version: 1,
    resources: [],
    requests: [request("done", 0, { status: "FAILED" }), request("running", 5)],
    clientTokens: { t: { requestToken: "running", createdAt: 5 } },
  });
  assert.deepEqual(tokens(state.inFlightRequests()), ["running"]);
  state.expire(REQUEST_RETENTION_MS + 1);
  assert.deepEqual(tokens(state.listRequests()), ["running"]);
  assert.equal(state.requestForClientToken("t"), undefined);
});
