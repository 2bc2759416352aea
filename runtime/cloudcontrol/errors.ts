// How Cloud Control failures are recognised and described to the user (docs/runtime.md#errors-and-what-the-user-sees).

/** The SDK's error name (the exception's code), or undefined for non-SDK errors. */
export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** ResourceNotFoundException, or an unmodelled error whose code starts with ResourceNotFound. */
export function isNotFoundError(error: unknown): boolean {
  const name = errorName(error);
  return name !== undefined && name.startsWith("ResourceNotFound");
}

export function isAbortError(error: unknown): boolean {
  const name = errorName(error);
  return name === "AbortError" || name === "TimeoutError";
}

/** `<ErrorName>: <Message>` (the SDK's own message already says what failed). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const message = error.message || "(no message)";
    return error.name && error.name !== "Error" ? `${error.name}: ${message}` : message;
  }
  return String(error);
}

export const operationFailed = (operation: string, error: unknown): string =>
  `Calling Cloud Control API service ${operation} operation returned: ${describeError(error)}`;

const THROTTLING_NAMES = /Throttl|TooManyRequests|RequestLimitExceeded|SlowDown/;

/**
 * Whether a failed call says nothing about the request it asked about, so asking again later may
 * succeed: throttling, server errors, and failures without an HTTP answer (connection refused or
 * reset, timeouts). A modelled 4xx answer (e.g. RequestTokenNotFound) is final.
 */
export function isTransientError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const details = error as Error & { $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  if (details.$retryable) return true;
  if (THROTTLING_NAMES.test(error.name)) return true;
  const status = details.$metadata?.httpStatusCode;
  if (status === undefined) return true;
  return status === 429 || status >= 500;
}
