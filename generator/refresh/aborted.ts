// The error a refresh ends with when its AbortSignal fires (Ctrl-C in the CLI).
export class RefreshAbortedError extends Error {
  constructor(detail: string) {
    super(`refresh interrupted: ${detail}`);
    this.name = "RefreshAbortedError";
  }
}
