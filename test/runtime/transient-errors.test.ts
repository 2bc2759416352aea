// Which failed status polls are worth asking again: the rule the waiter keeps polling by.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isTransientError } from "../../runtime/cloudcontrol/errors.js";

const answered = (name: string, status: number, retryable = false): Error =>
  Object.assign(new Error(name), {
    name,
    $metadata: { httpStatusCode: status },
    ...(retryable ? { $retryable: {} } : {}),
  });

test("throttling, server errors and failures without an answer are transient", () => {
  assert.equal(isTransientError(answered("ThrottlingException", 400)), true);
  assert.equal(isTransientError(answered("Whatever", 429)), true);
  assert.equal(isTransientError(answered("ServiceUnavailableException", 503)), true);
  assert.equal(isTransientError(answered("Odd", 400, true)), true);
  assert.equal(
    isTransientError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    true,
  );
  assert.equal(isTransientError(Object.assign(new Error("aborted"), { name: "AbortError" })), true);
});

test("a modelled client error, or something that is not an Error, is final", () => {
  assert.equal(isTransientError(answered("RequestTokenNotFoundException", 404)), false);
  assert.equal(isTransientError(answered("ValidationException", 400)), false);
  assert.equal(isTransientError("boom"), false);
});
