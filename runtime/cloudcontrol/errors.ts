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
